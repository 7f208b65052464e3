-- Buzz Haven: an order paid twice is told to staff. Two Checkout Sessions of one order (two tabs,
-- or a session handed out before the first was paid) can both be paid; each PaymentIntent is its
-- own payments row (20251126005000_buzz_haven_payments.sql), and now the second also writes the
-- activity log line 'Order BH-… was paid twice …: refund one', so staff refund it.

create or replace function buzz_haven.apply_stripe_payment(
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
revoke all on function buzz_haven.apply_stripe_payment(text, uuid, text, text, integer, text, boolean)
  from public, anon, authenticated;
