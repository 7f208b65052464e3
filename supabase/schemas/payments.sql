-- Payments: payment settings, checkout sessions, Stripe events, payments, refunds, the ledger,
-- adoption billing and invoices.
-- Declared whole: this file says what the database holds for its area; supabase/migrations
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

-- The order a card payment is for, priced by the server: its total, lines and shipping as stored
-- by submit_buzz_haven_order_request. p_email must be the order's (the cart knows both; a number
-- alone does not open someone else's order). open_session: a session of the same amount still open
-- for 5 minutes or more, which the function hands back instead of creating another.
create function public.begin_buzz_haven_order_checkout(p_number text default null, p_email text default null) returns jsonb
language plpgsql security definer set search_path = '' -- reads buzz_haven.orders and order_items; the service key only
as $$
declare
  v buzz_haven.orders;
begin
  perform buzz_haven.check_input(buzz_haven.is_order_number(p_number), 'An order number (BH-1001) is required');
  perform buzz_haven.check_input(buzz_haven.is_email(btrim(p_email)), 'A valid email is required');
  select * into v from buzz_haven.orders as o
  where o.number = p_number and lower(o.customer_email) = lower(btrim(p_email))
  for update;
  perform buzz_haven.check_found(found, 'Order not found');
  if v.status = 'cancelled' then
    raise exception 'This order was cancelled' using errcode = 'PT409';
  end if;
  if v.payment_state in ('paid', 'partially_refunded', 'refunded') then
    raise exception 'This order is already paid' using errcode = 'PT409';
  end if;
  if v.total is null or v.total <= 0 or v.subtotal is null or v.shipping is null then
    raise exception 'This order has no total to pay; the shop will send an invoice' using errcode = 'PT409';
  end if;
  return jsonb_build_object(
    'order_id', v.id, 'number', v.number, 'email', v.customer_email, 'currency', 'usd',
    'subtotal', v.subtotal, 'shipping', v.shipping, 'total', v.total, 'delivery', v.delivery,
    'items', coalesce((select jsonb_agg(jsonb_build_object('name', i.name, 'unit_price', i.unit_price, 'quantity', i.quantity)
      order by i.name, i.id) from buzz_haven.order_items as i where i.order_id = v.id), '[]'::jsonb),
    'open_session', (select jsonb_build_object('id', s.id, 'url', s.url) from buzz_haven.checkout_sessions as s
      where s.order_id = v.id and s.status = 'open' and s.amount = v.total and s.url is not null
        and s.expires_at > now() + interval '5 minutes'
      order by s.created_at desc limit 1));
end;
$$;

-- The Checkout Session stripe-checkout created for a purchase (p_kind: order, registration or
-- adoption, as checkout_sessions_of), stored once.
create function buzz_haven.store_checkout_session(p_kind text, p_target_id uuid, p_session_id text, p_amount integer,
  p_currency text, p_url text, p_expires_at timestamptz) returns void
language plpgsql set search_path = ''
as $$
begin
  perform buzz_haven.check_input(buzz_haven.is_stripe_id(p_session_id, 'cs'), 'A Checkout Session id is required');
  insert into buzz_haven.checkout_sessions (id, order_id, registration_id, adoption_id, amount, currency, url, expires_at)
  values (p_session_id, case when p_kind = 'order' then p_target_id end,
    case when p_kind = 'registration' then p_target_id end, case when p_kind = 'adoption' then p_target_id end,
    p_amount, p_currency, p_url, p_expires_at)
  on conflict (id) do nothing;
end;
$$;
revoke all on function buzz_haven.store_checkout_session(text, uuid, text, integer, text, text, timestamptz)
  from public, anon, authenticated;

-- The session stripe-checkout created: the order awaits its payment (unless a payment came first).
create function public.record_buzz_haven_checkout_session(
  p_order_id uuid default null, p_session_id text default null, p_amount integer default null,
  p_currency text default null, p_url text default null, p_expires_at timestamptz default null
)
returns void
language plpgsql security definer set search_path = '' -- writes buzz_haven.checkout_sessions and orders; the service key only
as $$
begin
  perform buzz_haven.store_checkout_session('order', p_order_id, p_session_id, p_amount, p_currency, p_url, p_expires_at);
  update buzz_haven.orders set payment_state = 'awaiting_payment'
  where id = p_order_id and payment_state in ('offline', 'unpaid');
end;
$$;

-- A payment told of by an event, for the order its metadata names (outcome and detail). Two
-- Checkout Sessions of one order (two tabs, or a session handed out before the first was paid) can
-- both be paid: each PaymentIntent is its own payments row, and the second also writes the activity
-- log line 'Order BH-… was paid twice …: refund one', so staff refund it.
create function buzz_haven.apply_stripe_payment(
  p_event_id text, p_order_id uuid, p_payment_intent text, p_session text, p_amount integer, p_currency text, p_livemode boolean,
  out outcome text, out detail text
)
language plpgsql
set search_path = ''
as $$
declare
  v buzz_haven.orders;
  p buzz_haven.payments;
  v_new boolean;
  v_others text;
begin
  select * into v from buzz_haven.orders as o where o.id = p_order_id for update;
  if not found then
    outcome := 'rejected';
    detail := 'No order ' || coalesce(p_order_id::text, '(none named)');
    return;
  end if;
  if p_amount is distinct from v.total or p_currency is distinct from 'usd' or p_payment_intent is null then
    outcome := 'rejected';
    detail := format('Paid %s %s, but order %s totals %s usd: not marked paid', coalesce(p_amount::text, '?'),
      coalesce(p_currency, '?'), v.number, v.total);
    insert into buzz_haven.activity_log (actor_name, action, resource, record_id, summary)
    values ('Stripe', 'update', 'orders', v.id, left('Card payment refused for order ' || v.number || ': ' || detail
      || ' (' || p_event_id || ', ' || coalesce(p_payment_intent, 'no payment intent') || ')', 500));
    return;
  end if;
  insert into buzz_haven.payments (order_id, payment_intent, checkout_session, amount, currency, livemode)
  values (v.id, p_payment_intent, p_session, p_amount, p_currency, coalesce(p_livemode, false))
  on conflict (payment_intent) do update
    set order_id = coalesce(buzz_haven.payments.order_id, excluded.order_id),
      checkout_session = coalesce(buzz_haven.payments.checkout_session, excluded.checkout_session)
  returning (xmax = 0) into v_new;
  select * into p from buzz_haven.payments as x where x.payment_intent = p_payment_intent;
  if p_session is not null then
    update buzz_haven.checkout_sessions set status = 'complete' where id = p_session;
  end if;
  -- A refund that arrived first decides: a late success does not bring the payment back.
  update buzz_haven.orders set payment_state = case p.status when 'succeeded' then 'paid' else p.status end
  where id = v.id and payment_state not in ('paid', 'partially_refunded', 'refunded');
  select string_agg(o.payment_intent, ', ' order by o.created_at) into v_others from buzz_haven.payments as o
  where o.order_id = v.id and o.payment_intent <> p_payment_intent and o.status <> 'refunded';
  if v_new and v_others is not null then
    detail := format('Order %s was paid twice (%s and %s): refund one', v.number, v_others, p_payment_intent);
    insert into buzz_haven.activity_log (actor_name, action, resource, record_id, summary)
    values ('Stripe', 'update', 'orders', v.id, left(detail, 500));
  end if;
  outcome := 'applied';
end;
$$;

-- A Stripe event as the webhook tells it (22023 without an id evt_…, a type and a data.object),
-- stored by id in stripe_events so that it is applied once: false when it was stored before.
create function buzz_haven.store_stripe_event(p_event jsonb) returns boolean
language plpgsql set search_path = ''
as $$
declare
  v_obj jsonb := p_event -> 'data' -> 'object';
begin
  perform buzz_haven.check_input(jsonb_typeof(p_event) = 'object' and buzz_haven.is_stripe_id(p_event ->> 'id', 'evt')
    and coalesce(p_event ->> 'type', '') <> '' and jsonb_typeof(v_obj) = 'object',
    'A Stripe event (id evt_…, type, data.object) is required');
  insert into buzz_haven.stripe_events (id, type, object_id, livemode, stripe_created, payload)
  values (p_event ->> 'id', left(p_event ->> 'type', 100), left(v_obj ->> 'id', 255),
    coalesce((p_event ->> 'livemode')::boolean, false), to_timestamp((p_event ->> 'created')::double precision), p_event)
  on conflict (id) do nothing;
  return found;
end;
$$;
revoke all on function buzz_haven.store_stripe_event(jsonb) from public, anon, authenticated;

create function public.apply_buzz_haven_stripe_event(p_event jsonb default null) returns jsonb
language plpgsql security definer set search_path = '' -- writes buzz_haven.stripe_events, payments, checkout_sessions and orders; the service key only
as $$
declare
  v_id text := p_event ->> 'id';
  v_type text := p_event ->> 'type';
  v_obj jsonb := p_event -> 'data' -> 'object';
  v_order_id uuid;
  v_outcome text := 'ignored';
  v_detail text;
  v_applied record;
  v_pay buzz_haven.payments;
  v_refunded integer;
