/**
 * The starting content: every document of `documentSchemas` read from its YAML file in content/
 * ('pages/about' <- content/pages/about.yaml) and validated. A fresh database is seeded from
 * these (the embedded backend at its first start, `npm run seed-content` for hosted Supabase);
 * after that the database is the truth.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { documentKeys, documentSchemas, validateDocument } from './index.ts';

export interface StartingDocument {
  key: string;
  title: string;
  body: unknown;
}

/** Reads and validates every document; throws naming the file and field of the first problem. */
export function readStartingDocuments(contentDir: string): StartingDocument[] {
  return documentKeys.map((key) => {
    const file = join(contentDir, `${key}.yaml`);
    const body: unknown = parse(readFileSync(file, 'utf8'));
    const result = validateDocument(key, body);
    if (!result.ok) {
      const [first] = result.issues;
      throw new Error(`content/${key}.yaml: ${first.path.join('.') || '(document)'}: ${first.message}`);
    }
    return { key, title: documentSchemas[key].title, body: result.data };
  });
}
