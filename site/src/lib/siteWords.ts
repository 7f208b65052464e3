/**
 * The few words the site's code writes around the data it shows (units after a number, the last
 * "or" and "and" of a list, dates), in each language of the site. Every other word a visitor reads
 * is a content document's. The Spanish are content/es/code-words.yaml's `siteValues` (a test keeps
 * them equal).
 */
import type { Locale } from '../../../supabase/functions/_shared/content-schema/locales.ts';

export interface SiteWords {
  /** A number of hours, days or months: {n} is the number (or a list of numbers). */
  hours: string;
  days: string;
  months: string;
  /** What joins the last two items of a list: "3, 6 or 12", "Ana, Luis and Rosa". */
  or: string;
  and: string;
  /** How dates are written (Intl.DateTimeFormat). */
  dateLocale: string;
  /** The seasons' names, as a honey batch's season ("Fall 2026") reads. */
  seasons: Record<'spring' | 'summer' | 'fall' | 'winter', string>;
}

export const SITE_WORDS: Record<Locale, SiteWords> = {
  en: {
    hours: '{n} hours', days: '{n} days', months: '{n} months', or: ' or ', and: ' and ', dateLocale: 'en-US',
    seasons: { spring: 'Spring', summer: 'Summer', fall: 'Fall', winter: 'Winter' },
  },
  es: {
    hours: '{n} horas', days: '{n} días', months: '{n} meses', or: ' o ', and: ' y ', dateLocale: 'es-US',
    seasons: { spring: 'Primavera', summer: 'Verano', fall: 'Otoño', winter: 'Invierno' },
  },
};

/**
 * A honey batch's season in a language. The database writes it from the harvests' season keys
 * (buzz_haven.season_label: 'Fall 2026', 'Summer 2026 & Fall 2026'), so each key's name is swapped.
 */
export function seasonLabel(label: string, locale: Locale): string {
  const names = SITE_WORDS[locale].seasons;
  return label.replace(/\b(Spring|Summer|Fall|Winter)\b/g, (word) => names[word.toLowerCase() as keyof typeof names]);
}

/** ('{n} hours', 3) -> '3 hours' */
export const withNumber = (template: string, n: number | string) => template.replace('{n}', String(n));

/** (['3', '6', '12'], ' or ') -> '3, 6 or 12' */
export function joinLast(values: ReadonlyArray<string | number>, last: string): string {
  const words = values.map(String);
  return words.length < 2 ? words.join('') : `${words.slice(0, -1).join(', ')}${last}${words[words.length - 1]}`;
}

/** A calendar day ('2026-11-20' or an instant) written out in a language: 'November 20, 2026', '20 de noviembre de 2026'. */
export function longDay(day: string, locale: Locale, timeZone = 'UTC'): string {
  const instant = new Date(day.length === 10 ? `${day}T12:00:00Z` : day);
  return new Intl.DateTimeFormat(SITE_WORDS[locale].dateLocale, { timeZone, year: 'numeric', month: 'long', day: 'numeric' }).format(instant);
}
