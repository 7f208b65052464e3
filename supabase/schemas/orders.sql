-- Orders: order requests from the shop, their items, statuses and history.
-- Declared whole: this file says what the database holds for its area; supabase/migrations
-- carries it to databases in reviewed steps (docs/database.md). Function bodies are checked when
-- they run, not here (as pg_dump writes it): some name objects of a later file.
set check_function_bodies = false;

-- Numbers follow the order of creation: BH-1001 onwards.
create sequence buzz_haven.order_number_seq as bigint start with 1001;
revoke all on sequence buzz_haven.order_number_seq from public, anon, authenticated;

-- An order request: the workflow is new -> confirmed -> ready (pickup) or shipped (delivery) ->
-- completed; cancelled from any open status. payment_state follows its card payment (payments area).
-- Every text column carries an explicit char_length bound (tests/sql/bounds.test.ts), also those a
-- pattern already keeps short.
create table buzz_haven.orders (
  id uuid primary key default gen_random_uuid(),
  customer_name text not null constraint orders_customer_name_not_blank check (btrim(customer_name) <> '')
    constraint orders_customer_name_length check (char_length(customer_name) <= 200),
  customer_email buzz_haven.email not null,
  total integer not null default 0 constraint orders_total_not_negative check (total >= 0),
  status text not null default 'new' constraint orders_status_known
    check (status in ('new', 'confirmed', 'ready', 'shipped', 'completed', 'cancelled')),
  created_at timestamptz not null default now(),
  number text not null default 'BH-' || nextval('buzz_haven.order_number_seq')
    constraint orders_number_format check (buzz_haven.is_order_number(number))
    constraint orders_number_key unique
    constraint orders_number_length check (char_length(number) <= 20),
  customer_phone text constraint orders_customer_phone_length check (char_length(customer_phone) <= 40),
  delivery text constraint orders_delivery_known check (delivery in ('standard', 'express', 'pickup')),
  address_line1 text constraint orders_address_line1_length check (char_length(address_line1) <= 200),
  address_line2 text constraint orders_address_line2_length check (char_length(address_line2) <= 200),
  city text constraint orders_city_length check (char_length(city) <= 100),
  state text constraint orders_state_format check (state ~ '^[A-Z]{2}$')
    constraint orders_state_length check (char_length(state) <= 2),
  zip text constraint orders_zip_format check (zip ~ '^[0-9]{5}(-[0-9]{4})?$')
    constraint orders_zip_length check (char_length(zip) <= 10),
  subtotal integer constraint orders_subtotal_not_negative check (subtotal >= 0),
  shipping integer constraint orders_shipping_not_negative check (shipping >= 0),
  staff_notes text constraint orders_staff_notes_length check (char_length(staff_notes) <= 5000),
  updated_at timestamptz not null default now(),
  payment_state text not null default 'offline'
    constraint orders_payment_state_known check (payment_state in
      ('offline', 'awaiting_payment', 'paid', 'unpaid', 'partially_refunded', 'refunded')),
  constraint orders_total_adds_up check (subtotal is null or shipping is null or total = subtotal + shipping),
  constraint orders_address_unless_pickup check (
    delivery is distinct from 'standard' and delivery is distinct from 'express'
    or (address_line1 is not null and city is not null and state is not null and zip is not null)
  ),
  -- the language of the page the request was made on: what is sent back to this person is in it
  locale text not null default 'en' references buzz_haven.languages (code)
);
comment on table buzz_haven.orders is
  'Order requests from the shop (no payment taken); amounts in integer US cents; number BH-1001 onwards.';
alter table buzz_haven.orders enable row level security;
select buzz_haven.manage_resource('buzz_haven.orders', 'order', 'number', false);

-- Buzz Haven: order requests in the back office. The list (one row per order with its item count
-- and a one-line summary of its items), the lines and the status history of all orders (filtered
-- by order_id on the client: PostgREST `order_id=eq.<id>`), and one update RPC for the workflow
-- and the staff notes. Any back-office role.

create table buzz_haven.order_items (
  id uuid primary key default gen_random_uuid(),
  order_id uuid not null references buzz_haven.orders (id) on delete cascade,
  product_id uuid references buzz_haven.products (id) on delete set null,
  name text not null constraint order_items_name_length check (char_length(name) between 1 and 200),
  unit_price integer not null constraint order_items_unit_price_not_negative check (unit_price >= 0),
  quantity integer not null constraint order_items_quantity_range check (quantity between 1 and 50),
  line_total integer generated always as (unit_price * quantity) stored
);
comment on table buzz_haven.order_items is
  'Lines of an order request: product, name and unit price (cents) as they were when it was sent.';
