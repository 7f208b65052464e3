-- Refunds of card payments asked from the back office (the refunds table, prepare and record),
-- and what the paid confirmation page may show of an order.
set check_function_bodies = false;

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
