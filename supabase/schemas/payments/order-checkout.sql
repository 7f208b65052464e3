-- Paying an order by card: its checkout begun and its session recorded, a Stripe event stored
-- once and applied (apply_stripe_payment, apply_buzz_haven_stripe_event).
set check_function_bodies = false;

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
