/**
 * The hint under a staff-entered field's Spanish twin (`name_es` beside `name`): the Spanish pages
 * and e-mails show it, and the English when it is left empty.
 */
export const SPANISH_HELP = 'On the Spanish pages (/es); empty: the English shows';
