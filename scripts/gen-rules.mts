/**
 * `npm run gen:rules`: applies the migrations to a fresh in-memory PGlite and writes the tables'
 * column rules (enum values, bounds, length bounds, required) to
 * admin/src/crud/tableRules.generated.ts, the one copy the back office's forms and filters read,
 * and those of the tables the public site's forms write to site/src/generated/tableRules.generated.ts.
 * Run it after a migration that adds or changes a CHECK; tests/sql/table-rules.test.ts fails
 * while the committed file differs from what the migrations give.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { migrate, openDb } from '../supabase/local/src/db/index.js';
import { readTableRules, renderTableRules, siteTableRules } from '../supabase/local/src/db/tableRules.js';

const target = fileURLToPath(new URL('../admin/src/crud/tableRules.generated.ts', import.meta.url));
const siteTarget = fileURLToPath(new URL('../site/src/generated/tableRules.generated.ts', import.meta.url));
const db = await openDb({});
try {
  await migrate(db, { seed: false });
  const rules = await readTableRules(db);
  writeFileSync(target, renderTableRules(rules));
  writeFileSync(siteTarget, renderTableRules(siteTableRules(rules)));
  console.log(`wrote ${target} and ${siteTarget}`);
} finally {
  await db.close();
}
