-- Honey you can trace: batches, neighbourhoods and harvests (the tables), and the RPCs of the
-- neighbourhoods and batches.
set check_function_bodies = false;

-- Buzz Haven: honey you can trace. A harvest records where and when honey
-- came off a hive: the hive, the date and season, the neighbourhood (approximate: a
-- neighbourhood's name, never an address), weight, moisture and floral notes, and optionally the
-- inspection that recorded the pounds harvested (its hive must be the harvest's; its pounds are
-- the weight when none is given). A batch groups harvests (each harvest names its batch) into jars
-- of a product, with a short code printed on the label (EH-24F-07: 2-4 capital letters, the year's
-- two digits and a season letter, a 2-3 digit number), a jar count, and a published flag: a
-- published batch of a public product with at least one harvest has a page on the site
-- (/honey/<code>, get_buzz_haven_public_honey_batches, anon) and is its product's current batch on
-- /shop (the latest bottled). Staff edit both in the back office (Harvests, Honey Batches);
-- deleting needs an owner or admin, and the second factor when they have one; every change is in
-- the activity log.

create table buzz_haven.honey_batches (
  id uuid primary key default gen_random_uuid(),
  code text not null
    constraint honey_batches_code_unique unique
    constraint honey_batches_code_format check (code ~ '^[A-Z]{2,4}-[0-9]{2}[A-Z]-[0-9]{2,3}$')
    constraint honey_batches_code_length check (char_length(code) <= 12),
  product_id uuid not null references buzz_haven.products (id) on delete restrict,
  jar_count integer not null constraint honey_batches_jar_count_range check (jar_count between 1 and 100000),
  bottled_on date,
  net_weight text constraint honey_batches_net_weight_length check (char_length(net_weight) <= 60),
  notes text constraint honey_batches_notes_length check (char_length(notes) <= 2000),
  published boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- the notes on the Spanish batch page; null: the English shows
  notes_es text constraint honey_batches_notes_es_length check (char_length(notes_es) <= 2000)
);
comment on table buzz_haven.honey_batches is
  'Jars of one product filled from some harvests; code on the label (EH-24F-07); published = has a page at /honey/<code>.';
create index honey_batches_product_id_idx on buzz_haven.honey_batches (product_id);

-- The neighbourhoods staff define. A harvest's neighbourhood is printed on its honey
-- labels and shown on /honey/<code>, so it is chosen from this list, never typed: a free-text
-- value such as "Secret Lane by the Lemon Tree" would publish where a hive stands. Owners and
-- admins keep the list (Neighbourhoods in the back office); a name is a neighbourhood's, with no
-- numbers. Renaming one renames it on every harvest (on update cascade); one in use cannot be
-- removed.
create table buzz_haven.neighbourhoods (
  id uuid primary key default gen_random_uuid(),
  name text not null constraint neighbourhoods_name_unique unique
    constraint neighbourhoods_name_not_blank check (btrim(name) <> '')
    constraint neighbourhoods_name_length check (char_length(name) <= 100)
    constraint neighbourhoods_name_no_numbers check (name !~ '[0-9]'),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table buzz_haven.neighbourhoods is
  'The neighbourhoods harvests are placed in (a name, never an address); owners and admins keep the list.';
alter table buzz_haven.neighbourhoods enable row level security;
revoke all on buzz_haven.neighbourhoods from public, anon, authenticated;
select buzz_haven.manage_resource('buzz_haven.neighbourhoods', 'neighbourhood', 'name');
-- The list starts with the service area's neighbourhood (buzz_haven.service_area_zips).
insert into buzz_haven.neighbourhoods (name) values ('East Hills');

create table buzz_haven.honey_harvests (
  id uuid primary key default gen_random_uuid(),
  hive_id uuid not null references buzz_haven.hives (id) on delete restrict,
  inspection_id uuid references buzz_haven.hive_inspections (id) on delete set null,
  batch_id uuid references buzz_haven.honey_batches (id) on delete set null,
  harvested_on date not null,
  season text not null constraint honey_harvests_season_known check (season in ('spring', 'summer', 'fall', 'winter')),
  -- not blank, 100 characters at most, no numbers: three CHECKs, so each has its own message
  -- (constraint_messages); check_honey_harvest keeps only that one is given (null passes a CHECK)
  neighbourhood text not null
    constraint honey_harvests_neighbourhood_not_blank check (btrim(neighbourhood) <> '')
    constraint honey_harvests_neighbourhood_length check (char_length(neighbourhood) <= 100)
    constraint honey_harvests_neighbourhood_no_numbers check (neighbourhood !~ '[0-9]')
    constraint honey_harvests_neighbourhood_fkey references buzz_haven.neighbourhoods (name) on update cascade,
  weight_lb numeric(7, 1) constraint honey_harvests_weight_range check (weight_lb between 0 and 10000),
  moisture_pct numeric(4, 1) constraint honey_harvests_moisture_range check (moisture_pct between 10 and 30),
  floral_notes text constraint honey_harvests_floral_notes_length check (char_length(floral_notes) <= 1000),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table buzz_haven.honey_harvests is
  'Honey taken off a hive: date, season, neighbourhood (never an address), weight (lb), moisture (%), floral notes; its batch.';
create index honey_harvests_batch_id_idx on buzz_haven.honey_harvests (batch_id);
create index honey_harvests_hive_id_idx on buzz_haven.honey_harvests (hive_id);
create index honey_harvests_neighbourhood_idx on buzz_haven.honey_harvests (neighbourhood);

alter table buzz_haven.honey_batches enable row level security;
alter table buzz_haven.honey_harvests enable row level security;
revoke all on buzz_haven.honey_batches, buzz_haven.honey_harvests from public, anon, authenticated;

select buzz_haven.manage_resource('buzz_haven.honey_batches', 'honey batch', 'code');
select buzz_haven.manage_resource('buzz_haven.honey_harvests', 'harvest of', 'harvested_on');

create function public.get_buzz_haven_neighbourhoods() returns setof buzz_haven.neighbourhoods
language sql stable security definer set search_path = '' -- reads buzz_haven.neighbourhoods through buzz_haven.list_rows
as $$ select * from buzz_haven.list_rows(null::buzz_haven.neighbourhoods, 't.name') $$;

create function public.create_buzz_haven_neighbourhood(p_name text) returns buzz_haven.neighbourhoods
language sql security definer set search_path = '' -- writes buzz_haven.neighbourhoods, which the caller has no grant on
as $$
  select buzz_haven.create_row(null::buzz_haven.neighbourhoods, jsonb_build_object('name', btrim(p_name)), 'name',
    'This neighbourhood is already in the list', p_refusal => 'Only an owner or admin can add a neighbourhood')
$$;

create function public.update_buzz_haven_neighbourhood(p_id uuid, p_name text default null, p_clear text[] default '{}')
returns buzz_haven.neighbourhoods
language sql security definer set search_path = '' -- writes buzz_haven.neighbourhoods (and, by cascade, harvests)
as $$
  select buzz_haven.change_row(null::buzz_haven.neighbourhoods, p_id, 'Neighbourhood not found',
    jsonb_build_object('name', btrim(p_name)), p_clear, p_unique => 'name', p_taken => 'This neighbourhood is already in the list',
    p_refusal => 'Only an owner or admin can rename a neighbourhood')
$$;

create function public.delete_buzz_haven_neighbourhood(p_id uuid) returns buzz_haven.neighbourhoods
language plpgsql security definer set search_path = '' -- deletes from buzz_haven.neighbourhoods, which the caller has no grant on
as $$
begin
  perform buzz_haven.require_role(array['owner', 'admin'], 'Only an owner or admin can remove a neighbourhood');
  if exists (select 1 from buzz_haven.neighbourhoods as n join buzz_haven.honey_harvests as h on h.neighbourhood = n.name
             where n.id = p_id) then
    raise exception 'This neighbourhood has harvests, so it cannot be removed: rename it instead'
      using errcode = 'PT409';
  end if;
  return buzz_haven.delete_row(null::buzz_haven.neighbourhoods, p_id, 'Neighbourhood not found', p_roles => null);
end;
$$;

select buzz_haven.grant_api_execute('get_buzz_haven_neighbourhoods', 'create_buzz_haven_neighbourhood',
  'update_buzz_haven_neighbourhood', 'delete_buzz_haven_neighbourhood');

-- 'fall', 2024-10-02 -> 'Fall 2024'
create function buzz_haven.season_label(p_season text, p_on date) returns text
language sql immutable set search_path = ''
as $$
  select initcap(p_season) || ' ' || extract(year from p_on)::integer::text
$$;
revoke all on function buzz_haven.season_label(text, date) from public, anon, authenticated;

create or replace function buzz_haven.check_honey_batch(v buzz_haven.honey_batches) returns void
language plpgsql stable set search_path = ''
as $$
begin
  perform buzz_haven.explain_row(v); -- the code's shape and the lengths: honey_batches' CHECKs
  perform buzz_haven.check_input(not exists (select 1 from buzz_haven.honey_batches as b where b.code = v.code and b.id <> v.id),
    'Another batch has this code');
  perform buzz_haven.check_input(v.product_id is not null, 'Product is required');
  perform buzz_haven.check_input(exists (select 1 from buzz_haven.products as p where p.id = v.product_id), 'Product not found');
  perform buzz_haven.check_input(
    not v.published or exists (select 1 from buzz_haven.honey_harvests as h where h.batch_id = v.id),
    'A batch needs at least one harvest before it is published: record its harvests first');
end;
$$;
revoke all on function buzz_haven.check_honey_batch(buzz_haven.honey_batches) from public, anon, authenticated;

-- The back-office lists, read page by page as the other lists are (a staff-only view behind a
-- one-line inlinable function, as every list RPC is).
create view buzz_haven_lists.honey_batches as
  select b.*, buzz_haven_lists.needs_spanish(b.notes, b.notes_es) as spanish_missing
  from buzz_haven.honey_batches as b where buzz_haven_lists.staff_only();
create view buzz_haven_lists.honey_harvests as
  select h.* from buzz_haven.honey_harvests as h where buzz_haven_lists.staff_only();
grant select on buzz_haven_lists.honey_batches, buzz_haven_lists.honey_harvests to anon, authenticated, service_role;
create function public.get_buzz_haven_honey_batches() returns setof buzz_haven_lists.honey_batches
language sql stable as $$ select * from buzz_haven_lists.honey_batches $$;
create function public.get_buzz_haven_honey_harvests() returns setof buzz_haven_lists.honey_harvests
language sql stable as $$ select * from buzz_haven_lists.honey_harvests $$;
create index honey_harvests_list_harvested_idx on buzz_haven.honey_harvests (harvested_on desc, id);

-- Texts are trimmed (the code is upper-cased); an empty optional text is no text.
create function public.create_buzz_haven_honey_batch(p_code text, p_product_id uuid, p_jar_count integer,
  p_bottled_on date default null, p_net_weight text default null, p_notes text default null,
  p_published boolean default false, p_notes_es text default null)
returns buzz_haven.honey_batches
language sql security definer set search_path = '' -- writes buzz_haven.honey_batches, which the caller has no grant on
as $$
  select buzz_haven.create_row(null::buzz_haven.honey_batches, jsonb_build_object('code', upper(btrim(p_code)),
    'product_id', p_product_id, 'jar_count', p_jar_count, 'bottled_on', p_bottled_on,
    'net_weight', nullif(btrim(p_net_weight), ''), 'notes', nullif(btrim(p_notes), ''),
    'published', coalesce(p_published, false),
    'notes_es', nullif(btrim(p_notes_es), '')), p_check => 'buzz_haven.check_honey_batch')
$$;

-- A null argument keeps the value; p_clear names the optional columns to empty.
create function public.update_buzz_haven_honey_batch(p_id uuid, p_code text default null,
  p_product_id uuid default null, p_jar_count integer default null, p_bottled_on date default null,
  p_net_weight text default null, p_notes text default null, p_published boolean default null,
  p_clear text[] default '{}', p_notes_es text default null)
returns buzz_haven.honey_batches
language sql security definer set search_path = '' -- writes buzz_haven.honey_batches, which the caller has no grant on
as $$
  select buzz_haven.change_row(null::buzz_haven.honey_batches, p_id, 'Honey batch not found', jsonb_build_object(
    'code', upper(btrim(p_code)), 'product_id', p_product_id, 'jar_count', p_jar_count, 'bottled_on', p_bottled_on,
    'net_weight', btrim(p_net_weight), 'notes', btrim(p_notes), 'published', p_published,
    'notes_es', btrim(p_notes_es)), p_clear, '{bottled_on, net_weight, notes, notes_es}', p_check => 'buzz_haven.check_honey_batch')
$$;

-- Its harvests stay (their batch is emptied).
create function public.delete_buzz_haven_honey_batch(p_id uuid) returns buzz_haven.honey_batches
language sql security definer set search_path = '' -- deletes from buzz_haven.honey_batches, which the caller has no grant on
as $$
  select buzz_haven.delete_row(null::buzz_haven.honey_batches, p_id, 'Honey batch not found', 'Only an owner or admin can delete honey batches')
$$;

create or replace function buzz_haven.check_honey_harvest(v buzz_haven.honey_harvests) returns void
language plpgsql stable set search_path = ''
as $$
begin
  perform buzz_haven.check_input(v.hive_id is not null, 'Hive is required');
  perform buzz_haven.check_input(exists (select 1 from buzz_haven.hives as h where h.id = v.hive_id), 'Hive not found');
  perform buzz_haven.check_input(v.harvested_on is not null, 'Harvest date is required');
  perform buzz_haven.check_input(v.harvested_on <= current_date + 1, 'Harvest date cannot be in the future');
  perform buzz_haven.check_input(v.season is not null, 'Season must be spring, summer, fall or winter');
  perform buzz_haven.check_input(nullif(btrim(v.neighbourhood), '') is not null, 'Neighbourhood is required');
  perform buzz_haven.check_input(
    v.inspection_id is null or exists (select 1 from buzz_haven.hive_inspections as i where i.id = v.inspection_id),
    'Inspection not found');
  perform buzz_haven.check_input(
    v.inspection_id is null or exists (
      select 1 from buzz_haven.hive_inspections as i where i.id = v.inspection_id and i.hive_id = v.hive_id),
    'The inspection is of another hive: link an inspection of this harvest''s hive');
  perform buzz_haven.check_input(
    v.batch_id is null or exists (select 1 from buzz_haven.honey_batches as b where b.id = v.batch_id), 'Batch not found');
end;
$$;
revoke all on function buzz_haven.check_honey_harvest(buzz_haven.honey_harvests) from public, anon, authenticated;
