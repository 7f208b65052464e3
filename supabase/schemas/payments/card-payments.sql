-- The card payment tables: Checkout Sessions and attempts, payments, Stripe events; the orders
-- list's payment columns. The first of the payments files, which apply in config.toml's order.
-- Payments: payment settings, checkout sessions, Stripe events, payments, refunds, the ledger,
-- adoption billing and invoices.
-- Declared whole: this folder says what the database holds for its area; supabase/migrations
-- carries it to databases in reviewed steps (docs/database.md). Function bodies are checked when
-- they run, not here (as pg_dump writes it): some name objects of a later file.
set check_function_bodies = false;

comment on column buzz_haven.orders.payment_state is
  'offline: paid at pickup or by invoice (no card payment started); awaiting_payment: a Checkout Session is open; '
  'paid; unpaid: the session expired or failed; partially_refunded; refunded.';

-- Each Checkout Session created for an order, a workshop registration or an adoption (the latest
-- open one is reused by a second click). Stripe ids and currencies carry the explicit length bound
-- every buzz_haven text column has (tests/sql/bounds.test.ts), beside their format.
create table buzz_haven.checkout_sessions (
  id text primary key constraint checkout_sessions_id_format check (buzz_haven.is_stripe_id(id, 'cs')),
  order_id uuid references buzz_haven.orders (id) on delete cascade,
  amount integer not null constraint checkout_sessions_amount_positive check (amount > 0),
  currency text not null constraint checkout_sessions_currency_format check (currency ~ '^[a-z]{3}$'),
  url text constraint checkout_sessions_url_length check (char_length(url) <= 2000),
  status text not null default 'open' constraint checkout_sessions_status_known check (status in ('open', 'complete', 'expired')),
  expires_at timestamptz,
  created_at timestamptz not null default now(),
  registration_id uuid references buzz_haven.event_registrations (id) on delete cascade,
  adoption_id uuid references buzz_haven.adoption_requests (id) on delete cascade,
  constraint checkout_sessions_id_length check (char_length(id) <= 255),
  constraint checkout_sessions_currency_length check (char_length(currency) <= 3)
);
comment on table buzz_haven.checkout_sessions is 'Stripe Checkout Sessions created for orders (amount in cents).';
alter table buzz_haven.checkout_sessions enable row level security;
revoke all on buzz_haven.checkout_sessions from public, anon, authenticated;
-- An order's, a registration's, an adoption's latest session (the reused open one, the success page).
create index checkout_sessions_order_idx on buzz_haven.checkout_sessions (order_id, created_at desc);
create index checkout_sessions_registration_idx on buzz_haven.checkout_sessions (registration_id, created_at desc)
  where registration_id is not null;
create index checkout_sessions_adoption_idx on buzz_haven.checkout_sessions (adoption_id, created_at desc)
  where adoption_id is not null;

