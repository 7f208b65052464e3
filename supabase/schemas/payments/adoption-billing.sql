-- Adopt-a-Hive paid by card: the billing and invoice tables, the adoptions list's card state,
-- the checkout, and how a charge is checked against the adoption's price.
set check_function_bodies = false;

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