select buzz_haven.explain_constraints_of('buzz_haven.order_items');

create table buzz_haven.order_status_history (
  id uuid primary key default gen_random_uuid(),
  order_id uuid not null references buzz_haven.orders (id) on delete cascade,
  from_status text,
  to_status text not null,
  changed_by uuid references buzz_haven.users (id) on delete set null,
  changed_by_name text not null constraint order_status_history_name_length check (char_length(changed_by_name) <= 200),
  created_at timestamptz not null default now(),
  constraint order_status_history_from_status_length check (char_length(from_status) <= 20),
  constraint order_status_history_to_status_length check (char_length(to_status) <= 20)
);
comment on table buzz_haven.order_status_history is
  'Each status an order request took, who set it (profile and name; Visitor for the request itself) and when.';

alter table buzz_haven.order_items enable row level security;
alter table buzz_haven.order_status_history enable row level security;
revoke all on buzz_haven.order_items, buzz_haven.order_status_history from public, anon, authenticated;

-- Every status an order takes is written to its history, whoever writes it.
create function buzz_haven.record_order_status() returns trigger
language plpgsql set search_path = ''
as $$
declare
  v_who record;
begin
  select * into v_who from buzz_haven.caller_profile();
  if tg_op = 'INSERT' or old.status is distinct from new.status then
    insert into buzz_haven.order_status_history (order_id, from_status, to_status, changed_by, changed_by_name)
    values (new.id, case when tg_op = 'UPDATE' then old.status end, new.status, v_who.profile_id,
      v_who.display_name);
  end if;
  return null;
end;
$$;
revoke all on function buzz_haven.record_order_status() from public, anon, authenticated;

create trigger orders_record_status after insert or update of status on buzz_haven.orders
  for each row execute function buzz_haven.record_order_status();

-- The charge, read from the table (the order RPC checks p_delivery before it asks).
create or replace function buzz_haven.shipping_cost(p_delivery text, p_subtotal integer) returns integer
language sql stable set search_path = ''
as $$
  select case when r.free_over is not null and p_subtotal > r.free_over then 0 else r.price end
  from buzz_haven.shipping_rates as r where r.delivery = p_delivery
$$;

-- The statuses an order may move to from `p_from` (pickup orders become ready, others shipped).
create function buzz_haven.next_order_statuses(p_from text, p_delivery text) returns text[]
language sql immutable set search_path = ''
as $$
  select case p_from
    when 'new' then array['confirmed', 'cancelled']
    when 'confirmed' then case p_delivery
      when 'pickup' then array['ready', 'cancelled']
      when 'standard' then array['shipped', 'cancelled']
      when 'express' then array['shipped', 'cancelled']
      else array['ready', 'shipped', 'cancelled'] end
    when 'ready' then array['completed', 'cancelled']
    when 'shipped' then array['completed', 'cancelled']
    else array[]::text[]
  end
$$;
revoke all on function buzz_haven.next_order_statuses(text, text) from public, anon, authenticated;

create or replace function public.update_buzz_haven_order(
  p_id uuid,
  p_status text default null,
  p_staff_notes text default null,
  p_clear text[] default '{}'
)
returns buzz_haven.orders
language plpgsql security definer set search_path = '' -- updates buzz_haven.orders, which the caller has no grant on
as $$
declare
  v buzz_haven.orders;
  v_was text;
  v_next text[];
begin
  perform buzz_haven.require_role();
  perform buzz_haven.check_clear(p_clear, array['staff_notes'],
    array_remove(array[case when p_staff_notes is not null then 'staff_notes' end], null));
  v := buzz_haven.lock_row(null::buzz_haven.orders, p_id, 'Order not found');
  v_was := v.status;
  update buzz_haven.orders as o
  set status = coalesce(p_status, o.status),
    staff_notes = case when 'staff_notes' = any (coalesce(p_clear, '{}')) then null
      when p_staff_notes is null then o.staff_notes else nullif(btrim(p_staff_notes), '') end
  where o.id = p_id
  returning o.* into v;
  v_next := buzz_haven.next_order_statuses(v_was, v.delivery);
  if v.status <> v_was and not v.status = any (v_next) then
    raise exception '%', format('An order that is %s cannot become %s (%s)', v_was, v.status,
      case when cardinality(v_next) = 0 then 'it is closed'
        else 'next: ' || array_to_string(v_next, ' or ') end)
      using errcode = '22023';
  end if;
  return v;
end;
$$;
create view buzz_haven_lists.order_items as
  select l.* from buzz_haven.order_items as l where buzz_haven_lists.staff_only();
create view buzz_haven_lists.order_status_history as
  select h.* from buzz_haven.order_status_history as h where buzz_haven_lists.staff_only();

