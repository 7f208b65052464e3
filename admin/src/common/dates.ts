/**
 * Dates as the back office shows them, in the browser's locale and time zone:
 * formatDateTime = local date + hour:minute, formatDate = local date only, '-' when missing.
 */
const parse = (value: string | number | Date | null | undefined): Date | null => {
  if (value == null || value === '') return null;
  // A bare date (YYYY-MM-DD) is a calendar day, not UTC midnight: parse it as local time.
  const date = typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)
    ? new Date(`${value}T00:00:00`)
    : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
};

export function formatDateTime(value: string | number | Date | null | undefined, empty = '-'): string {
  const date = parse(value);
  if (!date) return empty;
  return `${date.toLocaleDateString()} ${date.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })}`;
}

export function formatDate(value: string | number | Date | null | undefined, empty = '-'): string {
  const date = parse(value);
  return date ? date.toLocaleDateString() : empty;
}

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
const STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60], ['minute', 60], ['hour', 24], ['day', 7], ['week', 4.35], ['month', 12], ['year', Infinity],
];

/** How long ago (or ahead): 'just now', '5 minutes ago', 'yesterday', '3 weeks ago'; '' when missing. */
export function formatRelative(value: string | number | Date | null | undefined, now: Date = new Date()): string {
  const date = parse(value);
  if (!date) return '';
  let amount = (date.getTime() - now.getTime()) / 1000;
  if (Math.abs(amount) < 45) return 'just now';
  for (const [unit, size] of STEPS) {
    if (Math.abs(amount) < size) return relative.format(Math.round(amount), unit);
    amount /= size;
  }
  return '';
}
