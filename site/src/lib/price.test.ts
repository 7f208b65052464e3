import { formatCents, formatPrice } from './price';

describe('formatPrice', () => {
  it('shows whole dollars without cents and others with two decimals', () => {
    expect(formatPrice(20)).toBe('$20');
    expect(formatPrice(45)).toBe('$45');
    expect(formatPrice(5.95)).toBe('$5.95');
    expect(formatPrice(12.9)).toBe('$12.90');
    expect(formatPrice(1250)).toBe('$1,250');
  });

  it('writes exactly what en-US currency formatting writes', () => {
    const intl = (dollars: number) => dollars.toLocaleString('en-US', {
      style: 'currency', currency: 'USD', minimumFractionDigits: Number.isInteger(dollars) ? 0 : 2, maximumFractionDigits: 2,
    });
    const amounts = [0, 0.5, 0.05, 1, 4.99, 5.999, 9.995, 10.1, 99.99, 100, 999.5, 1000, 12345.67, 1234567, -5, -1250.4];
    for (const dollars of amounts) expect(formatPrice(dollars)).toBe(intl(dollars));
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
