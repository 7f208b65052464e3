-- Checkout guards: one open Checkout Session per purchase however many times Pay now is clicked
-- at once, and an adoption made active only by a charge at its tier's monthly price in usd.

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

-- The sessions recorded for a purchase (checkout_sessions keeps one column per kind).
create function buzz_haven.checkout_sessions_of(p_kind text, p_target_id uuid)
returns setof buzz_haven.checkout_sessions
language sql
stable
set search_path = ''
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
language plpgsql
security definer -- locks the purchase and writes buzz_haven.checkout_attempts; the service key only
set search_path = ''
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

-- Why a charge for an adoption is not its price (null when it is): Adopt-a-Hive has one recurring
-- price, the tier's monthly price as stored on the request (buzz_haven.adopt_tiers when it was
-- made, and what its Checkout charged), in usd, billed every month.
create function buzz_haven.adoption_charge_refusal(
  p_adoption buzz_haven.adoption_requests, p_amount integer, p_currency text, p_every text default 'month'
)
returns text
language sql
stable
set search_path = ''
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

-- The adoption events as before, with the price checked on every event that would make an
-- adoption active, as gifts were: a subscription's checkout (amount_total), a paid invoice
-- (amount_paid) and an active subscription (its items' price, currency and interval) must charge
-- the adoption's monthly price in usd every month. Anything else is refused ('rejected', the
-- activity log's 'Card payment refused: …' line) and leaves the adoption's state, customer,
-- subscription and invoices as they were. Events that end or pause an adoption (a failed invoice,
-- a past_due or deleted subscription) grant nothing and are applied as before.
create or replace function public.apply_buzz_haven_adoption_stripe_event(p_event jsonb default null)
returns jsonb
language plpgsql
security definer -- writes stripe_events, payments, checkout_sessions, adoption_billing, adoption_invoices; the service key only
set search_path = ''
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
  perform buzz_haven.check_input(jsonb_typeof(p_event) = 'object' and buzz_haven.is_stripe_id(v_id, 'evt')
    and coalesce(v_type, '') <> '' and jsonb_typeof(v_obj) = 'object', 'A Stripe event (id evt_…, type, data.object) is required');
  insert into buzz_haven.stripe_events (id, type, object_id, livemode, stripe_created, payload)
  values (v_id, left(v_type, 100), left(v_obj ->> 'id', 255), coalesce((p_event ->> 'livemode')::boolean, false), v_at, p_event)
  on conflict (id) do nothing;
  if not found then
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
