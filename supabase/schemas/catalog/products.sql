-- Products and the shop: the table, the back office's RPCs and list, the shop's products.
-- The first of the catalog files, which apply in config.toml's order.
-- Catalog and price tables: products and the shop, shipping rates, adoption tiers and gift terms,
-- hosting plans, service-area ZIPs and the host yard minimum.
-- Declared whole: this folder says what the database holds for its area; supabase/migrations
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
