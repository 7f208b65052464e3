-- Buzz Haven: a harvest's neighbourhood defaults to its hive's (hives.neighbourhood, added for the
-- map of the hives by 20251127040000_buzz_haven_hive_map.sql), so staff type it only for a hive
-- without one or to name it otherwise. The rest of create_buzz_haven_honey_harvest is as
-- 20251127050000_buzz_haven_honey_batches.sql made it; a hive's neighbourhood with digits is
-- refused for the harvest as a typed one is (the label and the batch page show it).

create or replace function public.create_buzz_haven_honey_harvest(
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
  v.neighbourhood := coalesce(nullif(btrim(p_neighbourhood), ''),
    (select h.neighbourhood from buzz_haven.hives as h where h.id = p_hive_id));
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
