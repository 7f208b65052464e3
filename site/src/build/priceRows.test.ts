/**
 * The prices on the catalogue nodes come from the price tables' rows (cents), never from the
 * documents; a tier the words name but the table lacks fails the build.
 */
import { withAdoptTiers, withHostingPlans, withShippingRates, withSwarmFee, withWorkshopOfferings } from './priceRows';
import { SiteDataError } from './siteDataError';

const tier = (id: string) => ({ id, name: id, period: 'month', perks: [] });

describe('withShippingRates', () => {
  const rows = [
    { delivery: 'pickup', price: 0, free_over: null },
    { delivery: 'express', price: 1495, free_over: null },
    { delivery: 'standard', price: 650, free_over: 7500 },
  ];

  it('puts each row\'s cents on the document, keeping its words', () => {
    expect(withShippingRates({ region: 'the United States', handlingHours: 48 }, rows)).toEqual({
      region: 'the United States', handlingHours: 48, standard: 650, freeOver: 7500, express: 1495, pickup: 0,
    });
  });

  it('refuses a missing delivery choice, naming it', () => {
    expect(() => withShippingRates({}, rows.slice(0, 2))).toThrow(new SiteDataError('The shipping rate "standard" is missing from buzz_haven.shipping_rates'));
  });
});

describe('withAdoptTiers', () => {
  const rows = [{ slug: 'b', monthly_price: 3500 }, { slug: 'a', monthly_price: 2000 }, { slug: 'new', monthly_price: 9900 }];

  it('prices the worded tiers in the table\'s order, leaves an unworded row out with a warning, takes the gift terms', () => {
    const warnings: string[] = [];
    const doc = withAdoptTiers({ tiers: [tier('a'), tier('b')], popularLabel: 'Most Popular' }, rows, [12, 3, 6], (m) => warnings.push(m));
    expect(doc).toEqual({
      tiers: [{ ...tier('b'), price: 3500 }, { ...tier('a'), price: 2000 }], popularLabel: 'Most Popular', giftMonths: [3, 6, 12],
    });
    expect(warnings).toEqual(['Adoption tier "new" is left out of the site: catalog/adopt-tiers has no words for it']);
  });

  it('fails when a worded tier has no row', () => {
    expect(() => withAdoptTiers({ tiers: [tier('gone')] }, rows, [])).toThrow('"gone" of catalog/adopt-tiers has no row');
  });
});

describe('withHostingPlans', () => {
  it('prices the plans from their rows (cents), in the table\'s order, and fails on a plan without a row', () => {
    const plan = (id: string) => ({ id, name: id, period: 'year', summary: '', features: [] });
    const rows = [{ slug: 'artistic', yearly_price: 57500 }, { slug: 'standard', yearly_price: 47500 }];
    expect(withHostingPlans({ plans: [plan('standard'), plan('artistic')], minimumSpace: '10 ft' }, rows)).toEqual({
      plans: [{ ...plan('artistic'), price: 57500 }, { ...plan('standard'), price: 47500 }], minimumSpace: '10 ft',
    });
    expect(() => withHostingPlans({ plans: [plan('rooftop')] }, rows)).toThrow('"rooftop" of catalog/hosting has no row');
  });
});

describe('withSwarmFee', () => {
  it('puts the one row\'s range (cents) on the document and fails without a row', () => {
    expect(withSwarmFee({ hotline: '(510) 555-0192' }, [{ fee_min: 8000, fee_max: 16000 }]))
      .toEqual({ hotline: '(510) 555-0192', feeMin: 8000, feeMax: 16000 });
    expect(() => withSwarmFee({}, [])).toThrow('The swarm fee is missing');
  });
});

describe('withWorkshopOfferings', () => {
  it('prices each offering per person (cents) and writes its age range from the row', () => {
    const offering = (id: string) => ({ id, title: id, durationHours: 2, priceUnit: 'per person', audience: 'All', description: '' });
    const rows = [
      { slug: 'kids', price: 3500, min_age: 5, max_age: 12 },
      { slug: 'teens', price: 4000, min_age: 13, max_age: null },
      { slug: 'basics', price: 7500, min_age: null, max_age: null },
    ];
    const doc = withWorkshopOfferings({ offerings: [offering('basics'), offering('kids'), offering('teens')], privateMinimum: 8 }, rows);
    expect(doc.offerings.map((o) => [o.id, o.price, o.ages])).toEqual([['kids', 3500, '5-12'], ['teens', 4000, '13+'], ['basics', 7500, null]]);
    expect(doc).toMatchObject({ privateMinimum: 8 });
  });
});
