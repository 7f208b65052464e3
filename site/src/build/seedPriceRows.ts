/**
 * For unit tests: the seed rows of the price tables, read from the migrations' insert statements
 * (supabase/migrations/, the baseline's catalog file holds them today), so the tests check the
 * pages and the cart against the very rates a new database starts with.
 */
import fs from 'fs';
import path from 'path';
import type { AdoptTierRow, HostingPlanRow, ShippingRateRow, SwarmFeeRow, WorkshopOfferingRow } from './priceRows';

const migrations = path.resolve(__dirname, '../../../supabase/migrations');
/** Every migration's text, in order: the seed rows are found wherever a migration inserts them. */
const read = () => fs.readdirSync(migrations).filter((f) => /^\d+_.*\.sql$/.test(f)).sort()
  .map((f) => fs.readFileSync(path.join(migrations, f), 'utf8')).join('\n');
const nullable = (value: string) => (value === 'null' ? null : Number(value));

export function seedShippingRates(): ShippingRateRow[] {
  const sql = read();
  return [...sql.matchAll(/\('(standard|express|pickup)', (\d+), (\d+|null)\)/g)].map((m) => ({
    delivery: m[1]!, price: Number(m[2]), free_over: nullable(m[3]!),
  }));
}

export function seedAdoptTiers(): { tiers: AdoptTierRow[]; giftMonths: number[] } {
  const sql = read();
  const tiers = [...sql.matchAll(/\('([a-z-]+)', (\d+), \d+\)/g)].map((m) => ({ slug: m[1]!, monthly_price: Number(m[2]) }));
  const terms = /insert into buzz_haven\.adopt_gift_terms \(months\) values ([^;]+);/.exec(sql)![1]!;
  return { tiers, giftMonths: [...terms.matchAll(/\((\d+)\)/g)].map((m) => Number(m[1])) };
}

export function seedHostingPlans(): HostingPlanRow[] {
  const sql = read();
  const values = /insert into buzz_haven\.hosting_plans \(slug, yearly_price, sort_order\) values ([^;]+);/.exec(sql)![1]!;
  return [...values.matchAll(/\('([a-z-]+)', (\d+), \d+\)/g)].map((m) => ({ slug: m[1]!, yearly_price: Number(m[2]) }));
}

export function seedSwarmFee(): SwarmFeeRow[] {
  const sql = read();
  const m = /insert into buzz_haven\.swarm_fee \(fee_min, fee_max\) values \((\d+), (\d+)\);/.exec(sql)!;
  return [{ fee_min: Number(m[1]), fee_max: Number(m[2]) }];
}

export function seedWorkshopOfferings(): WorkshopOfferingRow[] {
  const sql = read();
  const values = /insert into buzz_haven\.workshop_offerings \(slug, price, min_age, max_age, sort_order\) values([^;]+);/.exec(sql)![1]!;
  return [...values.matchAll(/\('([a-z-]+)', (\d+), (\d+|null), (\d+|null), \d+\)/g)].map((m) => ({
    slug: m[1]!, price: Number(m[2]), min_age: nullable(m[3]!), max_age: nullable(m[4]!),
  }));
}
