/** Shortens a message for its table cell on a word boundary; the expand panel shows it whole. */
export const truncate = (text: unknown, max = 80): string => {
  const value = typeof text === 'string' ? text.replace(/\s+/g, ' ').trim() : '';
  if (value.length <= max) return value;
  const cut = value.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
};
