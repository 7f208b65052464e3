import type { Locale } from '../../../../supabase/functions/_shared/content-schema/locales.ts';
import { SITE_WORDS, joinLast, longDay } from '../../lib/siteWords';

/** Fills the hive map's words ({title}, {artist}, {names}, {date}) for one hive; no markup. */
export const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);

/** '2026-11-20' -> 'November 20, 2026' / '20 de noviembre de 2026' (the same at build and in the browser). */
export const formatDay = (day: string, locale: Locale = 'en') => longDay(day, locale);

/** 'Ada', 'Ada and Grace', 'Ada, Grace and Lin' ('Ada y Grace' in Spanish). */
export const joinNames = (names: readonly string[], locale: Locale = 'en') => joinLast(names, SITE_WORDS[locale].and);

export interface MapWords {
  label: string;
  tilesFailed: string;
  wrap: string;
  noWrap: string;
  installed: string;
  hostedBy: string;
  adoptedBy: string;
  imageAlt: string;
}

export interface MapHive {
  hiveId: string;
  name: string;
  neighbourhood: string;
  lat: number;
  lng: number;
  hostName?: string | null;
  adopterNames: readonly string[];
  wrapTitle?: string | null;
  wrapArtist?: string | null;
  wrapImageUrl?: string | null;
  wrapInstalledOn?: string | null;
}

/** The lines shown for a hive in the list and in its marker's popup. */
export function hiveLines(hive: MapHive, words: MapWords, locale: Locale = 'en') {
  const wrapped = hive.wrapTitle && hive.wrapArtist;
  const vars = { title: hive.wrapTitle ?? '', artist: hive.wrapArtist ?? '' };
  return {
    wrap: wrapped ? fill(words.wrap, vars) : words.noWrap,
    installed: wrapped && hive.wrapInstalledOn ? fill(words.installed, { date: formatDay(hive.wrapInstalledOn, locale) }) : null,
    imageAlt: wrapped ? fill(words.imageAlt, vars) : '',
    host: hive.hostName ? fill(words.hostedBy, { names: hive.hostName }) : null,
    adopters: hive.adopterNames.length ? fill(words.adoptedBy, { names: joinNames(hive.adopterNames, locale) }) : null,
  };
}
