/**
 * The run's migrated (or seeded) PGlite database as a dump of its data directory
 * (`dumpDataDir`), built once per jest run by the first worker that asks (templates.ts) and
 * loaded by each test that needs such a database: in memory (tests/sql/support/targets.ts) or
 * into a data directory a backend then starts on (tests/api/support/restFixture.ts).
 */
import { writeFileSync } from 'node:fs';
import { migrate, openDb } from '../../supabase/local/src/db/index';
import { template } from './templates';

/** The dump's path, or null outside a jest run's templates (then the caller migrates its own). */
export function pgliteDump(seed: boolean): Promise<string | null> {
  return template(`pglite-${seed ? 'seeded' : 'migrated'}`, async (path) => {
    const built = await openDb({});
    try {
      await migrate(built, { seed });
      writeFileSync(path, Buffer.from(await (await built.dumpDataDir!()).arrayBuffer()));
    } finally {
      await built.close();
    }
  });
}
