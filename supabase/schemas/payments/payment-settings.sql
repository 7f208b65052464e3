-- How orders and workshop places are paid: the payment settings row and its RPCs.
set check_function_bodies = false;

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
