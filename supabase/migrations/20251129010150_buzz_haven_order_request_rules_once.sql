-- Buzz Haven: an order's name, phone, delivery and address lengths live in orders' CHECKs only, and a
-- line's quantity bound in order_items' (issue 23, item 2), as 20251128030010 did for inspections.
-- submit_buzz_haven_order_request (20251127010000) repeated them with the cart's messages; the
-- messages become buzz_haven.constraint_messages rows (same words), so a value breaking one fails
-- with 23514 and PostgREST's `details` naming the field. A blank name, address line or city is still "... is required"
-- (check_required, 20251129010040).
-- The function checks the order it is about to write with buzz_haven.explain_row (20251129010070)
-- before the address (which the delivery decides) and each cart line as an order_items row before
-- the products and prices are compared, where it checked them before: a cart with one fault gets the
-- same message, and a cart with a quantity over 50 and a changed price still hears of the quantity.
-- A quantity that is not a whole number of at most three digits counts as 0, which the range refuses;
-- a missing delivery counts as '', which orders_delivery_known refuses (orders from before
-- 20251123000720 keep a null delivery, so the column is not NOT NULL).

insert into buzz_haven.constraint_messages (constraint_name, message) values
  ('orders_customer_name_not_blank', 'Name is required'),
  ('orders_customer_name_length', 'Name is too long (200 characters at most)'),
  ('orders_customer_phone_length', 'Phone number is too long (40 characters at most)'),
  ('orders_delivery_known', 'Delivery must be standard, express or pickup'),
  ('orders_address_line1_length', 'Address is too long (200 characters at most)'),
  ('orders_address_line2_length', 'Address line 2 is too long (200 characters at most)'),
  ('orders_city_length', 'City is too long (100 characters at most)'),
  ('order_items_quantity_range', 'Quantity must be between 1 and 50')
on conflict (constraint_name) do update set message = excluded.message;
select buzz_haven.explain_constraints_of('buzz_haven.orders');
select buzz_haven.explain_constraints_of('buzz_haven.order_items');

create or replace function public.submit_buzz_haven_order_request(
  p_customer_name text default null,
  p_customer_email text default null,
  p_customer_phone text default null,
  p_delivery text default null,
  p_address jsonb default null,
  p_items jsonb default null,
  p_website text default null,
  p_payment text default null
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
  v_card boolean := p_payment = 'card';
begin
  perform buzz_haven.check_input(p_payment is null or p_payment in ('later', 'card'), 'Payment must be card or later');
  perform buzz_haven.check_input(v_card or coalesce((select s.pay_later from buzz_haven.payment_settings as s limit 1), true),
    'The shop takes card payments only: please choose Pay now');
  perform buzz_haven.check_required(p_customer_name, 'Name');
  perform buzz_haven.check_input(buzz_haven.is_email(btrim(p_customer_email)), 'A valid email is required');
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
    perform buzz_haven.check_input(jsonb_typeof(v_addr) = 'object', 'A shipping address is required (or choose local pickup)');
    perform buzz_haven.check_input(coalesce(upper(btrim(v_addr ->> 'country')), 'US') in ('US', 'USA', 'UNITED STATES'),
      'We ship within the United States only');
    perform buzz_haven.check_required(v_addr ->> 'line1', 'Address');
    perform buzz_haven.check_required(v_addr ->> 'city', 'City');
    perform buzz_haven.check_input(buzz_haven.is_us_state(upper(btrim(v_addr ->> 'state'))), 'State must be a two-letter US state code');
    perform buzz_haven.check_input(v_zip ~ '^([0-9]{5}|[0-9]{9})$', 'ZIP code must be 5 or 9 digits');
  end if;
  perform buzz_haven.check_input(jsonb_typeof(p_items) = 'array' and jsonb_array_length(p_items) > 0, 'Your cart is empty');
  perform buzz_haven.check_input(jsonb_array_length(p_items) <= 20, 'At most 20 different products per order');
  for v_item in select e from jsonb_array_elements(p_items) as e loop
    perform buzz_haven.check_input(jsonb_typeof(v_item) = 'object'
      and coalesce(v_item ->> 'product_id', '') ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$',
      'Each item needs a product_id');
    -- the line's quantity against order_items' range (0 when it is no whole number of up to three digits)
    perform buzz_haven.explain_row(jsonb_populate_record(null::buzz_haven.order_items, jsonb_build_object('quantity',
      case when coalesce(v_item ->> 'quantity', '') ~ '^[0-9]{1,3}$' then (v_item ->> 'quantity')::integer else 0 end)));
    perform buzz_haven.check_input(coalesce(v_item ->> 'unit_price', '0') ~ '^[0-9]{1,9}$', 'Unit price must be whole cents');
  end loop;
  -- a product's lines added up, as its order_items row will hold them
  perform buzz_haven.explain_row(jsonb_populate_record(null::buzz_haven.order_items, jsonb_build_object('quantity', c.quantity)))
  from buzz_haven.cart_lines(p_items) as c;

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
    city, state, zip, subtotal, shipping, total, payment_state)
  values (v_order.customer_name, v_order.customer_email, v_order.customer_phone, p_delivery,
    v_order.address_line1, v_order.address_line2, v_order.city,
    upper(btrim(v_addr ->> 'state')), case when v_pickup then null when length(v_zip) = 9
      then substr(v_zip, 1, 5) || '-' || substr(v_zip, 6) else v_zip end,
    v_subtotal, buzz_haven.shipping_cost(p_delivery, v_subtotal),
    v_subtotal + buzz_haven.shipping_cost(p_delivery, v_subtotal),
    -- card: unpaid until stripe-checkout records its session (awaiting_payment) and the webhook pays it
    case when v_card then 'unpaid' else 'offline' end)
  returning * into v_order;
  insert into buzz_haven.order_items (order_id, product_id, name, unit_price, quantity)
  select v_order.id, p.id, p.name, p.price, c.quantity
  from buzz_haven.cart_lines(p_items) as c join buzz_haven.products as p on p.id = c.product_id
  order by p.name;
  return jsonb_build_object('number', v_order.number, 'subtotal', v_order.subtotal, 'shipping', v_order.shipping,
    'total', v_order.total);
end;
$$;
