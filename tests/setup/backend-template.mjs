#!/usr/bin/env node
/**
 * Builds the API tests' backend template in the background of a jest run: one embedded backend
 * started on a new data directory (migrated, seeded, the seed's files in Storage), then stopped
 * cleanly, so that tests/api/support/server.ts copies it instead of starting each backend afresh.
 * Usage: node tests/setup/backend-template.mjs <data dir>; writes <data dir>.ready or .failed.
 * Started by tests/setup/global-setup.ts; a test that finds no template starts afresh as before.
 */
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const dir = process.argv[2];
const env = { ...process.env };
delete env.NODE_OPTIONS;
delete env.DATABASE_URL;
// The run's bundle of the backend when globalSetup built one (tests/setup/backend-bundle.ts).
const entry = process.env.BUZZ_TEST_BACKEND_ENTRY;
const main = entry ? [entry] : ['--import', 'tsx', join(root, 'supabase/local/src/main.ts')];
const child = spawn(process.execPath, [...main, '--port', '0', '--data-dir', dir, '--fresh'], {
  cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'],
});
let output = '';
let stopping = false;
const onData = (chunk) => {
  output += chunk;
  if (!stopping && output.includes('Embedded Supabase ready at')) {
    stopping = true;
    child.kill('SIGTERM');
  }
};
child.stdout.on('data', onData);
child.stderr.on('data', (chunk) => (output += chunk));
child.on('exit', (code, signal) => {
  if (stopping && code === 0) writeFileSync(`${dir}.ready`, '');
  else writeFileSync(`${dir}.failed`, `exit ${code} ${signal}\n${output}`);
});
