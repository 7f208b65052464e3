-- Buzz Haven: the product RPCs check the text bounds of the products table with the admin form's
-- messages, and the newsletter sign-up no longer tells who is subscribed. Same signatures as the
-- list and forms migrations (create or replace keeps their grants).

-- The bounds, checked on the trimmed values the RPCs store (products_*_length constraints).
create function buzz_haven.check_product_texts(
  p_name text,
  p_description text,
  p_category text,
  p_image_url text
) returns void
language plpgsql
immutable
set search_path = ''
as $$
begin
  perform buzz_haven.check_length(btrim(p_name), 200, 'Name');
  perform buzz_haven.check_length(btrim(p_description), 5000, 'Description');
  perform buzz_haven.check_length(btrim(p_category), 100, 'Category');
  perform buzz_haven.check_length(btrim(p_image_url), 2000, 'Image URL');
end;
$$;

comment on function buzz_haven.check_product_texts(text, text, text, text) is
  'Raises 22023 with the admin form''s message when a product text is longer than its column allows.';
revoke all on function buzz_haven.check_product_texts(text, text, text, text) from public, anon, authenticated;

create or replace function public.create_buzz_haven_product(
  p_name text,
  p_description text default null,
  p_price integer default 0,
  p_category text default null,
  p_image_url text default null
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
  insert into buzz_haven.products (name, description, price, category, image_url)
  values (
    btrim(p_name),
    nullif(btrim(p_description), ''),
    coalesce(p_price, 0),
    nullif(btrim(p_category), ''),
    nullif(btrim(p_image_url), '')
  )
  returning * into v_row;
  return v_row;
end;
$$;

-- A null argument keeps the field; an empty description, category or image URL clears it.
create or replace function public.update_buzz_haven_product(
  p_id uuid,
  p_name text default null,
  p_description text default null,
  p_price integer default null,
  p_category text default null,
  p_image_url text default null
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
  update buzz_haven.products as p
  set
    name = coalesce(btrim(p_name), p.name),
    description = case when p_description is null then p.description else nullif(btrim(p_description), '') end,
    price = coalesce(p_price, p.price),
    category = case when p_category is null then p.category else nullif(btrim(p_category), '') end,
    image_url = case when p_image_url is null then p.image_url else nullif(btrim(p_image_url), '') end
  where p.id = p_id
  returning p.* into v_row;
  if not found then
    raise exception 'Product not found' using errcode = 'PT404';
  end if;
  return v_row;
end;
$$;

-- Always true, for a new address and for one already on the list (any letter case) alike, so the
-- answer never tells a visitor who else is subscribed. A repeat is not an error.
create or replace function public.subscribe_buzz_haven_newsletter(p_email text default null)
returns boolean
language plpgsql
security definer -- inserts into buzz_haven.newsletter_subscribers, which anon has no grant on
set search_path = ''
as $$
declare
  v_email text := lower(btrim(p_email));
begin
  perform buzz_haven.check_input(buzz_haven.is_email(v_email), 'A valid email is required');
  insert into buzz_haven.newsletter_subscribers (email)
  values (v_email)
  on conflict ((lower(email))) do nothing;
  return true;
end;
$$;
