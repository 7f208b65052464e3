-- Sending an order request from the site's cart, paid offline or by card (Stripe Checkout).
set check_function_bodies = false;

-- Buzz Haven: card payments for orders through Stripe Checkout.
-- With STRIPE_SECRET_KEY unset nothing here is used: orders keep payment_state 'offline' (paid at
-- pickup or by invoice, as before). With it, the stripe-checkout Edge Function asks
-- begin_buzz_haven_order_checkout for the order's server-computed total and lines, creates a
-- Checkout Session for exactly that, and records it (record_buzz_haven_checkout_session): the order
-- is 'awaiting_payment'. The stripe-webhook function verifies each event's signature and hands it
-- to apply_buzz_haven_stripe_event, which stores it by its id and applies it in the same
-- transaction, so an event is applied once however often Stripe delivers it, and a failure rolls
-- the stored id back too (Stripe retries a 5xx). A payment counts only when its amount and currency
-- are the order's total in usd; otherwise the order stays unpaid and the refusal is logged
-- (stripe_events.outcome 'rejected' and the activity log). An expired session leaves the order
-- 'unpaid' for staff to follow up. Refunds (charge.refunded) mark the payment and the order
-- 'refunded' or 'partially_refunded', and a late 'completed' never turns a refund back into 'paid'.
-- All three RPCs are for the service key only (the Edge Functions); amounts in integer cents.

create or replace function public.submit_buzz_haven_order_request(
  p_customer_name text default null,
  p_customer_email text default null,
  p_customer_phone text default null,
  p_delivery text default null,
  p_address jsonb default null,
  p_items jsonb default null,
  p_website text default null,
  p_payment text default null,
  p_locale text default 'en'
)
returns jsonb
language plpgsql security definer set search_path = '' -- writes buzz_haven.orders and order_items, which anon has no grant on
as $$
declare
  v_item jsonb;
  v_pickup boolean := p_delivery = 'pickup';
  v_addr jsonb := case when p_delivery = 'pickup' then null else p_address end;
  v_zip text := regexp_replace(coalesce(p_address ->> 'zip', ''), '[[:space:]-]', '', 'g');
  v_bad uuid;
  v_order buzz_haven.orders;
  v_subtotal integer;
  v_card boolean := p_payment = 'card';
