/**
 * The published documents in each language the outbox writes in: a message is rendered with the
 * documents of its row's language (buzz_haven.outbox_messages.locale, the language of the request
 * it answers), each translation completed from the English document field by field (withFallback),
 * so a Spanish e-mail never has an empty part. A published row without `locale` is English; a
 * language the site does not speak is ignored.
 */
import { defaultLocale, isLocale, withFallback, type Locale } from '../_shared/content-schema/locales.ts';

export interface PublishedDocument { key: string; locale?: string | null; body: unknown }

/** The language of an outbox row (or a published row): English unless it names one of the site's. */
export const localeOf = (value: unknown): Locale => (isLocale(value) ? value : defaultLocale);

/** `document(key, locale)`: the document in that language completed from English; undefined when neither exists. */
export function documentsByLocale(rows: PublishedDocument[]): (key: string, locale: Locale) => any {
  const byLocale = new Map<string, Map<string, unknown>>();
  for (const row of rows) {
    if (row.locale != null && !isLocale(row.locale)) continue;
    const locale = localeOf(row.locale);
    if (!byLocale.has(locale)) byLocale.set(locale, new Map());
    byLocale.get(locale)!.set(row.key, row.body);
  }
  return (key, locale) => {
    const english = byLocale.get(defaultLocale)?.get(key);
    const translated = locale === defaultLocale ? undefined : byLocale.get(locale)?.get(key);
    if (translated === undefined) return english;
    return english === undefined ? translated : withFallback(translated, english).body;
  };
}
