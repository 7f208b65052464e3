-- Orders, their lines and status history, the shipping charge; the back office's order list,
-- update and indexes. The first of the orders files, which apply in config.toml's order.
-- Orders: order requests from the shop, their items, statuses and history.
-- Declared whole: this folder says what the database holds for its area; supabase/migrations
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
