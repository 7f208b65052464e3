-- Buzz Haven: the shipping rates the server charges live in one table (issue 23, item 1).
-- They were written twice: in the content document catalog/shipping-rates (dollars, edited in
-- Content, read by the cart and the pages) and as literals in buzz_haven.shipping_cost()
-- (20251123000730_buzz_haven_order_submit.sql), so a rate changed in Content showed one total in
-- the cart and stored another on the order. Now buzz_haven.shipping_rates is the one home: the
-- order RPC charges from it, the site build and the cart read it (get_buzz_haven_shipping_rates,
-- anon: the rates are public), staff change it in the back office (update_buzz_haven_shipping_rate).
-- The three rows are the delivery choices the order RPC and orders.delivery know, so rows are
-- only updated, never created or deleted. Prices in cents; the seed is the rates of
-- content/catalog/shipping-rates.yaml as they were.

create table buzz_haven.shipping_rates (
  id uuid primary key default gen_random_uuid(),
  delivery text not null
    constraint shipping_rates_delivery_unique unique
    constraint shipping_rates_delivery_known check (delivery in ('standard', 'express', 'pickup')),
  price integer not null constraint shipping_rates_price_range check (price between 0 and 100000),
  -- the rate is free when the order's subtotal is over this many cents (null: never free)
  free_over integer constraint shipping_rates_free_over_range check (free_over between 0 and 10000000),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table buzz_haven.shipping_rates is
  'Shipping charged per delivery choice, in cents; free_over: free when the subtotal is over it.';
alter table buzz_haven.shipping_rates enable row level security;
revoke all on buzz_haven.shipping_rates from public, anon, authenticated;

create trigger shipping_rates_set_updated_at before update on buzz_haven.shipping_rates
  for each row execute function buzz_haven.set_updated_at();
create trigger shipping_rates_log_activity after insert or update or delete on buzz_haven.shipping_rates
  for each row execute function buzz_haven.log_activity('shipping rate', 'delivery');

-- seed data: the rates as content/catalog/shipping-rates.yaml gave them ($5.95 free over $50,
-- $12.95, pickup free)
insert into buzz_haven.shipping_rates (delivery, price, free_over) values
  ('standard', 595, 5000),
  ('express', 1295, null),
  ('pickup', 0, null);

-- The charge, read from the table (the order RPC checks p_delivery before it asks).
create or replace function buzz_haven.shipping_cost(p_delivery text, p_subtotal integer) returns integer
language sql
stable
set search_path = ''
as $$
  select case when r.free_over is not null and p_subtotal > r.free_over then 0 else r.price end
  from buzz_haven.shipping_rates as r where r.delivery = p_delivery
$$;

-- Public: the site build and the cart show these rates; the admin lists them with the same call.
create function public.get_buzz_haven_shipping_rates()
returns setof buzz_haven.shipping_rates
language sql
stable
security definer -- reads buzz_haven.shipping_rates, which the caller has no grant on
set search_path = ''
as $$
  select * from buzz_haven.shipping_rates as r
  order by array_position(array['standard', 'express', 'pickup'], r.delivery), r.id
$$;

-- A null argument keeps the value; p_clear => '{free_over}' makes the rate never free.
create function public.update_buzz_haven_shipping_rate(
  p_id uuid,
  p_price integer default null,
  p_free_over integer default null,
  p_clear text[] default '{}'
)
returns buzz_haven.shipping_rates
language plpgsql
security definer -- writes buzz_haven.shipping_rates, which the caller has no grant on
set search_path = ''
as $$
declare
  v buzz_haven.shipping_rates;
  c text[] := coalesce(p_clear, '{}');
begin
  perform buzz_haven.require_role();
  perform buzz_haven.check_clear(c, array['free_over'],
    array_remove(array[case when p_free_over is not null then 'free_over' end], null));
  perform buzz_haven.check_input(p_price is null or p_price between 0 and 100000, 'Price must be between $0 and $1,000');
  perform buzz_haven.check_input(p_free_over is null or p_free_over between 0 and 10000000,
    'Free over must be between $0 and $100,000');
  update buzz_haven.shipping_rates as r
  set price = coalesce(p_price, r.price),
    free_over = case when 'free_over' = any (c) then null else coalesce(p_free_over, r.free_over) end
  where r.id = p_id
  returning r.* into v;
  if not found then
    raise exception 'Shipping rate not found' using errcode = 'PT404';
  end if;
  return v;
end;
$$;

select buzz_haven.grant_api_execute(
  'public.get_buzz_haven_shipping_rates()',
  'public.update_buzz_haven_shipping_rate(uuid, integer, integer, text[])'
);
