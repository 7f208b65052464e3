-- The price tables: shipping rates, adoption tiers and gift terms, hosting plans, with their RPCs.
set check_function_bodies = false;

-- Buzz Haven: the shipping rates the server charges live in one table, so the rate charged is the rate shown.
-- They were written twice: in the content document catalog/shipping-rates (dollars, edited in
-- Content, read by the cart and the pages) and as literals in buzz_haven.shipping_cost()
-- (an earlier migration), so a rate changed in Content showed one total in
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
select buzz_haven.manage_resource('buzz_haven.shipping_rates', 'shipping rate', 'delivery', false);

-- seed data: the rates as content/catalog/shipping-rates.yaml gave them ($5.95 free over $50,
-- $12.95, pickup free)
insert into buzz_haven.shipping_rates (delivery, price, free_over) values
  ('standard', 595, 5000),
  ('express', 1295, null),
  ('pickup', 0, null);

-- Public: the site build and the cart show these rates; the admin lists them with the same call.
create function public.get_buzz_haven_shipping_rates()
returns setof buzz_haven.shipping_rates
language sql stable security definer set search_path = '' -- reads buzz_haven.shipping_rates, which the caller has no grant on
as $$
  select * from buzz_haven.shipping_rates as r
  order by array_position(array['standard', 'express', 'pickup'], r.delivery), r.id
$$;

create function public.update_buzz_haven_shipping_rate(p_id uuid, p_price integer default null,
  p_free_over integer default null, p_clear text[] default '{}')
returns buzz_haven.shipping_rates language sql security definer set search_path = '' -- writes buzz_haven.shipping_rates
as $$ select buzz_haven.change_row(null::buzz_haven.shipping_rates, p_id, 'Shipping rate not found',
  jsonb_build_object('price', p_price, 'free_over', p_free_over), p_clear, p_clearable => '{free_over}') $$;

select buzz_haven.grant_api_execute('get_buzz_haven_shipping_rates', 'update_buzz_haven_shipping_rate');

-- Buzz Haven: the Adopt-a-Hive prices live in tables: each tier's monthly price
-- (buzz_haven.adopt_tiers, keyed by the slug the site and adoption_requests.tier use) and the gift
-- terms offered (buzz_haven.adopt_gift_terms, months). They were written in the content document
-- catalog/adopt-tiers and again as literals in submit_buzz_haven_adoption_request
-- (an earlier migration); that RPC reads these rows now.
-- The tiers' words (name, perks, "Most Popular") stay in the content document, keyed by slug.
-- Public reads (the site build) and staff writes; the seed is the values of
-- content/catalog/adopt-tiers.yaml as they were.

