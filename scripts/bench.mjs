#!/usr/bin/env node
/**
 * `npm run bench`: prints the performance numbers the issues set targets for. Measured, never
 * asserted (the machines are shared and noisy). Backend: sign-in and list-RPC latency, req/s.
 * Site: Lighthouse per public page (needs a build). Admin: first-load bundle size.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { root, run } from './lib.mjs';

const benches = [
  ['Backend (embedded Supabase)', 'npm', ['run', 'bench', '-w', '@buzz-haven/supabase']],
  ['Public site (Lighthouse)', 'node', ['scripts/bench-site.mjs']],
  ['Admin (first-load JavaScript, gzipped)', 'npm', ['run', 'size', '-w', '@buzz-haven/admin']],
];
let failures = 0;
for (const [title, cmd, args] of benches) {
  const script = args.find((a) => a.endsWith('.mjs'));
  if (script && !existsSync(join(root, script))) continue;
  console.log(`\n=== ${title} ===`);
  if ((await run(cmd, args)) !== 0) failures += 1;
}
process.exit(failures ? 1 : 0);
