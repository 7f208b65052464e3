-- Buzz Haven: each workshop offering's price per person and age range live in a table (issue 23,
-- item 1), as the other prices do (20251125003000_buzz_haven_price_tables.sql): staff edit them in
-- the back office (Workshop Prices), the site build reads them (get_buzz_haven_workshop_offerings,
-- anon: they are public; pages quote {{workshops.<id>}}). The offerings' words (title, length,
-- price unit, audience, description) stay in the content document catalog/workshop-offerings,
-- keyed by slug (an event's `offering`); its stored bodies lose price and ages here, as its
-- schema (content/schema/catalog/workshop-offerings.ts) no longer has them.

create table buzz_haven.workshop_offerings (
  id uuid primary key default gen_random_uuid(),
  slug text not null
    constraint workshop_offerings_slug_unique unique
    constraint workshop_offerings_slug_format check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and char_length(slug) <= 100),
  price integer not null constraint workshop_offerings_price_range check (price between 0 and 1000000),
  min_age integer constraint workshop_offerings_min_age_range check (min_age between 0 and 120),
  max_age integer constraint workshop_offerings_max_age_range check (max_age between 0 and 120),
  sort_order integer not null default 0 constraint workshop_offerings_sort_order_range check (sort_order between 0 and 1000),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint workshop_offerings_ages_ordered check (min_age <= max_age)
);
comment on table buzz_haven.workshop_offerings is
  'Workshop offerings: slug (the content''s offering id, events.offering), price per person in cents, age range.';
alter table buzz_haven.workshop_offerings enable row level security;
revoke all on buzz_haven.workshop_offerings from public, anon, authenticated;

create trigger workshop_offerings_set_updated_at before update on buzz_haven.workshop_offerings
  for each row execute function buzz_haven.set_updated_at();
create trigger workshop_offerings_log_activity after insert or update or delete on buzz_haven.workshop_offerings
  for each row execute function buzz_haven.log_activity('workshop offering', 'slug');
select buzz_haven.require_second_factor_for_deletes('buzz_haven.workshop_offerings');

-- seed data: as content/catalog/workshop-offerings.yaml gave them ($75, $45, $35 ages 5-12, $45)
insert into buzz_haven.workshop_offerings (slug, price, min_age, max_age, sort_order) values
  ('beekeeping-basics', 7500, null, null, 1), ('artistic-hive-design', 4500, null, null, 2),
  ('childrens-bee-discovery', 3500, 5, 12, 3), ('cultural-beekeeping-traditions', 4500, null, null, 4);

create function public.get_buzz_haven_workshop_offerings()
returns setof buzz_haven.workshop_offerings
language sql
stable
security definer -- reads buzz_haven.workshop_offerings, which the caller has no grant on
set search_path = ''
as $$
  select * from buzz_haven.workshop_offerings as w order by w.sort_order, w.slug
$$;

create function buzz_haven.check_workshop_offering(v buzz_haven.workshop_offerings) returns void
language plpgsql
stable
set search_path = ''
as $$
begin
  perform buzz_haven.check_event_offering(v.slug);
  perform buzz_haven.check_input(v.slug is not null, 'Slug is required');
  perform buzz_haven.check_input(v.price between 0 and 1000000, 'Price must be between $0 and $10,000');
  perform buzz_haven.check_input(coalesce(v.min_age between 0 and 120, true) and coalesce(v.max_age between 0 and 120, true),
    'Ages must be between 0 and 120');
  perform buzz_haven.check_input(coalesce(v.min_age <= v.max_age, true), 'The youngest age cannot be above the oldest');
  perform buzz_haven.check_input(v.sort_order between 0 and 1000, 'Order must be between 0 and 1000');
  perform buzz_haven.check_input(
    not exists (select 1 from buzz_haven.workshop_offerings as w where w.slug = v.slug and w.id <> v.id),
    'Another offering has this slug');
end;
$$;
revoke all on function buzz_haven.check_workshop_offering(buzz_haven.workshop_offerings) from public, anon, authenticated;