-- The orders list's columns (the payments area adds the payment ones): the item count and summary are computed for
-- the rows of the page only (a lateral subquery per order row that reaches the outer LIMIT).
create view buzz_haven_lists.orders as
select o.id, o.number, o.customer_name, o.customer_email::text as customer_email, o.customer_phone, o.delivery,
  o.address_line1, o.address_line2, o.city, o.state, o.zip,
  coalesce(i.item_count, 0) as item_count, coalesce(i.items_summary, '') as items_summary,
  o.subtotal, o.shipping, o.total, o.status, o.staff_notes, o.created_at, o.updated_at
from buzz_haven.orders as o
left join lateral (
  select sum(l.quantity)::integer as item_count,
    string_agg(l.quantity || ' × ' || l.name, ', ' order by l.name) as items_summary
  from buzz_haven.order_items as l where l.order_id = o.id
) as i on true
where buzz_haven_lists.staff_only();
create function public.get_buzz_haven_orders() returns setof buzz_haven_lists.orders
language sql stable as $$ select * from buzz_haven_lists.orders $$;
create function public.get_buzz_haven_order_items() returns setof buzz_haven_lists.order_items
language sql stable as $$ select * from buzz_haven_lists.order_items $$;
create function public.get_buzz_haven_order_history() returns setof buzz_haven_lists.order_status_history
language sql stable as $$ select * from buzz_haven_lists.order_status_history $$;

select buzz_haven.grant_api_execute('get_buzz_haven_orders', 'get_buzz_haven_order_items',
  'get_buzz_haven_order_history', 'update_buzz_haven_order', 'set_buzz_haven_product_public');

-- Orders (orders resource): order=created_at.desc,id.asc, and a search (or=number/customer ilike)
-- read in the same order until 25 rows match
create index orders_list_created_idx on buzz_haven.orders (created_at desc, id);
-- Orders with the status filter: status=eq.<s>&order=created_at.desc,id.asc
create index orders_list_status_created_idx on buzz_haven.orders (status, created_at desc, id);
-- The dashboard's orders awaiting payment (get_buzz_haven_today), and its card's list.
create index orders_awaiting_payment_idx on buzz_haven.orders (created_at desc, id) where payment_state = 'awaiting_payment';

-- An order's lines (order page, Line items): order_id=eq.<id>&order=name.asc,id.asc
create index order_items_list_order_idx on buzz_haven.order_items (order_id, name, id);

 -- its prefix: the new index serves its lookups too

-- An order's history (order page, Status history): order_id=eq.<id>&order=created_at.asc,id.asc
create index order_status_history_list_order_idx on buzz_haven.order_status_history (order_id, created_at, id);

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

-- The messages of this file's table rules (how they are raised: buzz_haven.constraint_messages).
-- A blank name, address line or city is still "... is required" (buzz_haven.check_required); an
-- order's next status is the update function's own rule.
-- These tables' bounds and allowed values say their own messages (buzz_haven.derived_message);
-- the rows below give other words.
select buzz_haven.derive_messages('buzz_haven.order_items', 'buzz_haven.orders');
insert into buzz_haven.constraint_messages (constraint_name, message) values
  -- orders
  ('orders_customer_name_not_blank', 'Name is required'),
  ('orders_customer_name_length', 'Name is too long (%s characters at most)'),
  ('orders_customer_phone_length', 'Phone number is too long (%s characters at most)'),
  ('orders_address_line1_length', 'Address is too long (%s characters at most)'),
  ('orders_address_line2_length', 'Address line 2 is too long (%s characters at most)');

-- The words of the visitor RPCs' own refusals, keyed by the rule's name (buzz_haven.check_rule,
-- buzz_haven.refuse, buzz_haven.rule_message; format() fills in each %s); other languages' words
-- are in translations.sql.
insert into buzz_haven.constraint_messages (constraint_name, message) values
  ('order_payment_known', 'Payment must be card or later'),
  ('order_card_only', 'The shop takes card payments only: please choose Pay now'),
  ('order_address_required', 'A shipping address is required (or choose local pickup)'),
  ('order_us_only', 'We ship within the United States only'),
  ('order_state_format', 'State must be a two-letter US state code'),
  ('order_zip_format', 'ZIP code must be 5 or 9 digits'),
  ('order_cart_empty', 'Your cart is empty'),
  ('order_products_max', 'At most 20 different products per order'),
  ('order_item_product', 'Each item needs a product_id'),
  ('order_unit_price_cents', 'Unit price must be whole cents'),
  ('order_product_unavailable', 'A product in your cart is no longer available; please review your cart'),
  ('order_prices_changed', 'Prices have changed; please review your cart');
