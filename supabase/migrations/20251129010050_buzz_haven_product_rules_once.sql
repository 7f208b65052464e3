-- Buzz Haven: a product's bounds and enums live in products' CHECKs only (issue 23, item 2), as
-- 20251128030010 did for inspections. check_product_texts (20251123000120) and check_product_shop
-- (20251123000820) repeated the text lengths, the slug's format, the section's values, the order's
-- range, and create/update_buzz_haven_product the price and image address rules, each with the
-- admin form's message; the messages become buzz_haven.constraint_messages rows (same words), so a
-- value breaking one fails on the table (23514, PostgREST's `details` naming the field, where the
-- admin shows it). Both check functions go; what no one-column CHECK holds stays in the two RPCs: a
-- required name and a slug no other product has.

insert into buzz_haven.constraint_messages (constraint_name, message) values
  ('products_name_length', 'Name is too long (200 characters at most)'),
  ('products_description_length', 'Description is too long (5000 characters at most)'),
  ('products_category_length', 'Category is too long (100 characters at most)'),
  ('products_image_url_length', 'Image URL is too long (2000 characters at most)'),
  ('products_image_url_http', 'Must be a valid URL'),
  ('products_price_not_negative', 'Price must be positive'),
  ('products_slug_length', 'Slug is too long (100 characters at most)'),
  ('products_slug_format', 'Slug must be lowercase letters, digits and single dashes'),
  ('products_size_label_length', 'Size label is too long (100 characters at most)'),
  ('products_section_known', 'Section must be honey or beeswax'),
  ('products_sort_order_range', 'Order must be between -100000 and 100000'),
  ('products_image_alt_length', 'Image alt text is too long (300 characters at most)')
on conflict (constraint_name) do update set message = excluded.message;
select buzz_haven.explain_constraints_of('buzz_haven.products');

-- The one rule of a product's slug no CHECK holds.
create function buzz_haven.check_product_slug_free(p_id uuid, p_slug text) returns void
language plpgsql
stable
set search_path = ''
as $$
begin
  perform buzz_haven.check_input(
    nullif(btrim(p_slug), '') is null or not exists (
      select 1 from buzz_haven.products as p where p.slug = btrim(p_slug) and p.id is distinct from p_id
    ),
    'Another product already has this slug'
  );
end;
$$;
revoke all on function buzz_haven.check_product_slug_free(uuid, text) from public, anon, authenticated;

create or replace function public.create_buzz_haven_product(
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
  perform buzz_haven.check_product_slug_free(null, p_slug);
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

create or replace function public.update_buzz_haven_product(
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
  perform buzz_haven.check_product_slug_free(p_id, p_slug);
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

drop function buzz_haven.check_product_texts(text, text, text, text);
drop function buzz_haven.check_product_shop(uuid, text, text, text, integer, text);
