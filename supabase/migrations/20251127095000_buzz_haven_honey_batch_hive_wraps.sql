-- Buzz Haven: a honey batch's page shows its hives "with their wrap art" (issue 27, item 2). Each
-- hive of buzz_haven.honey_batch_story (20251127050000_buzz_haven_honey_batches.sql), which
-- get_buzz_haven_public_honey_batches returns to the site build, gains its latest wrap: the
-- design's title and artist and the installation's photo (the same one the public map shows,
-- 20251127040100_buzz_haven_hive_wraps.sql), or null for a hive without one. A wrap is public art,
-- shown whether or not the host puts the hive on the map; nothing else of the hive is added: never
-- its coordinates, its address (location) or its host. The rest of the function is unchanged.

create or replace function buzz_haven.honey_batch_story(p_batch_id uuid)
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
    coalesce((select jsonb_agg(jsonb_build_object('id', x.id, 'name', x.name, 'neighbourhood', x.neighbourhood,
        'wrap', (select jsonb_build_object('title', d.title, 'artist', d.artist_name, 'photo_url', w.photo_url)
          from buzz_haven.hive_wraps as w
          join buzz_haven.art_designs as d on d.id = w.design_id
          where w.hive_id = x.id
          order by w.installed_on desc, w.created_at desc
          limit 1))
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