-- One checkout attempt per purchase (an order, a workshop registration or an adoption request,
-- by kind and id; the purchase's own row is locked while an attempt is claimed). stripe-checkout
-- creates the attempt's session with the Idempotency-Key '<kind>-<id>-<attempt>' and an expiry
-- reckoned from started_at, so every caller of one attempt sends Stripe the same request and gets
-- the same session back. The next attempt starts only when the attempt's session was recorded and
-- is no longer payable (expired, paid, near its end), or when no session came of it in time.
create table buzz_haven.checkout_attempts (
  kind text not null constraint checkout_attempts_kind_known check (kind in ('order', 'registration', 'adoption')),
  target_id uuid not null,
  attempt integer not null default 1 constraint checkout_attempts_attempt_positive check (attempt > 0),
  started_at timestamptz not null default now(),
  primary key (kind, target_id)
);
comment on table buzz_haven.checkout_attempts is
  'The current Checkout attempt of each purchase (kind order, registration or adoption; target_id its id): '
  'the Idempotency-Key''s number and when it began.';
alter table buzz_haven.checkout_attempts enable row level security;
revoke all on buzz_haven.checkout_attempts from public, anon, authenticated;

-- Money received: one row per PaymentIntent, however many events tell of it; for an order, a
-- registration or an adoption.
create table buzz_haven.payments (
  id uuid primary key default gen_random_uuid(),
  order_id uuid references buzz_haven.orders (id) on delete set null,
  payment_intent text not null constraint payments_payment_intent_key unique
    constraint payments_payment_intent_format check (buzz_haven.is_stripe_id(payment_intent, 'pi')),
  checkout_session text constraint payments_checkout_session_format check (buzz_haven.is_stripe_id(checkout_session, 'cs')),
  amount integer not null constraint payments_amount_positive check (amount > 0),
  currency text not null constraint payments_currency_format check (currency ~ '^[a-z]{3}$'),
  amount_refunded integer not null default 0 constraint payments_refund_within_amount check (amount_refunded between 0 and amount),
  status text not null default 'succeeded'
    constraint payments_status_known check (status in ('succeeded', 'partially_refunded', 'refunded')),
  livemode boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  registration_id uuid references buzz_haven.event_registrations (id) on delete set null,
  adoption_id uuid references buzz_haven.adoption_requests (id) on delete set null,
  constraint payments_payment_intent_length check (char_length(payment_intent) <= 255),
  constraint payments_checkout_session_length check (char_length(checkout_session) <= 255),
  constraint payments_currency_length check (char_length(currency) <= 3)
);

-- The orders list (get_buzz_haven_orders) shows each
-- order's payment: its state, how many card payments, the amount received and refunded.
create or replace view buzz_haven_lists.orders as
select o.id, o.number, o.customer_name, o.customer_email::text as customer_email, o.customer_phone, o.delivery,
  o.address_line1, o.address_line2, o.city, o.state, o.zip,
  coalesce(i.item_count, 0) as item_count, coalesce(i.items_summary, '') as items_summary,
  o.subtotal, o.shipping, o.total, o.status, o.staff_notes, o.created_at, o.updated_at,
  o.payment_state, coalesce(p.payment_count, 0) as payment_count, coalesce(p.amount_paid, 0) as amount_paid,
  coalesce(p.amount_refunded, 0) as amount_refunded, o.locale
from buzz_haven.orders as o
left join lateral (
  select sum(l.quantity)::integer as item_count,
    string_agg(l.quantity || ' × ' || l.name, ', ' order by l.name) as items_summary
  from buzz_haven.order_items as l where l.order_id = o.id
) as i on true
left join lateral (
  select count(*)::integer as payment_count, sum(pm.amount)::integer as amount_paid,
    sum(pm.amount_refunded)::integer as amount_refunded
  from buzz_haven.payments as pm where pm.order_id = o.id
) as p on true
where buzz_haven_lists.staff_only();
comment on table buzz_haven.payments is
  'Card payments received through Stripe, one per PaymentIntent (amounts in cents); order_id null: a refund told of it before its payment.';
alter table buzz_haven.payments enable row level security;
revoke all on buzz_haven.payments from public, anon, authenticated;
-- The payments of an order, a registration, an adoption (the lists' payment columns, refunds).
create index payments_order_idx on buzz_haven.payments (order_id);
create index payments_registration_idx on buzz_haven.payments (registration_id) where registration_id is not null;
create index payments_adoption_idx on buzz_haven.payments (adoption_id) where adoption_id is not null;
-- The Payments page's order (newest first); the view's id is the payment's intent.
create index payments_list_created_idx on buzz_haven.payments (created_at desc, payment_intent);
select buzz_haven.keep_updated_at('buzz_haven.payments');

-- Every Stripe event received, by its id: the key that makes a replay change nothing.
create table buzz_haven.stripe_events (
  id text primary key constraint stripe_events_id_format check (buzz_haven.is_stripe_id(id, 'evt')),
  type text not null constraint stripe_events_type_length check (char_length(type) between 1 and 100),
  object_id text constraint stripe_events_object_id_length check (char_length(object_id) <= 255),
  order_id uuid references buzz_haven.orders (id) on delete set null,
  outcome text not null default 'applied' constraint stripe_events_outcome_known check (outcome in ('applied', 'ignored', 'rejected')),
  detail text constraint stripe_events_detail_length check (char_length(detail) <= 500),
  livemode boolean not null default false,
  stripe_created timestamptz,
  payload jsonb not null,
  received_at timestamptz not null default now(),
  constraint stripe_events_id_length check (char_length(id) <= 255)
);
comment on table buzz_haven.stripe_events is
  'Stripe webhook events by id, each applied once: outcome applied, ignored (a type or state that changes nothing) or rejected (logged).';
alter table buzz_haven.stripe_events enable row level security;
revoke all on buzz_haven.stripe_events from public, anon, authenticated;
create index stripe_events_order_idx on buzz_haven.stripe_events (order_id, received_at);