create function public.create_buzz_haven_workshop_offering(
  p_slug text, p_price integer, p_min_age integer default null, p_max_age integer default null, p_sort_order integer default 0
)
returns buzz_haven.workshop_offerings
language plpgsql
security definer -- writes buzz_haven.workshop_offerings, which the caller has no grant on
set search_path = ''
as $$
declare
  v buzz_haven.workshop_offerings;
begin
  perform buzz_haven.require_role();
  v.id := gen_random_uuid();
  v.slug := btrim(p_slug);
  v.price := p_price;
  v.min_age := p_min_age;
  v.max_age := p_max_age;
  v.sort_order := coalesce(p_sort_order, 0);
  perform buzz_haven.check_workshop_offering(v);
  insert into buzz_haven.workshop_offerings (id, slug, price, min_age, max_age, sort_order)
  values (v.id, v.slug, v.price, v.min_age, v.max_age, v.sort_order) returning * into v;
  return v;
end;
$$;

-- A null argument keeps the value; p_clear => '{min_age,max_age}' removes the age range.
create function public.update_buzz_haven_workshop_offering(
  p_id uuid, p_slug text default null, p_price integer default null, p_min_age integer default null,
  p_max_age integer default null, p_sort_order integer default null, p_clear text[] default '{}'
)
returns buzz_haven.workshop_offerings
language plpgsql
security definer -- writes buzz_haven.workshop_offerings, which the caller has no grant on
set search_path = ''
as $$
declare
  v buzz_haven.workshop_offerings;
  c text[] := coalesce(p_clear, '{}');
begin
  perform buzz_haven.require_role();
  perform buzz_haven.check_clear(c, array['min_age', 'max_age'], array_remove(array[
    case when p_min_age is not null then 'min_age' end, case when p_max_age is not null then 'max_age' end], null));
  select * into v from buzz_haven.workshop_offerings as w where w.id = p_id for update;
  if not found then
    raise exception 'Workshop offering not found' using errcode = 'PT404';
  end if;
  v.slug := coalesce(btrim(p_slug), v.slug);
  v.price := coalesce(p_price, v.price);
  v.min_age := case when 'min_age' = any (c) then null else coalesce(p_min_age, v.min_age) end;
  v.max_age := case when 'max_age' = any (c) then null else coalesce(p_max_age, v.max_age) end;
  v.sort_order := coalesce(p_sort_order, v.sort_order);
  perform buzz_haven.check_workshop_offering(v);
  update buzz_haven.workshop_offerings as w
  set slug = v.slug, price = v.price, min_age = v.min_age, max_age = v.max_age, sort_order = v.sort_order
  where w.id = p_id returning w.* into v;
  return v;
end;
$$;

create function public.delete_buzz_haven_workshop_offering(p_id uuid)
returns buzz_haven.workshop_offerings
language plpgsql
security definer -- deletes from buzz_haven.workshop_offerings, which the caller has no grant on
set search_path = ''
as $$
declare
  v buzz_haven.workshop_offerings;
begin
  perform buzz_haven.require_role(array['owner', 'admin'], 'Only an owner or admin can delete workshop offerings');
  delete from buzz_haven.workshop_offerings as w where w.id = p_id returning w.* into v;
  if not found then
    raise exception 'Workshop offering not found' using errcode = 'PT404';
  end if;
  return v;
end;
$$;

select buzz_haven.grant_api_execute(
  'public.get_buzz_haven_workshop_offerings()',
  'public.create_buzz_haven_workshop_offering(text, integer, integer, integer, integer)',
  'public.update_buzz_haven_workshop_offering(uuid, text, integer, integer, integer, integer, text[])',
  'public.delete_buzz_haven_workshop_offering(uuid)'
);

-- The stored catalog/workshop-offerings bodies lose price and ages (content_versions keeps each version).
update buzz_haven.content_documents as d
set draft = d.draft || jsonb_build_object('offerings', coalesce((
    select jsonb_agg(o - 'price' - 'ages' order by n) from jsonb_array_elements(d.draft -> 'offerings') with ordinality as e (o, n)), '[]')),
  published = case when d.published is not null then d.published || jsonb_build_object('offerings', coalesce((
    select jsonb_agg(o - 'price' - 'ages' order by n) from jsonb_array_elements(d.published -> 'offerings') with ordinality as e (o, n)), '[]')) end
where d.key = 'catalog/workshop-offerings';
