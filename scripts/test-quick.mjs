#!/usr/bin/env node
/**
 * `npm run test:quick`: the loop to run while working. The unit tests (site, admin, scripts,
 * the Edge Functions' shared code) and the SQL tests on PGlite alone: no PostgreSQL server, no
 * HTTP backends, no build, no browser. `npm test` runs everything, as CI does.
 * Extra arguments go to jest (e.g. a path pattern).
 */
import { bin, run } from './lib.mjs';

const env = {
  ...process.env,
  NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --experimental-vm-modules`.trim(),
  // tests/setup/global-setup.ts starts no PostgreSQL cluster: the SQL tests run on PGlite only.
  BUZZ_TEST_PGLITE_ONLY: '1',
};
const args = ['--maxWorkers=2', '--testPathIgnorePatterns', '/tests/api/', ...process.argv.slice(2)];
process.exit(await run(bin('jest'), args, { env }));
