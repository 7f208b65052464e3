-- Buzz Haven: orders become order requests (issue 10). No payment is taken: a visitor sends a
-- request, the server prices it from the products table, staff confirm it and ship it or make it
-- ready for pickup. The order gains a number (BH-1001, BH-1002, ...), the phone, the delivery
-- choice, a US shipping address, subtotal and shipping beside the total, staff notes and
-- updated_at; its lines live in order_items (name and unit price copied at order time), its
-- status changes in order_status_history. Statuses: new -> confirmed -> ready (pickup) or shipped
-- -> completed, or cancelled. Rows written before: statuses mapped to the nearest new one (the
-- former word kept in the staff notes); their subtotal, shipping and delivery stay unknown (null).
-- Products gain is_public (default true): a hidden product cannot be ordered.

alter table buzz_haven.products add column is_public boolean not null default true;

alter table buzz_haven.orders
  add column number text constraint orders_number_format check (number ~ '^BH-[0-9]{4,12}$'),
  add column customer_phone text constraint orders_customer_phone_length check (char_length(customer_phone) <= 40),
  add column delivery text constraint orders_delivery_known check (delivery in ('standard', 'express', 'pickup')),
  add column address_line1 text constraint orders_address_line1_length check (char_length(address_line1) <= 200),
  add column address_line2 text constraint orders_address_line2_length check (char_length(address_line2) <= 200),
  add column city text constraint orders_city_length check (char_length(city) <= 100),
  add column state text constraint orders_state_format check (state ~ '^[A-Z]{2}$'),
  add column zip text constraint orders_zip_format check (zip ~ '^[0-9]{5}(-[0-9]{4})?$'),
  add column subtotal integer constraint orders_subtotal_not_negative check (subtotal >= 0),
  add column shipping integer constraint orders_shipping_not_negative check (shipping >= 0),
  add column staff_notes text constraint orders_staff_notes_length check (char_length(staff_notes) <= 5000),
  add column updated_at timestamptz not null default now(),
  add constraint orders_total_adds_up check (subtotal is null or shipping is null or total = subtotal + shipping),
  add constraint orders_address_unless_pickup check (
    delivery is distinct from 'standard' and delivery is distinct from 'express'
    or (address_line1 is not null and city is not null and state is not null and zip is not null)
  );

alter table buzz_haven.orders drop constraint orders_status_known;
update buzz_haven.orders
set
  staff_notes = case when status = 'refunded' then 'Former status: refunded' end,
  status = case status
    when 'pending' then 'new' when 'paid' then 'confirmed' when 'delivered' then 'completed'
    when 'refunded' then 'cancelled' else status end,
  updated_at = created_at;
alter table buzz_haven.orders
  alter column status set default 'new',
  add constraint orders_status_known
    check (status in ('new', 'confirmed', 'ready', 'shipped', 'completed', 'cancelled'));

-- Numbers follow the order of creation, existing rows first.
create sequence buzz_haven.order_number_seq as bigint start with 1001;
update buzz_haven.orders as o
set number = 'BH-' || (1000 + n.rn)
from (select id, row_number() over (order by created_at, id) as rn from buzz_haven.orders) as n
where n.id = o.id;
select setval('buzz_haven.order_number_seq', 1000 + count(*), true) from buzz_haven.orders having count(*) > 0;
alter table buzz_haven.orders
  alter column number set default 'BH-' || nextval('buzz_haven.order_number_seq'),
  alter column number set not null,
  add constraint orders_number_key unique (number);
revoke all on sequence buzz_haven.order_number_seq from public, anon, authenticated;

create trigger orders_set_updated_at
  before update on buzz_haven.orders
  for each row execute function buzz_haven.set_updated_at();

comment on table buzz_haven.orders is
  'Order requests from the shop (no payment taken); amounts in integer US cents; number BH-1001 onwards.';

create table buzz_haven.order_items (
  id uuid primary key default gen_random_uuid(),
  order_id uuid not null references buzz_haven.orders (id) on delete cascade,
  product_id uuid references buzz_haven.products (id) on delete set null,
  name text not null constraint order_items_name_length check (char_length(name) between 1 and 200),
  unit_price integer not null constraint order_items_unit_price_not_negative check (unit_price >= 0),
  quantity integer not null constraint order_items_quantity_range check (quantity between 1 and 50),
  line_total integer generated always as (unit_price * quantity) stored
);
create index order_items_order_idx on buzz_haven.order_items (order_id);
comment on table buzz_haven.order_items is
  'Lines of an order request: product, name and unit price (cents) as they were when it was sent.';

create table buzz_haven.order_status_history (
  id uuid primary key default gen_random_uuid(),
  order_id uuid not null references buzz_haven.orders (id) on delete cascade,
  from_status text,
  to_status text not null,
  changed_by uuid references buzz_haven.users (id) on delete set null,
  changed_by_name text not null constraint order_status_history_name_length check (char_length(changed_by_name) <= 200),
  created_at timestamptz not null default now()
);
create index order_status_history_order_idx on buzz_haven.order_status_history (order_id, created_at);
comment on table buzz_haven.order_status_history is
  'Each status an order request took, who set it (profile and name; Visitor for the request itself) and when.';

alter table buzz_haven.order_items enable row level security;
alter table buzz_haven.order_status_history enable row level security;
revoke all on buzz_haven.order_items, buzz_haven.order_status_history from public, anon, authenticated;

-- Every status an order takes is written to its history, whoever writes it.
create function buzz_haven.record_order_status() returns trigger
language plpgsql
set search_path = ''
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

-- Rows from before: their current status as the first history entry.
insert into buzz_haven.order_status_history (order_id, from_status, to_status, changed_by_name, created_at)
select o.id, null, o.status, 'System', o.created_at from buzz_haven.orders as o;

create trigger orders_record_status after insert or update of status on buzz_haven.orders
  for each row execute function buzz_haven.record_order_status();
create trigger orders_log_activity after insert or update or delete on buzz_haven.orders
  for each row execute function buzz_haven.log_activity('order', 'number');
