/**
 * jest globalSetup of the `backend` project: starts a throwaway PostgreSQL cluster for the
 * real-server run of tests/sql and publishes its URL as BUZZ_TEST_PG_URL (workers inherit the
 * environment). Without PostgreSQL binaries the real-server run is left out with a warning,
 * unless REQUIRE_REAL_PG=1 (CI), which makes it an error.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findPostgresBin, startCluster } from './postgres-cluster';
import { TEMPLATES_ENV } from './templates';

export const URL_ENV = 'BUZZ_TEST_PG_URL';
export const STATE_ENV = 'BUZZ_TEST_PG_STATE';
/** Set when this run made the templates folder, so its teardown removes it. */
export const TEMPLATES_OWNED_ENV = 'BUZZ_TEST_TEMPLATES_OWNED';

export default async function globalSetup(): Promise<void> {
  // Templates (tests/setup/templates.ts) are built by the first worker that needs one.
  if (!process.env[TEMPLATES_ENV]) {
    process.env[TEMPLATES_ENV] = mkdtempSync(join(tmpdir(), 'buzz-templates-'));
    process.env[TEMPLATES_OWNED_ENV] = '1';
  }
  if (process.env[URL_ENV]) return; // an outer process (or the developer) provides the server
  if (process.env.BUZZ_TEST_PGLITE_ONLY === '1') return; // npm run test:quick: PGlite alone
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
