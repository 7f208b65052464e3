-- Buzz Haven: what /shop and the home page's featured products need from the products table
-- (issue 9): a slug (the product's id on the site and its picture's name), a size label, the shop
-- section (honey | beeswax), featured on the home page, the display order and the picture's alt
-- text. create/update take them as optional arguments (existing calls keep working: a null
-- argument keeps the value, an empty text clears it); get_buzz_haven_products returns them (it
-- returns every column). get_buzz_haven_shop_products (anon) returns what the site shows.

alter table buzz_haven.products
  add column slug text
    constraint products_slug_format check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$')
    constraint products_slug_length check (char_length(slug) <= 100),
  add column size_label text constraint products_size_label_length check (char_length(size_label) <= 100),
  add column section text constraint products_section_known check (section in ('honey', 'beeswax')),
  add column featured boolean not null default false,
  add column sort_order integer not null default 0
    constraint products_sort_order_range check (sort_order between -100000 and 100000),
  add column image_alt text constraint products_image_alt_length check (char_length(image_alt) <= 300);
create unique index products_slug_key on buzz_haven.products (slug);

-- The rules of the shop columns, with the admin form's messages.
create function buzz_haven.check_product_shop(
  p_id uuid, p_slug text, p_size_label text, p_section text, p_sort_order integer, p_image_alt text
) returns void
language plpgsql
stable
set search_path = ''
as $$
begin
  perform buzz_haven.check_length(btrim(p_slug), 100, 'Slug');
  perform buzz_haven.check_input(
    nullif(btrim(p_slug), '') is null or btrim(p_slug) ~ '^[a-z0-9]+(-[a-z0-9]+)*$',
    'Slug must be lowercase letters, digits and single dashes'
  );
  perform buzz_haven.check_input(
    nullif(btrim(p_slug), '') is null or not exists (
      select 1 from buzz_haven.products as p where p.slug = btrim(p_slug) and p.id is distinct from p_id
    ),
    'Another product already has this slug'
  );
  perform buzz_haven.check_length(btrim(p_size_label), 100, 'Size label');
  perform buzz_haven.check_input(
    nullif(btrim(p_section), '') is null or btrim(p_section) in ('honey', 'beeswax'), 'Section must be honey or beeswax'
  );
  perform buzz_haven.check_input(
    p_sort_order is null or p_sort_order between -100000 and 100000, 'Order must be between -100000 and 100000'
  );
  perform buzz_haven.check_length(btrim(p_image_alt), 300, 'Image alt text');
end;
$$;
revoke all on function buzz_haven.check_product_shop(uuid, text, text, text, integer, text) from public, anon, authenticated;

drop function public.create_buzz_haven_product(text, text, integer, text, text);
create function public.create_buzz_haven_product(
  p_name text,
  p_description text default null,
  p_price integer default 0,
  p_category text default null,
  p_image_url text default null,
  p_slug text default null,
  p_size_label text default null,
  p_section text default null,
  p_featured boolean default null,
  p_sort_order integer default null,
  p_image_alt text default null
)
returns buzz_haven.products
language plpgsql
security definer -- writes buzz_haven.products, which the caller has no grant on
set search_path = ''
as $$
declare
  v_row buzz_haven.products;
begin
  perform buzz_haven.require_role();
  perform buzz_haven.check_input(nullif(btrim(p_name), '') is not null, 'Name is required');
  perform buzz_haven.check_product_texts(p_name, p_description, p_category, p_image_url);
  perform buzz_haven.check_input(coalesce(p_price, 0) >= 0, 'Price must be positive');
  perform buzz_haven.check_input(
    nullif(btrim(p_image_url), '') is null or buzz_haven.is_http_url(btrim(p_image_url)),
    'Must be a valid URL'
  );
  perform buzz_haven.check_product_shop(null, p_slug, p_size_label, p_section, p_sort_order, p_image_alt);
  insert into buzz_haven.products (
    name, description, price, category, image_url, slug, size_label, section, featured, sort_order, image_alt
  )
  values (
    btrim(p_name),
    nullif(btrim(p_description), ''),
    coalesce(p_price, 0),
    nullif(btrim(p_category), ''),
    nullif(btrim(p_image_url), ''),
    nullif(btrim(p_slug), ''),
    nullif(btrim(p_size_label), ''),
    nullif(btrim(p_section), ''),
    coalesce(p_featured, false),
    coalesce(p_sort_order, 0),
    nullif(btrim(p_image_alt), '')
  )
  returning * into v_row;
  return v_row;
