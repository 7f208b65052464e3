-- Buzz Haven: refunds of card payments from the back office (issue 25, orders). An owner or admin
-- (with their second factor when they have one: money leaves the business) asks the stripe-refund
-- Edge Function to refund all or part of an order's payment, with a reason. The function first
-- asks prepare_buzz_haven_refund with the caller's own JWT (who may, how much is left to refund),
-- then calls Stripe's Refunds API, then records the refund with the service key
-- (record_buzz_haven_refund: who asked, why, how much, Stripe's status) and logs it. Stripe's
-- charge.refunded webhook (apply_buzz_haven_stripe_event, 20251126005000) moves the payment and the
-- order to partially_refunded / refunded, so the state follows Stripe even for refunds made in
-- Stripe's dashboard. Amounts in cents.

create table buzz_haven.refunds (
  id text primary key constraint refunds_id_format check (id ~ '^re_[A-Za-z0-9_]{1,250}$'),
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
  created_at timestamptz not null default now()
);
create index refunds_order_idx on buzz_haven.refunds (order_id, created_at);
comment on table buzz_haven.refunds is
  'Refunds asked from the back office through Stripe: amount (cents), reason, note, who asked, Stripe''s status.';
alter table buzz_haven.refunds enable row level security;
revoke all on buzz_haven.refunds from public, anon, authenticated;

-- What may still be refunded of a payment: its amount less what Stripe reported refunded or what
-- refunds asked here already took, whichever is more.
create function buzz_haven.refundable(p buzz_haven.payments) returns integer
language sql
stable
set search_path = ''
as $$
  select p.amount - greatest(p.amount_refunded, coalesce((select sum(r.amount)::integer from buzz_haven.refunds as r
    where r.payment_intent = p.payment_intent and r.status in ('pending', 'requires_action', 'succeeded')), 0))
$$;
revoke all on function buzz_haven.refundable(buzz_haven.payments) from public, anon, authenticated;

-- The caller's refund of an order's card payment: checked, not yet made. p_amount null: all that is
-- left. Returns what the function hands to Stripe and who asked.
create function public.prepare_buzz_haven_refund(
  p_order_id uuid default null, p_amount integer default null, p_reason text default null, p_note text default null
)
returns jsonb
language plpgsql
security definer -- reads buzz_haven.payments and orders, which the caller has no grant on
set search_path = ''
as $$
declare
  v_pay buzz_haven.payments;
  v_order buzz_haven.orders;
  v_left integer;
  v_amount integer;
  v_who record;
begin
  perform buzz_haven.require_role(array['owner', 'admin'], 'Only an owner or admin can refund a payment');
  perform buzz_haven.require_second_factor();
  perform buzz_haven.check_input(p_reason is null or p_reason in ('requested_by_customer', 'duplicate', 'fraudulent'),
    'Reason must be requested_by_customer, duplicate or fraudulent');
  perform buzz_haven.check_text(p_note, 'Note', 500);
  select * into v_order from buzz_haven.orders as o where o.id = p_order_id;
  if not found then
    raise exception 'Order not found' using errcode = 'PT404';
  end if;
  select * into v_pay from buzz_haven.payments as p
  where p.order_id = p_order_id and buzz_haven.refundable(p) > 0
  order by p.created_at, p.id limit 1
  for update;
  if not found then
    raise exception 'Order % has no card payment left to refund', v_order.number using errcode = 'PT409';
  end if;
  v_left := buzz_haven.refundable(v_pay);
  v_amount := coalesce(p_amount, v_left);
  perform buzz_haven.check_input(v_amount between 1 and v_left,
    format('A refund of this payment is between $0.01 and $%s', to_char(v_left / 100.0, 'FM999999990.00')));
  select * into v_who from buzz_haven.caller_profile();
  return jsonb_build_object('order_id', v_order.id, 'number', v_order.number, 'payment_intent', v_pay.payment_intent,
    'amount', v_amount, 'currency', v_pay.currency, 'refunded_before', v_pay.amount - v_left,
    'reason', p_reason, 'note', nullif(btrim(p_note), ''),
    'requested_by', v_who.profile_id, 'requested_by_name', v_who.display_name);
end;
$$;

-- The refund Stripe made (service key: the stripe-refund function), logged as the staff member's.
create function public.record_buzz_haven_refund(
  p_refund_id text default null, p_payment_intent text default null, p_order_id uuid default null,
  p_amount integer default null, p_currency text default null, p_reason text default null, p_note text default null,
  p_status text default null, p_requested_by uuid default null, p_requested_by_name text default null
)
returns void
language plpgsql
security definer -- writes buzz_haven.refunds and activity_log; the service key only
set search_path = ''
as $$
declare
  v_number text;
begin
  insert into buzz_haven.refunds (id, payment_intent, order_id, amount, currency, reason, note, status, requested_by,
    requested_by_name)
  values (p_refund_id, p_payment_intent, p_order_id, p_amount, p_currency, p_reason, nullif(btrim(p_note), ''), p_status,
    p_requested_by, coalesce(left(p_requested_by_name, 200), 'Unknown'))
  on conflict (id) do nothing;
  if not found then -- told again (a retry): only Stripe's status changes
    update buzz_haven.refunds set status = p_status where id = p_refund_id;
    return;
  end if;
  select o.number into v_number from buzz_haven.orders as o where o.id = p_order_id;
  if v_number is not null then
    insert into buzz_haven.activity_log (actor_id, actor_name, action, resource, record_id, summary)
    values (p_requested_by, coalesce(left(p_requested_by_name, 200), 'Unknown'), 'update', 'orders', p_order_id,
      left(format('Refund of $%s %s for order %s%s%s (%s)', to_char(p_amount / 100.0, 'FM999999990.00'), p_status, v_number,
        coalesce(', ' || replace(p_reason, '_', ' '), ''), coalesce(': ' || nullif(btrim(p_note), ''), ''), p_refund_id), 500));
  end if;
end;
$$;

-- Like every back-office RPC: callable by the API roles, refusing inside with a message the admin shows.
select buzz_haven.grant_api_execute('public.prepare_buzz_haven_refund(uuid, integer, text, text)');
revoke all on function public.record_buzz_haven_refund(text, text, uuid, integer, text, text, text, text, uuid, text)
  from public, anon, authenticated;
grant execute on function public.record_buzz_haven_refund(text, text, uuid, integer, text, text, text, text, uuid, text)
  to service_role;
