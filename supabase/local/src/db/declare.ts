/**
 * A database built from the declaration (`supabase/schemas/`: a file or a folder of files per area)
 * instead of the migrations: the local bootstrap, then every schema file in the order
 * config.toml's `[db.migrations] schema_paths` gives (the Supabase CLI's own setting), as
 * `postgres` in one transaction. The backend itself always migrates (migrate.ts); this is for
 * proving the two equal and for generating the next migration from their difference
 * (docs/database.md).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'smol-toml';
import { asPostgres, bootstrap } from './migrate.js';
import type { Db } from './types.js';

const SUPABASE_DIR = fileURLToPath(new URL('../../../', import.meta.url));

/** The schema files, as paths relative to supabase/, in the order they apply. */
export function schemaFiles(): string[] {
  const config = parse(readFileSync(`${SUPABASE_DIR}config.toml`, 'utf8')) as {
    db?: { migrations?: { schema_paths?: string[] } };
  };
  const paths = config.db?.migrations?.schema_paths ?? [];
  if (paths.length === 0) throw new Error('supabase/config.toml names no [db.migrations] schema_paths');
  const globbed = paths.filter((p) => /[*?[]/.test(p));
  // One explicit order: a file may name what an earlier one made.
  if (globbed.length > 0) throw new Error(`schema_paths lists files by name, not patterns: ${globbed.join(', ')}`);
  return paths.map((p) => p.replace(/^\.\//, ''));
}

/** Bootstrap, then the schema files (or `files`, paths relative to supabase/); answers what ran. */
export async function declare(db: Db, files: string[] = schemaFiles()): Promise<string[]> {
  const applied = await bootstrap(db);
  const becomePostgres = await asPostgres(db);
  await db.transaction(async (tx) => {
    await becomePostgres(tx);
    for (const file of files) await tx.exec(readFileSync(SUPABASE_DIR + file, 'utf8'));
  });
  return [...applied, ...files];
}
