-- Buzz Haven: honey you can trace (issue 27, items 1-3). A harvest records where and when honey
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
    constraint honey_batches_code_format check (code ~ '^[A-Z]{2,4}-[0-9]{2}[A-Z]-[0-9]{2,3}$'),
  product_id uuid not null references buzz_haven.products (id) on delete restrict,
  jar_count integer not null constraint honey_batches_jar_count_range check (jar_count between 1 and 100000),
  bottled_on date,
  net_weight text constraint honey_batches_net_weight_length check (char_length(net_weight) <= 60),
  notes text constraint honey_batches_notes_length check (char_length(notes) <= 2000),
  published boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table buzz_haven.honey_batches is
  'Jars of one product filled from some harvests; code on the label (EH-24F-07); published = has a page at /honey/<code>.';
create index honey_batches_product_id_idx on buzz_haven.honey_batches (product_id);

create table buzz_haven.honey_harvests (
  id uuid primary key default gen_random_uuid(),
  hive_id uuid not null references buzz_haven.hives (id) on delete restrict,
  inspection_id uuid references buzz_haven.hive_inspections (id) on delete set null,
  batch_id uuid references buzz_haven.honey_batches (id) on delete set null,
  harvested_on date not null,
  season text not null constraint honey_harvests_season_known check (season in ('spring', 'summer', 'fall', 'winter')),
  neighbourhood text not null
    constraint honey_harvests_neighbourhood_shape
    check (btrim(neighbourhood) <> '' and char_length(neighbourhood) <= 100 and neighbourhood !~ '[0-9]'),
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

alter table buzz_haven.honey_batches enable row level security;
alter table buzz_haven.honey_harvests enable row level security;
revoke all on buzz_haven.honey_batches, buzz_haven.honey_harvests from public, anon, authenticated;

create trigger honey_batches_set_updated_at before update on buzz_haven.honey_batches
  for each row execute function buzz_haven.set_updated_at();
create trigger honey_harvests_set_updated_at before update on buzz_haven.honey_harvests
  for each row execute function buzz_haven.set_updated_at();
create trigger honey_batches_log_activity after insert or update or delete on buzz_haven.honey_batches
  for each row execute function buzz_haven.log_activity('honey batch', 'code');
create trigger honey_harvests_log_activity after insert or update or delete on buzz_haven.honey_harvests
  for each row execute function buzz_haven.log_activity('harvest of', 'harvested_on');
select buzz_haven.require_second_factor_for_deletes('buzz_haven.honey_batches', 'buzz_haven.honey_harvests');

-- 'fall', 2024-10-02 -> 'Fall 2024'
create function buzz_haven.season_label(p_season text, p_on date) returns text
language sql
immutable
set search_path = ''
as $$
  select initcap(p_season) || ' ' || extract(year from p_on)::integer::text
$$;
revoke all on function buzz_haven.season_label(text, date) from public, anon, authenticated;

-- ---------------------------------------------------------------------------------------------
-- Batches

create function buzz_haven.check_honey_batch(v buzz_haven.honey_batches) returns void
language plpgsql
stable
set search_path = ''
as $$
begin
  perform buzz_haven.check_input(coalesce(v.code ~ '^[A-Z]{2,4}-[0-9]{2}[A-Z]-[0-9]{2,3}$', false),
    'Batch code must look like EH-24F-07: 2-4 capital letters, a dash, the year''s two digits and a season letter, a dash, a 2-3 digit number');
  perform buzz_haven.check_input(not exists (select 1 from buzz_haven.honey_batches as b where b.code = v.code and b.id <> v.id),
    'Another batch has this code');
  perform buzz_haven.check_input(v.product_id is not null, 'Product is required');
  perform buzz_haven.check_input(exists (select 1 from buzz_haven.products as p where p.id = v.product_id), 'Product not found');
  perform buzz_haven.check_input(coalesce(v.jar_count between 1 and 100000, false), 'Jar count must be between 1 and 100000');
  perform buzz_haven.check_input(coalesce(char_length(v.net_weight), 0) <= 60, 'Net weight is too long (60 characters at most)');
  perform buzz_haven.check_input(coalesce(char_length(v.notes), 0) <= 2000, 'Notes are too long (2000 characters at most)');
  perform buzz_haven.check_input(
    not v.published or exists (select 1 from buzz_haven.honey_harvests as h where h.batch_id = v.id),
    'A batch needs at least one harvest before it is published: record its harvests first');
end;
$$;
revoke all on function buzz_haven.check_honey_batch(buzz_haven.honey_batches) from public, anon, authenticated;

-- The back-office list, read page by page as the other lists are (a staff-only view behind a
-- one-line inlinable function: 20251125001000_buzz_haven_lists_by_page.sql).
create view buzz_haven_lists.honey_batches as
  select b.* from buzz_haven.honey_batches as b where buzz_haven_lists.staff_only();
grant select on buzz_haven_lists.honey_batches to anon, authenticated, service_role;
create function public.get_buzz_haven_honey_batches() returns setof buzz_haven_lists.honey_batches
language sql stable as $$ select * from buzz_haven_lists.honey_batches $$;

-- Texts are trimmed (the code is upper-cased); an empty optional text is no text.
create function public.create_buzz_haven_honey_batch(
  p_code text,
  p_product_id uuid,
  p_jar_count integer,
  p_bottled_on date default null,
  p_net_weight text default null,
  p_notes text default null,
  p_published boolean default false
)
returns buzz_haven.honey_batches
language plpgsql
security definer -- writes buzz_haven.honey_batches, which the caller has no grant on
set search_path = ''
as $$
declare
  v buzz_haven.honey_batches;
begin
  perform buzz_haven.require_role();
  v.id := gen_random_uuid();
  v.code := upper(btrim(p_code));
  v.product_id := p_product_id;
  v.jar_count := p_jar_count;
  v.bottled_on := p_bottled_on;
  v.net_weight := nullif(btrim(p_net_weight), '');
  v.notes := nullif(btrim(p_notes), '');
  v.published := coalesce(p_published, false);
  perform buzz_haven.check_honey_batch(v);
  insert into buzz_haven.honey_batches (id, code, product_id, jar_count, bottled_on, net_weight, notes, published)
  values (v.id, v.code, v.product_id, v.jar_count, v.bottled_on, v.net_weight, v.notes, v.published)
  returning * into v;
  return v;
end;
$$;

-- A null argument keeps the value; p_clear names the optional columns to empty.
create function public.update_buzz_haven_honey_batch(
  p_id uuid,
  p_code text default null,
  p_product_id uuid default null,
  p_jar_count integer default null,
  p_bottled_on date default null,
  p_net_weight text default null,
  p_notes text default null,
  p_published boolean default null,
  p_clear text[] default '{}'
)
returns buzz_haven.honey_batches
language plpgsql
security definer -- writes buzz_haven.honey_batches, which the caller has no grant on
set search_path = ''
as $$
declare
  v buzz_haven.honey_batches;
  c text[] := coalesce(p_clear, '{}');
begin
  perform buzz_haven.require_role();
  perform buzz_haven.check_clear(c, array['bottled_on', 'net_weight', 'notes'], array_remove(array[
    case when p_bottled_on is not null then 'bottled_on' end,
    case when p_net_weight is not null then 'net_weight' end,
    case when p_notes is not null then 'notes' end
  ], null));
  select * into v from buzz_haven.honey_batches as b where b.id = p_id for update;
  if not found then
    raise exception 'Honey batch not found' using errcode = 'PT404';
  end if;
  v.code := coalesce(upper(btrim(p_code)), v.code);
  v.product_id := coalesce(p_product_id, v.product_id);
  v.jar_count := coalesce(p_jar_count, v.jar_count);
  v.bottled_on := case when 'bottled_on' = any (c) then null else coalesce(p_bottled_on, v.bottled_on) end;
  v.net_weight := case when 'net_weight' = any (c) then null
    when p_net_weight is null then v.net_weight else nullif(btrim(p_net_weight), '') end;
  v.notes := case when 'notes' = any (c) then null when p_notes is null then v.notes else nullif(btrim(p_notes), '') end;
  v.published := coalesce(p_published, v.published);
  perform buzz_haven.check_honey_batch(v);
  update buzz_haven.honey_batches as b
  set code = v.code, product_id = v.product_id, jar_count = v.jar_count, bottled_on = v.bottled_on,
    net_weight = v.net_weight, notes = v.notes, published = v.published
  where b.id = p_id returning b.* into v;
  return v;
end;
$$;

-- Its harvests stay (their batch is emptied).
create function public.delete_buzz_haven_honey_batch(p_id uuid)
returns buzz_haven.honey_batches
language plpgsql
security definer -- deletes from buzz_haven.honey_batches, which the caller has no grant on
set search_path = ''
as $$
declare
  v buzz_haven.honey_batches;
begin
  perform buzz_haven.require_role(array['owner', 'admin'], 'Only an owner or admin can delete honey batches');
  delete from buzz_haven.honey_batches as b where b.id = p_id returning b.* into v;
  if not found then
    raise exception 'Honey batch not found' using errcode = 'PT404';
  end if;
  return v;
end;
$$;

-- ---------------------------------------------------------------------------------------------
-- Harvests

create function buzz_haven.check_honey_harvest(v buzz_haven.honey_harvests) returns void
language plpgsql
stable
set search_path = ''
as $$
begin
  perform buzz_haven.check_input(v.hive_id is not null, 'Hive is required');
  perform buzz_haven.check_input(exists (select 1 from buzz_haven.hives as h where h.id = v.hive_id), 'Hive not found');
  perform buzz_haven.check_input(v.harvested_on is not null, 'Harvest date is required');
  perform buzz_haven.check_input(v.harvested_on <= current_date + 1, 'Harvest date cannot be in the future');
  perform buzz_haven.check_input(v.season in ('spring', 'summer', 'fall', 'winter'), 'Season must be spring, summer, fall or winter');
  perform buzz_haven.check_input(nullif(btrim(v.neighbourhood), '') is not null, 'Neighbourhood is required');
  perform buzz_haven.check_input(char_length(v.neighbourhood) <= 100, 'Neighbourhood is too long (100 characters at most)');
  perform buzz_haven.check_input(v.neighbourhood !~ '[0-9]',
    'Neighbourhood must be the neighbourhood''s name (e.g. Echo Park), never an address: no numbers');
  perform buzz_haven.check_input(v.weight_lb is null or v.weight_lb between 0 and 10000, 'Weight must be between 0 and 10000 lb');
  perform buzz_haven.check_input(v.moisture_pct is null or v.moisture_pct between 10 and 30, 'Moisture must be between 10% and 30%');
  perform buzz_haven.check_input(coalesce(char_length(v.floral_notes), 0) <= 1000, 'Floral notes are too long (1000 characters at most)');
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

-- A published batch keeps at least one harvest (its page needs one).
create function buzz_haven.check_published_batch_keeps_harvest(p_batch_id uuid) returns void
language plpgsql
stable
set search_path = ''
as $$
begin
  perform buzz_haven.check_input(
    p_batch_id is null
      or not exists (select 1 from buzz_haven.honey_batches as b where b.id = p_batch_id and b.published)
      or exists (select 1 from buzz_haven.honey_harvests as h where h.batch_id = p_batch_id),
    'This is the last harvest of a published batch: unpublish the batch first');
end;
$$;
revoke all on function buzz_haven.check_published_batch_keeps_harvest(uuid) from public, anon, authenticated;

create view buzz_haven_lists.honey_harvests as
  select h.* from buzz_haven.honey_harvests as h where buzz_haven_lists.staff_only();
grant select on buzz_haven_lists.honey_harvests to anon, authenticated, service_role;
create function public.get_buzz_haven_honey_harvests() returns setof buzz_haven_lists.honey_harvests
language sql stable as $$ select * from buzz_haven_lists.honey_harvests $$;
create index honey_harvests_list_harvested_idx on buzz_haven.honey_harvests (harvested_on desc, id);

-- Texts are trimmed; the weight defaults to the linked inspection's pounds harvested.
create function public.create_buzz_haven_honey_harvest(
  p_hive_id uuid,
  p_harvested_on date,
  p_season text,
  p_neighbourhood text,
  p_weight_lb numeric default null,
  p_moisture_pct numeric default null,
  p_floral_notes text default null,
  p_inspection_id uuid default null,
  p_batch_id uuid default null
)
returns buzz_haven.honey_harvests
language plpgsql
security definer -- writes buzz_haven.honey_harvests, which the caller has no grant on
set search_path = ''
as $$
declare
  v buzz_haven.honey_harvests;
begin
  perform buzz_haven.require_role();
  v.id := gen_random_uuid();
  v.hive_id := p_hive_id;
  v.harvested_on := p_harvested_on;
  v.season := lower(btrim(p_season));
  v.neighbourhood := btrim(p_neighbourhood);
  v.moisture_pct := p_moisture_pct;
  v.floral_notes := nullif(btrim(p_floral_notes), '');
  v.inspection_id := p_inspection_id;
  v.batch_id := p_batch_id;
  v.weight_lb := coalesce(p_weight_lb,
    (select i.honey_harvested_lb from buzz_haven.hive_inspections as i where i.id = p_inspection_id and i.hive_id = p_hive_id));
  perform buzz_haven.check_honey_harvest(v);
  insert into buzz_haven.honey_harvests (
    id, hive_id, inspection_id, batch_id, harvested_on, season, neighbourhood, weight_lb, moisture_pct, floral_notes)
  values (v.id, v.hive_id, v.inspection_id, v.batch_id, v.harvested_on, v.season, v.neighbourhood, v.weight_lb,
    v.moisture_pct, v.floral_notes)
  returning * into v;
  return v;
end;
$$;

create function public.update_buzz_haven_honey_harvest(
  p_id uuid,
  p_hive_id uuid default null,
  p_harvested_on date default null,
  p_season text default null,
  p_neighbourhood text default null,
  p_weight_lb numeric default null,
  p_moisture_pct numeric default null,
  p_floral_notes text default null,
  p_inspection_id uuid default null,
  p_batch_id uuid default null,
  p_clear text[] default '{}'
)
returns buzz_haven.honey_harvests
language plpgsql
security definer -- writes buzz_haven.honey_harvests, which the caller has no grant on
set search_path = ''
as $$
declare
  v buzz_haven.honey_harvests;
  v_old_batch uuid;
  c text[] := coalesce(p_clear, '{}');
begin
  perform buzz_haven.require_role();
  perform buzz_haven.check_clear(c, array['weight_lb', 'moisture_pct', 'floral_notes', 'inspection_id', 'batch_id'],
    array_remove(array[
      case when p_weight_lb is not null then 'weight_lb' end,
      case when p_moisture_pct is not null then 'moisture_pct' end,
      case when p_floral_notes is not null then 'floral_notes' end,
      case when p_inspection_id is not null then 'inspection_id' end,
      case when p_batch_id is not null then 'batch_id' end
    ], null));
  select * into v from buzz_haven.honey_harvests as h where h.id = p_id for update;
  if not found then
    raise exception 'Harvest not found' using errcode = 'PT404';
  end if;
  v_old_batch := v.batch_id;
  v.hive_id := coalesce(p_hive_id, v.hive_id);
  v.harvested_on := coalesce(p_harvested_on, v.harvested_on);
  v.season := coalesce(lower(btrim(p_season)), v.season);
  v.neighbourhood := coalesce(btrim(p_neighbourhood), v.neighbourhood);
  v.weight_lb := case when 'weight_lb' = any (c) then null else coalesce(p_weight_lb, v.weight_lb) end;
  v.moisture_pct := case when 'moisture_pct' = any (c) then null else coalesce(p_moisture_pct, v.moisture_pct) end;
  v.floral_notes := case when 'floral_notes' = any (c) then null
    when p_floral_notes is null then v.floral_notes else nullif(btrim(p_floral_notes), '') end;
  v.inspection_id := case when 'inspection_id' = any (c) then null else coalesce(p_inspection_id, v.inspection_id) end;
  v.batch_id := case when 'batch_id' = any (c) then null else coalesce(p_batch_id, v.batch_id) end;
  perform buzz_haven.check_honey_harvest(v);
  update buzz_haven.honey_harvests as h
  set hive_id = v.hive_id, harvested_on = v.harvested_on, season = v.season, neighbourhood = v.neighbourhood,
    weight_lb = v.weight_lb, moisture_pct = v.moisture_pct, floral_notes = v.floral_notes,
    inspection_id = v.inspection_id, batch_id = v.batch_id
  where h.id = p_id returning h.* into v;
  if v_old_batch is distinct from v.batch_id then
    perform buzz_haven.check_published_batch_keeps_harvest(v_old_batch);
  end if;
  return v;
end;
$$;

create function public.delete_buzz_haven_honey_harvest(p_id uuid)
returns buzz_haven.honey_harvests
language plpgsql
security definer -- deletes from buzz_haven.honey_harvests, which the caller has no grant on
set search_path = ''
as $$
declare
  v buzz_haven.honey_harvests;
begin
  perform buzz_haven.require_role(array['owner', 'admin'], 'Only an owner or admin can delete harvests');
  delete from buzz_haven.honey_harvests as h where h.id = p_id returning h.* into v;
  if not found then
    raise exception 'Harvest not found' using errcode = 'PT404';
  end if;
  perform buzz_haven.check_published_batch_keeps_harvest(v.batch_id);
  return v;
end;
$$;

-- ---------------------------------------------------------------------------------------------
-- What a batch's label and page say

-- Its harvests' neighbourhoods and seasons, earliest harvest first ('Echo Park & Silver Lake',
-- 'Fall 2024'), the hives (name, neighbourhood) and the harvests.
create function buzz_haven.honey_batch_story(p_batch_id uuid)
returns table (harvested_in text, season text, harvested_on date, hives jsonb, harvests jsonb)
language sql
stable
set search_path = ''
as $$
  select
    (select string_agg(n.neighbourhood, ' & ' order by n.first_on, n.neighbourhood) from (
      select h.neighbourhood, min(h.harvested_on) as first_on from buzz_haven.honey_harvests as h
      where h.batch_id = p_batch_id group by h.neighbourhood) as n),
    (select string_agg(s.label, ' & ' order by s.first_on) from (
      select buzz_haven.season_label(h.season, h.harvested_on) as label, min(h.harvested_on) as first_on
      from buzz_haven.honey_harvests as h where h.batch_id = p_batch_id
      group by buzz_haven.season_label(h.season, h.harvested_on)) as s),
    (select max(h.harvested_on) from buzz_haven.honey_harvests as h where h.batch_id = p_batch_id),
    coalesce((select jsonb_agg(jsonb_build_object('id', x.id, 'name', x.name, 'neighbourhood', x.neighbourhood)
        order by x.name) from (
      select distinct on (hv.id) hv.id, hv.name, h.neighbourhood
      from buzz_haven.honey_harvests as h join buzz_haven.hives as hv on hv.id = h.hive_id
      where h.batch_id = p_batch_id order by hv.id, h.harvested_on desc) as x), '[]'::jsonb),
    coalesce((select jsonb_agg(jsonb_build_object(
        'harvested_on', h.harvested_on, 'season', buzz_haven.season_label(h.season, h.harvested_on),
        'neighbourhood', h.neighbourhood, 'hive', hv.name, 'weight_lb', h.weight_lb,
        'moisture_pct', h.moisture_pct, 'floral_notes', h.floral_notes) order by h.harvested_on, hv.name)
      from buzz_haven.honey_harvests as h join buzz_haven.hives as hv on hv.id = h.hive_id
      where h.batch_id = p_batch_id), '[]'::jsonb)
