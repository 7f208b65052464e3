/**
 * Ten years of a busy apiary, to measure the back office at scale, as set-based SQL: every table filled by one
 * `insert ... select ... from generate_series(...)`, so the whole set loads in seconds. Used by
 * `npm run seed:large` (scripts/seed-large.mts), the list bench (lists.ts) and
 * tests/sql/plans.test.ts (at a smaller scale: the plans have the same shape).
 * Triggers are off while it loads (session_replication_role = replica, superuser only: the
 * embedded backend's PGlite and a local PostgreSQL), so no message is queued for the invented
 * orders and registrations, and foreign keys are not re-checked row by row: the generated ids
 * are consistent by construction. Ends with ANALYZE, so the planner sees the new sizes.
 */
import { migrate, openDb, type OpenOptions } from '../src/db/index.js';

export interface LargeCounts {
  activity: number;
  orders: number;
  registrations: number;
  inspections: number;
  hives: number;
  media: number;
  subscribers: number;
  products: number;
  events: number;
  messages: number;
  swarmReports: number;
  adoptions: number;
  hostApplications: number;
  /** Card payments, one for every other order (the oldest orders first). */
  payments: number;
  /** Sent e-mail in the outbox (a few dead). */
  outbox: number;
  campaigns: number;
}

/** The ten-year figures. */
export const TEN_YEARS: LargeCounts = {
  activity: 200_000, orders: 20_000, registrations: 30_000, inspections: 20_000, hives: 150,
  media: 5_000, subscribers: 2_000, products: 300, events: 500, messages: 1_000,
  // Beyond the list, so that every back-office list has rows at ten years: the requests
  // and payments of a busy apiary, and every e-mail it sent (orders, places, reports, campaigns).
  swarmReports: 2_000, adoptions: 1_000, hostApplications: 500, payments: 10_000, outbox: 100_000, campaigns: 120,
};

/** The ten-year counts times `factor` (at least one row each). */
export function scaled(factor: number): LargeCounts {
  const out = { ...TEN_YEARS };
  for (const key of Object.keys(out) as (keyof LargeCounts)[]) out[key] = Math.max(1, Math.round(out[key] * factor));
  return out;
}

/**
 * Every generated media row shows this small picture (a data: URL, as seed.sql's media rows), so
 * the back office's media list and pickers show thumbnails rather than 404s at scale.
 */
const PHOTO = `'data:image/svg+xml,%3Csvg xmlns=%27http://www.w3.org/2000/svg%27 viewBox=%270 0 120 80%27%3E` +
  `%3Crect width=%27120%27 height=%2780%27 fill=%27%23f6c945%27/%3E%3C/svg%3E'`;

