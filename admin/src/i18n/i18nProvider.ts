import polyglotI18nProvider from 'ra-i18n-polyglot';
import { en } from './en';

/** English only for now; add a catalogue and a locale entry to offer another language. */
export const i18nProvider = polyglotI18nProvider(() => en, 'en', [{ locale: 'en', name: 'English' }], {
  allowMissing: true,
});
