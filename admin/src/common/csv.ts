/**
 * One CSV cell: quoted when it holds a comma, quote or line break, and prefixed with an apostrophe
 * when it starts like a spreadsheet formula (=, +, -, @), so opening the file runs nothing.
 */
export const csvCell = (value: unknown): string => {
  let text = value == null ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/** Lines of cells joined with CRLF, as spreadsheets expect. */
export const csvLines = (rows: unknown[][]): string => rows.map((r) => r.map(csvCell).join(',')).join('\r\n');
