-- Buzz Haven: how the shop takes payment for orders (issue 25, orders). One row of
-- buzz_haven.payment_settings: pay_later (an order request paid at pickup or by invoice, as before
-- card payments) is on unless the owner switches it off in the back office (Payment Settings);
-- then submit_buzz_haven_order_request refuses an order that is not paid by card. The visitor's
-- choice is the RPC's new p_payment: 'later' (the default, as every caller sent before) or 'card':
-- the order starts 'unpaid' and becomes 'awaiting_payment' when stripe-checkout records its
-- Checkout Session (20251126005000_buzz_haven_payments.sql), 'paid' when the signed webhook says so.
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
  updated_at timestamptz not null default now()
);
comment on table buzz_haven.payment_settings is
  'How orders are paid (one row): pay_later = paid at pickup or by invoice allowed besides card payments.';
comment on column buzz_haven.payment_settings.pay_later is
  'true: the cart offers pay at pickup / invoice (and it is the only way while card payments are off); false: card only.';
alter table buzz_haven.payment_settings enable row level security;
revoke all on buzz_haven.payment_settings from public, anon, authenticated;

create trigger payment_settings_set_updated_at before update on buzz_haven.payment_settings
  for each row execute function buzz_haven.set_updated_at();
create trigger payment_settings_log_activity after insert or update or delete on buzz_haven.payment_settings
  for each row execute function buzz_haven.log_activity('pay at pickup / invoice:', 'pay_later');

insert into buzz_haven.payment_settings (pay_later) values (true);

create function public.get_buzz_haven_payment_settings()
returns setof buzz_haven.payment_settings
language sql
stable
security definer -- reads buzz_haven.payment_settings, which the caller has no grant on
set search_path = ''
as $$
  select * from buzz_haven.payment_settings
$$;

-- Owners and admins only: switching pay at pickup off changes how every customer pays.
create function public.update_buzz_haven_payment_settings(
  p_id uuid, p_pay_later boolean default null, p_clear text[] default '{}'
)
returns buzz_haven.payment_settings
language plpgsql
security definer -- writes buzz_haven.payment_settings, which the caller has no grant on
set search_path = ''
as $$
declare
  v buzz_haven.payment_settings;
begin
  perform buzz_haven.require_role(array['owner', 'admin'], 'Only an owner or admin can change how orders are paid');
  perform buzz_haven.check_clear(coalesce(p_clear, '{}'), '{}', '{}');
  update buzz_haven.payment_settings as s set pay_later = coalesce(p_pay_later, s.pay_later)
  where s.id = p_id returning s.* into v;
  if not found then
    raise exception 'Payment settings not found' using errcode = 'PT404';
  end if;
  return v;
end;
$$;

select buzz_haven.grant_api_execute(
  'public.get_buzz_haven_payment_settings()',
  'public.update_buzz_haven_payment_settings(uuid, boolean, text[])'
);

-- The order request with the visitor's payment choice (p_payment); otherwise as in
-- 20251125000110_buzz_haven_honeypot_answers.sql.
drop function public.submit_buzz_haven_order_request(text, text, text, text, jsonb, jsonb, text);
create function public.submit_buzz_haven_order_request(
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
    city, state, zip, subtotal, shipping, total, payment_state)
  values (btrim(p_customer_name), btrim(p_customer_email), nullif(btrim(p_customer_phone), ''), p_delivery,
    nullif(btrim(v_addr ->> 'line1'), ''), nullif(btrim(v_addr ->> 'line2'), ''), nullif(btrim(v_addr ->> 'city'), ''),
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

select buzz_haven.grant_api_execute('public.submit_buzz_haven_order_request(text, text, text, text, jsonb, jsonb, text, text)');
