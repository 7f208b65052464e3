/**
 * Staff-entered words shown on the public site have a Spanish twin (`name_es` beside `name`):
 * the Spanish pages (/es) and the Spanish e-mails show it, and the English where it is empty.
 */
export const SPANISH_HELP = 'On the Spanish pages (/es); empty: the English shows';

/** Whether any of `columns` has English words and no Spanish twin (the row "needs translation"). */
export function missingSpanish(row: Record<string, unknown>, columns: readonly string[]): boolean {
  const filled = (value: unknown) => typeof value === 'string' && value.trim() !== '';
  return columns.some((column) => filled(row[column]) && !filled(row[`${column}_es`]));
}
