/**
 * The starting Spanish content (content/es/<key>.yaml): every document of documentSchemas has its
 * Spanish twin, which passes the same schema once completed from the English (withFallback), fills
 * no field from the English, keeps each text's placeholders, points its site links into /es and
 * its pictures at files that exist. Two files of content/es are no documents: constraint-messages.yaml
 * (the database's refusals in Spanish; tests/sql covers it) and code-words.yaml (the Spanish of
 * words the code writes).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { parse } from 'yaml';
import { documentKeys, isDocumentKey, validateDocument } from './index.ts';
import { localePath, splitLocalePath, withFallback } from './locales.ts';
import { MESSAGE_KINDS, PLACEHOLDER } from './messages.ts';
import { readStartingDocuments } from './starting.ts';

const contentDir = join(__dirname, '../../../../content');
const spanishDir = join(contentDir, 'es');
const NOT_DOCUMENTS = ['constraint-messages', 'code-words'];

const yamlFiles = (dir: string): string[] => readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
  entry.isDirectory() ? yamlFiles(join(dir, entry.name)) : entry.name.endsWith('.yaml') ? [join(dir, entry.name)] : []);
const spanishKeys = yamlFiles(spanishDir).map((file) => relative(spanishDir, file).replace(/\.yaml$/, ''))
  .filter((key) => !NOT_DOCUMENTS.includes(key)).sort();
const read = (dir: string, key: string) => parse(readFileSync(join(dir, `${key}.yaml`), 'utf8')) as unknown;

/** Every value of a document that is no object or list, with its path ('hero.buttons[0].to'). */
function leaves(value: unknown, path = ''): [string, unknown][] {
  if (Array.isArray(value)) return value.flatMap((item, i) => leaves(item, `${path}[${i}]`));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => leaves(item, path ? `${path}.${key}` : key));
  }
  return [[path, value]];
}
const strings = (value: unknown) =>
  leaves(value).filter((leaf): leaf is [string, string] => typeof leaf[1] === 'string');

/** The `{{site.phone}}` and `{count}` placeholders of a text, sorted. */
const placeholders = (text: string) => [
  ...[...text.matchAll(PLACEHOLDER)].map((m) => `{{${m[1]}}}`),
  ...[...text.replace(PLACEHOLDER, '').matchAll(/\{(\w+)\}/g)].map((m) => `{${m[1]}}`),
].sort();

