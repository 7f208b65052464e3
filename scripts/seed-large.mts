/**
 * `npm run seed:large [-- --data-dir .data] [--scale 1]`: adds ten years of a busy apiary
 * (200,000 activity rows, 20,000 orders with their lines, 30,000 registrations, 20,000 inspections
 * over 150 hives, 5,000 media, 2,000 subscribers, 300 products, 500 events) to a database, with
 * the set-based SQL of supabase/local/bench/largeData.ts, in one transaction.
 * The database: DATABASE_URL (a PostgreSQL server; a backend started with the same DATABASE_URL
 * may be running) or else the PGlite data directory (default .data, as `npm start`), which must
 * not be in use: PGlite has one process per directory, so stop the backend, seed, start it again.
 * It is migrated first (and given seed.sql when new), as the backend would. Local use only: the
 * load turns triggers off, which needs a superuser (never the case on hosted Supabase).
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { largeDataSql, scaled } from '../supabase/local/bench/largeData.ts';
import { migrate, openDb } from '../supabase/local/src/db/index.ts';

const { values } = parseArgs({
  options: {
    'data-dir': { type: 'string', default: resolve(import.meta.dirname, '../.data') },
    scale: { type: 'string', default: '1' },
  },
});
const scale = Number(values.scale);
if (!(scale > 0 && scale <= 10)) {
  console.error(`--scale must be a number in (0, 10], got "${values.scale}"`);
  process.exit(2);
}
const databaseUrl = process.env.DATABASE_URL || undefined;
const counts = scaled(scale);
const started = Date.now();
const db = await openDb(databaseUrl ? { databaseUrl } : { dataDir: resolve(values['data-dir']!) }).catch((err: Error) => {
  console.error(`Could not open the database: ${err.message}`);
  process.exit(1);
});
try {
  await migrate(db, { seed: true });
  await db.transaction((tx) => tx.exec(largeDataSql(counts)));
  const where = databaseUrl ? 'DATABASE_URL' : resolve(values['data-dir']!);
  console.log(`Added ${Object.entries(counts).map(([k, n]) => `${n.toLocaleString('en-US')} ${k}`).join(', ')} ` +
    `to ${where} in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
} finally {
  await db.close();
}