begin
  if not buzz_haven.store_stripe_event(p_event) then
    return jsonb_build_object('id', v_id, 'outcome', 'duplicate');
  end if;

  if (v_obj -> 'metadata' ->> 'order_id') ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
    v_order_id := (v_obj -> 'metadata' ->> 'order_id')::uuid;
  end if;

  if v_type in ('checkout.session.completed', 'checkout.session.async_payment_succeeded')
    and v_obj -> 'metadata' ->> 'kind' = 'order' then
    if v_obj ->> 'payment_status' = 'paid' then
      select * into v_applied from buzz_haven.apply_stripe_payment(v_id, v_order_id, v_obj ->> 'payment_intent',
        v_obj ->> 'id', (v_obj ->> 'amount_total')::integer, v_obj ->> 'currency', (v_obj ->> 'livemode')::boolean);
      v_outcome := v_applied.outcome;
      v_detail := v_applied.detail;
    else
      v_detail := 'Checkout completed, payment not yet received (' || coalesce(v_obj ->> 'payment_status', '?') || ')';
    end if;
  elsif v_type = 'payment_intent.succeeded' and v_obj -> 'metadata' ->> 'kind' = 'order' then
    select * into v_applied from buzz_haven.apply_stripe_payment(v_id, v_order_id, v_obj ->> 'id', null,
      (v_obj ->> 'amount_received')::integer, v_obj ->> 'currency', (v_obj ->> 'livemode')::boolean);
    v_outcome := v_applied.outcome;
    v_detail := v_applied.detail;
  elsif v_type in ('checkout.session.expired', 'checkout.session.async_payment_failed')
    and v_obj -> 'metadata' ->> 'kind' = 'order' then
    update buzz_haven.checkout_sessions set status = 'expired' where id = v_obj ->> 'id' and status = 'open';
    -- Unpaid unless another session of the order is still open or a payment arrived.
    update buzz_haven.orders as o set payment_state = 'unpaid'
    where o.id = v_order_id and o.payment_state = 'awaiting_payment'
      and not exists (select 1 from buzz_haven.checkout_sessions as s where s.order_id = o.id and s.status = 'open');
    v_outcome := 'applied';
  elsif v_type = 'charge.refunded' and buzz_haven.is_stripe_id(v_obj ->> 'payment_intent', 'pi') then
    v_refunded := (v_obj ->> 'amount_refunded')::integer;
    -- A refund before its payment: the payment row is made now and the payment's event fills in the order.
    insert into buzz_haven.payments (payment_intent, amount, currency, livemode)
    values (v_obj ->> 'payment_intent', (v_obj ->> 'amount')::integer, v_obj ->> 'currency', coalesce((v_obj ->> 'livemode')::boolean, false))
    on conflict (payment_intent) do nothing;
    select * into v_pay from buzz_haven.payments where payment_intent = v_obj ->> 'payment_intent' for update;
    -- Refunds only grow: an older charge.refunded arriving late changes nothing.
    update buzz_haven.payments set amount_refunded = greatest(amount_refunded, least(v_refunded, amount)),
      status = case when greatest(amount_refunded, least(v_refunded, amount)) >= amount then 'refunded'
        when greatest(amount_refunded, v_refunded) > 0 then 'partially_refunded' else status end
    where id = v_pay.id
    returning * into v_pay;
    v_order_id := v_pay.order_id;
    if v_pay.status <> 'succeeded' then
      update buzz_haven.orders set payment_state = v_pay.status where id = v_pay.order_id;
    end if;
    v_outcome := 'applied';
  end if;

  update buzz_haven.stripe_events set outcome = v_outcome, detail = left(v_detail, 500),
    order_id = (select o.id from buzz_haven.orders as o where o.id = v_order_id)
  where id = v_id;
  return jsonb_build_object('id', v_id, 'outcome', v_outcome, 'detail', v_detail);
end;
$$;

revoke all on function buzz_haven.apply_stripe_payment(text, uuid, text, text, integer, text, boolean)
  from public, anon, authenticated;
revoke all on function public.begin_buzz_haven_order_checkout(text, text),
  public.record_buzz_haven_checkout_session(uuid, text, integer, text, text, timestamptz),
  public.apply_buzz_haven_stripe_event(jsonb)
  from public, anon, authenticated;
grant execute on function public.begin_buzz_haven_order_checkout(text, text),
  public.record_buzz_haven_checkout_session(uuid, text, integer, text, text, timestamptz),
  public.apply_buzz_haven_stripe_event(jsonb)
  to service_role;

-- The sessions recorded for a purchase (checkout_sessions keeps one column per kind).
create function buzz_haven.checkout_sessions_of(p_kind text, p_target_id uuid)
returns setof buzz_haven.checkout_sessions language sql stable set search_path = ''
as $$
  select s.* from buzz_haven.checkout_sessions as s where p_kind = 'order' and s.order_id = p_target_id
  union all
  select s.* from buzz_haven.checkout_sessions as s where p_kind = 'registration' and s.registration_id = p_target_id
  union all
  select s.* from buzz_haven.checkout_sessions as s where p_kind = 'adoption' and s.adoption_id = p_target_id
$$;
revoke all on function buzz_haven.checkout_sessions_of(text, uuid) from public, anon, authenticated;

