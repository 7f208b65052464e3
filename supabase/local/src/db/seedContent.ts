/**
 * The starting content of a new database: every document of content/ and its translations
 * (content/es/...; read and validated by supabase/functions/_shared/content-schema/starting.ts)
 * published as version 1 through `seed_buzz_haven_content`, the same SQL function
 * `npm run seed-content` calls on hosted Supabase. Runs after seed.sql, for each language while
 * buzz_haven.content_documents has no document in it (the database is the truth afterwards; a
 * database from before a language existed gets that language's starting documents at its next
 * start).
 */
import { fileURLToPath } from 'node:url';
import { locales } from '../../../functions/_shared/content-schema/locales.ts';
import type { Queryable } from './types.js';

export const CONTENT_DIR = fileURLToPath(new URL('../../../../content/', import.meta.url));

/** Returns how many documents were added, all languages together (0 when each had some). */
export async function seedContent(db: Queryable, contentDir = CONTENT_DIR): Promise<number> {
  const { rows } = await db.query<{ locale: string }>('select distinct locale from buzz_haven.content_documents');
  const seeded = new Set(rows.map((row) => row.locale));
  // Every start of a seeded database ends here: reading and validating content/ (and loading
  // its schemas) would cost a start more than the rest of opening the database.
  if (locales.every((locale) => seeded.has(locale))) return 0;
  const { readStartingContent } = await import('../../../functions/_shared/content-schema/starting.ts');
  let added = 0;
  for (const { locale, documents } of readStartingContent(contentDir)) {
    if (seeded.has(locale) || documents.length === 0) continue;
    const result = await db.query<{ n: number }>('select public.seed_buzz_haven_content($1::jsonb, $2) as n', [JSON.stringify(documents), locale]);
    added += result.rows[0].n;
  }
  return added;
}
