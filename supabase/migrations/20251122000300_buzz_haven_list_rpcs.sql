-- Buzz Haven: the back-office catalogue and list RPCs (products CRUD, events, media, users,
-- hives, orders, content). Every function is `security definer` because the API roles have no
-- rights on the buzz_haven tables: the function checks the caller (buzz_haven.require_role) and
-- then reads or writes as its owner. search_path is empty and every name is fully qualified.
-- EXECUTE is revoked from public and granted explicitly (anon too, for the clear refusal).

-- Products: newest first; prices in integer cents. The messages are the admin form's.
create function public.get_buzz_haven_products()
returns setof buzz_haven.products
language plpgsql
stable
security definer -- reads buzz_haven.products, which the caller has no grant on
set search_path = ''
as $$
begin
  perform buzz_haven.require_role();
  return query
    select * from buzz_haven.products as p order by p.created_at desc, p.name, p.id;
end;
$$;

create function public.create_buzz_haven_product(
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
create function public.update_buzz_haven_product(
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

create function public.delete_buzz_haven_product(p_id uuid)
returns buzz_haven.products
language plpgsql
security definer -- deletes from buzz_haven.products, which the caller has no grant on
set search_path = ''
as $$
declare
  v_row buzz_haven.products;
begin
  perform buzz_haven.require_role();
  delete from buzz_haven.products as p where p.id = p_id returning p.* into v_row;
  if not found then
    raise exception 'Product not found' using errcode = 'PT404';
  end if;
  return v_row;
end;
$$;

-- The other back-office lists: every column, for any role.
create function public.get_buzz_haven_events()
returns setof buzz_haven.events
language plpgsql
stable
security definer -- reads buzz_haven.events, which the caller has no grant on
set search_path = ''
as $$
begin
  perform buzz_haven.require_role();
  return query select * from buzz_haven.events as e order by e.start_time desc, e.id;
end;
$$;

create function public.get_buzz_haven_media()
returns setof buzz_haven.media
language plpgsql
stable
security definer -- reads buzz_haven.media, which the caller has no grant on
set search_path = ''
as $$
begin
  perform buzz_haven.require_role();
  return query select * from buzz_haven.media as m order by m.created_at desc, m.title, m.id;
end;
$$;

create function public.get_buzz_haven_users()
returns setof buzz_haven.users
language plpgsql
stable
security definer -- reads buzz_haven.users, which the caller has no grant on
set search_path = ''
as $$
begin
  perform buzz_haven.require_role();
  return query select * from buzz_haven.users as u order by u.created_at desc, u.email, u.id;
end;
$$;

create function public.get_buzz_haven_hives()
returns setof buzz_haven.hives
language plpgsql
stable
security definer -- reads buzz_haven.hives, which the caller has no grant on
set search_path = ''
as $$
begin
  perform buzz_haven.require_role();
  return query select * from buzz_haven.hives as h order by h.created_at desc, h.name, h.id;
end;
$$;

create function public.get_buzz_haven_orders()
returns setof buzz_haven.orders
language plpgsql
stable
security definer -- reads buzz_haven.orders, which the caller has no grant on
set search_path = ''
as $$
begin
  perform buzz_haven.require_role();
  return query select * from buzz_haven.orders as o order by o.created_at desc, o.id;
end;
$$;

create function public.get_buzz_haven_content()
returns setof buzz_haven.content
language plpgsql
stable
security definer -- reads buzz_haven.content, which the caller has no grant on
set search_path = ''
as $$
begin
  perform buzz_haven.require_role();
  return query select * from buzz_haven.content as c order by c.created_at desc, c.slug, c.id;
end;
$$;

-- Privileges: EXECUTE for the three API roles only (buzz_haven.grant_api_execute).
select buzz_haven.grant_api_execute(
  'public.get_buzz_haven_products()',
  'public.create_buzz_haven_product(text, text, integer, text, text)',
  'public.update_buzz_haven_product(uuid, text, text, integer, text, text)',
  'public.delete_buzz_haven_product(uuid)',
  'public.get_buzz_haven_events()',
  'public.get_buzz_haven_media()',
  'public.get_buzz_haven_users()',
  'public.get_buzz_haven_hives()',
  'public.get_buzz_haven_orders()',
  'public.get_buzz_haven_content()'
);
