import { centsDecimal, formatCents } from './price';

describe('formatCents', () => {
  it('writes exactly what en-US currency formatting writes (whole dollars without cents)', () => {
    const intl = (cents: number) => (cents / 100).toLocaleString('en-US', {
      style: 'currency', currency: 'USD', minimumFractionDigits: cents % 100 === 0 ? 0 : 2, maximumFractionDigits: 2,
    });
    const amounts = [0, 50, 5, 100, 499, 995, 1010, 9999, 10000, 99950, 100000, 1234567, 123456700, -500, -125040];
    for (const cents of amounts) expect(formatCents(cents)).toBe(intl(cents));
  });
});

describe('centsDecimal', () => {
  it('writes two decimal places, no currency sign or grouping', () => {
    expect(centsDecimal(1200)).toBe('12.00');
    expect(centsDecimal(595)).toBe('5.95');
    expect(centsDecimal(5)).toBe('0.05');
    expect(centsDecimal(125000)).toBe('1250.00');
  });
});

describe('formatCents', () => {
  it('formats the cents of the price tables as the pages always showed them', () => {
    expect(formatCents(595)).toBe('$5.95');
    expect(formatCents(2000)).toBe('$20');
    expect(formatCents(1290)).toBe('$12.90');
    expect(formatCents(125000)).toBe('$1,250');
    expect(formatCents(5)).toBe('$0.05');
    expect(formatCents(-125040)).toBe('-$1,250.40');
  });
});
