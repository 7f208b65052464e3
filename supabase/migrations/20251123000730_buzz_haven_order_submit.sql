-- Buzz Haven: sending an order request from the site's cart (anon). The server prices every line
-- from buzz_haven.products and adds shipping by the shop's rules (standard $5.95, free over $50;
-- express $12.95; pickup free): a price the cart sends that differs, or a product that is unknown
-- or hidden, is refused (PT409, HTTP 409) with a message the cart shows, so the visitor can review
-- the cart. Bad input is refused 22023 (HTTP 400), a flood PT429 (buzz_haven.guard_request), and a
-- filled honeypot (p_website, a field people never see) gets a fake success and stores nothing.

-- Shared checks of the request forms: a required or optional text within its bound (the bound
-- and its message are buzz_haven.check_length's, of 20251123000100_buzz_haven_text_bounds.sql).
create function buzz_haven.check_text(p_value text, p_label text, p_max integer, p_required boolean default false)
returns void
language plpgsql
immutable
set search_path = ''
as $$
begin
  if p_required and nullif(btrim(p_value), '') is null then
    raise exception '% is required', p_label using errcode = '22023';
  end if;
  perform buzz_haven.check_length(btrim(p_value), p_max, p_label);
end;
$$;

-- Shipping in cents: standard 595, free when the subtotal is over $50 (more than 5000 cents).
create function buzz_haven.shipping_cost(p_delivery text, p_subtotal integer) returns integer
language sql
immutable
set search_path = ''
as $$
  select case p_delivery
    when 'pickup' then 0
    when 'express' then 1295
    else case when p_subtotal > 5000 then 0 else 595 end
  end
$$;

create function buzz_haven.is_us_state(p_code text) returns boolean
language sql
immutable
set search_path = ''
as $$
  select p_code = any (string_to_array(
    'AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND '
    'OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY PR VI GU AS MP', ' '))
$$;

-- The cart's lines merged by product: total quantity, and the lowest and highest price it sent.
create function buzz_haven.cart_lines(p_items jsonb)
returns table (product_id uuid, quantity integer, min_sent integer, max_sent integer)
language sql
immutable
set search_path = ''
as $$
  select (e ->> 'product_id')::uuid, sum((e ->> 'quantity')::integer)::integer,
    min((e ->> 'unit_price')::integer), max((e ->> 'unit_price')::integer)
  from jsonb_array_elements(p_items) as e group by 1
$$;

revoke all on function buzz_haven.cart_lines(jsonb), buzz_haven.check_text(text, text, integer, boolean),
  buzz_haven.shipping_cost(text, integer), buzz_haven.is_us_state(text) from public, anon, authenticated;

-- p_address: {line1, line2?, city, state, zip, country?} (ignored for pickup);
-- p_items: [{product_id, quantity, unit_price?}], 1 to 20 lines, a product listed twice is one line.
-- Returns {number, subtotal, shipping, total} in cents.
create function public.submit_buzz_haven_order_request(
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
  if nullif(btrim(p_website), '') is not null then
    return jsonb_build_object('number', 'BH-' || (select s.last_value + 1 from buzz_haven.order_number_seq as s),
      'subtotal', 0, 'shipping', 0, 'total', 0);
  end if;
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

-- The products a visitor can order, with their current prices (for the cart to check itself).
create function public.get_buzz_haven_shop_products()
returns table (id uuid, name text, price integer, category text, image_url text)
language sql
stable
security definer -- reads buzz_haven.products, which anon has no grant on
set search_path = ''
as $$
  select p.id, p.name, p.price, p.category, p.image_url from buzz_haven.products as p
  where p.is_public order by p.created_at desc, p.name, p.id
$$;

select buzz_haven.grant_api_execute(
  'public.submit_buzz_haven_order_request(text, text, text, text, jsonb, jsonb, text)',
  'public.get_buzz_haven_shop_products()'
);
