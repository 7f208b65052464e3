/** The site's code words: the Spanish are those of content/es/code-words.yaml (`siteValues`). */
import fs from 'fs';
import path from 'path';
import { SITE_WORDS, joinLast, longDay, seasonLabel, withNumber } from './siteWords';

// js-yaml comes with gatsby-transformer-yaml (the parser the site itself uses); it ships no types.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const yaml = require('js-yaml') as { load: (text: string) => unknown };

test('the Spanish words are the ones content/es/code-words.yaml gives', () => {
  const file = path.resolve(__dirname, '../../../content/es/code-words.yaml');
  const { siteValues } = yaml.load(fs.readFileSync(file, 'utf8')) as { siteValues: Record<string, string> };
  expect(SITE_WORDS.es).toEqual(siteValues);
  expect(Object.keys(SITE_WORDS.en).sort()).toEqual(Object.keys(siteValues).sort());
});

test('numbers, lists and days in each language', () => {
  expect(withNumber(SITE_WORDS.es.hours, 48)).toBe('48 horas');
  expect(joinLast([3, 6, 12], SITE_WORDS.en.or)).toBe('3, 6 or 12');
  expect(joinLast(['Ana'], SITE_WORDS.es.and)).toBe('Ana');
  expect(longDay('2026-09-30', 'en')).toBe('September 30, 2026');
  expect(longDay('2026-09-30', 'es')).toBe('30 de septiembre de 2026');
  // An instant is the day it is in the given time zone (late evening in Los Angeles is the next day in UTC).
  expect(longDay('2026-09-30T23:30:00-07:00', 'es', 'America/Los_Angeles')).toBe('30 de septiembre de 2026');
});

test("a batch's season in each language, each season of a list", () => {
  expect(seasonLabel('Fall 2026', 'es')).toBe('Otoño 2026');
  expect(seasonLabel('Summer 2026 & Fall 2026', 'es')).toBe('Verano 2026 & Otoño 2026');
  expect(seasonLabel('Winter 2025', 'en')).toBe('Winter 2025');
});
