/**
 * For unit tests: the seed rows of the price tables, read from their migrations
 * (supabase/migrations/20251125003000_buzz_haven_price_tables.sql, …003010_buzz_haven_adopt_tier_tables.sql,
 * …003040_buzz_haven_hosting_plans.sql, …003050_buzz_haven_swarm_fee.sql, …003060_buzz_haven_workshop_offerings.sql),
 * so the tests check the pages and the cart against the very rates a new database starts with.
 */
import fs from 'fs';
import path from 'path';
import type { AdoptTierRow, HostingPlanRow, ShippingRateRow, SwarmFeeRow, WorkshopOfferingRow } from './priceRows';

const migrations = path.resolve(__dirname, '../../../supabase/migrations');
const read = (file: string) => fs.readFileSync(path.join(migrations, file), 'utf8');
const nullable = (value: string) => (value === 'null' ? null : Number(value));

export function seedShippingRates(): ShippingRateRow[] {
  const sql = read('20251125003000_buzz_haven_price_tables.sql');
  return [...sql.matchAll(/\('(standard|express|pickup)', (\d+), (\d+|null)\)/g)].map((m) => ({
    delivery: m[1]!, price: Number(m[2]), free_over: nullable(m[3]!),
  }));
}

export function seedAdoptTiers(): { tiers: AdoptTierRow[]; giftMonths: number[] } {
  const sql = read('20251125003010_buzz_haven_adopt_tier_tables.sql');
  const tiers = [...sql.matchAll(/\('([a-z-]+)', (\d+), \d+\)/g)].map((m) => ({ slug: m[1]!, monthly_price: Number(m[2]) }));
  const terms = /insert into buzz_haven\.adopt_gift_terms \(months\) values ([^;]+);/.exec(sql)![1]!;
  return { tiers, giftMonths: [...terms.matchAll(/\((\d+)\)/g)].map((m) => Number(m[1])) };
}

export function seedHostingPlans(): HostingPlanRow[] {
  const sql = read('20251125003040_buzz_haven_hosting_plans.sql');
  const values = /insert into buzz_haven\.hosting_plans \(slug, yearly_price, sort_order\) values ([^;]+);/.exec(sql)![1]!;
  return [...values.matchAll(/\('([a-z-]+)', (\d+), \d+\)/g)].map((m) => ({ slug: m[1]!, yearly_price: Number(m[2]) }));
}

export function seedSwarmFee(): SwarmFeeRow[] {
  const sql = read('20251125003050_buzz_haven_swarm_fee.sql');
  const m = /insert into buzz_haven\.swarm_fee \(fee_min, fee_max\) values \((\d+), (\d+)\);/.exec(sql)!;
  return [{ fee_min: Number(m[1]), fee_max: Number(m[2]) }];
}

export function seedWorkshopOfferings(): WorkshopOfferingRow[] {
  const sql = read('20251125003060_buzz_haven_workshop_offerings.sql');
  const values = /insert into buzz_haven\.workshop_offerings \(slug, price, min_age, max_age, sort_order\) values([^;]+);/.exec(sql)![1]!;
  return [...values.matchAll(/\('([a-z-]+)', (\d+), (\d+|null), (\d+|null), \d+\)/g)].map((m) => ({
    slug: m[1]!, price: Number(m[2]), min_age: nullable(m[3]!), max_age: nullable(m[4]!),
  }));
}