-- Claims the purchase's checkout (service key: stripe-checkout, after begin_buzz_haven_*_checkout
-- said what to charge). Under the purchase's row lock, so concurrent callers take turns:
--   open_session   a session of p_amount recorded meanwhile and payable for 5 minutes more: hand it back;
--   otherwise      the attempt to create: its number, and the expiry every caller of it sends
--                  (p_minutes after the last moment a caller may still join the attempt, at most
--                  24 hours after it began, so it is within Stripe's 30 minutes to 24 hours for each);
--   replaces       for an order or an adoption, a session still open but no longer handed out,
--                  which the function expires once the new one is recorded (a registration's
--                  hold ends with its session, so its sessions are left to run out).
create function public.claim_buzz_haven_checkout(
  p_kind text default null, p_target_id uuid default null, p_amount integer default null, p_minutes integer default null
)
returns jsonb
language plpgsql security definer set search_path = '' -- locks the purchase and writes buzz_haven.checkout_attempts; the service key only
as $$
declare
  v buzz_haven.checkout_attempts;
  v_join interval := interval '1 minute'; -- how long callers may join an attempt no session came of yet
  v_open jsonb;
  v_locked boolean := false;
begin
  perform buzz_haven.check_input(p_target_id is not null and p_amount > 0 and p_minutes between 30 and 1440,
    'A purchase, its amount and the session''s minutes are required');
  if p_kind = 'order' then
    perform 1 from buzz_haven.orders as o where o.id = p_target_id for update;
    v_locked := found;
  elsif p_kind = 'registration' then
    perform 1 from buzz_haven.event_registrations as r where r.id = p_target_id for update;
    v_locked := found;
  elsif p_kind = 'adoption' then
    perform 1 from buzz_haven.adoption_requests as a where a.id = p_target_id for update;
    v_locked := found;
  end if;
  if not v_locked then -- also a kind that is none of these
    raise exception 'Nothing to pay with this id' using errcode = 'PT404';
  end if;

  select jsonb_build_object('id', s.id, 'url', s.url) into v_open
  from buzz_haven.checkout_sessions_of(p_kind, p_target_id) as s
  where s.status = 'open' and s.amount = p_amount and s.url is not null and s.expires_at > now() + interval '5 minutes'
  order by s.created_at desc limit 1;
  if v_open is not null then
    return jsonb_build_object('open_session', v_open);
  end if;

  insert into buzz_haven.checkout_attempts as c (kind, target_id) values (p_kind, p_target_id)
  on conflict (kind, target_id) do update set
    attempt = c.attempt + 1, started_at = now()
    -- Joined, not replaced: the current attempt is recent and no session of it is recorded yet.
    where c.started_at <= now() - v_join
      or exists (select 1 from buzz_haven.checkout_sessions_of(p_kind, p_target_id) as s where s.created_at >= c.started_at);
  select * into v from buzz_haven.checkout_attempts as c where c.kind = p_kind and c.target_id = p_target_id;
  return jsonb_build_object(
    'attempt', v.attempt,
    'idempotency_key', format('checkout-%s-%s-%s', p_kind, p_target_id, v.attempt),
    'expires_at', floor(extract(epoch from least(v.started_at + v_join + make_interval(mins => p_minutes),
      v.started_at + interval '24 hours'))),
    'replaces', case when p_kind <> 'registration' then (select s.id from buzz_haven.checkout_sessions_of(p_kind, p_target_id) as s
      where s.status = 'open' order by s.created_at desc limit 1) end);
end;
$$;
revoke all on function public.claim_buzz_haven_checkout(text, uuid, integer, integer) from public, anon, authenticated;
grant execute on function public.claim_buzz_haven_checkout(text, uuid, integer, integer) to service_role;

-- Buzz Haven: refunds of card payments from the back office. An owner or admin
-- (with their second factor when they have one: money leaves the business) asks the stripe-refund
-- Edge Function to refund all or part of an order's payment, with a reason. The function first
-- asks prepare_buzz_haven_refund with the caller's own JWT (who may, how much is left to refund),
-- then calls Stripe's Refunds API, then records the refund with the service key
-- (record_buzz_haven_refund: who asked, why, how much, Stripe's status) and logs it. Stripe's
-- charge.refunded webhook (apply_buzz_haven_stripe_event, above) moves the payment and the
-- order to partially_refunded / refunded, so the state follows Stripe even for refunds made in
-- Stripe's dashboard. Amounts in cents.

create table buzz_haven.refunds (
  id text primary key constraint refunds_id_format check (buzz_haven.is_stripe_id(id, 're')),
  payment_intent text not null references buzz_haven.payments (payment_intent) on delete cascade,
  order_id uuid references buzz_haven.orders (id) on delete set null,
  amount integer not null constraint refunds_amount_positive check (amount > 0),
  currency text not null constraint refunds_currency_format check (currency ~ '^[a-z]{3}$'),
  reason text constraint refunds_reason_known check (reason in ('requested_by_customer', 'duplicate', 'fraudulent')),
  note text constraint refunds_note_length check (char_length(note) <= 500),
  status text not null constraint refunds_status_known
    check (status in ('pending', 'requires_action', 'succeeded', 'failed', 'canceled')),
  requested_by uuid references buzz_haven.users (id) on delete set null,
  requested_by_name text not null constraint refunds_requested_by_name_length check (char_length(requested_by_name) <= 200),
  created_at timestamptz not null default now(),
  registration_id uuid references buzz_haven.event_registrations (id) on delete set null,
  constraint refunds_id_length check (char_length(id) <= 255),
  constraint refunds_payment_intent_length check (char_length(payment_intent) <= 255),
  constraint refunds_currency_length check (char_length(currency) <= 3)
);
comment on table buzz_haven.refunds is
  'Refunds asked from the back office through Stripe: amount (cents), reason, note, who asked, Stripe''s status.';
alter table buzz_haven.refunds enable row level security;
revoke all on buzz_haven.refunds from public, anon, authenticated;
-- An order's refunds, oldest first (the payments list, what is left to refund).
create index refunds_order_idx on buzz_haven.refunds (order_id, created_at);
create index refunds_list_created_idx on buzz_haven.refunds (created_at desc, id);
select buzz_haven.explain_constraints_of('buzz_haven.refunds');

-- What may still be refunded of a payment: its amount less what Stripe reported refunded or what
-- refunds asked here already took, whichever is more.
create function buzz_haven.refundable(p buzz_haven.payments) returns integer
language sql stable set search_path = ''
as $$
  select p.amount - greatest(p.amount_refunded, coalesce((select sum(r.amount)::integer from buzz_haven.refunds as r
    where r.payment_intent = p.payment_intent and r.status in ('pending', 'requires_action', 'succeeded')), 0))
$$;
revoke all on function buzz_haven.refundable(buzz_haven.payments) from public, anon, authenticated;

-- A refund about to be asked of Stripe, written once for orders and workshop registrations: the
-- oldest payment of the thing (payments.<p_column> = p_id) with money left to refund, locked; PT409
-- with p_none_left when there is none; the amount (all that is left when not given) checked against
-- what is left; then what the stripe-refund function needs and the staff member asking. The RPC has
-- checked the caller, the second factor, the words and the thing itself.
create function buzz_haven.prepare_refund(
  p_column text, p_id uuid, p_amount integer, p_reason text, p_note text, p_none_left text
) returns jsonb
language plpgsql set search_path = ''
as $$
declare
  v_pay buzz_haven.payments;
  v_left integer;
  v_amount integer;
  v_who record;
  v_count bigint;
begin
  execute format('select * from buzz_haven.payments as p where p.%I = $1 and buzz_haven.refundable(p) > 0
    order by p.created_at, p.id limit 1 for update', p_column) into v_pay using p_id;
  get diagnostics v_count = row_count;
  if v_count = 0 then
    raise exception '%', p_none_left using errcode = 'PT409';
  end if;
  v_left := buzz_haven.refundable(v_pay);
  v_amount := coalesce(p_amount, v_left);
  perform buzz_haven.check_input(v_amount between 1 and v_left,
    format('A refund of this payment is between $0.01 and $%s', to_char(v_left / 100.0, 'FM999999990.00')));
  select * into v_who from buzz_haven.caller_profile();
  return jsonb_build_object('payment_intent', v_pay.payment_intent,
    'amount', v_amount, 'currency', v_pay.currency, 'refunded_before', v_pay.amount - v_left,
    'reason', p_reason, 'note', nullif(btrim(p_note), ''),
    'requested_by', v_who.profile_id, 'requested_by_name', v_who.display_name);
end;
$$;
revoke all on function buzz_haven.prepare_refund(text, uuid, integer, text, text, text) from public, anon, authenticated;

create function public.prepare_buzz_haven_refund(
  p_order_id uuid default null, p_amount integer default null, p_reason text default null, p_note text default null
)
returns jsonb language sql security definer set search_path = '' -- reads buzz_haven.payments and orders
as $$
  select buzz_haven.check_refund_request(p_reason, p_note);
  select jsonb_build_object('order_id', o.id, 'number', o.number) || buzz_haven.prepare_refund('order_id', o.id, p_amount,
    p_reason, p_note, format('Order %s has no card payment left to refund', o.number))
  from buzz_haven.find_row(null::buzz_haven.orders, p_order_id, 'Order not found') as o
$$;

-- The refund Stripe made (service key: the stripe-refund function), logged as the staff member's.
create function public.record_buzz_haven_refund(
  p_refund_id text default null, p_payment_intent text default null, p_order_id uuid default null,
  p_amount integer default null, p_currency text default null, p_reason text default null, p_note text default null,
  p_status text default null, p_requested_by uuid default null, p_requested_by_name text default null
)
returns void language sql security definer set search_path = '' -- writes buzz_haven.refunds and activity_log
as $$
  select buzz_haven.log_refund(r, 'orders', o.id, 'order ' || o.number)
  from buzz_haven.store_refund(p_order_id, null, p_refund_id, p_payment_intent, p_amount, p_currency, p_reason, p_note,
    p_status, p_requested_by, p_requested_by_name) as r
  join buzz_haven.orders as o on o.id = r.order_id
$$;

-- Like every back-office RPC: callable by the API roles, refusing inside with a message the admin shows.
select buzz_haven.grant_api_execute('prepare_buzz_haven_refund');
revoke all on function public.record_buzz_haven_refund(text, text, uuid, integer, text, text, text, text, uuid, text)
  from public, anon, authenticated;
grant execute on function public.record_buzz_haven_refund(text, text, uuid, integer, text, text, text, text, uuid, text)
  to service_role;

-- Buzz Haven: what the paid confirmation page (/cart/paid/?order=BH-…&session_id=cs_…, Checkout's
-- success URL) may show a visitor: the order's number, total and payment state, only to a caller
-- who holds the Checkout Session id that was made for that order (an id Stripe makes unguessable),
-- so a number alone tells nothing. The page shows 'paid' once Stripe's webhook has arrived and
-- 'awaiting_payment' until then (it can ask again).

create function public.get_buzz_haven_order_payment(p_number text default null, p_session_id text default null) returns jsonb
language plpgsql stable security definer set search_path = '' -- reads buzz_haven.orders and checkout_sessions, which anon has no grant on
as $$
declare
  v jsonb;
begin
  perform buzz_haven.check_input(buzz_haven.is_order_number(p_number)
    and buzz_haven.is_stripe_id(p_session_id, 'cs'), 'An order number and a Checkout Session id are required');
  select jsonb_build_object('number', o.number, 'total', o.total, 'payment_state', o.payment_state) into v
  from buzz_haven.orders as o
  join buzz_haven.checkout_sessions as s on s.order_id = o.id and s.id = p_session_id
  where o.number = p_number;
  perform buzz_haven.check_found(v is not null, 'Order not found');
  return v;
end;
$$;

select buzz_haven.grant_api_execute('get_buzz_haven_order_payment');

-- Buzz Haven: how the shop takes payment for orders. One row of
-- buzz_haven.payment_settings: pay_later (an order request paid at pickup or by invoice, as before
-- card payments) is on unless the owner switches it off in the back office (Payment Settings);
-- then submit_buzz_haven_order_request refuses an order that is not paid by card. The visitor's
-- choice is the RPC's new p_payment: 'later' (the default, as every caller sent before) or 'card':
-- the order starts 'unpaid' and becomes 'awaiting_payment' when stripe-checkout records its
-- Checkout Session (record_buzz_haven_checkout_session), 'paid' when the signed webhook says so.
-- The cart reads the setting with get_buzz_haven_payment_settings (anon: it is no secret).
-- Whether card payments are on at all is the Edge Functions' secrets (STRIPE_SECRET_KEY), which the
-- database does not see: the back office asks stripe-checkout (GET) and says how to turn them on.

create table buzz_haven.payment_settings (
  id uuid primary key default gen_random_uuid(),
  -- one row: how the shop is paid is one fact
  singleton boolean not null default true constraint payment_settings_one_row unique
    constraint payment_settings_singleton check (singleton),
  pay_later boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- how workshop places are paid, and the bounds on card holds (register_buzz_haven_workshop)
  workshop_pay_later boolean not null default true,
  hold_places_per_email integer not null default 4
    constraint payment_settings_hold_places_per_email_range check (hold_places_per_email between 1 and 100),
  hold_places_per_client integer not null default 6
    constraint payment_settings_hold_places_per_client_range check (hold_places_per_client between 1 and 1000),
  hold_start_minutes integer not null default 5
    constraint payment_settings_hold_start_minutes_range check (hold_start_minutes between 1 and 30)
);
comment on table buzz_haven.payment_settings is
  'How orders and workshop places are paid (one row): pay later allowed besides card payments, and the bounds on card holds.';
comment on column buzz_haven.payment_settings.pay_later is
  'true: the cart offers pay at pickup / invoice (and it is the only way while card payments are off); false: card only.';
comment on column buzz_haven.payment_settings.workshop_pay_later is
  'true: a priced workshop place registered without card payment is confirmed unpaid (paid at the workshop); false: card only.';
comment on column buzz_haven.payment_settings.hold_places_per_email is
  'Workshop places one e-mail address may hold at once while paying by card (every workshop together).';
comment on column buzz_haven.payment_settings.hold_places_per_client is
  'Workshop places one client (IP address hash) may hold at once while paying by card (every workshop together).';
comment on column buzz_haven.payment_settings.hold_start_minutes is
  'Minutes a held place waits for its Checkout Session to open; once open, the hold lasts as long as the session.';
alter table buzz_haven.payment_settings enable row level security;
revoke all on buzz_haven.payment_settings from public, anon, authenticated;

select buzz_haven.manage_resource('buzz_haven.payment_settings', 'pay at pickup / invoice:', 'pay_later', false);
select buzz_haven.explain_constraints_of('buzz_haven.payment_settings');

insert into buzz_haven.payment_settings (pay_later) values (true);

create function public.get_buzz_haven_payment_settings()
returns setof buzz_haven.payment_settings
language sql stable security definer set search_path = '' -- reads buzz_haven.payment_settings, which the caller has no grant on
as $$
  select * from buzz_haven.payment_settings
$$;

-- Owners and admins only: how orders and workshop places are paid changes how every customer pays.
create function public.update_buzz_haven_payment_settings(
  p_id uuid, p_pay_later boolean default null, p_clear text[] default '{}', p_workshop_pay_later boolean default null,
  p_hold_places_per_email integer default null, p_hold_places_per_client integer default null,
  p_hold_start_minutes integer default null
)
returns buzz_haven.payment_settings language sql security definer set search_path = '' -- writes buzz_haven.payment_settings
as $$
  select buzz_haven.require_role(array['owner', 'admin'], 'Only an owner or admin can change how orders are paid');
  select buzz_haven.change_row(null::buzz_haven.payment_settings, p_id, 'Payment settings not found',
    jsonb_build_object('pay_later', p_pay_later, 'workshop_pay_later', p_workshop_pay_later,
      'hold_places_per_email', p_hold_places_per_email, 'hold_places_per_client', p_hold_places_per_client,
      'hold_start_minutes', p_hold_start_minutes), p_clear)
$$;

select buzz_haven.grant_api_execute('get_buzz_haven_payment_settings', 'update_buzz_haven_payment_settings');

-- Buzz Haven: the back office's Payments page: every card payment and every refund
-- asked from the back office, one row each (get_buzz_haven_payments), and the totals by month
-- (get_buzz_haven_payment_months), both with a link to the object in Stripe's dashboard
-- (https://dashboard.stripe.com/test/payments/<pi> in test mode, without /test in live mode;
-- a refund is shown on its payment's page there). Staff only, like every list
-- (buzz_haven_lists.staff_only). Amounts in cents.
-- A refund made in Stripe's dashboard has no refunds row (only the payment's amount_refunded,
-- from the charge.refunded webhook): the months count it in the month its webhook arrived.

-- The page reads one page, not every payment: the union of the two tables alone inside, each side
-- read newest first through its list index (payments_list_created_idx, refunds_list_created_idx)
-- and the two merged, and only the page's orders joined outside, by key. A refund's livemode is its
-- payment's (payment_intent is a foreign key, not null: exactly one row).
create view buzz_haven_lists.payments as
select x.id, x.kind, x.created_at, x.order_id, o.number as order_number, o.customer_name, x.amount, x.amount_refunded,
  x.currency, x.status, x.reason, x.note, x.requested_by_name, x.payment_intent, x.livemode,
  'https://dashboard.stripe.com/' || case when x.livemode then '' else 'test/' end || 'payments/' || x.payment_intent
    as stripe_url
from (
  select p.payment_intent as id, 'payment'::text as kind, p.created_at, p.order_id, p.amount, p.amount_refunded,
    p.currency, p.status, null::text as reason, null::text as note, null::text as requested_by_name, p.payment_intent,
    p.livemode
  from buzz_haven.payments as p
  union all
  select r.id, 'refund'::text, r.created_at, r.order_id, r.amount, r.amount, r.currency, r.status, r.reason, r.note,
    r.requested_by_name, r.payment_intent,
    (select p.livemode from buzz_haven.payments as p where p.payment_intent = r.payment_intent)
  from buzz_haven.refunds as r
) as x
left join buzz_haven.orders as o on o.id = x.order_id
where buzz_haven_lists.staff_only();

create view buzz_haven_lists.payment_months as
with received as (
  select date_trunc('month', p.created_at at time zone 'UTC')::date as month, count(*)::integer as payments,
    sum(p.amount)::integer as received
  from buzz_haven.payments as p where buzz_haven_lists.staff_only()
  group by 1
), refunded as (
  select date_trunc('month', r.created_at at time zone 'UTC')::date as month, count(*)::integer as refunds,
    sum(r.amount)::integer as refunded
  from buzz_haven.refunds as r where r.status in ('pending', 'requires_action', 'succeeded') and buzz_haven_lists.staff_only()
  group by 1
  union all
  -- refunded in Stripe's dashboard (more than the refunds asked here): when the webhook told of it
  select date_trunc('month', p.updated_at at time zone 'UTC')::date, 0,
    (p.amount_refunded - coalesce(x.asked, 0))::integer
  from buzz_haven.payments as p
  left join lateral (select sum(r.amount) as asked from buzz_haven.refunds as r
    where r.payment_intent = p.payment_intent and r.status in ('pending', 'requires_action', 'succeeded')) as x on true
  where p.amount_refunded > coalesce(x.asked, 0) and buzz_haven_lists.staff_only()
), months as (
  select month from received union select month from refunded
)
select to_char(m.month, 'YYYY-MM') as id, m.month,
  coalesce(rc.payments, 0) as payments, coalesce(rc.received, 0) as received,
  coalesce(rf.refunds, 0) as refunds, coalesce(rf.refunded, 0) as refunded,
  coalesce(rc.received, 0) - coalesce(rf.refunded, 0) as net
from months as m
left join received as rc on rc.month = m.month
left join (select month, sum(refunds)::integer as refunds, sum(refunded)::integer as refunded from refunded group by month) as rf
  on rf.month = m.month;

grant select on buzz_haven_lists.payments, buzz_haven_lists.payment_months to anon, authenticated, service_role;

create function public.get_buzz_haven_payments() returns setof buzz_haven_lists.payments
language sql stable as $$ select * from buzz_haven_lists.payments $$;
create function public.get_buzz_haven_payment_months() returns setof buzz_haven_lists.payment_months
language sql stable as $$ select * from buzz_haven_lists.payment_months $$;

select buzz_haven.grant_api_execute('get_buzz_haven_payments', 'get_buzz_haven_payment_months');

-- Staff see each registration's hold and card payment (awaiting_payment while held, paid,
-- partially_refunded, refunded, expired) and unpaid for a confirmed or attended place that owes
-- its price (amount_owed: registered without card payment); null when nothing is owed.
create or replace view buzz_haven_lists.event_registrations as
select r.id, r.event_id, e.title as event_title, e.start_time as event_start_time, r.name, r.email::text as email,
  r.places, r.child_ages, r.status, r.position, r.created_at, r.updated_at,
  r.hold_expires_at, r.amount_due,
  case when p.payment_count > 0 then case when p.amount_refunded >= p.amount_paid then 'refunded'
      when p.amount_refunded > 0 then 'partially_refunded' else 'paid' end
    when r.status = 'held' and r.hold_expires_at > now() then 'awaiting_payment'
    when r.status in ('held', 'expired') then 'expired'
    when r.amount_due is not null then 'unpaid'
    when r.amount_owed is not null and r.status in ('confirmed', 'attended') then 'unpaid' end as payment_state,
  coalesce(p.amount_paid, 0) as amount_paid, coalesce(p.amount_refunded, 0) as amount_refunded,
  p.payment_intent, r.amount_owed, r.locale
from buzz_haven.event_registrations as r
join buzz_haven.events as e on e.id = r.event_id
left join lateral (
  select count(*)::integer as payment_count, sum(pm.amount)::integer as amount_paid,
    sum(pm.amount_refunded)::integer as amount_refunded, min(pm.payment_intent) as payment_intent
  from buzz_haven.payments as pm where pm.registration_id = r.id
) as p on true
where buzz_haven_lists.staff_only();

-- A held place to pay (service key: stripe-checkout). p_email must be the registration's. Refuses
-- a place no longer held (paid, expired, or its session never opened in time). open_session: the
-- hold's session, when still open.
create function public.begin_buzz_haven_registration_checkout(p_registration_id uuid default null, p_email text default null)
returns jsonb
language plpgsql security definer set search_path = '' -- reads buzz_haven.event_registrations and events; the service key only
as $$
declare
  v buzz_haven.event_registrations;
  v_event buzz_haven.events;
begin
  perform buzz_haven.check_input(p_registration_id is not null and buzz_haven.is_email(btrim(p_email)),
    'A registration id and its e-mail are required');
  select * into v from buzz_haven.event_registrations as r
  where r.id = p_registration_id and lower(r.email) = lower(btrim(p_email)) for update;
  perform buzz_haven.check_found(found, 'Registration not found');
  if not buzz_haven.hold_is_live(v) then
    raise exception '%', case when v.status in ('confirmed', 'attended') then 'This place is already confirmed'
      else 'This place is no longer held; please register again' end using errcode = 'PT409';
  end if;
  select * into v_event from buzz_haven.events as e where e.id = v.event_id;
  return jsonb_build_object('registration_id', v.id, 'email', v.email, 'currency', 'usd', 'places', v.places,
    'unit_price', v.amount_due / v.places, 'amount', v.amount_due, 'hold_expires_at', v.hold_expires_at,
    'event_id', v_event.id, 'event_title', v_event.title, 'event_start_time', v_event.start_time,
    'open_session', (select jsonb_build_object('id', s.id, 'url', s.url) from buzz_haven.checkout_sessions as s
      where s.registration_id = v.id and s.status = 'open' and s.amount = v.amount_due and s.url is not null
      order by s.created_at desc limit 1));
end;
$$;

create or replace function public.record_buzz_haven_registration_checkout(
  p_registration_id uuid default null, p_session_id text default null, p_amount integer default null,
  p_currency text default null, p_url text default null, p_expires_at timestamptz default null
)
returns void
language plpgsql security definer set search_path = '' -- writes buzz_haven.checkout_sessions and event_registrations; the service key only
as $$
begin
  perform buzz_haven.store_checkout_session('registration', p_registration_id, p_session_id, p_amount, p_currency, p_url, p_expires_at);
  update buzz_haven.event_registrations
  set hold_expires_at = greatest(hold_expires_at, least(p_expires_at, now() + interval '24 hours'))
  where id = p_registration_id and status = 'held' and p_expires_at is not null;
end;
$$;

-- A Stripe event about a registration's Checkout Session (metadata.kind 'registration'), stored by
-- id in stripe_events with the order events and applied once, in one transaction.
create function public.apply_buzz_haven_registration_stripe_event(p_event jsonb default null) returns jsonb
language plpgsql security definer set search_path = '' -- writes stripe_events, payments, checkout_sessions, event_registrations; the service key only
as $$
declare
  v_id text := p_event ->> 'id';
  v_type text := p_event ->> 'type';
  v_obj jsonb := p_event -> 'data' -> 'object';
  v_reg buzz_haven.event_registrations;
  v_reg_id uuid;
  v_outcome text := 'ignored';
  v_detail text;
  v_amount integer;
begin
  if not buzz_haven.store_stripe_event(p_event) then
    return jsonb_build_object('id', v_id, 'outcome', 'duplicate');
  end if;
  if (v_obj -> 'metadata' ->> 'registration_id') ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
    v_reg_id := (v_obj -> 'metadata' ->> 'registration_id')::uuid;
    -- The event row first, as registering does: no overbooking against a registration in flight.
    perform 1 from buzz_haven.events as e
    where e.id = (select r.event_id from buzz_haven.event_registrations as r where r.id = v_reg_id) for update;
    select * into v_reg from buzz_haven.event_registrations as r where r.id = v_reg_id for update;
  end if;

  if v_type in ('checkout.session.completed', 'checkout.session.async_payment_succeeded') then
    v_amount := (v_obj ->> 'amount_total')::integer;
    if v_reg.id is null then
      v_outcome := 'rejected';
      v_detail := 'No registration ' || coalesce(v_reg_id::text, '(none named)');
    elsif v_obj ->> 'payment_status' <> 'paid' then
      v_detail := 'Checkout completed, payment not yet received (' || coalesce(v_obj ->> 'payment_status', '?') || ')';
    elsif v_amount is distinct from v_reg.amount_due or v_obj ->> 'currency' is distinct from 'usd'
      or buzz_haven.is_stripe_id(v_obj ->> 'payment_intent', 'pi') is not true then
      v_outcome := 'rejected';
      v_detail := format('Paid %s %s, but the places of %s come to %s usd: not confirmed', coalesce(v_amount::text, '?'),
        coalesce(v_obj ->> 'currency', '?'), v_reg.name, coalesce(v_reg.amount_due::text, '?'));
      insert into buzz_haven.activity_log (actor_name, action, resource, record_id, summary)
      values ('Stripe', 'update', 'event_registrations', v_reg.id, left('Card payment refused: ' || v_detail || ' (' || v_id || ')', 500));
    else
      insert into buzz_haven.payments (registration_id, payment_intent, checkout_session, amount, currency, livemode)
      values (v_reg.id, v_obj ->> 'payment_intent', v_obj ->> 'id', v_amount, 'usd', coalesce((v_obj ->> 'livemode')::boolean, false))
      on conflict (payment_intent) do update
        set registration_id = coalesce(buzz_haven.payments.registration_id, excluded.registration_id),
          checkout_session = coalesce(buzz_haven.payments.checkout_session, excluded.checkout_session);
      update buzz_haven.checkout_sessions set status = 'complete' where id = v_obj ->> 'id';
      v_outcome := 'applied';
      if v_reg.status = 'held' then
        update buzz_haven.event_registrations set status = 'confirmed', hold_expires_at = null where id = v_reg.id;
      elsif v_reg.status = 'expired' and v_reg.places <= coalesce(buzz_haven.spots_left(v_reg.event_id), v_reg.places) then
        -- Paid just after the hold ran out, and the places are still free: they are theirs.
        update buzz_haven.event_registrations set status = 'confirmed', hold_expires_at = null where id = v_reg.id;
      elsif v_reg.status in ('expired', 'cancelled') then
        v_detail := format('%s paid for %s place(s) of a hold that had %s and the places are gone: refund it', v_reg.name,
          v_reg.places, case v_reg.status when 'expired' then 'expired' else 'been cancelled' end);
        insert into buzz_haven.activity_log (actor_name, action, resource, record_id, summary)
        values ('Stripe', 'update', 'event_registrations', v_reg.id, left(v_detail || ' (' || v_id || ')', 500));
      end if;
    end if;
  elsif v_type in ('checkout.session.expired', 'checkout.session.async_payment_failed') then
    update buzz_haven.checkout_sessions set status = 'expired' where id = v_obj ->> 'id' and status = 'open';
    if v_reg.status = 'held' then
      update buzz_haven.event_registrations set status = 'expired' where id = v_reg.id;
      perform buzz_haven.promote_waitlist(v_reg.event_id);
    end if;
    v_outcome := 'applied';
  end if;

  update buzz_haven.stripe_events set outcome = v_outcome, detail = left(v_detail, 500) where id = v_id;
  return jsonb_build_object('id', v_id, 'outcome', v_outcome, 'detail', v_detail);
end;
$$;

-- A paid place as Checkout's success page may show it: only to a caller holding its session id.
create function public.get_buzz_haven_registration_payment(p_registration_id uuid default null, p_session_id text default null)
returns jsonb
language plpgsql stable security definer set search_path = '' -- reads buzz_haven.event_registrations and checkout_sessions, which anon has no grant on
as $$
declare
  v jsonb;
begin
  perform buzz_haven.check_input(p_registration_id is not null and buzz_haven.is_stripe_id(p_session_id, 'cs'),
    'A registration id and a Checkout Session id are required');
  select jsonb_build_object('status', r.status, 'places', r.places, 'amount', r.amount_due, 'event_title', e.title,
    'event_start_time', e.start_time) into v
  from buzz_haven.event_registrations as r
  join buzz_haven.events as e on e.id = r.event_id
  join buzz_haven.checkout_sessions as s on s.registration_id = r.id and s.id = p_session_id
  where r.id = p_registration_id;
  perform buzz_haven.check_found(v is not null, 'Registration not found');
  return v;
end;
$$;

create function public.prepare_buzz_haven_registration_refund(
  p_registration_id uuid default null, p_amount integer default null, p_reason text default null, p_note text default null
)
returns jsonb language sql security definer set search_path = '' -- reads buzz_haven.payments and event_registrations
as $$
  select buzz_haven.check_refund_request(p_reason, p_note);
  select jsonb_build_object('registration_id', r.id, 'name', r.name) || buzz_haven.prepare_refund('registration_id',
    r.id, p_amount, p_reason, p_note, format('The registration of %s has no card payment left to refund', r.name))
  from buzz_haven.find_row(null::buzz_haven.event_registrations, p_registration_id, 'Registration not found') as r
$$;
select buzz_haven.grant_api_execute('register_buzz_haven_workshop', 'get_buzz_haven_registration_payment',
  'prepare_buzz_haven_registration_refund');

-- The refund Stripe made (service key): stored once per refund id, logged as the staff member's,
-- and the place is cancelled (its places go to the waitlist, with the cancellation e-mail).
create function public.record_buzz_haven_registration_refund(
  p_refund_id text default null, p_payment_intent text default null, p_registration_id uuid default null,
  p_amount integer default null, p_currency text default null, p_reason text default null, p_note text default null,
  p_status text default null, p_requested_by uuid default null, p_requested_by_name text default null
)
returns void
language plpgsql security definer set search_path = '' -- writes buzz_haven.refunds, event_registrations and activity_log; the service key only
as $$
declare
  v buzz_haven.refunds := buzz_haven.store_refund(null, p_registration_id, p_refund_id, p_payment_intent, p_amount,
    p_currency, p_reason, p_note, p_status, p_requested_by, p_requested_by_name);
  v_reg buzz_haven.event_registrations;
begin
  if v.id is null then return; end if;
  perform 1 from buzz_haven.events as e
  where e.id = (select r.event_id from buzz_haven.event_registrations as r where r.id = p_registration_id) for update;
  select * into v_reg from buzz_haven.event_registrations as r where r.id = p_registration_id for update;
  if not found then return; end if;
  perform buzz_haven.log_refund(v, 'event_registrations', v_reg.id, 'the registration of ' || v_reg.name);
  if v_reg.status in ('confirmed', 'held', 'waitlisted') then
    update buzz_haven.event_registrations set status = 'cancelled', position = null, hold_expires_at = null where id = v_reg.id;
    perform buzz_haven.promote_waitlist(v_reg.event_id);
  end if;
end;
$$;
revoke all on function public.begin_buzz_haven_registration_checkout(uuid, text),
  public.record_buzz_haven_registration_checkout(uuid, text, integer, text, text, timestamptz),
  public.apply_buzz_haven_registration_stripe_event(jsonb),
  public.record_buzz_haven_registration_refund(text, text, uuid, integer, text, text, text, text, uuid, text)
  from public, anon, authenticated;
grant execute on function public.begin_buzz_haven_registration_checkout(uuid, text),
  public.record_buzz_haven_registration_checkout(uuid, text, integer, text, text, timestamptz),
  public.apply_buzz_haven_registration_stripe_event(jsonb),
  public.record_buzz_haven_registration_refund(text, text, uuid, integer, text, text, text, text, uuid, text)
  to service_role;

-- Buzz Haven: Adopt-a-Hive paid by card. With card payments on, the site sends
-- the adoption request as before (submit_buzz_haven_adoption_request: the tier's monthly price from
-- buzz_haven.adopt_tiers) and then the stripe-checkout function (kind 'adoption') asks
-- begin_buzz_haven_adoption_checkout for what to charge: a monthly plan is a Stripe subscription
-- (Checkout mode=subscription, a monthly recurring price built from the stored price), a gift of N
-- months one payment of N x the monthly price, after which the adoption runs until paid_until.
-- buzz_haven.adoption_billing keeps each adoption's card state, which the signed webhooks move
-- (apply_buzz_haven_adoption_stripe_event; checkout.session.*, customer.subscription.* and invoice.*
-- are routed here by the webhook function):
--   awaiting_payment  a Checkout Session was started
--   active            paid (subscription active, a renewal invoice paid, a gift paid)
--   past_due          a renewal failed (invoice.payment_failed, or the subscription says past_due/unpaid)
--   cancelled         the subscription ended (customer.subscription.deleted, or status canceled)
-- Events are stored by id and applied once (stripe_events, with the order events). Out of order:
-- a cancelled subscription stays cancelled whatever older or later updates say (Stripe never
-- reopens a canceled subscription), and a state change older than the last one applied (by the
-- event's `created`) is ignored. Renewal invoices are kept in buzz_haven.adoption_invoices. The
-- adopter manages or cancels the subscription in Stripe's customer portal through the
-- stripe-portal function, opened with the adoption's manage_token (shown after payment by
-- get_buzz_haven_adoption_payment and e-mailed). Amounts in integer cents, usd.

create table buzz_haven.adoption_billing (
  adoption_id uuid primary key references buzz_haven.adoption_requests (id) on delete cascade,
  state text not null default 'awaiting_payment'
    constraint adoption_billing_state_known check (state in ('awaiting_payment', 'active', 'past_due', 'cancelled')),
  mode text not null constraint adoption_billing_mode_known check (mode in ('subscription', 'payment')),
  amount integer not null constraint adoption_billing_amount_positive check (amount > 0),
  stripe_customer text constraint adoption_billing_customer_format check (buzz_haven.is_stripe_id(stripe_customer, 'cus')),
  stripe_subscription text constraint adoption_billing_subscription_key unique
    constraint adoption_billing_subscription_format check (buzz_haven.is_stripe_id(stripe_subscription, 'sub')),
  current_period_end timestamptz,
  paid_until timestamptz,
  last_event_at timestamptz,
  manage_token text not null default replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')
    constraint adoption_billing_manage_token_key unique
    constraint adoption_billing_manage_token_format check (manage_token ~ '^[0-9a-f]{64}$'),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint adoption_billing_stripe_customer_length check (char_length(stripe_customer) <= 255),
  constraint adoption_billing_stripe_subscription_length check (char_length(stripe_subscription) <= 255),
  constraint adoption_billing_manage_token_length check (char_length(manage_token) <= 64)
);
comment on table buzz_haven.adoption_billing is
  'Card billing of an adoption: state (awaiting_payment, active, past_due, cancelled), subscription or one gift payment '
  '(amount in cents: a month, or the whole gift), Stripe customer and subscription, paid_until for a gift; manage_token opens the customer portal.';

create table buzz_haven.adoption_invoices (
  id text primary key constraint adoption_invoices_id_format check (buzz_haven.is_stripe_id(id, 'in')),
  adoption_id uuid references buzz_haven.adoption_requests (id) on delete set null,
  stripe_subscription text constraint adoption_invoices_subscription_format check (buzz_haven.is_stripe_id(stripe_subscription, 'sub')),
  status text not null constraint adoption_invoices_status_known check (status in ('draft', 'open', 'paid', 'uncollectible', 'void')),
  amount_due integer not null constraint adoption_invoices_amount_due_range check (amount_due >= 0),
  amount_paid integer not null constraint adoption_invoices_amount_paid_range check (amount_paid >= 0),
  currency text not null constraint adoption_invoices_currency_format check (currency ~ '^[a-z]{3}$'),
  billing_reason text constraint adoption_invoices_billing_reason_length check (char_length(billing_reason) <= 60),
  period_end timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint adoption_invoices_id_length check (char_length(id) <= 255),
  constraint adoption_invoices_stripe_subscription_length check (char_length(stripe_subscription) <= 255),
  constraint adoption_invoices_currency_length check (char_length(currency) <= 3)
);

-- Staff see each adoption's card state beside the request (the view's earlier columns unchanged),
-- and whether it is open: new, waiting for staff to match a hive and start it (the list shows open
-- ones first, order=is_open.desc,created_at.desc; adoption_requests_list_open_created_idx).
create or replace view buzz_haven_lists.adoption_requests as
select a.*, b.state as billing_state, b.mode as billing_mode, b.amount as billing_amount, b.current_period_end,
  b.paid_until, b.stripe_customer, b.stripe_subscription,
  (select count(*)::integer from buzz_haven.adoption_invoices as i where i.adoption_id = a.id and i.status = 'paid') as invoices_paid,
  a.status = 'new' as is_open
from buzz_haven.adoption_requests as a
left join buzz_haven.adoption_billing as b on b.adoption_id = a.id
where buzz_haven_lists.staff_only();
create index adoption_invoices_adoption_idx on buzz_haven.adoption_invoices (adoption_id, created_at);
comment on table buzz_haven.adoption_invoices is 'Stripe invoices of adoption subscriptions (first and renewals), as their webhooks tell (cents).';

alter table buzz_haven.adoption_billing enable row level security;
alter table buzz_haven.adoption_invoices enable row level security;
revoke all on buzz_haven.adoption_billing, buzz_haven.adoption_invoices from public, anon, authenticated;
select buzz_haven.keep_updated_at('buzz_haven.adoption_billing', 'buzz_haven.adoption_invoices');

-- What to charge for an adoption request (service key: stripe-checkout). p_email must be the
-- requester's. Monthly: mode subscription, amount a month; gift-N: mode payment, N months at once.
create function public.begin_buzz_haven_adoption_checkout(p_adoption_id uuid default null, p_email text default null)
returns jsonb
language plpgsql security definer set search_path = '' -- reads buzz_haven.adoption_requests and adoption_billing; the service key only
as $$
declare
  v buzz_haven.adoption_requests;
  v_billing buzz_haven.adoption_billing;
  v_months integer;
begin
  perform buzz_haven.check_input(p_adoption_id is not null and buzz_haven.is_email(btrim(p_email)),
    'An adoption request id and its e-mail are required');
  select * into v from buzz_haven.adoption_requests as a
  where a.id = p_adoption_id and lower(a.email) = lower(btrim(p_email)) for update;
  perform buzz_haven.check_found(found, 'Adoption request not found');
  select * into v_billing from buzz_haven.adoption_billing as b where b.adoption_id = v.id;
  if v_billing.state in ('active', 'past_due') then
    raise exception 'This adoption is already paid' using errcode = 'PT409';
  end if;
  if v.status = 'ended' or v_billing.state = 'cancelled' then
    raise exception 'This adoption has ended; please send a new request' using errcode = 'PT409';
  end if;
  if v.monthly_price is null or v.monthly_price <= 0 then
    raise exception 'This adoption has no price to pay' using errcode = 'PT409';
  end if;
  v_months := case when v.plan like 'gift-%' then substr(v.plan, 6)::integer end;
  return jsonb_build_object('adoption_id', v.id, 'email', v.email, 'name', v.name, 'tier', v.tier, 'plan', v.plan,
    'mode', case when v_months is null then 'subscription' else 'payment' end, 'currency', 'usd',
    'monthly_price', v.monthly_price, 'months', v_months, 'amount', v.monthly_price * coalesce(v_months, 1),
    'recipient_name', v.recipient_name,
    'open_session', (select jsonb_build_object('id', s.id, 'url', s.url) from buzz_haven.checkout_sessions as s
      where s.adoption_id = v.id and s.status = 'open' and s.amount = v.monthly_price * coalesce(v_months, 1)
        and s.url is not null and s.expires_at > now() + interval '5 minutes'
      order by s.created_at desc limit 1));
end;
$$;

create function public.record_buzz_haven_adoption_checkout(
  p_adoption_id uuid default null, p_session_id text default null, p_mode text default null, p_amount integer default null,
  p_currency text default null, p_url text default null, p_expires_at timestamptz default null
)
returns void
language plpgsql security definer set search_path = '' -- writes buzz_haven.checkout_sessions and adoption_billing; the service key only
as $$
begin
  perform buzz_haven.store_checkout_session('adoption', p_adoption_id, p_session_id, p_amount, p_currency, p_url, p_expires_at);
  insert into buzz_haven.adoption_billing (adoption_id, mode, amount)
  values (p_adoption_id, p_mode, p_amount)
  on conflict (adoption_id) do nothing;
end;
$$;

-- The adoption a subscription or invoice event is about: by the adoption id Stripe copies from the
-- subscription's metadata, else by the subscription id recorded at checkout.
create function buzz_haven.adoption_of_stripe_object(p_obj jsonb, p_subscription text) returns uuid
language sql stable set search_path = ''
as $$
  select coalesce(
    (select a.id from buzz_haven.adoption_requests as a where a.id::text = coalesce(
      p_obj -> 'metadata' ->> 'adoption_id',
      p_obj -> 'parent' -> 'subscription_details' -> 'metadata' ->> 'adoption_id',
      p_obj -> 'subscription_details' -> 'metadata' ->> 'adoption_id')),
    (select b.adoption_id from buzz_haven.adoption_billing as b where b.stripe_subscription = p_subscription))
$$;
revoke all on function buzz_haven.adoption_of_stripe_object(jsonb, text) from public, anon, authenticated;

-- Why a charge for an adoption is not its price (null when it is): Adopt-a-Hive has one recurring
-- price, the tier's monthly price as stored on the request (buzz_haven.adopt_tiers when it was
-- made, and what its Checkout charged), in usd, billed every month.
create function buzz_haven.adoption_charge_refusal(
  p_adoption buzz_haven.adoption_requests, p_amount integer, p_currency text, p_every text default 'month'
)
returns text language sql stable set search_path = ''
as $$
  select case when p_amount is distinct from p_adoption.monthly_price or p_currency is distinct from 'usd'
      or p_every is distinct from 'month' then
    format('Charged %s %s every %s, but the %s adoption of %s is %s usd a month: not made active', coalesce(p_amount::text, '?'),
      coalesce(p_currency, '?'), coalesce(p_every, '?'), p_adoption.tier, p_adoption.name, p_adoption.monthly_price)
  end
