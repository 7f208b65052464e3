/**
 * `npm run db:diff [-- <topic>]`: what the schema files (supabase/schemas) hold that the
 * migrations do not. Builds one database from each on a throwaway PostgreSQL cluster and asks the
 * Supabase CLI for the difference (`supabase db diff --from <migrations> --to <schemas>`). With a
 * topic, writes it as the next migration, supabase/migrations/<UTC timestamp>_buzz_haven_<topic>.sql,
 * to review (docs/database.md, "Changing the database"); without, prints it.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { declare, migrate, openDb, type Db } from '../supabase/local/src/db/index.js';
import { findPostgresBin, startCluster, stopCluster } from '../tests/setup/postgres-cluster.js';
import { cliDiff } from '../tests/sql/support/cliDiff.js';

const topic = process.argv[2];
if (topic !== undefined && !/^[a-z0-9_]+$/.test(topic)) throw new Error('The topic is lowercase words joined by _');
const binDir = findPostgresBin();
if (!binDir) throw new Error('PostgreSQL binaries not found (apt-get install postgresql, or set PG_BIN)');

const cluster = await startCluster(binDir);
try {
  const build = async (name: string, apply: (db: Db) => Promise<unknown>) => {
    const admin = new pg.Client({ connectionString: cluster.url });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = cluster.url.replace(/\/postgres$/, `/${name}`);
    const db = await openDb({ databaseUrl: url });
    try { await apply(db); } finally { await db.close(); }
    return url;
  };
  const from = await build('from_migrations', (db) => migrate(db, { seed: false }));
  const to = await build('from_schemas', (db) => declare(db));
  const diff = await cliDiff(from, to);
  if (!diff) {
    console.log('No schema changes found: the migrations hold what the schema files declare.');
  } else if (!topic) {
    console.log(diff);
  } else {
    const stamp = new Date().toISOString().replace(/\D/g, '').slice(0, 14);
    const file = fileURLToPath(new URL(`../supabase/migrations/${stamp}_buzz_haven_${topic}.sql`, import.meta.url));
    // The diff may create a function before one its body calls; PostgreSQL checks bodies at
    // creation unless told not to, and `supabase db push` runs each file in a session of its own.
    writeFileSync(file, `-- Buzz Haven: <what changes and why, in words that stay true>\n\nset check_function_bodies = false;\n\n${diff}\n`);
    console.log(`wrote ${file}: review it (see docs/database.md), then run tests/sql/declaration.test.ts`);
  }
} finally {
  stopCluster(cluster);
}
