import type { Locale } from '../../../../supabase/functions/_shared/content-schema/locales.ts';
import { SITE_WORDS } from '../../lib/siteWords';

/** 'YYYY-MM-01' -> 'November 2026' / 'noviembre de 2026' (a vote's month). */
export const monthName = (month: string, locale: Locale = 'en') =>
  new Intl.DateTimeFormat(SITE_WORDS[locale].dateLocale, { month: 'long', year: 'numeric', timeZone: 'UTC' })
    .format(new Date(`${month.slice(0, 7)}-15T12:00:00Z`));
