import { locales, type Locale } from '../../../supabase/functions/_shared/content-schema/locales.ts';
import type { ChoiceName, FieldDeclaration } from './declaration';
import { withColumnRules } from './tableRules';

/** What staff call each language of the site (the back office is in English). */
const LANGUAGE_NAMES: Record<Locale, ChoiceName> = {
  en: { name: 'English', colour: 'grey' },
  es: { name: 'Spanish', colour: 'blue' },
};

/**
 * The language a visitor's request was made in (its `locale` column: the page's language), which
 * the e-mails to that person are written in: a column of the request lists and one of their
 * filters (`listOptions.filters: [..., 'locale']`). Never edited.
 */
export const languageField: FieldDeclaration = {
  source: 'locale', kind: 'enum', label: 'Language', list: 'desktop', form: false,
  choiceNames: Object.fromEntries(locales.map((code) => [code, LANGUAGE_NAMES[code]])),
};

/** The field with its choices, for a list written by hand (a column's badge, its filter). */
export const resolvedLanguageField: FieldDeclaration = withColumnRules(languageField, undefined);
