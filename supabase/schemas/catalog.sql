-- Catalog and price tables: products and the shop, shipping rates, adoption tiers and gift terms,
-- hosting plans, service-area ZIPs and the host yard minimum.
-- Declared whole: this file says what the database holds for its area; supabase/migrations
-- carries it to databases in reviewed steps (docs/database.md). Function bodies are checked when
-- they run, not here (as pg_dump writes it): some name objects of a later file.
set check_function_bodies = false;

create table buzz_haven.products (
  id uuid primary key default gen_random_uuid(),
  name text not null constraint products_name_not_blank check (btrim(name) <> ''),
  description text,
  price integer not null default 0 constraint products_price_not_negative check (price >= 0),
  category text,
  image_url text constraint products_image_url_http
    check (image_url is null or buzz_haven.is_http_url(image_url)),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- a hidden product cannot be ordered
  is_public boolean not null default true,
  -- what /shop and the home page's featured products need: a slug (the product's id on
  -- the site and its picture's name), a size label, the shop section, featured on the home page,
  -- the display order and the picture's alt text
  slug text
    constraint products_slug_format check (buzz_haven.is_slug(slug))
    constraint products_slug_length check (char_length(slug) <= 100),
  size_label text constraint products_size_label_length check (char_length(size_label) <= 100),
  section text constraint products_section_known check (section in ('honey', 'beeswax')),
  featured boolean not null default false,
  sort_order integer not null default 0
    constraint products_sort_order_range check (sort_order between -100000 and 100000),
  image_alt text constraint products_image_alt_length check (char_length(image_alt) <= 300),
  -- the name and description on the Spanish pages and in Spanish e-mails; null: the English shows
  name_es text constraint products_name_es_length check (char_length(name_es) <= 200),
  description_es text constraint products_description_es_length check (char_length(description_es) <= 5000),
  -- a length bound on every text column of every table (names and titles 200, short texts 500,
  -- long texts 5000, URLs 2000), so no caller can store megabytes in one field
  constraint products_name_length check (char_length(name) <= 200),
  constraint products_description_length check (char_length(description) <= 5000),
  constraint products_category_length check (char_length(category) <= 100),
  constraint products_image_url_length check (char_length(image_url) <= 2000)
);
comment on table buzz_haven.products is 'Shop products; price in integer US cents.';
-- Row level security on, and no policies: the API roles see nothing directly.
alter table buzz_haven.products enable row level security;
-- A product by its slug (the site's product pages, the cart, honey batches).
create unique index products_slug_key on buzz_haven.products (slug);
select buzz_haven.manage_resource('buzz_haven.products', 'product', 'name');

-- Buzz Haven: the back-office catalogue and list RPCs (products CRUD, events, media, users,
-- hives, orders, content). Every function is `security definer` because the API roles have no
-- rights on the buzz_haven tables: the function checks the caller (buzz_haven.require_role) and
-- then reads or writes as its owner. search_path is empty and every name is fully qualified.
-- EXECUTE is revoked from public and granted explicitly (anon too, for the clear refusal).

-- Products: newest first; prices in integer cents. The messages are the admin form's.

create function public.delete_buzz_haven_product(p_id uuid)
returns buzz_haven.products language sql security definer set search_path = '' -- deletes from buzz_haven.products
as $$ select buzz_haven.delete_row(null::buzz_haven.products, p_id, 'Product not found',
  p_roles => array['owner', 'admin', 'staff']) $$;

create function public.get_buzz_haven_shop_products()
returns table (
  id uuid, name text, price integer, category text, image_url text, slug text, description text,
  size_label text, section text, featured boolean, sort_order integer, image_alt text, name_es text, description_es text
)
language sql
stable
security definer -- reads buzz_haven.products, which anon has no grant on
set search_path = ''
as $$
  select p.id, p.name, p.price, p.category, p.image_url, p.slug, p.description,
    p.size_label, p.section, p.featured, p.sort_order, p.image_alt, p.name_es, p.description_es
  from buzz_haven.products as p
  where p.is_public order by p.sort_order, p.created_at desc, p.name, p.id
$$;

select buzz_haven.grant_api_execute('get_buzz_haven_shop_products');

-- Hides a product from the shop (it can no longer be ordered) or shows it again.
create function public.set_buzz_haven_product_public(p_id uuid, p_is_public boolean)
returns buzz_haven.products language sql security definer set search_path = '' -- updates buzz_haven.products
as $$ select buzz_haven.set_flag(null::buzz_haven.products, p_id, 'Product not found', 'is_public', p_is_public,
  'is_public must be true or false') $$;

-- Buzz Haven: what /shop and the home page's featured products need from the products table:
-- a slug (the product's id on the site and its picture's name), a size label, the shop
-- section (honey | beeswax), featured on the home page, the display order and the picture's alt
-- text. create/update take them as optional arguments (a null argument keeps the value, an empty
-- text clears it); get_buzz_haven_products returns them (it returns every column).
-- get_buzz_haven_shop_products (anon) returns what the site shows.

create function public.create_buzz_haven_product(p_name text, p_description text default null,
  p_price integer default 0, p_category text default null, p_image_url text default null, p_slug text default null,
  p_size_label text default null, p_section text default null, p_featured boolean default null,
  p_sort_order integer default null, p_image_alt text default null, p_name_es text default null,
  p_description_es text default null)
returns buzz_haven.products language sql security definer set search_path = '' -- writes buzz_haven.products
as $$ select buzz_haven.create_row(null::buzz_haven.products, jsonb_build_object('name', btrim(p_name),
  'description', nullif(btrim(p_description), ''), 'price', coalesce(p_price, 0),
  'category', nullif(btrim(p_category), ''), 'image_url', nullif(btrim(p_image_url), ''),
  'slug', nullif(btrim(p_slug), ''), 'size_label', nullif(btrim(p_size_label), ''),
  'section', nullif(btrim(p_section), ''), 'featured', coalesce(p_featured, false),
  'sort_order', coalesce(p_sort_order, 0), 'image_alt', nullif(btrim(p_image_alt), ''),
  'name_es', nullif(btrim(p_name_es), ''), 'description_es', nullif(btrim(p_description_es), '')),
  'slug', 'Another product already has this slug', 'buzz_haven.check_product') $$;

-- An empty text empties the column (the product has no p_clear).
create function public.update_buzz_haven_product(p_id uuid, p_name text default null,
  p_description text default null, p_price integer default null, p_category text default null,
  p_image_url text default null, p_slug text default null, p_size_label text default null,
  p_section text default null, p_featured boolean default null, p_sort_order integer default null,
  p_image_alt text default null, p_name_es text default null, p_description_es text default null)
returns buzz_haven.products language sql security definer set search_path = '' -- writes buzz_haven.products
as $$ select buzz_haven.change_row(null::buzz_haven.products, p_id, 'Product not found', jsonb_build_object(
  'name', btrim(p_name), 'description', btrim(p_description), 'price', p_price, 'category', btrim(p_category),
  'image_url', btrim(p_image_url), 'slug', btrim(p_slug), 'size_label', btrim(p_size_label),
  'section', btrim(p_section), 'featured', p_featured, 'sort_order', p_sort_order, 'image_alt', btrim(p_image_alt),
  'name_es', btrim(p_name_es), 'description_es', btrim(p_description_es)),
  '{}', '{description,category,image_url,slug,size_label,section,image_alt,name_es,description_es}',
  'slug', 'Another product already has this slug', 'buzz_haven.check_product') $$;

select buzz_haven.grant_api_execute('create_buzz_haven_product', 'update_buzz_haven_product');

create view buzz_haven_lists.products as
  select p.*, buzz_haven_lists.needs_spanish(p.name, p.name_es) or buzz_haven_lists.needs_spanish(p.description, p.description_es)
    as spanish_missing
  from buzz_haven.products as p where buzz_haven_lists.staff_only();

create function public.get_buzz_haven_products() returns setof buzz_haven_lists.products
language sql stable as $$ select * from buzz_haven_lists.products $$;

-- Buzz Haven: the indexes the back-office list pages need at scale, now that the list RPCs are
-- inlined (one-line SQL functions over the buzz_haven_lists views) and the page's ORDER BY and LIMIT reach the
-- tables. The admin's generic provider (admin/src/providers/postgrestQuery.ts orderParam) sends the
-- list's sort field then `id.asc` as a tie-breaker, so each index ends with id in that direction:
-- the page is read in index order and stops after 25 rows. Each comment names the request it serves.
-- tests/sql/plans.test.ts plans every one of these requests on the ten-year data set.

-- Products (ProductList): order=created_at.desc,id.asc
create index products_list_created_idx on buzz_haven.products (created_at desc, id);

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

-- Buzz Haven: host applications, replacing the free-text hosting inquiry.
-- - service_area_zips: the ZIP codes the business serves, each with its area's name; staff edit
--   them in the back office (Service Area); the site's message for an outside ZIP names them.
-- - host_yard_minimum (one row): the smallest yard a hive goes in, 10 ft x 10 ft (the
--   specification's minimum backyard space); a smaller yard is refused with that explanation.
-- - host_applications: what the visitor tells (address, ZIP, yard, sun, water, access, pets and
--   children, standard or artistic hive, an optional yard photo) and the staff workflow
--   new -> site_visit_booked -> approved -> installed, or declined (with a reason) from any open
--   step. An application from outside the service area is kept as a waitlist lead (status
--   'waitlist'), never lost; staff may open it (new) when the area grows. Installed needs the hive
--   it went into: the hive's host_email becomes the applicant's e-mail (and its host their name
--   when it had none), so the new host signs in to /my-hive (get_buzz_haven_my_hives).

create table buzz_haven.service_area_zips (
  id uuid primary key default gen_random_uuid(),
  zip text not null constraint service_area_zips_zip_unique unique
    constraint service_area_zips_zip_format check (zip ~ '^[0-9]{5}$')
    constraint service_area_zips_zip_length check (char_length(zip) <= 5),
  area text not null constraint service_area_zips_area_length check (char_length(btrim(area)) between 1 and 100)
    constraint service_area_zips_area_max_length check (char_length(area) <= 100),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table buzz_haven.service_area_zips is 'ZIP codes of the service area (host applications are checked against them), each with its area''s name.';
alter table buzz_haven.service_area_zips enable row level security;
revoke all on buzz_haven.service_area_zips from public, anon, authenticated;
select buzz_haven.manage_resource('buzz_haven.service_area_zips', 'service area ZIP', 'zip');

-- seed data: East Hills, the specification's service area
insert into buzz_haven.service_area_zips (zip, area) values
  ('90031', 'East Hills'), ('90032', 'East Hills'), ('90041', 'East Hills'), ('90042', 'East Hills'), ('90065', 'East Hills');

create table buzz_haven.host_yard_minimum (
  id uuid primary key default gen_random_uuid(),
  singleton boolean not null default true constraint host_yard_minimum_one_row unique constraint host_yard_minimum_singleton check (singleton),
  length_ft integer not null constraint host_yard_minimum_length_range check (length_ft between 1 and 100),
  width_ft integer not null constraint host_yard_minimum_width_range check (width_ft between 1 and 100),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table buzz_haven.host_yard_minimum is 'The smallest yard a hosted hive goes in, in feet (one row).';
alter table buzz_haven.host_yard_minimum enable row level security;
revoke all on buzz_haven.host_yard_minimum from public, anon, authenticated;
select buzz_haven.manage_resource('buzz_haven.host_yard_minimum', 'yard minimum', 'length_ft', false);
insert into buzz_haven.host_yard_minimum (length_ft, width_ft) values (10, 10);

-- The service area and the yard minimum, public: the form says them before anyone applies.
create function public.get_buzz_haven_service_area() returns jsonb
language sql stable security definer set search_path = '' -- reads buzz_haven.service_area_zips and host_yard_minimum, which anon has no grant on
as $$
  select jsonb_build_object(
    'areas', coalesce((select jsonb_agg(jsonb_build_object('area', a.area, 'zips', a.zips) order by a.area)
      from (select z.area, jsonb_agg(z.zip order by z.zip) as zips from buzz_haven.service_area_zips as z group by z.area) as a), '[]'::jsonb),
    'min_length_ft', (select m.length_ft from buzz_haven.host_yard_minimum as m),
    'min_width_ft', (select m.width_ft from buzz_haven.host_yard_minimum as m))
$$;

create function public.get_buzz_haven_service_area_zips() returns setof buzz_haven.service_area_zips
language sql stable security definer set search_path = '' -- reads buzz_haven.service_area_zips through buzz_haven.list_rows
as $$ select * from buzz_haven.list_rows(null::buzz_haven.service_area_zips, 't.zip') $$;

-- The ZIP's shape and the area's length are service_area_zips' CHECKs; a ZIP is in the area once.
create function public.create_buzz_haven_service_area_zip(p_zip text, p_area text)
returns buzz_haven.service_area_zips language sql security definer set search_path = '' -- writes buzz_haven.service_area_zips
as $$ select buzz_haven.create_row(null::buzz_haven.service_area_zips, jsonb_build_object('zip', btrim(p_zip),
  'area', btrim(p_area)), 'zip', 'This ZIP code is already in the service area') $$;

create function public.update_buzz_haven_service_area_zip(p_id uuid, p_zip text default null, p_area text default null,
  p_clear text[] default '{}')
returns buzz_haven.service_area_zips language sql security definer set search_path = '' -- writes buzz_haven.service_area_zips
as $$ select buzz_haven.change_row(null::buzz_haven.service_area_zips, p_id, 'Service area ZIP not found',
  jsonb_build_object('zip', btrim(p_zip), 'area', btrim(p_area)), p_clear,
  p_unique => 'zip', p_taken => 'This ZIP code is already in the service area') $$;

create function public.delete_buzz_haven_service_area_zip(p_id uuid)
returns buzz_haven.service_area_zips language sql security definer set search_path = '' -- deletes from buzz_haven.service_area_zips
as $$ select buzz_haven.delete_row(null::buzz_haven.service_area_zips, p_id, 'Service area ZIP not found',
  'Only an owner or admin can remove a ZIP code from the service area') $$;

create function public.get_buzz_haven_host_yard_minimum()
returns setof buzz_haven.host_yard_minimum language sql stable security definer set search_path = '' -- reads buzz_haven.host_yard_minimum
as $$ select * from buzz_haven.host_yard_minimum $$;

create function public.update_buzz_haven_host_yard_minimum(p_id uuid, p_length_ft integer default null,
  p_width_ft integer default null, p_clear text[] default '{}')
returns buzz_haven.host_yard_minimum language sql security definer set search_path = '' -- writes buzz_haven.host_yard_minimum
as $$ select buzz_haven.change_row(null::buzz_haven.host_yard_minimum, p_id, 'Yard minimum not found',
  jsonb_build_object('length_ft', p_length_ft, 'width_ft', p_width_ft), p_clear) $$;


-- A product's name is required in words the form shows (its CHECK says only that it is not blank).
create function buzz_haven.check_product(v buzz_haven.products) returns void
language sql stable set search_path = ''
as $$
  select buzz_haven.check_input(nullif(btrim(v.name), '') is not null, 'Name is required')
$$;
revoke all on function buzz_haven.check_product(buzz_haven.products) from public, anon, authenticated;

-- The messages of this file's table rules (how they are raised: buzz_haven.constraint_messages).
-- A missing slug or price keeps its words through the NOT NULL rows (23502). What no one-column
-- CHECK holds stays in the functions: a slug used by another row, the youngest age above the
-- oldest, a ZIP's format and uniqueness, a product's required name.
-- These tables' bounds and allowed values say their own messages (buzz_haven.derived_message);
-- the rows below give other words.
select buzz_haven.derive_messages('buzz_haven.adopt_gift_terms', 'buzz_haven.products');
insert into buzz_haven.constraint_messages (constraint_name, message) values
  -- adopt_tiers
  ('adopt_tiers_slug_format', 'Slug must be lowercase words joined by hyphens (%s characters at most)'),
  ('adopt_tiers_slug_not_null', 'Slug must be lowercase words joined by hyphens (%s characters at most)'),
  ('adopt_tiers_monthly_price_range', 'Monthly price must be between $%s and $%s'),
  ('adopt_tiers_monthly_price_not_null', 'Monthly price must be between $%s and $%s'),
  ('adopt_tiers_sort_order_range', 'Order must be between %s and %s'),
  -- adopt_gift_terms
  ('adopt_gift_terms_months_not_null', 'Months must be between %s and %s'),
  -- hosting_plans
  ('hosting_plans_slug_format', 'Slug must be lowercase words joined by hyphens (%s characters at most)'),
  ('hosting_plans_slug_not_null', 'Slug must be lowercase words joined by hyphens (%s characters at most)'),
  ('hosting_plans_yearly_price_range', 'Yearly price must be between $%s and $%s'),
  ('hosting_plans_yearly_price_not_null', 'Yearly price must be between $%s and $%s'),
  ('hosting_plans_sort_order_range', 'Order must be between %s and %s'),
  -- shipping_rates
  ('shipping_rates_price_range', 'Price must be between $%s and $%s'),
  ('shipping_rates_free_over_range', 'Free over must be between $%s and $%s'),
  -- host_yard_minimum
  ('host_yard_minimum_length_range', 'Length and width must be between %s and %s feet'),
  ('host_yard_minimum_width_range', 'Length and width must be between %s and %s feet'),
  -- service_area_zips
  ('service_area_zips_area_length', 'Area is required (%s characters at most)'),
  ('service_area_zips_area_max_length', 'Area is required (%s characters at most)'),
  ('service_area_zips_area_not_null', 'Area is required (%s characters at most)'),
  ('service_area_zips_zip_format', 'ZIP code must be 5 digits'),
  ('service_area_zips_zip_not_null', 'ZIP code must be %s digits'),
  -- products
  ('products_image_url_length', 'Image URL is too long (%s characters at most)'),
  ('products_image_url_http', 'Must be a valid URL'),
  ('products_price_not_negative', 'Price must be positive'),
  ('products_slug_format', 'Slug must be lowercase letters, digits and single dashes'),
  ('products_sort_order_range', 'Order must be between %s and %s'),
  ('products_image_alt_length', 'Image alt text is too long (%s characters at most)'),
  ('products_name_es_length', 'Name (Spanish) is too long (%s characters at most)'),
  ('products_description_es_length', 'Description (Spanish) is too long (%s characters at most)');