begin
  perform buzz_haven.set_request_locale(p_locale);
  perform buzz_haven.check_rule(p_payment is null or p_payment in ('later', 'card'), 'order_payment_known');
  perform buzz_haven.check_rule(v_card or coalesce((select s.pay_later from buzz_haven.payment_settings as s limit 1), true),
    'order_card_only');
  perform buzz_haven.check_rule(nullif(btrim(p_customer_name), '') is not null, 'name_required');
  perform buzz_haven.check_rule(buzz_haven.is_email(btrim(p_customer_email)), 'email_valid');
  -- the order as it is stored; orders' CHECKs explain a value they refuse (the name's, phone's and
  -- address's lengths, the delivery) before the address the delivery asks for is checked
  v_order.customer_name := btrim(p_customer_name);
  v_order.customer_email := btrim(p_customer_email);
  v_order.customer_phone := nullif(btrim(p_customer_phone), '');
  v_order.delivery := coalesce(p_delivery, '');
  v_order.address_line1 := nullif(btrim(v_addr ->> 'line1'), '');
  v_order.address_line2 := nullif(btrim(v_addr ->> 'line2'), '');
  v_order.city := nullif(btrim(v_addr ->> 'city'), '');
  perform buzz_haven.explain_row(v_order);
  if not v_pickup then
    perform buzz_haven.check_rule(jsonb_typeof(v_addr) = 'object', 'order_address_required');
    perform buzz_haven.check_rule(coalesce(upper(btrim(v_addr ->> 'country')), 'US') in ('US', 'USA', 'UNITED STATES'),
      'order_us_only');
    perform buzz_haven.check_rule(nullif(btrim(v_addr ->> 'line1'), '') is not null, 'address_required');
    perform buzz_haven.check_rule(nullif(btrim(v_addr ->> 'city'), '') is not null, 'city_required');
    perform buzz_haven.check_rule(buzz_haven.is_us_state(upper(btrim(v_addr ->> 'state'))), 'order_state_format');
    perform buzz_haven.check_rule(v_zip ~ '^([0-9]{5}|[0-9]{9})$', 'order_zip_format');
  end if;
  perform buzz_haven.check_rule(jsonb_typeof(p_items) = 'array' and jsonb_array_length(p_items) > 0, 'order_cart_empty');
  perform buzz_haven.check_rule(jsonb_array_length(p_items) <= 20, 'order_products_max');
  for v_item in select e from jsonb_array_elements(p_items) as e loop
    perform buzz_haven.check_rule(jsonb_typeof(v_item) = 'object'
      and coalesce(v_item ->> 'product_id', '') ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$',
      'order_item_product');
    -- the line's quantity against order_items' range (0 when it is no whole number of up to three digits)
    perform buzz_haven.explain_row(jsonb_populate_record(null::buzz_haven.order_items, jsonb_build_object('quantity',
      case when coalesce(v_item ->> 'quantity', '') ~ '^[0-9]{1,3}$' then (v_item ->> 'quantity')::integer else 0 end)));
    perform buzz_haven.check_rule(coalesce(v_item ->> 'unit_price', '0') ~ '^[0-9]{1,9}$', 'order_unit_price_cents');
  end loop;
  -- a product's lines added up, as its order_items row will hold them
  perform buzz_haven.explain_row(jsonb_populate_record(null::buzz_haven.order_items, jsonb_build_object('quantity', c.quantity)))
  from buzz_haven.cart_lines(p_items) as c;

  select c.product_id into v_bad from buzz_haven.cart_lines(p_items) as c
  left join buzz_haven.products as p on p.id = c.product_id and p.is_public
  where p.id is null limit 1;
  if v_bad is not null then
    raise exception '%', buzz_haven.rule_message('order_product_unavailable')
      using errcode = 'PT409', detail = v_bad::text;
  end if;
  select c.product_id into v_bad from buzz_haven.cart_lines(p_items) as c join buzz_haven.products as p on p.id = c.product_id
  where c.min_sent <> p.price or c.max_sent <> p.price limit 1;
  if v_bad is not null then
    raise exception '%', buzz_haven.rule_message('order_prices_changed') using errcode = 'PT409', detail = v_bad::text;
  end if;

  perform buzz_haven.guard_request('order', btrim(p_customer_email));
  select sum(p.price * c.quantity)::integer into v_subtotal
  from buzz_haven.cart_lines(p_items) as c join buzz_haven.products as p on p.id = c.product_id;
  if nullif(btrim(p_website), '') is not null then
    -- A bot's answer: the real prices, a number drawn among the four-digit ones, nothing stored.
    return jsonb_build_object('number', 'BH-' || (1001 + floor(random() * 8999))::integer, 'subtotal', v_subtotal,
      'shipping', buzz_haven.shipping_cost(p_delivery, v_subtotal),
      'total', v_subtotal + buzz_haven.shipping_cost(p_delivery, v_subtotal));
  end if;
  insert into buzz_haven.orders (customer_name, customer_email, customer_phone, delivery, address_line1, address_line2,
    city, state, zip, subtotal, shipping, total, payment_state, locale)
  values (v_order.customer_name, v_order.customer_email, v_order.customer_phone, p_delivery,
    v_order.address_line1, v_order.address_line2, v_order.city,
    upper(btrim(v_addr ->> 'state')), case when v_pickup then null when length(v_zip) = 9
      then substr(v_zip, 1, 5) || '-' || substr(v_zip, 6) else v_zip end,
    v_subtotal, buzz_haven.shipping_cost(p_delivery, v_subtotal),
    v_subtotal + buzz_haven.shipping_cost(p_delivery, v_subtotal),
    -- card: unpaid until stripe-checkout records its session (awaiting_payment) and the webhook pays it
    case when v_card then 'unpaid' else 'offline' end, buzz_haven.request_locale())
  returning * into v_order;
  insert into buzz_haven.order_items (order_id, product_id, name, unit_price, quantity)
  select v_order.id, p.id, p.name, p.price, c.quantity
  from buzz_haven.cart_lines(p_items) as c join buzz_haven.products as p on p.id = c.product_id
  order by p.name;
  return jsonb_build_object('number', v_order.number, 'subtotal', v_order.subtotal, 'shipping', v_order.shipping,
    'total', v_order.total);
end;
$$;

select buzz_haven.grant_api_execute('submit_buzz_haven_order_request');
