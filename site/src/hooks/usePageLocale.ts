import { defaultLocale, type Locale, splitLocalePath } from '../../../supabase/functions/_shared/content-schema/locales.ts';

/**
 * The language of the page a form is on, which its request sends (p_locale) so that the server's
 * refusals and the e-mails that answer it are in that language: the path's ('/es/contact' -> 'es').
 * Read when the form sends, never rendered, so the static HTML and the hydrated page agree.
 */
export function usePageLocale(): Locale {
  return typeof window === 'undefined' ? defaultLocale : splitLocalePath(window.location.pathname).locale;
}
