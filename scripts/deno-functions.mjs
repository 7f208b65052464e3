#!/usr/bin/env node
// `deno check` and `deno lint` for every Edge Function (supabase/functions/<name>/index.ts, with its
// folder's deno.json when it has one, as `supabase functions serve/deploy` reads it) and for the
// embedded backend's Deno runner (supabase/local/deno). Part of `npm run lint`; the Deno binary is
// the `deno` npm package's. ESLint already applies its own no-explicit-any / no-control-regex
// choices to these files, so deno lint leaves those two rules to it.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { arch, platform } from 'node:os';

const root = resolve(fileURLToPath(import.meta.url), '../..');
const functionsDir = join(root, 'supabase/functions');
const require = createRequire(import.meta.url);
const deno = process.env.DENO_BIN
  ?? join(resolve(require.resolve(`@deno/${platform()}-${arch()}${platform() === 'linux' ? '-glibc' : ''}/package.json`), '..'), 'deno');

let failed = false;
function run(args, cwd) {
  const result = spawnSync(deno, args, { cwd, stdio: 'inherit', env: { ...process.env, NO_COLOR: '1', DENO_NO_UPDATE_CHECK: '1' } });
  if (result.status !== 0) {
    failed = true;
    console.error(`deno ${args.join(' ')} (in ${cwd}) failed`);
  }
}

for (const name of readdirSync(functionsDir).sort()) {
  const dir = join(functionsDir, name);
  if (!existsSync(join(dir, 'index.ts'))) continue;
  const config = existsSync(join(dir, 'deno.json')) ? ['--config', join(dir, 'deno.json')] : [];
  run(['check', '--quiet', '--no-lock', ...config, 'index.ts'], dir);
}
run(['check', '--quiet', '--no-lock', '--no-config', 'serve-function.ts'], join(root, 'supabase/local/deno'));
run(['lint', '--quiet', '--no-config', '--rules-exclude=no-explicit-any,no-control-regex', 'supabase/functions', 'supabase/local/deno'], root);
process.exit(failed ? 1 : 0);
