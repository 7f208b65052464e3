/**
 * Staff-entered words shown on the public site have a Spanish twin (`name_es` beside `name`):
 * the Spanish pages (/es) and the Spanish e-mails show it, and the English where it is empty.
 */
import type { FieldDeclaration } from './declaration';

export const SPANISH_HELP = 'On the Spanish pages (/es); empty: the English shows';

/**
 * The lists' "needs translation" column: spanish_missing, computed by the list view
 * (buzz_haven_lists.needs_spanish), shown as a badge.
 */
export const SPANISH_MISSING_FIELD = {
  source: 'spanish_missing', kind: 'boolean', label: 'Español', form: false, show: false, list: 'desktop', column: false,
  choiceNames: { true: { name: 'Needs translation', colour: 'amber' }, false: { name: 'Translated', colour: 'green' } },
} as const satisfies FieldDeclaration;
