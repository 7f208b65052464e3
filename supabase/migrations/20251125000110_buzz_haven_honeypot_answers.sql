-- Buzz Haven: the order form's honeypot answer says nothing about the shop's orders.
-- A filled p_website (a field people never see) got 'BH-' and the NEXT real order number
-- (20251123000730_buzz_haven_order_submit.sql), so a bot learnt how many orders the shop takes, and
-- totals of 0, which told it it had been caught. Now the honeypot is checked where a real order is
-- stored: after the same checks (a bot gets the same 400, 409 and 429 refusals as a visitor), and
-- answered with the real prices and a number drawn at random among the four-digit ones, the
-- shape of real numbers (BH-1001 up). Nothing is stored but the guard's hashed count.
-- The other honeypots (register_buzz_haven_workshop, submit_buzz_haven_adoption_request,
-- submit_buzz_haven_swarm_report) answer a random uuid and values computed from the input only,
-- so they tell nothing about stored rows; they are unchanged.

create or replace function public.submit_buzz_haven_order_request(
  p_customer_name text default null,
  p_customer_email text default null,
  p_customer_phone text default null,
  p_delivery text default null,
  p_address jsonb default null,
  p_items jsonb default null,
  p_website text default null
)
returns jsonb
language plpgsql
security definer -- writes buzz_haven.orders and order_items, which anon has no grant on
set search_path = ''
as $$
declare
  v_item jsonb;
  v_pickup boolean := p_delivery = 'pickup';
  v_addr jsonb := case when p_delivery = 'pickup' then null else p_address end;
  v_zip text := regexp_replace(coalesce(p_address ->> 'zip', ''), '[[:space:]-]', '', 'g');
  v_bad uuid;
  v_order buzz_haven.orders;
  v_subtotal integer;
begin
  perform buzz_haven.check_text(p_customer_name, 'Name', 200, true);
  perform buzz_haven.check_input(buzz_haven.is_email(btrim(p_customer_email)), 'A valid email is required');
  perform buzz_haven.check_text(p_customer_phone, 'Phone number', 40);
  perform buzz_haven.check_input(p_delivery in ('standard', 'express', 'pickup'), 'Delivery must be standard, express or pickup');
  if not v_pickup then
    perform buzz_haven.check_input(jsonb_typeof(v_addr) = 'object', 'A shipping address is required (or choose local pickup)');
    perform buzz_haven.check_input(coalesce(upper(btrim(v_addr ->> 'country')), 'US') in ('US', 'USA', 'UNITED STATES'),
      'We ship within the United States only');
    perform buzz_haven.check_text(v_addr ->> 'line1', 'Address', 200, true);
    perform buzz_haven.check_text(v_addr ->> 'line2', 'Address line 2', 200);
    perform buzz_haven.check_text(v_addr ->> 'city', 'City', 100, true);
    perform buzz_haven.check_input(buzz_haven.is_us_state(upper(btrim(v_addr ->> 'state'))), 'State must be a two-letter US state code');
    perform buzz_haven.check_input(v_zip ~ '^([0-9]{5}|[0-9]{9})$', 'ZIP code must be 5 or 9 digits');
  end if;
  perform buzz_haven.check_input(jsonb_typeof(p_items) = 'array' and jsonb_array_length(p_items) > 0, 'Your cart is empty');
  perform buzz_haven.check_input(jsonb_array_length(p_items) <= 20, 'At most 20 different products per order');
  for v_item in select e from jsonb_array_elements(p_items) as e loop
    perform buzz_haven.check_input(jsonb_typeof(v_item) = 'object'
      and coalesce(v_item ->> 'product_id', '') ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$',
      'Each item needs a product_id');
    perform buzz_haven.check_input(coalesce(v_item ->> 'quantity', '') ~ '^[0-9]{1,3}$'
      and (v_item ->> 'quantity')::integer between 1 and 50, 'Quantity must be between 1 and 50');
    perform buzz_haven.check_input(coalesce(v_item ->> 'unit_price', '0') ~ '^[0-9]{1,9}$', 'Unit price must be whole cents');
  end loop;

  perform buzz_haven.check_input(not exists (select 1 from buzz_haven.cart_lines(p_items) as c where c.quantity > 50),
    'Quantity must be between 1 and 50');
  select c.product_id into v_bad from buzz_haven.cart_lines(p_items) as c
  left join buzz_haven.products as p on p.id = c.product_id and p.is_public
  where p.id is null limit 1;
  if v_bad is not null then
    raise exception 'A product in your cart is no longer available; please review your cart'
      using errcode = 'PT409', detail = v_bad::text;
  end if;
  select c.product_id into v_bad from buzz_haven.cart_lines(p_items) as c join buzz_haven.products as p on p.id = c.product_id
  where c.min_sent <> p.price or c.max_sent <> p.price limit 1;
  if v_bad is not null then
    raise exception 'Prices have changed; please review your cart' using errcode = 'PT409', detail = v_bad::text;
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
    city, state, zip, subtotal, shipping, total)
  values (btrim(p_customer_name), btrim(p_customer_email), nullif(btrim(p_customer_phone), ''), p_delivery,
    nullif(btrim(v_addr ->> 'line1'), ''), nullif(btrim(v_addr ->> 'line2'), ''), nullif(btrim(v_addr ->> 'city'), ''),
    upper(btrim(v_addr ->> 'state')), case when v_pickup then null when length(v_zip) = 9
      then substr(v_zip, 1, 5) || '-' || substr(v_zip, 6) else v_zip end,
    v_subtotal, buzz_haven.shipping_cost(p_delivery, v_subtotal),
    v_subtotal + buzz_haven.shipping_cost(p_delivery, v_subtotal))
  returning * into v_order;
  insert into buzz_haven.order_items (order_id, product_id, name, unit_price, quantity)
  select v_order.id, p.id, p.name, p.price, c.quantity
  from buzz_haven.cart_lines(p_items) as c join buzz_haven.products as p on p.id = c.product_id
  order by p.name;
  return jsonb_build_object('number', v_order.number, 'subtotal', v_order.subtotal, 'shipping', v_order.shipping,
    'total', v_order.total);
end;
$$;
