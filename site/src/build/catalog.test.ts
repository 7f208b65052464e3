/**
 * The catalogue placeholders: formatting rules, failure on unknown keys, and the real content
 * files (every {{...}} in content/pages resolves, and the resolved values are the spec's).
 */
import fs from 'fs';
import path from 'path';
import { withAdoptTiers, withHostingPlans, withShippingRates, withSwarmFee, withWorkshopOfferings } from './priceRows';
import { seedAdoptTiers, seedHostingPlans, seedShippingRates, seedSwarmFee, seedWorkshopOfferings } from './seedPriceRows';
import { type Catalog, catalogVars, fillDeep, fillTemplate, formatPriceRange, joinOr } from './catalog';

// js-yaml comes with gatsby-transformer-yaml (the parser the site itself uses); it ships no
// types, so it is required with the one function used.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const yaml = require('js-yaml') as { load: (text: string) => unknown };

const contentDir = path.resolve(__dirname, '../../../content');
const load = (file: string) => yaml.load(fs.readFileSync(path.join(contentDir, file), 'utf8')) as never;

/** The content documents with the seed rows of the price tables, as the site build joins them. */
function realCatalog(): Catalog {
  const seed = seedAdoptTiers();
  return {
    hosting: withHostingPlans(load('catalog/hosting.yaml'), seedHostingPlans()) as never,
    adopt: withAdoptTiers(load('catalog/adopt-tiers.yaml'), seed.tiers, seed.giftMonths) as never,
    swarm: withSwarmFee(load('catalog/swarm.yaml'), seedSwarmFee()) as never,
    workshops: withWorkshopOfferings(load('catalog/workshop-offerings.yaml'), seedWorkshopOfferings()) as never,
    shipping: withShippingRates(load('catalog/shipping-rates.yaml'), seedShippingRates()) as never,
    policies: load('catalog/policies.yaml'),
    impact: load('catalog/impact-stats.yaml'),
    site: (load('site.yaml') as { contact: Catalog['site'] }).contact,
  };
}

describe('formatting helpers', () => {
  it('joins choices the way the copy reads', () => {
    expect(joinOr([3, 6, 12])).toBe('3, 6 or 12');
    expect(joinOr(['a', 'b'])).toBe('a or b');
    expect(joinOr([5])).toBe('5');
    expect(joinOr([3, 6, 12], 'es')).toBe('3, 6 o 12');
  });

  it('writes the units of a Spanish page in Spanish', () => {
    const vars = catalogVars(realCatalog(), 'es');
    expect(vars['adopt.giftMonths']).toBe('3, 6 o 12 meses');
    expect(vars['swarm.responseHours']).toBe('3 horas');
    expect(vars['policies.returnDays']).toBe('14 días');
    expect(catalogVars(realCatalog())['adopt.giftMonths']).toBe('3, 6 or 12 months');
  });

  it('writes a fee range in cents as "$75-150"', () => {
    expect(formatPriceRange(7500, 15000)).toBe('$75-150');
    expect(formatPriceRange(550, 1000)).toBe('$5.50-10');
  });
});

describe('fillTemplate', () => {
  it('replaces every placeholder, tolerating inner spaces', () => {
    expect(fillTemplate('From {{a.b}} to {{ c.d }}.', { 'a.b': '$1', 'c.d': '$2' })).toBe('From $1 to $2.');
  });

  it('refuses an unknown key, naming it', () => {
    expect(() => fillTemplate('Only {{hostng.standard}}', {})).toThrow('{{hostng.standard}}');
  });

  it('fills nested objects and arrays and leaves other values alone', () => {
    const filled = fillDeep({ a: ['x {{k.v}}'], b: { c: '{{k.v}}' }, n: 3, z: null }, { 'k.v': 'Y' });
    expect(filled).toEqual({ a: ['x Y'], b: { c: 'Y' }, n: 3, z: null });
  });
});

describe('the real catalogue', () => {
  const vars = catalogVars(realCatalog());

  it('holds the constants of the specification', () => {
    expect(vars).toMatchObject({
      'hosting.standard': '$450',
      'hosting.artistic': '$550',
      'hosting.minimumSpace': "10' x 10'",
      'hosting.honeyPerYear': '8-12 pounds',
      'hosting.visitSchedule': 'every 2-3 weeks in spring and summer, fewer in winter',
      'hosting.beeLifespan': '23 days',
      'adopt.swarm-supporter': '$20',
      'adopt.hive-guardian': '$35',
      'adopt.apiary-insider': '$75',
      'adopt.giftMonths': '3, 6 or 12 months',
      'swarm.fee': '$75-150',
      'swarm.responseHours': '3 hours',
      'swarm.days': '7 days a week',
      'swarm.season': 'April-September',
      'workshops.beekeeping-basics': '$75',
      'workshops.artistic-hive-design': '$45',
      'workshops.childrens-bee-discovery': '$35',
      'workshops.cultural-beekeeping-traditions': '$45',
      'workshops.privateMinimum': '8',
      'shipping.standard': '$5.95',
      'shipping.freeOver': '$50',
      'shipping.express': '$12.95',
      'shipping.handlingHours': '48 hours',
      'policies.returnDays': '14 days',
      'site.hours': 'Monday-Friday 9am-5pm PST',
      'impact.goalsYear': '2026',
    });
  });

  it.each(fs.readdirSync(path.join(contentDir, 'pages')).filter((f) => f.endsWith('.yaml')))(
    'content/pages/%s has no unknown placeholder',
    (file) => {
      const filled = fillDeep(load(`pages/${file}`), vars);
      expect(JSON.stringify(filled)).not.toContain('{{');
    },
  );
});