$$;
revoke all on function buzz_haven.adoption_charge_refusal(buzz_haven.adoption_requests, integer, text, text)
  from public, anon, authenticated;

-- A subscription's recurring charge from its items: the sum of price x quantity, the currency when
-- every item has the same, the interval ('month', or e.g. '3 month', 'year').
create function buzz_haven.subscription_charge(p_subscription jsonb, out amount integer, out currency text, out every text)
language sql
immutable
set search_path = ''
as $$
  select least(sum(i.unit_amount * i.quantity), 2147483647)::integer, -- an absurd total is refused, not an error
    case when count(distinct i.currency) = 1 then min(i.currency) end,
    case when count(distinct i.every) = 1 then min(i.every) end
  from jsonb_array_elements(case when jsonb_typeof(p_subscription -> 'items' -> 'data') = 'array'
    then p_subscription -> 'items' -> 'data' else '[]'::jsonb end) as item
  cross join lateral (select (item -> 'price' ->> 'unit_amount')::bigint as unit_amount,
    coalesce((item ->> 'quantity')::integer, 1) as quantity, item -> 'price' ->> 'currency' as currency,
    coalesce(nullif(item -> 'price' -> 'recurring' ->> 'interval_count', '1') || ' ', '')
      || coalesce(item -> 'price' -> 'recurring' ->> 'interval', '?') as every) as i
