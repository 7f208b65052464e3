/**
 * jest globalSetup of the `backend` project: starts a throwaway PostgreSQL cluster for the
 * real-server run of tests/sql and publishes its URL as BUZZ_TEST_PG_URL (workers inherit the
 * environment). Without PostgreSQL binaries the real-server run is left out with a warning,
 * unless REQUIRE_REAL_PG=1 (CI), which makes it an error.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BACKEND_ENTRY_ENV, buildBackendBundle } from './backend-bundle';
import { findPostgresBin, startCluster } from './postgres-cluster';
import { TEMPLATES_ENV } from './templates';

export const URL_ENV = 'BUZZ_TEST_PG_URL';
export const STATE_ENV = 'BUZZ_TEST_PG_STATE';
/** Set when this run made the templates folder, so its teardown removes it. */
export const TEMPLATES_OWNED_ENV = 'BUZZ_TEST_TEMPLATES_OWNED';
/** The pid of the process building the backend template (tests/setup/backend-template.mjs). */
export const TEMPLATE_BUILDER_ENV = 'BUZZ_TEST_TEMPLATE_BUILDER';

export default async function globalSetup(): Promise<void> {
  // Templates (tests/setup/templates.ts): the databases by the first worker that needs one, the
  // API tests' backend in the background from here.
  const owned = !process.env[TEMPLATES_ENV];
  if (owned) {
    process.env[TEMPLATES_ENV] = mkdtempSync(join(tmpdir(), 'buzz-templates-'));
    process.env[TEMPLATES_OWNED_ENV] = '1';
  }
  if (process.env.BUZZ_TEST_PGLITE_ONLY === '1') return; // npm run test:quick: PGlite alone, no API tests
  if (owned) {
    const entry = await buildBackendBundle();
    if (entry) process.env[BACKEND_ENTRY_ENV] = entry;
    startBackendTemplate(process.env[TEMPLATES_ENV]!);
  }
  if (process.env[URL_ENV]) return; // an outer process (or the developer) provides the server
  const binDir = findPostgresBin();
  if (!binDir) {
    const message =
      'PostgreSQL binaries not found (apt-get install postgresql, or set PG_BIN): ' +
      'the SQL tests run on PGlite only.';
    if (process.env.REQUIRE_REAL_PG === '1') throw new Error(`REQUIRE_REAL_PG=1: ${message}`);
    console.warn(`\n[backend tests] WARNING: ${message}\n`);
    return;
  }
  const cluster = await startCluster(binDir);
  process.env[URL_ENV] = cluster.url;
  process.env[STATE_ENV] = JSON.stringify({ dir: cluster.dir, binDir: cluster.binDir });
}

/**
 * Builds the API tests' backend template in the background while the first tests run; the
 * tests that start before it is ready start their backend afresh. Its pid goes to the teardown.
 */
function startBackendTemplate(templates: string): void {
  const child = spawn(process.execPath, [join(__dirname, 'backend-template.mjs'), join(templates, 'backend')], {
    detached: true,
    stdio: 'ignore',
  });
  child.unref();
  process.env[TEMPLATE_BUILDER_ENV] = String(child.pid);
}
