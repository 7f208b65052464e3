#!/usr/bin/env node
/**
 * Gzipped JavaScript a browser downloads on the first load of /admin (entry + the react-admin
 * chunk + the dashboard, with their static imports) and of /auth, read from Vite's manifest.
 * Usage: node admin/scripts/bundle-size.mjs [--max-kb 330]   (after `npm run build -w admin`)
 */
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
const maxKb = Number(process.argv[process.argv.indexOf('--max-kb') + 1]) || 330;

/** A chunk and everything it imports statically (what the browser must fetch before running it). */
function closure(keys, seen = new Set()) {
  for (const key of keys) {
    if (seen.has(key)) continue;
    seen.add(key);
    closure(manifest[key].imports ?? [], seen);
  }
  return seen;
}
const keyOf = (src) => {
  const key = Object.keys(manifest).find((k) => k === src || k.endsWith(src));
  if (!key) throw new Error(`${src} not in the manifest`);
  return key;
};
const gz = (keys) =>
  [...keys].reduce((sum, k) => sum + gzipSync(readFileSync(join(dist, manifest[k].file)), { level: 6 } /* what scripts/serve.mjs (compression) sends */).length, 0);

const entry = closure([keyOf('index.html')]);
const admin = closure([keyOf('src/App.tsx')], new Set(entry));
const auth = closure([keyOf('src/auth/AuthPage.tsx')], new Set(entry));
const kb = (bytes) => (bytes / 1024).toFixed(1);
const adminBytes = gz(admin);
const authBytes = gz(auth);
console.log(`first load /admin (entry + react-admin + dashboard): ${kb(adminBytes)} KB gzipped JS`);
console.log(`first load /auth (entry + sign-in page):            ${kb(authBytes)} KB gzipped JS`);
if (adminBytes / 1024 > maxKb) {
  console.error(`over the ${maxKb} KB budget`);
  process.exit(1);
}