$$;
revoke all on function buzz_haven.honey_batch_story(uuid) from public, anon, authenticated;

-- The label sheet's facts (back office): net weight is the batch's, else the product's size label.
create function public.get_buzz_haven_honey_batch_label(p_id uuid)
returns table (
  id uuid, code text, product_name text, net_weight text, harvested_in text, season text, published boolean
)
language plpgsql
stable
security definer -- reads buzz_haven.honey_batches and harvests, which the caller has no grant on
set search_path = ''
as $$
begin
  perform buzz_haven.require_role();
  if not exists (select 1 from buzz_haven.honey_batches as b where b.id = p_id) then
    raise exception 'Honey batch not found' using errcode = 'PT404';
  end if;
  return query
  select b.id, b.code, p.name, coalesce(b.net_weight, p.size_label), s.harvested_in, s.season, b.published
  from buzz_haven.honey_batches as b
  join buzz_haven.products as p on p.id = b.product_id
  cross join lateral buzz_haven.honey_batch_story(b.id) as s
  where b.id = p_id;
end;
$$;

-- The site's batch pages (anon): published batches of public products with at least one harvest,
-- newest bottled first. Neighbourhoods only: never a hive's location or host.
create function public.get_buzz_haven_public_honey_batches()
returns table (
  code text, product_slug text, product_name text, net_weight text, jar_count integer, bottled_on date,
  notes text, harvested_in text, season text, harvested_on date, hives jsonb, harvests jsonb
)
language sql
stable
security definer -- reads buzz_haven.honey_batches, harvests and hives, which anon has no grant on
set search_path = ''
as $$
  select b.code, p.slug, p.name, coalesce(b.net_weight, p.size_label), b.jar_count, b.bottled_on, b.notes,
    s.harvested_in, s.season, s.harvested_on, s.hives, s.harvests
  from buzz_haven.honey_batches as b
  join buzz_haven.products as p on p.id = b.product_id
  cross join lateral buzz_haven.honey_batch_story(b.id) as s
  where b.published and p.is_public and s.harvested_on is not null
  order by coalesce(b.bottled_on, s.harvested_on) desc, b.code
$$;

select buzz_haven.grant_api_execute(
  'public.get_buzz_haven_honey_batches()',
  'public.create_buzz_haven_honey_batch(text, uuid, integer, date, text, text, boolean)',
  'public.update_buzz_haven_honey_batch(uuid, text, uuid, integer, date, text, text, boolean, text[])',
  'public.delete_buzz_haven_honey_batch(uuid)',
  'public.get_buzz_haven_honey_harvests()',
  'public.create_buzz_haven_honey_harvest(uuid, date, text, text, numeric, numeric, text, uuid, uuid)',
  'public.update_buzz_haven_honey_harvest(uuid, uuid, date, text, text, numeric, numeric, text, uuid, uuid, text[])',
  'public.delete_buzz_haven_honey_harvest(uuid)',
  'public.get_buzz_haven_honey_batch_label(uuid)',
  'public.get_buzz_haven_public_honey_batches()'
);
