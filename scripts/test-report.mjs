#!/usr/bin/env node
/**
 * `npm run test:report`: where the last `npm test` spent its time. Reads the jest and Playwright
 * JSON reports that `npm test` writes to .tmp/ and prints the time per layer and the ten slowest files.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { root } from './lib.mjs';

const files = [];
const jestJson = join(root, '.tmp/jest.json');
if (existsSync(jestJson)) {
  for (const r of JSON.parse(readFileSync(jestJson, 'utf8')).testResults) {
    const path = relative(root, r.name);
    files.push({ path, layer: layerOf(path), ms: r.endTime - r.startTime });
  }
}
const pwJson = join(root, '.tmp/playwright.json');
if (existsSync(pwJson)) {
  const walk = (suite) => {
    let ms = 0;
    for (const spec of suite.specs ?? []) for (const t of spec.tests) for (const res of t.results) ms += res.duration;
    for (const child of suite.suites ?? []) ms += walk(child);
    return ms;
  };
  for (const suite of JSON.parse(readFileSync(pwJson, 'utf8')).suites) {
    const path = join('tests/e2e', suite.file);
    files.push({ path, layer: layerOf(path), ms: walk(suite) });
  }
}
if (files.length === 0) {
  console.log('No reports in .tmp/: run npm test first.');
  process.exit(0);
}
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const layers = new Map();
for (const f of files) layers.set(f.layer, (layers.get(f.layer) ?? 0) + f.ms);
console.log('Time per layer (summed over files; parallel workers overlap)');
for (const [layer, ms] of [...layers].sort((a, b) => b[1] - a[1])) console.log(`  ${layer.padEnd(12)} ${seconds(ms).padStart(9)}`);
console.log('Ten slowest files');
for (const f of files.sort((a, b) => b.ms - a.ms).slice(0, 10)) console.log(`  ${seconds(f.ms).padStart(9)}  ${f.path}`);

function layerOf(path) {
  for (const [prefix, layer] of [
    ['tests/sql/', 'sql'], ['tests/api/', 'api'], ['tests/e2e/site/', 'e2e site'], ['tests/e2e/admin/', 'e2e admin'],
    ['admin/', 'admin unit'], ['site/', 'site unit'], ['scripts/', 'scripts'], ['supabase/', 'functions unit'],
  ]) if (path.startsWith(prefix)) return layer;
  return 'other';
}