create table buzz_haven.adopt_tiers (
  id uuid primary key default gen_random_uuid(),
  slug text not null
    constraint adopt_tiers_slug_unique unique
    constraint adopt_tiers_slug_format check (buzz_haven.is_slug(slug) and char_length(slug) <= 60),
  monthly_price integer not null constraint adopt_tiers_monthly_price_range check (monthly_price between 0 and 1000000),
  sort_order integer not null default 0 constraint adopt_tiers_sort_order_range check (sort_order between 0 and 1000),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table buzz_haven.adopt_tiers is 'Adopt-a-Hive tiers: slug (the content''s tier id) and monthly price in cents.';
select buzz_haven.manage_resource('buzz_haven.adopt_tiers', 'adoption tier', 'slug');

create table buzz_haven.adopt_gift_terms (
  id uuid primary key default gen_random_uuid(),
  months integer not null
    constraint adopt_gift_terms_months_unique unique
    constraint adopt_gift_terms_months_range check (months between 1 and 24),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table buzz_haven.adopt_gift_terms is 'The gift lengths an adoption may be given for (plan gift-<months>).';
select buzz_haven.manage_resource('buzz_haven.adopt_gift_terms', 'gift term of', 'months');

alter table buzz_haven.adopt_tiers enable row level security;
alter table buzz_haven.adopt_gift_terms enable row level security;
revoke all on buzz_haven.adopt_tiers, buzz_haven.adopt_gift_terms from public, anon, authenticated;

select buzz_haven.require_second_factor_for_deletes('buzz_haven.adopt_tiers', 'buzz_haven.adopt_gift_terms');

-- seed data: Swarm Supporter $20, Hive Guardian $35, Apiary Insider $75 a month; gifts of 3, 6, 12 months
insert into buzz_haven.adopt_tiers (slug, monthly_price, sort_order) values
  ('swarm-supporter', 2000, 1), ('hive-guardian', 3500, 2), ('apiary-insider', 7500, 3);
insert into buzz_haven.adopt_gift_terms (months) values (3), (6), (12);

-- Public: the site build reads them; the admin lists them with the same calls.
create function public.get_buzz_haven_adopt_tiers()
returns setof buzz_haven.adopt_tiers
language sql stable security definer set search_path = '' -- reads buzz_haven.adopt_tiers, which the caller has no grant on
as $$
  select * from buzz_haven.adopt_tiers as t order by t.sort_order, t.monthly_price, t.slug
$$;

create function public.get_buzz_haven_adopt_gift_terms()
returns setof buzz_haven.adopt_gift_terms
language sql stable security definer set search_path = '' -- reads buzz_haven.adopt_gift_terms, which the caller has no grant on
as $$
  select * from buzz_haven.adopt_gift_terms as g order by g.months
$$;

create function public.create_buzz_haven_adopt_tier(p_slug text, p_monthly_price integer, p_sort_order integer default 0)
returns buzz_haven.adopt_tiers language sql security definer set search_path = '' -- writes buzz_haven.adopt_tiers
as $$ select buzz_haven.create_row(null::buzz_haven.adopt_tiers, jsonb_build_object('slug', btrim(p_slug),
  'monthly_price', p_monthly_price, 'sort_order', p_sort_order), 'slug', 'Another tier has this slug') $$;

create function public.create_buzz_haven_adopt_gift_term(p_months integer)
returns buzz_haven.adopt_gift_terms language sql security definer set search_path = '' -- writes buzz_haven.adopt_gift_terms
as $$ select buzz_haven.create_row(null::buzz_haven.adopt_gift_terms, jsonb_build_object('months', p_months),
  'months', 'This gift term is already offered') $$;

-- A null argument keeps the value (no column can be emptied; p_clear is taken for the convention).
create function public.update_buzz_haven_adopt_tier(p_id uuid, p_slug text default null,
  p_monthly_price integer default null, p_sort_order integer default null, p_clear text[] default '{}')
returns buzz_haven.adopt_tiers language sql security definer set search_path = '' -- writes buzz_haven.adopt_tiers
as $$ select buzz_haven.change_row(null::buzz_haven.adopt_tiers, p_id, 'Adoption tier not found',
  jsonb_build_object('slug', btrim(p_slug), 'monthly_price', p_monthly_price, 'sort_order', p_sort_order), p_clear,
  p_unique => 'slug', p_taken => 'Another tier has this slug') $$;

create function public.delete_buzz_haven_adopt_gift_term(p_id uuid)
returns buzz_haven.adopt_gift_terms language sql security definer set search_path = '' -- deletes from buzz_haven.adopt_gift_terms
as $$ select buzz_haven.delete_row(null::buzz_haven.adopt_gift_terms, p_id, 'Gift term not found',
  'Only an owner or admin can delete gift terms') $$;

create function public.delete_buzz_haven_adopt_tier(p_id uuid) returns buzz_haven.adopt_tiers
language plpgsql security definer set search_path = '' -- deletes from buzz_haven.adopt_tiers, which the caller has no grant on
as $$
begin
  perform buzz_haven.require_role(array['owner', 'admin'], 'Only an owner or admin can delete adoption tiers');
  if exists (select 1 from buzz_haven.adoption_requests as a join buzz_haven.adopt_tiers as t on t.slug = a.tier
    where t.id = p_id) then
    raise exception 'This tier has adoption requests, so it cannot be deleted' using errcode = 'PT409';
  end if;
  return buzz_haven.delete_row(null::buzz_haven.adopt_tiers, p_id, 'Adoption tier not found', p_roles => null);
end;
$$;

select buzz_haven.grant_api_execute('get_buzz_haven_adopt_tiers', 'get_buzz_haven_adopt_gift_terms',
  'create_buzz_haven_adopt_tier', 'update_buzz_haven_adopt_tier', 'delete_buzz_haven_adopt_tier',
  'create_buzz_haven_adopt_gift_term', 'delete_buzz_haven_adopt_gift_term');

-- Buzz Haven: the hive hosting plans' yearly prices live in a table, as the
-- shipping rates and adoption tiers do (above): one
-- home that staff edit in the back office (Hosting Plans) and the site build reads
-- (get_buzz_haven_hosting_plans, anon: the prices are public). The plans' words (name, summary,
-- features) stay in the content document catalog/hosting, keyed by slug; its stored bodies lose
-- the prices here, as its schema (content/schema/catalog/hosting.ts) no longer has them.

create table buzz_haven.hosting_plans (
  id uuid primary key default gen_random_uuid(),
  slug text not null
    constraint hosting_plans_slug_unique unique
    constraint hosting_plans_slug_format check (buzz_haven.is_slug(slug) and char_length(slug) <= 60),
  yearly_price integer not null constraint hosting_plans_yearly_price_range check (yearly_price between 0 and 10000000),
  sort_order integer not null default 0 constraint hosting_plans_sort_order_range check (sort_order between 0 and 1000),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table buzz_haven.hosting_plans is 'Hive hosting plans: slug (the content''s plan id) and yearly price in cents.';
alter table buzz_haven.hosting_plans enable row level security;
revoke all on buzz_haven.hosting_plans from public, anon, authenticated;
select buzz_haven.manage_resource('buzz_haven.hosting_plans', 'hosting plan', 'slug');

-- seed data: Standard Hive $450 and Artistic Hive $550 a year (content/catalog/hosting.yaml as it was)
insert into buzz_haven.hosting_plans (slug, yearly_price, sort_order) values ('standard', 45000, 1), ('artistic', 55000, 2);

create function public.get_buzz_haven_hosting_plans()
returns setof buzz_haven.hosting_plans
language sql stable security definer set search_path = '' -- reads buzz_haven.hosting_plans, which the caller has no grant on
as $$
  select * from buzz_haven.hosting_plans as h order by h.sort_order, h.yearly_price, h.slug
$$;

-- A null argument keeps the value (no column can be emptied; p_clear is taken for the convention).
create function public.update_buzz_haven_hosting_plan(p_id uuid, p_slug text default null,
  p_yearly_price integer default null, p_sort_order integer default null, p_clear text[] default '{}')
returns buzz_haven.hosting_plans language sql security definer set search_path = '' -- writes buzz_haven.hosting_plans
as $$ select buzz_haven.change_row(null::buzz_haven.hosting_plans, p_id, 'Hosting plan not found',
  jsonb_build_object('slug', btrim(p_slug), 'yearly_price', p_yearly_price, 'sort_order', p_sort_order), p_clear,
  p_unique => 'slug', p_taken => 'Another plan has this slug') $$;

create function public.create_buzz_haven_hosting_plan(p_slug text, p_yearly_price integer, p_sort_order integer default 0)
returns buzz_haven.hosting_plans language sql security definer set search_path = '' -- writes buzz_haven.hosting_plans
as $$ select buzz_haven.create_row(null::buzz_haven.hosting_plans, jsonb_build_object('slug', btrim(p_slug),
  'yearly_price', p_yearly_price, 'sort_order', p_sort_order), 'slug', 'Another plan has this slug') $$;

create function public.delete_buzz_haven_hosting_plan(p_id uuid)
returns buzz_haven.hosting_plans language sql security definer set search_path = '' -- deletes from buzz_haven.hosting_plans
as $$ select buzz_haven.delete_row(null::buzz_haven.hosting_plans, p_id, 'Hosting plan not found',
  'Only an owner or admin can delete hosting plans') $$;

select buzz_haven.grant_api_execute('get_buzz_haven_hosting_plans', 'create_buzz_haven_hosting_plan',
  'update_buzz_haven_hosting_plan', 'delete_buzz_haven_hosting_plan');