/** A path of this site ('/shop', '/faq#x'), as opposed to an address, an anchor or a sentence. */
const isSitePath = (value: string) => /^\/(?![/\\])\S*$/.test(value);
/** Links the Spanish site shares with the English one: the back office and its sign-in. */
const SHARED_PATHS = /^\/(admin|auth)(?=[/?#]|$)/;

/** What is wrong with a Spanish document next to its English twin; empty when nothing is. */
function problems(key: string, spanish: unknown, english: unknown): string[] {
  const found: string[] = [];
  const completed = withFallback(spanish, english);
  const result = validateDocument(key, completed.body);
  if (!result.ok) found.push(...result.issues.map((i) => `schema: ${i.path.join('.') || '(document)'}: ${i.message}`));
  found.push(...completed.missing.map((path) => `falls back to English: ${path}`));
  // The same fields and list lengths as the English: a list item left out would not fall back.
  const shape = (doc: unknown) => new Set(leaves(doc).map(([path]) => path));
  const [englishShape, spanishShape] = [shape(english), shape(spanish)];
  found.push(...[...spanishShape].filter((path) => !englishShape.has(path)).map((path) => `not in the English: ${path}`));
  found.push(...[...englishShape].filter((path) => !spanishShape.has(path) && !completed.missing.includes(path))
    .map((path) => `not in the Spanish: ${path}`));
  const englishStrings = new Map(strings(english));
  for (const [path, text] of strings(spanish)) {
    const twin = englishStrings.get(path);
    if (twin !== undefined && placeholders(text).join() !== placeholders(twin).join()) {
      found.push(`placeholders of ${path}: ${placeholders(text).join(' ')} instead of ${placeholders(twin).join(' ')}`);
    }
    if (isSitePath(text) && !SHARED_PATHS.test(text)) {
      if (splitLocalePath(text).locale !== 'es') found.push(`link ${path} leaves the Spanish site: ${text}`);
      else if (twin !== undefined && isSitePath(twin) && localePath(twin, 'es') !== text) {
        found.push(`link ${path} is ${text}, the English goes to ${twin}`);
      }
    }
  }
  return found;
}

test('every document has its Spanish twin, and every Spanish file an English one', () => {
  expect(spanishKeys).toEqual([...documentKeys].sort());
  for (const key of spanishKeys) expect(isDocumentKey(key) && existsSync(join(contentDir, `${key}.yaml`))).toBe(true);
});

test('the seed reads content/es as it reads content: every document, each valid on its own', () => {
  expect(readStartingDocuments(spanishDir).map((d) => d.key)).toEqual(documentKeys);
});

test.each(spanishKeys)('content/es/%s.yaml passes its schema, keeps placeholders and links into /es', (key) => {
  expect(problems(key, read(spanishDir, key), read(contentDir, key))).toEqual([]);
});

test('each e-mail keeps the placeholders its English offers, subject and body alike', () => {
  const english = read(contentDir, 'messages') as { messages: Record<string, Record<string, string>> };
  const spanish = read(spanishDir, 'messages') as { messages: Record<string, Record<string, string>> };
  for (const kind of MESSAGE_KINDS) {
    for (const part of ['subject', 'body']) {
      expect([kind, part, placeholders(spanish.messages[kind][part])])
        .toEqual([kind, part, placeholders(english.messages[kind][part])]);
    }
  }
});

test('a picture is named relative to the Spanish file and exists', () => {
  for (const key of spanishKeys) {
    for (const [path, value] of strings(read(spanishDir, key))) {
      if (!/\.(png|jpe?g|webp|avif)$/i.test(value)) continue;
      expect([key, path, existsSync(resolve(dirname(join(spanishDir, key)), value))]).toEqual([key, path, true]);
    }
  }
});

test('a broken Spanish file is caught: schema, missing field, placeholder, link', () => {
  const english = read(contentDir, 'pages/about') as Record<string, any>;
  const broken = read(spanishDir, 'pages/about') as Record<string, any>;
  broken.hero.unknownField = 'typo';
  broken.story.heading = '';
  broken.cta.buttons[0].to = '/services';
  broken.cta.buttons[1].to = '/es/shop';
  broken.mission.items.pop();
  expect(problems('pages/about', broken, english)).toEqual([
    expect.stringMatching(/^schema: hero: .*unknownField/),
    'falls back to English: story.heading',
    'not in the English: hero.unknownField',
    'not in the Spanish: mission.items[3]',
    'link cta.buttons[0].to leaves the Spanish site: /services',
    'link cta.buttons[1].to is /es/shop, the English goes to /contact',
  ]);
  const faq = read(spanishDir, 'pages/faq') as Record<string, any>;
  faq.items[0].answer = faq.items[0].answer.replace('{{site.area}}', 'East Hills');
  expect(problems('pages/faq', faq, read(contentDir, 'pages/faq'))).toEqual([
    'placeholders of items[0].answer:  instead of {{site.area}}',
  ]);
});

test('code-words.yaml gives a Spanish word for every value of each group', () => {
  const words = parse(readFileSync(join(spanishDir, 'code-words.yaml'), 'utf8')) as unknown;
  const empty = leaves(words).filter(([, value]) => typeof value !== 'string' || value.trim() === '').map(([path]) => path);
  expect(empty).toEqual([]);
  expect(leaves(words).length).toBeGreaterThan(30);
});