$$;
revoke all on function buzz_haven.subscription_charge(jsonb) from public, anon, authenticated;

-- The adoption events, with the price checked on every event that would make an
-- adoption active, as gifts were: a subscription's checkout (amount_total), a paid invoice
-- (amount_paid) and an active subscription (its items' price, currency and interval) must charge
-- the adoption's monthly price in usd every month. Anything else is refused ('rejected', the
-- activity log's 'Card payment refused: …' line) and leaves the adoption's state, customer,
-- subscription and invoices as they were. Events that end or pause an adoption (a failed invoice,
-- a past_due or deleted subscription) grant nothing and are applied as before.
create function public.apply_buzz_haven_adoption_stripe_event(p_event jsonb default null) returns jsonb
language plpgsql security definer set search_path = '' -- writes stripe_events, payments, checkout_sessions, adoption_billing, adoption_invoices; the service key only
as $$
declare
  v_id text := p_event ->> 'id';
  v_type text := p_event ->> 'type';
  v_obj jsonb := p_event -> 'data' -> 'object';
  v_at timestamptz := to_timestamp((p_event ->> 'created')::double precision);
  v_outcome text := 'ignored';
  v_detail text;
  v_adoption buzz_haven.adoption_requests;
  v_billing buzz_haven.adoption_billing;
  v_sub text;
  v_state text;
  v_amount integer;
  v_months integer;
  v_period_end timestamptz;
  v_charge record;
begin
  if not buzz_haven.store_stripe_event(p_event) then
    return jsonb_build_object('id', v_id, 'outcome', 'duplicate');
  end if;

  v_sub := case
    when v_type like 'customer.subscription.%' then v_obj ->> 'id'
    when v_type like 'checkout.session.%' then v_obj ->> 'subscription'
    else coalesce(v_obj ->> 'subscription', v_obj -> 'parent' -> 'subscription_details' ->> 'subscription') end;
  select * into v_adoption from buzz_haven.adoption_requests as a
  where a.id = case when v_type like 'checkout.session.%' and (v_obj -> 'metadata' ->> 'adoption_id') ~* '^[0-9a-f-]{36}$'
      then (v_obj -> 'metadata' ->> 'adoption_id')::uuid else buzz_haven.adoption_of_stripe_object(v_obj, v_sub) end
  for update;
  if v_adoption.id is null then
    update buzz_haven.stripe_events set outcome = 'ignored', detail = 'No adoption for this event' where id = v_id;
    return jsonb_build_object('id', v_id, 'outcome', 'ignored', 'detail', 'No adoption for this event');
  end if;

  -- The charge an event would make the adoption active for, and why it is not the adoption's price.
  if v_type in ('checkout.session.completed', 'checkout.session.async_payment_succeeded') and v_obj ->> 'mode' = 'subscription'
    and v_obj ->> 'payment_status' = 'paid' then
    v_detail := buzz_haven.adoption_charge_refusal(v_adoption, (v_obj ->> 'amount_total')::integer, v_obj ->> 'currency');
  elsif v_type in ('invoice.paid', 'invoice.payment_succeeded') then
    v_detail := buzz_haven.adoption_charge_refusal(v_adoption, (v_obj ->> 'amount_paid')::integer, v_obj ->> 'currency');
  elsif v_type like 'customer.subscription.%' and v_type <> 'customer.subscription.deleted'
    and v_obj ->> 'status' in ('active', 'trialing') then
    select * into v_charge from buzz_haven.subscription_charge(v_obj);
    v_detail := buzz_haven.adoption_charge_refusal(v_adoption, v_charge.amount, v_charge.currency, v_charge.every);
  end if;
  if v_detail is not null then
    if v_type like 'checkout.session.%' then
      update buzz_haven.checkout_sessions set status = 'complete' where id = v_obj ->> 'id';
    end if;
    insert into buzz_haven.activity_log (actor_name, action, resource, record_id, summary)
    values ('Stripe', 'update', 'adoption_requests', v_adoption.id,
      left('Card payment refused: ' || v_detail || ' (' || v_id || ', ' || v_type || ')', 500));
    update buzz_haven.stripe_events set outcome = 'rejected', detail = left(v_detail, 500) where id = v_id;
    return jsonb_build_object('id', v_id, 'outcome', 'rejected', 'detail', v_detail);
  end if;

  select * into v_billing from buzz_haven.adoption_billing as b where b.adoption_id = v_adoption.id for update;
  if v_billing.adoption_id is null then -- a subscription made outside our checkout, or its record lost: keep it
    insert into buzz_haven.adoption_billing (adoption_id, mode, amount)
    values (v_adoption.id, case when v_sub is null then 'payment' else 'subscription' end, greatest(v_adoption.monthly_price, 1))
    returning * into v_billing;
  end if;

  if v_type in ('checkout.session.completed', 'checkout.session.async_payment_succeeded') then
    update buzz_haven.checkout_sessions set status = 'complete' where id = v_obj ->> 'id';
    if v_obj ->> 'mode' = 'subscription' then
      update buzz_haven.adoption_billing set
        stripe_customer = coalesce(stripe_customer, v_obj ->> 'customer'),
        stripe_subscription = coalesce(stripe_subscription, v_sub),
        -- The subscription's own events decide later; completing checkout makes it active unless one did already.
        state = case when state = 'awaiting_payment' and v_obj ->> 'payment_status' = 'paid' then 'active' else state end,
        last_event_at = case when state = 'awaiting_payment' then greatest(last_event_at, v_at) else last_event_at end
      where adoption_id = v_adoption.id;
      v_outcome := 'applied';
    elsif v_obj ->> 'payment_status' = 'paid' then
      v_months := case when v_adoption.plan like 'gift-%' then substr(v_adoption.plan, 6)::integer end;
      v_amount := (v_obj ->> 'amount_total')::integer;
      if v_months is null or v_amount is distinct from v_adoption.monthly_price * v_months or v_obj ->> 'currency' is distinct from 'usd'
        or buzz_haven.is_stripe_id(v_obj ->> 'payment_intent', 'pi') is not true then
        v_outcome := 'rejected';
        v_detail := format('Paid %s %s, but the gift of %s comes to %s usd: not marked paid', coalesce(v_amount::text, '?'),
          coalesce(v_obj ->> 'currency', '?'), v_adoption.name, coalesce((v_adoption.monthly_price * v_months)::text, '?'));
        insert into buzz_haven.activity_log (actor_name, action, resource, record_id, summary)
        values ('Stripe', 'update', 'adoption_requests', v_adoption.id, left('Card payment refused: ' || v_detail || ' (' || v_id || ')', 500));
      else
        insert into buzz_haven.payments (adoption_id, payment_intent, checkout_session, amount, currency, livemode)
        values (v_adoption.id, v_obj ->> 'payment_intent', v_obj ->> 'id', v_amount, 'usd', coalesce((v_obj ->> 'livemode')::boolean, false))
        on conflict (payment_intent) do nothing;
        update buzz_haven.adoption_billing set state = 'active', stripe_customer = coalesce(stripe_customer, v_obj ->> 'customer'),
          paid_until = coalesce(paid_until, v_at + make_interval(months => v_months)), last_event_at = greatest(last_event_at, v_at)
        where adoption_id = v_adoption.id;
        v_outcome := 'applied';
      end if;
    else
      v_detail := 'Checkout completed, payment not yet received (' || coalesce(v_obj ->> 'payment_status', '?') || ')';
    end if;
  elsif v_type in ('checkout.session.expired', 'checkout.session.async_payment_failed') then
    update buzz_haven.checkout_sessions set status = 'expired' where id = v_obj ->> 'id' and status = 'open';
    v_outcome := 'applied';
  elsif v_type like 'customer.subscription.%' or v_type in ('invoice.paid', 'invoice.payment_succeeded', 'invoice.payment_failed') then
    if v_type like 'invoice.%' then
      v_period_end := to_timestamp((coalesce(v_obj -> 'lines' -> 'data' -> 0 -> 'period' ->> 'end', v_obj ->> 'period_end'))::double precision);
      insert into buzz_haven.adoption_invoices (id, adoption_id, stripe_subscription, status, amount_due, amount_paid, currency,
        billing_reason, period_end)
      values (v_obj ->> 'id', v_adoption.id, v_sub, v_obj ->> 'status', coalesce((v_obj ->> 'amount_due')::integer, 0),
        coalesce((v_obj ->> 'amount_paid')::integer, 0), coalesce(v_obj ->> 'currency', 'usd'), left(v_obj ->> 'billing_reason', 60), v_period_end)
      on conflict (id) do update set status = case when buzz_haven.adoption_invoices.status = 'paid' then 'paid' else excluded.status end,
        amount_paid = greatest(buzz_haven.adoption_invoices.amount_paid, excluded.amount_paid);
      v_state := case when v_type = 'invoice.payment_failed' then 'past_due' else 'active' end;
    else
      v_period_end := to_timestamp((coalesce(v_obj ->> 'current_period_end',
        v_obj -> 'items' -> 'data' -> 0 ->> 'current_period_end'))::double precision);
      v_state := case
        when v_type = 'customer.subscription.deleted' then 'cancelled'
        when v_obj ->> 'status' in ('active', 'trialing') then 'active'
        when v_obj ->> 'status' in ('past_due', 'unpaid') then 'past_due'
        when v_obj ->> 'status' in ('canceled', 'incomplete_expired') then 'cancelled'
        else 'awaiting_payment' end;
      update buzz_haven.adoption_billing set stripe_subscription = coalesce(stripe_subscription, v_sub),
        stripe_customer = coalesce(stripe_customer, v_obj ->> 'customer')
      where adoption_id = v_adoption.id;
    end if;
    if v_billing.state = 'cancelled' and v_billing.stripe_subscription is not distinct from v_sub then
      v_detail := 'The subscription was cancelled already: ' || v_type || ' changes nothing';
    elsif v_billing.last_event_at is not null and v_at < v_billing.last_event_at then
      v_detail := 'Older than the last change applied: ' || v_type || ' changes nothing';
    else
      update buzz_haven.adoption_billing set state = v_state, last_event_at = v_at,
        current_period_end = case when v_state = 'active' then coalesce(v_period_end, current_period_end) else current_period_end end
      where adoption_id = v_adoption.id;
      v_outcome := 'applied';
    end if;
  end if;

  update buzz_haven.stripe_events set outcome = v_outcome, detail = left(v_detail, 500) where id = v_id;
  return jsonb_build_object('id', v_id, 'outcome', v_outcome, 'detail', v_detail);
end;
$$;

-- What Checkout's success page may show of an adoption: only to a caller holding its session id.
-- manage_token opens the customer portal (stripe-portal function) for a subscription.
create function public.get_buzz_haven_adoption_payment(p_adoption_id uuid default null, p_session_id text default null)
returns jsonb
language plpgsql stable security definer set search_path = '' -- reads buzz_haven.adoption_requests, adoption_billing and checkout_sessions, which anon has no grant on
as $$
declare
  v jsonb;
begin
  perform buzz_haven.check_input(p_adoption_id is not null and buzz_haven.is_stripe_id(p_session_id, 'cs'),
    'An adoption request id and a Checkout Session id are required');
  select jsonb_build_object('tier', a.tier, 'plan', a.plan, 'state', coalesce(b.state, 'awaiting_payment'), 'mode', b.mode,
    'amount', b.amount, 'paid_until', b.paid_until,
    'manage_token', case when b.stripe_customer is not null and b.mode = 'subscription' then b.manage_token end) into v
  from buzz_haven.adoption_requests as a
  join buzz_haven.checkout_sessions as s on s.adoption_id = a.id and s.id = p_session_id
  left join buzz_haven.adoption_billing as b on b.adoption_id = a.id
  where a.id = p_adoption_id;
  perform buzz_haven.check_found(v is not null, 'Adoption request not found');
  return v;
end;
$$;

select buzz_haven.grant_api_execute('get_buzz_haven_adoption_payment');
revoke all on function public.begin_buzz_haven_adoption_checkout(uuid, text),
  public.record_buzz_haven_adoption_checkout(uuid, text, text, integer, text, text, timestamptz),
  public.apply_buzz_haven_adoption_stripe_event(jsonb),
  public.get_buzz_haven_adoption_portal(text)
  from public, anon, authenticated;
grant execute on function public.begin_buzz_haven_adoption_checkout(uuid, text),
  public.record_buzz_haven_adoption_checkout(uuid, text, text, integer, text, text, timestamptz),
  public.apply_buzz_haven_adoption_stripe_event(jsonb),
  public.get_buzz_haven_adoption_portal(text)
  to service_role;

create trigger adoption_billing_queue_paid after insert or update of state on buzz_haven.adoption_billing
  for each row when (new.state = 'active') execute function buzz_haven.queue_adoption_paid();

-- The refund a prepare function is about to ask for, as a row of refunds: its reason and note.
-- A refund asked from the back office: owners and admins only, with the second factor when they have
-- one; the refund about to be asked for, as a row of refunds, has a reason and note its CHECKs allow.
create function buzz_haven.check_refund_request(p_reason text, p_note text) returns void
language plpgsql stable set search_path = ''
as $$
declare
  v buzz_haven.refunds;
begin
  perform buzz_haven.require_role(array['owner', 'admin'], 'Only an owner or admin can refund a payment');
  perform buzz_haven.require_second_factor();
  v.reason := p_reason;
  v.note := nullif(btrim(p_note), '');
  perform buzz_haven.explain_row(v);
end;
$$;
revoke all on function buzz_haven.check_refund_request(text, text) from public, anon, authenticated;

-- A refund Stripe made (the stripe-refund function), stored once per refund id and returned; told
-- again (a retry), only Stripe's status changes and the row returned is null.
create function buzz_haven.store_refund(p_order_id uuid, p_registration_id uuid, p_refund_id text,
  p_payment_intent text, p_amount integer, p_currency text, p_reason text, p_note text, p_status text,
  p_requested_by uuid, p_requested_by_name text) returns buzz_haven.refunds
language plpgsql set search_path = ''
as $$
declare
  v buzz_haven.refunds;
begin
  insert into buzz_haven.refunds (id, payment_intent, order_id, registration_id, amount, currency, reason, note, status,
    requested_by, requested_by_name)
  values (p_refund_id, p_payment_intent, p_order_id, p_registration_id, p_amount, p_currency, p_reason,
    nullif(btrim(p_note), ''), p_status, p_requested_by, coalesce(left(p_requested_by_name, 200), 'Unknown'))
  on conflict (id) do nothing
  returning * into v;
  if not found then
    update buzz_haven.refunds set status = p_status where id = p_refund_id;
  end if;
  return v;
end;
$$;
revoke all on function buzz_haven.store_refund(uuid, uuid, text, text, integer, text, text, text, text, uuid, text)
  from public, anon, authenticated;

-- A stored refund in the activity log, as the staff member's, on the row it refunds (p_what names it).
create function buzz_haven.log_refund(p_refund buzz_haven.refunds, p_resource text, p_record_id uuid, p_what text)
returns void language sql set search_path = ''
as $$
  insert into buzz_haven.activity_log (actor_id, actor_name, action, resource, record_id, summary)
  values (p_refund.requested_by, p_refund.requested_by_name, 'update', p_resource, p_record_id,
    left(format('Refund of $%s %s for %s%s%s (%s)', to_char(p_refund.amount / 100.0, 'FM999999990.00'), p_refund.status,
      p_what, coalesce(', ' || replace(p_refund.reason, '_', ' '), ''), coalesce(': ' || p_refund.note, ''), p_refund.id), 500))
$$;
revoke all on function buzz_haven.log_refund(buzz_haven.refunds, text, uuid, text) from public, anon, authenticated;

-- The refunds' messages are their CHECKs' own (buzz_haven.derived_message): their bounds and
-- allowed values say them. buzz_haven.explain_constraints raises them on a write (23514,
-- PostgREST's `details` naming the field), buzz_haven.explain_row for a row a function checks
-- before it writes it: the prepare functions write no row (they run before the refund is asked of
-- Stripe), so they check the refund they are about to ask for with buzz_haven.explain_row.
select buzz_haven.derive_messages('buzz_haven.refunds');

-- The payment settings' bounds, in words of their own (the columns' names say less).
insert into buzz_haven.constraint_messages (constraint_name, message) values
  ('payment_settings_hold_places_per_email_range', 'Places held per e-mail must be between %s and %s'),
  ('payment_settings_hold_places_per_client_range', 'Places held per client must be between %s and %s'),
  ('payment_settings_hold_start_minutes_range', 'Minutes to start paying must be between %s and %s');

-- The dashboard's "today" numbers in one request: what waits for someone, each the row count of
-- a filtered back-office list (the card links to it), and the month's takings from the payments
-- ledger. Every count reads an index range (the lists' own indexes, orders_awaiting_payment_idx),
-- so the answer costs the same at ten years of data. The week is [p_from, p_from + 7 days): the
-- card sends its own now, so that its link's filter holds the same bounds.
-- Card payments received and refunds asked in [p_from, p_to), from the payments ledger (the
-- Payment Months list adds refunds made in Stripe's own dashboard, once their webhook tells).
create function buzz_haven.takings_between(p_from timestamptz, p_to timestamptz) returns jsonb
language sql stable set search_path = ''
as $$
  select jsonb_build_object('received', r.received, 'refunded', f.refunded, 'net', r.received - f.refunded)
  from (select coalesce(sum(amount), 0)::bigint as received from buzz_haven.payments
        where created_at >= p_from and created_at < p_to) as r,
       (select coalesce(sum(amount), 0)::bigint as refunded from buzz_haven.refunds
        where created_at >= p_from and created_at < p_to and status in ('pending', 'requires_action', 'succeeded')) as f
$$;
revoke all on function buzz_haven.takings_between(timestamptz, timestamptz) from public, anon, authenticated;

-- The week's workshops and volunteer shifts, soonest first (at most p_limit): places taken (a
-- workshop's confirmed, attended and held places, as buzz_haven.spots_left counts them; a shift's
-- confirmed volunteers) and waitlisted places, each read from its event's index range.
create function buzz_haven.week_sessions(p_from timestamptz, p_limit integer) returns jsonb
language sql stable set search_path = ''
as $$
  select coalesce(jsonb_agg(jsonb_build_object('id', e.id, 'title', e.title, 'kind', e.kind,
    'start_time', e.start_time, 'capacity', e.capacity, 'taken', e.taken, 'waitlist', e.waitlist)
    order by e.start_time, e.id), '[]'::jsonb)
  from (
    select e.id, e.title, e.kind, e.start_time, e.capacity,
      case when e.kind = 'volunteer' then
        (select count(*) from buzz_haven.volunteer_signups as v where v.event_id = e.id and v.status = 'confirmed')
      else (select coalesce(sum(r.places), 0) from buzz_haven.event_registrations as r
        where r.event_id = e.id and r.status in ('confirmed', 'attended', 'held')) end::integer as taken,
      (select coalesce(sum(r.places), 0) from buzz_haven.event_registrations as r
        where r.event_id = e.id and r.status = 'waitlisted')::integer as waitlist
    from buzz_haven.events as e
    where e.start_time >= p_from and e.start_time < p_from + interval '7 days'
      and e.status = 'scheduled' and e.kind in ('workshop', 'volunteer')
    order by e.start_time, e.id
    limit p_limit
  ) as e
$$;
revoke all on function buzz_haven.week_sessions(timestamptz, integer) from public, anon, authenticated;

-- The week's card counts the workshops and volunteer shifts (the events list filtered on
-- kind=in.(workshop,volunteer)) and lists the first of them with their places; the art card says
-- when this month's vote closes (the start of next month in California: a design approved today
-- goes on this month's ballot, buzz_haven.art_current_month).
create function public.get_buzz_haven_today(p_from timestamptz default now()) returns jsonb
language plpgsql stable security definer set search_path = '' -- counts buzz_haven tables, which the caller has no grant on
as $$
declare
  v_month timestamptz := date_trunc('month', p_from at time zone 'UTC') at time zone 'UTC';
  v_last timestamptz := v_month - interval '1 month';
begin
  perform buzz_haven.require_role();
  return jsonb_build_object(
    'orders_to_confirm', (select count(*) from buzz_haven.orders where status = 'new'),
    'orders_awaiting_payment', (select count(*) from buzz_haven.orders where payment_state = 'awaiting_payment'),
    'swarm_open', (select count(*) from buzz_haven.swarm_reports where is_open),
    'swarm_oldest', (select min(created_at) from buzz_haven.swarm_reports where is_open),
    'visits_to_book', (select count(*) from buzz_haven.host_applications where status = 'new'),
    'designs_to_moderate', (select count(*) from buzz_haven.art_designs where status = 'pending'),
    'vote_closes', (buzz_haven.art_current_month() + interval '1 month')::timestamp at time zone 'America/Los_Angeles',
    'week_events', (select count(*) from buzz_haven.events
      where start_time >= p_from and start_time < p_from + interval '7 days' and status = 'scheduled'
        and kind in ('workshop', 'volunteer')),
    'week_sessions', buzz_haven.week_sessions(p_from, 5),
    'failed_emails', (select count(*) from buzz_haven.outbox_messages where state = 'dead'),
    -- the Hives list's varroa flag, so the card's number is the rows its link shows
    'hives_over_threshold', (select count(*) from buzz_haven_lists.hives as h where h.varroa_flag),
    'takings', jsonb_build_object(
      'this_month', buzz_haven.takings_between(v_month, v_month + interval '1 month'),
      'last_month', buzz_haven.takings_between(v_last, v_month)
    )
  );
end;
$$;
select buzz_haven.grant_api_execute('get_buzz_haven_today');
