/**
 * The starting content: every document of `documentSchemas` read from its YAML file in content/
 * ('pages/about' <- content/pages/about.yaml) and validated, and each translation found beside it
 * (content/es/pages/about.yaml for Spanish; a language may leave documents out). A fresh database is
 * seeded from these (the embedded backend at its first start, `npm run seed-content` for hosted
 * Supabase); after that the database is the truth.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { documentKeys, documentSchemas, validateDocument, validateTranslation } from './index.ts';
import { defaultLocale, locales, type Locale } from './locales.ts';

export interface StartingDocument {
  key: string;
  title: string;
  body: unknown;
}

const firstProblem = (file: string, issues: { path: string[]; message: string }[]) =>
  new Error(`${file}: ${issues[0].path.join('.') || '(document)'}: ${issues[0].message}`);

/** Reads and validates every document; throws naming the file and field of the first problem. */
export function readStartingDocuments(contentDir: string): StartingDocument[] {
  return documentKeys.map((key) => {
    const file = join(contentDir, `${key}.yaml`);
    const body: unknown = parse(readFileSync(file, 'utf8'));
    const result = validateDocument(key, body);
    if (!result.ok) throw firstProblem(`content/${key}.yaml`, result.issues);
    return { key, title: documentSchemas[key].title, body: result.data };
  });
}

/**
 * The translations of one language that content/<locale>/ holds, as written (an empty field stays
 * empty: the reader completes it from English), each valid once completed from `english`.
 */
export function readStartingTranslations(contentDir: string, locale: Locale, english: StartingDocument[]): StartingDocument[] {
  return english.flatMap(({ key, title, body: englishBody }) => {
    const file = join(contentDir, locale, `${key}.yaml`);
    if (!existsSync(file)) return [];
    const body: unknown = parse(readFileSync(file, 'utf8')) ?? {};
    const result = validateTranslation(key, body, englishBody);
    if (!result.ok) throw firstProblem(`content/${locale}/${key}.yaml`, result.issues);
    return [{ key, title, body }];
  });
}

/** Every language's starting documents, English first (a translation needs its English document). */
export function readStartingContent(contentDir: string): { locale: Locale; documents: StartingDocument[] }[] {
  const english = readStartingDocuments(contentDir);
  return locales.map((locale) => ({
    locale,
    documents: locale === defaultLocale ? english : readStartingTranslations(contentDir, locale, english),
  }));
}
