/**
 * The cart's rules with the real shipping rates: the seed rows of buzz_haven.shipping_rates (the
 * spec's: standard $5.95, free over $50, express $12.95, local pickup free), as the site build
 * puts them on the ShippingRatesCatalog node.
 */
import { withShippingRates } from '../../build/priceRows';
import { seedShippingRates } from '../../build/seedPriceRows';
import {
  type CartLine, type ShippingRates, addLine, clampQuantity, itemCount, orderItems, parseCart, refreshPrices, removeLine,
  setQuantity, shippingCost, subtotal, totals, withProductIds,
} from './cartLogic';

const rates: ShippingRates = withShippingRates({}, seedShippingRates());

const jar = { key: 'wildflower-honey', name: 'East Hills Wildflower Honey', price: 2000, size: '16 oz jar' };
const candle = { key: 'beeswax-candle', name: 'Hand-Poured Beeswax Candle', price: 2200 };

describe('the seeded shipping rates', () => {
  it('are the spec numbers, in cents', () => {
    expect(rates).toEqual({ standard: 595, freeOver: 5000, express: 1295, pickup: 0 });
  });

  it('a rate that is never free (free_over null) charges standard at any subtotal', () => {
    expect(shippingCost('standard', 1_000_000, { ...rates, freeOver: null })).toBe(595);
  });
});

describe('cart lines', () => {
  it('adds a product, and adding it again raises its quantity', () => {
    let lines = addLine([], jar);
    lines = addLine(lines, jar);
    lines = addLine(lines, candle);
    expect(lines.map((l) => [l.key, l.quantity])).toEqual([['wildflower-honey', 2], ['beeswax-candle', 1]]);
    expect(itemCount(lines)).toBe(3);
  });

  it('keeps quantities between 1 and 50', () => {
    expect(clampQuantity(0)).toBe(1);
    expect(clampQuantity(51)).toBe(50);
    expect(clampQuantity(Number.NaN)).toBe(1);
    expect(clampQuantity(7.8)).toBe(7);
    const lines = addLine([], jar, 49);
    expect(addLine(lines, jar, 5)[0].quantity).toBe(50);
    expect(setQuantity(lines, jar.key, 0)[0].quantity).toBe(1);
    expect(setQuantity(lines, jar.key, 12)[0].quantity).toBe(12);
  });

  it('removes a line', () => {
    expect(removeLine(addLine(addLine([], jar), candle), jar.key).map((l) => l.key)).toEqual(['beeswax-candle']);
  });
});

describe('totals', () => {
  it('two jars and a candle: $62 subtotal, standard shipping free (over $50)', () => {
    const lines = addLine(addLine([], jar, 2), candle);
    expect(subtotal(lines)).toBe(6200);
    expect(totals(lines, 'standard', rates)).toEqual({ subtotal: 6200, shipping: 0, total: 6200 });
    expect(totals(lines, 'express', rates)).toEqual({ subtotal: 6200, shipping: 1295, total: 7495 });
    expect(totals(lines, 'pickup', rates)).toEqual({ subtotal: 6200, shipping: 0, total: 6200 });
  });

  it('standard shipping is $5.95 up to and including $50, free above', () => {
    expect(shippingCost('standard', 5000, rates)).toBe(595);
    expect(shippingCost('standard', 5001, rates)).toBe(0);
    expect(shippingCost('standard', 2000, rates)).toBe(595);
  });
});

describe('resolving products for the request', () => {
  const rows = [
    { id: '00000000-0000-4000-8000-000000000001', name: 'East Hills Wildflower Honey', price: 2000 },
    { id: '00000000-0000-4000-8000-000000000002', name: 'Hand-Poured Beeswax Candle', price: 2400 },
  ];

  it("sends each line's product id and the price the visitor saw; a line without an id sends nothing", () => {
    const lines: CartLine[] = [{ ...jar, id: rows[0].id, quantity: 2 }, { ...candle, id: rows[1].id, quantity: 1 }];
    expect(orderItems(lines)).toEqual([
      { product_id: rows[0].id, quantity: 2, unit_price: 2000 },
      { product_id: rows[1].id, quantity: 1, unit_price: 2200 },
    ]);
    expect(orderItems([{ ...jar, quantity: 1 }])).toBeNull();
    expect(orderItems([{ ...jar, id: rows[0].id, quantity: 1, unavailable: true }])).toBeNull();
  });

  it('gives a line stored without an id the id of the built product with its slug, never by name', () => {
    const products = [{ productId: rows[0].id, slug: 'wildflower-honey' }];
    const lines: CartLine[] = [
      { ...jar, quantity: 1 },
      { ...candle, name: 'East Hills Wildflower Honey', quantity: 1 },
      { ...candle, key: 'wildflower-honey-2', id: rows[1].id, quantity: 1 },
    ];
    expect(withProductIds(lines, products).map((line) => line.id)).toEqual([rows[0].id, undefined, rows[1].id]);
  });

  it('refreshes prices from the shop by id and marks products it no longer lists', () => {
    const lines: CartLine[] = [
      { ...candle, id: rows[1].id, quantity: 1 },
      { key: 'gone', id: '00000000-0000-4000-8000-000000000009', name: 'Gone', price: 100, quantity: 1 },
      { ...jar, quantity: 1 },
    ];
    const fresh = refreshPrices(lines, rows);
    expect(fresh[0]).toMatchObject({ id: rows[1].id, price: 2400 });
    expect(fresh[0].unavailable).toBeUndefined();
    expect(fresh[1].unavailable).toBe(true);
    expect(fresh[2].unavailable).toBe(true);
  });
});

describe('parseCart', () => {
  it('reads what was stored and drops malformed entries', () => {
    const raw = JSON.stringify([{ ...jar, quantity: 99 }, { key: 'bad' }, 'x', { ...jar, quantity: 1 }]);
    expect(parseCart(raw)).toEqual([{ ...jar, id: null, quantity: 50 }]);
    expect(parseCart('{not json')).toEqual([]);
    expect(parseCart(null)).toEqual([]);
  });
});
