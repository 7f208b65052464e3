import { formatPrice } from './price';

describe('formatPrice', () => {
  it('shows whole dollars without cents and others with two decimals', () => {
    expect(formatPrice(20)).toBe('$20');
    expect(formatPrice(45)).toBe('$45');
    expect(formatPrice(5.95)).toBe('$5.95');
    expect(formatPrice(12.9)).toBe('$12.90');
    expect(formatPrice(1250)).toBe('$1,250');
  });
});
