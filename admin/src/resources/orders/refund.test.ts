import { refundCents } from './refund';

test('a refund amount is typed in dollars and must be within what is left', () => {
  expect(refundCents('12.50', 2000)).toBe(1250);
  expect(refundCents('$20', 2000)).toBe(2000);
  expect(refundCents(' 0.01 ', 2000)).toBe(1);
  expect(refundCents('20.01', 2000)).toBe('Enter an amount between $0.01 and $20.00');
  expect(refundCents('0', 2000)).toBe('Enter an amount between $0.01 and $20.00');
  expect(refundCents('12.345', 2000)).toBe('Enter an amount in dollars, for example 12.50');
  expect(refundCents('abc', 2000)).toBe('Enter an amount in dollars, for example 12.50');
});
