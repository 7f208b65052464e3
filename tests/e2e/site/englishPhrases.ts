/**
 * What English looks like on a Spanish page, for the sweep of spanish-words.spec.ts:
 * - the phrases of the English content documents (content/*.yaml): every run of four words or more
 *   between placeholders, markup and sentence ends, except in a field whose Spanish is missing
 *   (it falls back to English, and the back office's Content list reports it: `withFallback`) and
 *   except a phrase the Spanish document writes too (a name, an address);
 * - the words the site's code writes around data: units after a number, the "or" of a list of
 *   numbers, English month and weekday names.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parse } from 'yaml';
import { withFallback } from '../../../supabase/functions/_shared/content-schema/locales';

const CONTENT = join(__dirname, '../../../content');
const SPANISH = join(CONTENT, 'es');
const MIN_WORDS = 4;
const BREAKS = /\{\{[^}]*\}\}|\{\w+\}|https?:\/\/\S+|[*_#[\]()\n|>`"“”]|[.:;?!](?:\s|$)/;

export const CODE_WORDS: RegExp[] = [
  /\b\d+ (hours?|days?|weeks?|months?|years?)\b/,
  /\b\d+ or \d+\b/,
  /\b(January|February|March|April|June|July|August|September|October|November|December) \d/,
  /\bMay \d{1,2}, \d{4}\b/,
  /\b(Mon|Tue|Wed|Thu|Fri|Sat|Sun), (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)\b/,
];

const yamlFiles = (dir: string): string[] => readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
  const path = join(dir, entry.name);
  if (entry.isDirectory()) return path === SPANISH ? [] : yamlFiles(path);
  return entry.name.endsWith('.yaml') ? [path] : [];
});

function leaves(value: unknown, path = ''): [string, unknown][] {
  if (Array.isArray(value)) return value.flatMap((item, i) => leaves(item, `${path}[${i}]`));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([key, item]) => leaves(item, path ? `${path}.${key}` : key));
  return [[path, value]];
}

const readYaml = (file: string): unknown => {
  try {
    return parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
};

/** Phrase -> where it is written ('pages/shop: hero.title'). */
export function englishPhrases(): Map<string, string> {
  const phrases = new Map<string, string>();
  for (const file of yamlFiles(CONTENT)) {
    const key = relative(CONTENT, file).replace(/\.yaml$/, '');
    const english = readYaml(file);
    const spanish = readYaml(join(SPANISH, `${key}.yaml`));
    const { missing } = withFallback(spanish, english);
    const spanishText = leaves(spanish).map(([, value]) => (typeof value === 'string' ? value : '')).join('\n');
    for (const [path, value] of leaves(english)) {
      if (typeof value !== 'string' || missing.includes(path)) continue;
      for (const piece of value.split(BREAKS)) {
        const phrase = piece.trim().replace(/\s+/g, ' ');
        if (phrase.split(' ').length >= MIN_WORDS && !spanishText.includes(phrase)) phrases.set(phrase, `${key}: ${path}`);
      }
    }
  }
  return phrases;
}
