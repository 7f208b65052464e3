import { formatCents } from './money';
import { formatDate, formatDateTime } from './dates';

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
