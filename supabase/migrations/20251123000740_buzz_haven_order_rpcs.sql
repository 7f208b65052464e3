-- Buzz Haven: order requests in the back office. The list (one row per order with its item count
-- and a one-line summary of its items), the lines and the status history of all orders (filtered
-- by order_id on the client: PostgREST `order_id=eq.<id>`), and one update RPC for the workflow
-- and the staff notes. The workflow: new -> confirmed -> ready (pickup) or shipped (delivery) ->
-- completed; cancelled from any open status. Any back-office role; messages shown as is (22023).

drop function public.get_buzz_haven_orders();
create function public.get_buzz_haven_orders()
returns table (
  id uuid, number text, customer_name text, customer_email text, customer_phone text, delivery text,
  address_line1 text, address_line2 text, city text, state text, zip text,
  item_count integer, items_summary text, subtotal integer, shipping integer, total integer,
  status text, staff_notes text, created_at timestamptz, updated_at timestamptz
)
language plpgsql
stable
security definer -- reads buzz_haven.orders and order_items, which the caller has no grant on
set search_path = ''
as $$
begin
  perform buzz_haven.require_role();
  return query
    select o.id, o.number, o.customer_name, o.customer_email::text, o.customer_phone, o.delivery,
      o.address_line1, o.address_line2, o.city, o.state, o.zip,
      coalesce(i.item_count, 0), coalesce(i.items_summary, ''), o.subtotal, o.shipping, o.total,
      o.status, o.staff_notes, o.created_at, o.updated_at
    from buzz_haven.orders as o
    left join lateral (
      select sum(l.quantity)::integer as item_count,
        string_agg(l.quantity || ' × ' || l.name, ', ' order by l.name) as items_summary
      from buzz_haven.order_items as l where l.order_id = o.id
    ) as i on true
    order by o.created_at desc, o.number desc;
end;
$$;

create function public.get_buzz_haven_order_items()
returns setof buzz_haven.order_items
language plpgsql
stable
security definer -- reads buzz_haven.order_items, which the caller has no grant on
set search_path = ''
as $$
begin
  perform buzz_haven.require_role();
  return query select * from buzz_haven.order_items as l order by l.order_id, l.name, l.id;
end;
$$;

create function public.get_buzz_haven_order_history()
returns setof buzz_haven.order_status_history
language plpgsql
stable
security definer -- reads buzz_haven.order_status_history, which the caller has no grant on
set search_path = ''
as $$
begin
  perform buzz_haven.require_role();
  return query select * from buzz_haven.order_status_history as h order by h.order_id, h.created_at, h.id;
end;
$$;

-- The statuses an order may move to from `p_from` (pickup orders become ready, others shipped).
create function buzz_haven.next_order_statuses(p_from text, p_delivery text) returns text[]
language sql
immutable
set search_path = ''
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

-- A null argument keeps the value; p_clear => '{staff_notes}' empties the notes.
create function public.update_buzz_haven_order(
  p_id uuid,
  p_status text default null,
  p_staff_notes text default null,
  p_clear text[] default '{}'
)
returns buzz_haven.orders
language plpgsql
security definer -- updates buzz_haven.orders, which the caller has no grant on
set search_path = ''
as $$
declare
  v buzz_haven.orders;
  v_next text[];
begin
  perform buzz_haven.require_role();
  perform buzz_haven.check_clear(p_clear, array['staff_notes'],
    array_remove(array[case when p_staff_notes is not null then 'staff_notes' end], null));
  perform buzz_haven.check_input(
    p_status is null or p_status in ('new', 'confirmed', 'ready', 'shipped', 'completed', 'cancelled'),
    'Status must be new, confirmed, ready, shipped, completed or cancelled');
  perform buzz_haven.check_text(p_staff_notes, 'Staff notes', 5000);
  select * into v from buzz_haven.orders as o where o.id = p_id for update;
  if not found then
    raise exception 'Order not found' using errcode = 'PT404';
  end if;
  v_next := buzz_haven.next_order_statuses(v.status, v.delivery);
  if p_status is not null and p_status <> v.status and not p_status = any (v_next) then
    raise exception '%', format('An order that is %s cannot become %s (%s)', v.status, p_status,
      case when cardinality(v_next) = 0 then 'it is closed'
        else 'next: ' || array_to_string(v_next, ' or ') end)
      using errcode = '22023';
  end if;
  update buzz_haven.orders as o
  set status = coalesce(p_status, o.status),
    staff_notes = case when 'staff_notes' = any (coalesce(p_clear, '{}')) then null
      when p_staff_notes is null then o.staff_notes else nullif(btrim(p_staff_notes), '') end
  where o.id = p_id
  returning o.* into v;
  return v;
end;
$$;

-- Hides a product from the shop (it can no longer be ordered) or shows it again.
create function public.set_buzz_haven_product_public(p_id uuid, p_is_public boolean)
returns buzz_haven.products
language plpgsql
security definer -- updates buzz_haven.products, which the caller has no grant on
set search_path = ''
as $$
declare
  v buzz_haven.products;
begin
  perform buzz_haven.require_role();
  perform buzz_haven.check_input(p_is_public is not null, 'is_public must be true or false');
  update buzz_haven.products as p set is_public = p_is_public where p.id = p_id returning p.* into v;
  if not found then
    raise exception 'Product not found' using errcode = 'PT404';
  end if;
  return v;
end;
$$;

select buzz_haven.grant_api_execute(
  'public.get_buzz_haven_orders()',
  'public.get_buzz_haven_order_items()',
  'public.get_buzz_haven_order_history()',
  'public.update_buzz_haven_order(uuid, text, text, text[])',
  'public.set_buzz_haven_product_public(uuid, boolean)'
);
