-- The harvests' RPCs (a harvest's neighbourhood defaults to its hive's); a batch's story, its
-- label and the site's batch pages.
set check_function_bodies = false;


-- Buzz Haven: a harvest's neighbourhood defaults to its hive's (hives.neighbourhood, which the
-- map of the hives shows), so staff type it only for a hive
-- without one or to name it otherwise. The rest of create_buzz_haven_honey_harvest checks
-- the harvest as typed; a hive's neighbourhood with digits is
-- refused for the harvest as a typed one is (the label and the batch page show it).

create or replace function public.create_buzz_haven_honey_harvest(p_hive_id uuid, p_harvested_on date,
  p_season text, p_neighbourhood text, p_weight_lb numeric default null, p_moisture_pct numeric default null,
  p_floral_notes text default null, p_inspection_id uuid default null, p_batch_id uuid default null)
returns buzz_haven.honey_harvests
language sql security definer set search_path = '' -- writes buzz_haven.honey_harvests, which the caller has no grant on
as $$
  select buzz_haven.create_row(null::buzz_haven.honey_harvests, jsonb_build_object('hive_id', p_hive_id,
    'harvested_on', p_harvested_on, 'season', lower(btrim(p_season)),
    'neighbourhood', coalesce(nullif(btrim(p_neighbourhood), ''),
      (select h.neighbourhood from buzz_haven.hives as h where h.id = p_hive_id)),
    'moisture_pct', p_moisture_pct, 'floral_notes', nullif(btrim(p_floral_notes), ''),
    'inspection_id', p_inspection_id, 'batch_id', p_batch_id,
    'weight_lb', coalesce(p_weight_lb, (select i.honey_harvested_lb from buzz_haven.hive_inspections as i
      where i.id = p_inspection_id and i.hive_id = p_hive_id))
  ), p_check => 'buzz_haven.check_honey_harvest')
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
language plpgsql security definer set search_path = '' -- writes buzz_haven.honey_harvests, which the caller has no grant on
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
  v := buzz_haven.lock_row(null::buzz_haven.honey_harvests, p_id, 'Harvest not found');
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

-- A published batch keeps one harvest at least.
create function public.delete_buzz_haven_honey_harvest(p_id uuid) returns buzz_haven.honey_harvests
language sql security definer set search_path = '' -- deletes from buzz_haven.honey_harvests, which the caller has no grant on
as $$
  select buzz_haven.delete_row(null::buzz_haven.honey_harvests, p_id, 'Harvest not found',
    'Only an owner or admin can delete harvests', p_then => 'buzz_haven.check_published_batch_keeps_harvest(t.batch_id)')
$$;

-- Buzz Haven: a honey batch's page shows its hives "with their wrap art". Each
-- hive of buzz_haven.honey_batch_story (above), which
-- get_buzz_haven_public_honey_batches returns to the site build, gains its latest wrap: the
-- design's title and artist and the installation's photo (the same one the public map shows,
-- buzz_haven.hive_wraps in the art area), or null for a hive without one. A wrap is public art,
-- shown whether or not the host puts the hive on the map; nothing else of the hive is added: never
-- its coordinates, its address (location) or its host. The rest of the function is unchanged.

create or replace function buzz_haven.honey_batch_story(p_batch_id uuid)
returns table (harvested_in text, season text, harvested_on date, hives jsonb, harvests jsonb)
language sql stable set search_path = ''
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
    coalesce((select jsonb_agg(jsonb_build_object('id', x.id, 'name', x.name, 'name_es', x.name_es, 'neighbourhood', x.neighbourhood,
        'wrap', (select jsonb_build_object('title', d.title, 'artist', d.artist_name, 'photo_url', w.photo_url)
          from buzz_haven.hive_wraps as w
          join buzz_haven.art_designs as d on d.id = w.design_id
          where w.hive_id = x.id
          order by w.installed_on desc, w.created_at desc
          limit 1))
        order by x.name) from (
      select distinct on (hv.id) hv.id, hv.name, hv.name_es, h.neighbourhood
      from buzz_haven.honey_harvests as h join buzz_haven.hives as hv on hv.id = h.hive_id
      where h.batch_id = p_batch_id order by hv.id, h.harvested_on desc) as x), '[]'::jsonb),
    coalesce((select jsonb_agg(jsonb_build_object(
        'harvested_on', h.harvested_on, 'season', buzz_haven.season_label(h.season, h.harvested_on),
        'neighbourhood', h.neighbourhood, 'hive', hv.name, 'hive_es', hv.name_es, 'weight_lb', h.weight_lb,
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
  notes text, harvested_in text, season text, harvested_on date, hives jsonb, harvests jsonb,
  product_name_es text, notes_es text
)
language sql
stable
security definer -- reads buzz_haven.honey_batches, harvests and hives, which anon has no grant on
set search_path = ''
as $$
  select b.code, p.slug, p.name, coalesce(b.net_weight, p.size_label), b.jar_count, b.bottled_on, b.notes,
    s.harvested_in, s.season, s.harvested_on, s.hives, s.harvests, p.name_es, b.notes_es
  from buzz_haven.honey_batches as b
  join buzz_haven.products as p on p.id = b.product_id
  cross join lateral buzz_haven.honey_batch_story(b.id) as s
  where b.published and p.is_public and s.harvested_on is not null
  order by coalesce(b.bottled_on, s.harvested_on) desc, b.code
$$;

select buzz_haven.grant_api_execute('get_buzz_haven_honey_batches', 'create_buzz_haven_honey_batch',
  'update_buzz_haven_honey_batch', 'delete_buzz_haven_honey_batch', 'get_buzz_haven_honey_harvests',
  'create_buzz_haven_honey_harvest', 'update_buzz_haven_honey_harvest', 'delete_buzz_haven_honey_harvest',
  'get_buzz_haven_honey_batch_label', 'get_buzz_haven_public_honey_batches');
