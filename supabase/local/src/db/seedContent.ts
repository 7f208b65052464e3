/**
 * The starting content of a new database: every document of content/ (read and validated by
 * supabase/functions/_shared/content-schema/starting.ts) published as version 1 through `seed_buzz_haven_content`, the
 * same SQL function `npm run seed-content` calls on hosted Supabase. Runs after seed.sql, only
 * while buzz_haven.content_documents is empty (the database is the truth afterwards).
 */
import { fileURLToPath } from 'node:url';
import { readStartingDocuments } from '../../../functions/_shared/content-schema/starting.ts';
import type { Queryable } from './types.js';

export const CONTENT_DIR = fileURLToPath(new URL('../../../../content/', import.meta.url));

/** Returns how many documents were added (0 when the table already had some). */
export async function seedContent(db: Queryable, contentDir = CONTENT_DIR): Promise<number> {
  const { rows } = await db.query<{ n: number }>('select count(*)::int as n from buzz_haven.content_documents');
  if (rows[0].n > 0) return 0;
  const documents = readStartingDocuments(contentDir);
  const added = await db.query<{ n: number }>('select public.seed_buzz_haven_content($1::jsonb) as n', [JSON.stringify(documents)]);
  return added.rows[0].n;
}
