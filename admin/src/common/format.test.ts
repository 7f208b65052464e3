import { formatCents } from './money';
import { formatCount } from './numbers';
import { formatDate, formatDateTime, formatRelative } from './dates';

test.each([
  [2000, '$20.00'],
  [2400, '$24.00'],
  [4500, '$45.00'],
  [123456, '$1,234.56'],
  [5, '$0.05'],
  [0, '$0.00'],
  [null, '$0.00'],
  ['1899', '$18.99'],
])('formatCents(%j) = %s', (cents, text) => {
  expect(formatCents(cents)).toBe(text);
});

test('dates: local date + hour:minute, bare dates stay on their day, missing = "-"', () => {
  const at = new Date(2025, 5, 14, 9, 5);
  expect(formatDateTime(at.toISOString())).toBe(
    `${at.toLocaleDateString()} ${at.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })}`,
  );
  expect(formatDate('2025-03-01')).toBe(new Date(2025, 2, 1).toLocaleDateString());
  expect(formatDate(null)).toBe('-');
  expect(formatDateTime('not a date')).toBe('-');
});

test('formatRelative: just now, minutes, hours, yesterday, weeks; "" when missing', () => {
  const now = new Date(2026, 4, 10, 12, 0);
  const ago = (ms: number) => new Date(now.getTime() - ms);
  expect(formatRelative(ago(10_000), now)).toBe('just now');
  expect(formatRelative(ago(5 * 60_000), now)).toBe('5 minutes ago');
  expect(formatRelative(ago(3 * 3_600_000), now)).toBe('3 hours ago');
  expect(formatRelative(ago(24 * 3_600_000), now)).toBe('yesterday');
  expect(formatRelative(ago(15 * 24 * 3_600_000), now)).toBe('2 weeks ago');
  expect(formatRelative(null, now)).toBe('');
});

test.each([[0, '0'], [7, '7'], [999, '999'], [20000, '20,000'], [200000, '200,000']])('formatCount(%j) = %s', (n, text) => {
  expect(formatCount(n)).toBe(text);
});