end;
$$;

drop function public.update_buzz_haven_product(uuid, text, text, integer, text, text);
create function public.update_buzz_haven_product(
  p_id uuid,
  p_name text default null,
  p_description text default null,
  p_price integer default null,
  p_category text default null,
  p_image_url text default null,
  p_slug text default null,
  p_size_label text default null,
  p_section text default null,
  p_featured boolean default null,
  p_sort_order integer default null,
  p_image_alt text default null
)
returns buzz_haven.products
language plpgsql
security definer -- writes buzz_haven.products, which the caller has no grant on
set search_path = ''
as $$
declare
  v_row buzz_haven.products;
begin
  perform buzz_haven.require_role();
  perform buzz_haven.check_input(p_name is null or btrim(p_name) <> '', 'Name is required');
  perform buzz_haven.check_product_texts(p_name, p_description, p_category, p_image_url);
  perform buzz_haven.check_input(p_price is null or p_price >= 0, 'Price must be positive');
  perform buzz_haven.check_input(
    nullif(btrim(p_image_url), '') is null or buzz_haven.is_http_url(btrim(p_image_url)),
    'Must be a valid URL'
  );
  perform buzz_haven.check_product_shop(p_id, p_slug, p_size_label, p_section, p_sort_order, p_image_alt);
  update buzz_haven.products as p
  set
    name = coalesce(btrim(p_name), p.name),
    description = case when p_description is null then p.description else nullif(btrim(p_description), '') end,
    price = coalesce(p_price, p.price),
    category = case when p_category is null then p.category else nullif(btrim(p_category), '') end,
    image_url = case when p_image_url is null then p.image_url else nullif(btrim(p_image_url), '') end,
    slug = case when p_slug is null then p.slug else nullif(btrim(p_slug), '') end,
    size_label = case when p_size_label is null then p.size_label else nullif(btrim(p_size_label), '') end,
    section = case when p_section is null then p.section else nullif(btrim(p_section), '') end,
    featured = coalesce(p_featured, p.featured),
    sort_order = coalesce(p_sort_order, p.sort_order),
    image_alt = case when p_image_alt is null then p.image_alt else nullif(btrim(p_image_alt), '') end
  where p.id = p_id
  returning p.* into v_row;
  if not found then
    raise exception 'Product not found' using errcode = 'PT404';
  end if;
  return v_row;
end;
$$;

-- The shop as the site shows it: public products in their display order.
drop function public.get_buzz_haven_shop_products();
create function public.get_buzz_haven_shop_products()
returns table (
  id uuid, name text, price integer, category text, image_url text, slug text, description text,
  size_label text, section text, featured boolean, sort_order integer, image_alt text
)
language sql
stable
security definer -- reads buzz_haven.products, which anon has no grant on
set search_path = ''
as $$
  select p.id, p.name, p.price, p.category, p.image_url, p.slug, p.description,
    p.size_label, p.section, p.featured, p.sort_order, p.image_alt
  from buzz_haven.products as p
  where p.is_public order by p.sort_order, p.created_at desc, p.name, p.id
$$;

select buzz_haven.grant_api_execute(
  'public.create_buzz_haven_product(text, text, integer, text, text, text, text, text, boolean, integer, text)',
  'public.update_buzz_haven_product(uuid, text, text, integer, text, text, text, text, text, boolean, integer, text)',
  'public.get_buzz_haven_shop_products()'
);
