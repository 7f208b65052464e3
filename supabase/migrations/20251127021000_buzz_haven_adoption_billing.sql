-- Buzz Haven: Adopt-a-Hive paid by card (issue 25, adoptions). With card payments on, the site sends
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
  stripe_customer text constraint adoption_billing_customer_format check (stripe_customer ~ '^cus_[A-Za-z0-9_]{1,250}$'),
  stripe_subscription text constraint adoption_billing_subscription_key unique
    constraint adoption_billing_subscription_format check (stripe_subscription ~ '^sub_[A-Za-z0-9_]{1,250}$'),
  current_period_end timestamptz,
  paid_until timestamptz,
  last_event_at timestamptz,
  manage_token text not null default replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')
    constraint adoption_billing_manage_token_key unique
    constraint adoption_billing_manage_token_format check (manage_token ~ '^[0-9a-f]{64}$'),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table buzz_haven.adoption_billing is
  'Card billing of an adoption: state (awaiting_payment, active, past_due, cancelled), subscription or one gift payment '
  '(amount in cents: a month, or the whole gift), Stripe customer and subscription, paid_until for a gift; manage_token opens the customer portal.';

create table buzz_haven.adoption_invoices (
  id text primary key constraint adoption_invoices_id_format check (id ~ '^in_[A-Za-z0-9_]{1,250}$'),
  adoption_id uuid references buzz_haven.adoption_requests (id) on delete set null,
  stripe_subscription text constraint adoption_invoices_subscription_format check (stripe_subscription ~ '^sub_[A-Za-z0-9_]{1,250}$'),
  status text not null constraint adoption_invoices_status_known check (status in ('draft', 'open', 'paid', 'uncollectible', 'void')),
  amount_due integer not null constraint adoption_invoices_amount_due_range check (amount_due >= 0),
  amount_paid integer not null constraint adoption_invoices_amount_paid_range check (amount_paid >= 0),
  currency text not null constraint adoption_invoices_currency_format check (currency ~ '^[a-z]{3}$'),
  billing_reason text constraint adoption_invoices_billing_reason_length check (char_length(billing_reason) <= 60),
  period_end timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index adoption_invoices_adoption_idx on buzz_haven.adoption_invoices (adoption_id, created_at);
comment on table buzz_haven.adoption_invoices is 'Stripe invoices of adoption subscriptions (first and renewals), as their webhooks tell (cents).';

alter table buzz_haven.adoption_billing enable row level security;
alter table buzz_haven.adoption_invoices enable row level security;
revoke all on buzz_haven.adoption_billing, buzz_haven.adoption_invoices from public, anon, authenticated;
create trigger adoption_billing_set_updated_at before update on buzz_haven.adoption_billing
  for each row execute function buzz_haven.set_updated_at();
create trigger adoption_invoices_set_updated_at before update on buzz_haven.adoption_invoices
  for each row execute function buzz_haven.set_updated_at();

alter table buzz_haven.checkout_sessions
  add column adoption_id uuid references buzz_haven.adoption_requests (id) on delete cascade;
create index checkout_sessions_adoption_idx on buzz_haven.checkout_sessions (adoption_id, created_at desc)
  where adoption_id is not null;
alter table buzz_haven.payments
  add column adoption_id uuid references buzz_haven.adoption_requests (id) on delete set null;
create index payments_adoption_idx on buzz_haven.payments (adoption_id) where adoption_id is not null;

-- What to charge for an adoption request (service key: stripe-checkout). p_email must be the
-- requester's. Monthly: mode subscription, amount a month; gift-N: mode payment, N months at once.
create function public.begin_buzz_haven_adoption_checkout(p_adoption_id uuid default null, p_email text default null)
returns jsonb
language plpgsql
security definer -- reads buzz_haven.adoption_requests and adoption_billing; the service key only
set search_path = ''
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
  if not found then
    raise exception 'Adoption request not found' using errcode = 'PT404';
  end if;
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
language plpgsql
security definer -- writes buzz_haven.checkout_sessions and adoption_billing; the service key only
set search_path = ''
as $$
begin
  perform buzz_haven.check_input(coalesce(p_session_id, '') ~ '^cs_[A-Za-z0-9_]{1,250}$', 'A Checkout Session id is required');
  insert into buzz_haven.checkout_sessions (id, adoption_id, amount, currency, url, expires_at)
  values (p_session_id, p_adoption_id, p_amount, p_currency, p_url, p_expires_at)
  on conflict (id) do nothing;
  insert into buzz_haven.adoption_billing (adoption_id, mode, amount)
  values (p_adoption_id, p_mode, p_amount)
  on conflict (adoption_id) do nothing;
end;
$$;

-- The adoption a subscription or invoice event is about: by the adoption id Stripe copies from the
-- subscription's metadata, else by the subscription id recorded at checkout.
create function buzz_haven.adoption_of_stripe_object(p_obj jsonb, p_subscription text) returns uuid
language sql
stable
set search_path = ''
as $$
  select coalesce(
    (select a.id from buzz_haven.adoption_requests as a where a.id::text = coalesce(
      p_obj -> 'metadata' ->> 'adoption_id',
      p_obj -> 'parent' -> 'subscription_details' -> 'metadata' ->> 'adoption_id',
      p_obj -> 'subscription_details' -> 'metadata' ->> 'adoption_id')),
    (select b.adoption_id from buzz_haven.adoption_billing as b where b.stripe_subscription = p_subscription))
$$;
revoke all on function buzz_haven.adoption_of_stripe_object(jsonb, text) from public, anon, authenticated;

create function public.apply_buzz_haven_adoption_stripe_event(p_event jsonb default null)
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
begin
  perform buzz_haven.check_input(jsonb_typeof(p_event) = 'object' and coalesce(v_id, '') ~ '^evt_[A-Za-z0-9_]{1,250}$'
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
        or coalesce(v_obj ->> 'payment_intent', '') !~ '^pi_[A-Za-z0-9_]{1,250}$' then
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
language plpgsql
stable
security definer -- reads buzz_haven.adoption_requests, adoption_billing and checkout_sessions, which anon has no grant on
set search_path = ''
as $$
declare
  v jsonb;
begin
  perform buzz_haven.check_input(p_adoption_id is not null and coalesce(p_session_id, '') ~ '^cs_[A-Za-z0-9_]{1,250}$',
    'An adoption request id and a Checkout Session id are required');
  select jsonb_build_object('tier', a.tier, 'plan', a.plan, 'state', coalesce(b.state, 'awaiting_payment'), 'mode', b.mode,
    'amount', b.amount, 'paid_until', b.paid_until,
    'manage_token', case when b.stripe_customer is not null and b.mode = 'subscription' then b.manage_token end) into v
  from buzz_haven.adoption_requests as a
  join buzz_haven.checkout_sessions as s on s.adoption_id = a.id and s.id = p_session_id
  left join buzz_haven.adoption_billing as b on b.adoption_id = a.id
  where a.id = p_adoption_id;
  if v is null then
    raise exception 'Adoption request not found' using errcode = 'PT404';
  end if;
  return v;
end;
$$;

-- The customer whose portal a manage link opens (service key: stripe-portal).
create function public.get_buzz_haven_adoption_portal(p_token text default null)
returns jsonb
language plpgsql
stable
security definer -- reads buzz_haven.adoption_billing; the service key only
set search_path = ''
as $$
declare
  v jsonb;
begin
  perform buzz_haven.check_input(coalesce(p_token, '') ~ '^[0-9a-f]{64}$', 'A manage link is required');
  select jsonb_build_object('adoption_id', b.adoption_id, 'customer', b.stripe_customer, 'state', b.state) into v
  from buzz_haven.adoption_billing as b where b.manage_token = p_token and b.stripe_customer is not null;
  if v is null then
    raise exception 'This link does not open an adoption' using errcode = 'PT404';
  end if;
  return v;
end;
$$;

-- Staff see each adoption's card state beside the request (the view's earlier columns unchanged).
create or replace view buzz_haven_lists.adoption_requests as
select a.*, b.state as billing_state, b.mode as billing_mode, b.amount as billing_amount, b.current_period_end,
  b.paid_until, b.stripe_customer, b.stripe_subscription,
  (select count(*)::integer from buzz_haven.adoption_invoices as i where i.adoption_id = a.id and i.status = 'paid') as invoices_paid
from buzz_haven.adoption_requests as a
left join buzz_haven.adoption_billing as b on b.adoption_id = a.id
where buzz_haven_lists.staff_only();

select buzz_haven.grant_api_execute('public.get_buzz_haven_adoption_payment(uuid, text)');
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