/** One statement list; run it in one transaction. `tag` keeps repeated loads apart (slugs, e-mails). */
export function largeDataSql(c: LargeCounts, tag = Date.now().toString(36)): string {
  const span = "interval '3650 days'"; // rows are spread over ten years, oldest first
  const at = (n: string, total: number) => `now() - ${span} * (1 - ${n}::float8 / ${total})`;
  return `
select set_config('session_replication_role', 'replica', true);
insert into buzz_haven.products (name, description, price, category, section, slug, is_public, created_at)
select 'Product ${tag} ' || n, 'A jar from the apiary', 500 + (n * 37) % 4000,
  (array['Honey', 'Beeswax', 'Gifts'])[1 + n % 3], (array['honey', 'beeswax'])[1 + n % 2],
  'product-${tag}-' || n, n % 10 <> 0, ${at('n', c.products)}
from generate_series(1, ${c.products}) as n;
insert into buzz_haven.events (title, location, start_time, end_time, status, capacity, created_at)
select 'Workshop ${tag} ' || n, 'Rooftop apiary', ${at('n', c.events)}, ${at('n', c.events)} + interval '2 hours',
  case when n % 20 = 0 then 'cancelled' when n > ${c.events} - 20 then 'scheduled' else 'completed' end, 120, ${at('n', c.events)}
from generate_series(1, ${c.events}) as n;
insert into buzz_haven.hives (name, location, status, queen_installed_date, created_at)
select 'Hive ${tag} ' || n, 'Yard ' || (n % 12), (array['active', 'active', 'active', 'queenless', 'retired'])[1 + n % 5],
  current_date - (n % 700), ${at('n', c.hives)}
from generate_series(1, ${c.hives}) as n;
insert into buzz_haven.hive_inspections (hive_id, inspected_on, inspector, queen_seen, varroa_count, notes, created_at)
select h.id, (${at('n', c.inspections)})::date, 'Inspector ' || (n % 7), n % 3 <> 0, n % 12, 'Calm colony, good stores', ${at('n', c.inspections)}
from generate_series(1, ${c.inspections}) as n
join (select id, row_number() over (order by id) - 1 as k from buzz_haven.hives) as h on h.k = n % ${c.hives};
insert into buzz_haven.media (title, file_path, file_type, size_bytes, width, height, created_at)
select 'Photo ${tag} ' || n, ${PHOTO}, 'image/svg+xml', 150000 + n, 1600, 1200, ${at('n', c.media)}
from generate_series(1, ${c.media}) as n;
insert into buzz_haven.newsletter_subscribers (email, created_at)
select 'reader-${tag}-' || n || '@example.com', ${at('n', c.subscribers)} from generate_series(1, ${c.subscribers}) as n;
insert into buzz_haven.contact_messages (name, email, subject, message, handled, created_at)
select 'Visitor ' || n, 'visitor' || n || '@example.com', 'Question ' || n, 'Do you sell comb honey?', n % 4 <> 0, ${at('n', c.messages)}
from generate_series(1, ${c.messages}) as n;
insert into buzz_haven.orders (customer_name, customer_email, customer_phone, delivery, status, subtotal, shipping, total, created_at)
select 'Customer ' || n, 'customer' || n || '@example.com', '5105550100', 'pickup',
  case when n > ${c.orders} - 40 then (array['new', 'confirmed', 'ready'])[1 + n % 3]
    when n % 25 = 0 then 'cancelled' else 'completed' end,
  1000 + n % 5000, 0, 1000 + n % 5000, ${at('n', c.orders)}
from generate_series(1, ${c.orders}) as n;
insert into buzz_haven.order_items (order_id, product_id, name, unit_price, quantity)
select o.id, p.id, p.name, p.price, 1 + (o.k + line) % 3
from (select id, row_number() over (order by created_at) as k from buzz_haven.orders) as o
cross join generate_series(0, 2) as line
join (select id, name, price, row_number() over (order by id) - 1 as j from buzz_haven.products) as p
  on p.j = (o.k * 7 + line) % ${c.products}
where line <= o.k % 3;
insert into buzz_haven.order_status_history (order_id, from_status, to_status, changed_by_name, created_at)
select o.id, null, 'new', 'Visitor', o.created_at from buzz_haven.orders as o;
insert into buzz_haven.event_registrations (event_id, name, email, places, status, created_at)
select e.id, 'Guest ' || n, 'guest' || n || '@example.com', 1 + n % 2,
  (array['confirmed', 'attended', 'attended', 'cancelled'])[1 + n % 4], e.created_at - interval '3 days'
from generate_series(1, ${c.registrations}) as n
join (select id, created_at, row_number() over (order by id) - 1 as k from buzz_haven.events) as e on e.k = n % ${c.events};
insert into buzz_haven.swarm_reports (location, formed_when, size, height, in_structure, name, phone, email, status, created_at)
select 'Street ' || (n % 90) || ', East Hills', (array['under_24h', '24_48h', 'over_48h', 'unknown'])[1 + n % 4],
  (array['smaller', 'football', 'larger'])[1 + n % 3], (array['ground', 'reachable', 'high'])[1 + n % 3], n % 7 = 0,
  'Neighbour ' || n, '5105550100', 'neighbour' || n || '@example.com',
  case when n > ${c.swarmReports} - 6 then (array['new', 'called_back'])[1 + n % 2]
    else (array['collected', 'collected', 'not_bees', 'referred'])[1 + n % 4] end, ${at('n', c.swarmReports)}
from generate_series(1, ${c.swarmReports}) as n;
insert into buzz_haven.adoption_requests (tier, plan, monthly_price, name, email, status, created_at)
select t.slug, 'monthly', t.monthly_price, 'Adopter ' || n, 'adopter' || n || '@example.com',
  case when n > ${c.adoptions} - 10 then 'new' when n % 3 = 0 then 'active' else 'ended' end, ${at('n', c.adoptions)}
from generate_series(1, ${c.adoptions}) as n
join (select slug, monthly_price, row_number() over (order by slug) - 1 as k from buzz_haven.adopt_tiers) as t
  on t.k = n % (select count(*) from buzz_haven.adopt_tiers);
insert into buzz_haven.host_applications (name, email, address, zip, in_area, yard_length_ft, yard_width_ft, sun, water,
  access, pets, children, hive_style, status, created_at)
select 'Host ' || n, 'host' || n || '@example.com', n || ' Garden Way', '94601', true, 20 + n % 40, 15 + n % 30,
  (array['full', 'partial'])[1 + n % 2], 'on_site', 'level', n % 2 = 0, n % 3 = 0, (array['standard', 'artistic'])[1 + n % 2],
  case when n > ${c.hostApplications} - 5 then 'new' when n % 4 = 0 then 'waitlist' else 'installed' end, ${at('n', c.hostApplications)}
from generate_series(1, ${c.hostApplications}) as n;
insert into buzz_haven.payments (order_id, payment_intent, checkout_session, amount, currency, created_at)
select o.id, 'pi_${tag}_' || o.k, 'cs_${tag}_' || o.k, o.total, 'usd', o.created_at
from (select id, total, created_at, row_number() over (order by created_at, id) as k from buzz_haven.orders
  where status <> 'cancelled') as o
where o.k % 2 = 0 and o.k <= 2 * ${c.payments};
insert into buzz_haven.outbox_messages (kind, recipient, recipient_name, subject, text_body, state, tries, next_attempt_at,
  idempotency_key, related_table, created_at, sent_at, last_error)
select (array['order_received', 'registration_confirmed', 'order_ready', 'staff_order_alert', 'newsletter_campaign'])[1 + n % 5],
  'reader' || n || '@example.com', 'Reader ' || n, 'Your Buzz Haven message ' || n, 'Thank you from the apiary.',
  case when n % 5000 = 0 then 'dead' else 'sent' end, case when n % 5000 = 0 then 8 else 1 end, ${at('n', c.outbox)},
  'large-${tag}-' || n, 'orders', ${at('n', c.outbox)},
  case when n % 5000 = 0 then null else ${at('n', c.outbox)} + interval '5 seconds' end,
  case when n % 5000 = 0 then '550 mailbox unavailable' end
from generate_series(1, ${c.outbox}) as n;
insert into buzz_haven.campaigns (subject, body, state, recipients, sent_at, created_at)
select 'News from the apiary ' || n, 'What the bees did this month.', 'sent', 2000, ${at('n', c.campaigns)}, ${at('n', c.campaigns)}
from generate_series(1, ${c.campaigns}) as n;
insert into buzz_haven.activity_log (actor_name, action, resource, record_id, summary, created_at)
select 'Staff ' || (n % 9), (array['create', 'update', 'status', 'update'])[1 + n % 4],
  (array['orders', 'products', 'hive_inspections', 'events', 'media'])[1 + n % 5], gen_random_uuid(),
  'Updated record ' || n, ${at('n', c.activity)}
from generate_series(1, ${c.activity}) as n;
analyze buzz_haven.products, buzz_haven.events, buzz_haven.hives, buzz_haven.hive_inspections, buzz_haven.media,
  buzz_haven.newsletter_subscribers, buzz_haven.contact_messages, buzz_haven.orders, buzz_haven.order_items,
  buzz_haven.order_status_history, buzz_haven.event_registrations, buzz_haven.activity_log, buzz_haven.swarm_reports,
  buzz_haven.adoption_requests, buzz_haven.host_applications, buzz_haven.payments, buzz_haven.outbox_messages, buzz_haven.campaigns;
`;
}

/**
 * Opens the database (a PGlite data directory not in use, or a PostgreSQL server), migrates it with
 * the seed as the backend would, and adds `counts` rows in one transaction.
 */
export async function loadLargeData(target: OpenOptions, counts: LargeCounts, tag?: string): Promise<void> {
  const db = await openDb(target);
  try {
    await migrate(db, { seed: true });
    await db.transaction((tx) => tx.exec(largeDataSql(counts, tag)));
  } finally {
    await db.close();
  }
}
