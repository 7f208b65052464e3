-- Buzz Haven: a harvest's season, weight, moisture and floral notes rules live in honey_harvests'
-- CHECKs only (issue 23, item 2), as 20251128030010 did for inspections: check_honey_harvest
-- (20251127050000) repeated them with their messages; the messages become constraint_messages rows
-- (same words) and a write breaking one fails on the table (23514, `details` naming the field).
-- The neighbourhood keeps its three messages in the function for now (one CHECK,
-- honey_harvests_neighbourhood_shape, holds all three rules; tests/sql/no-rule-copies.test.ts lists it).

insert into buzz_haven.constraint_messages (constraint_name, message) values
  ('honey_harvests_season_known', 'Season must be spring, summer, fall or winter'),
  ('honey_harvests_weight_range', 'Weight must be between 0 and 10000 lb'),
  ('honey_harvests_moisture_range', 'Moisture must be between 10% and 30%'),
  ('honey_harvests_floral_notes_length', 'Floral notes are too long (1000 characters at most)')
on conflict (constraint_name) do update set message = excluded.message;
select buzz_haven.explain_constraints_of('buzz_haven.honey_harvests');

create or replace function buzz_haven.check_honey_harvest(v buzz_haven.honey_harvests) returns void
language plpgsql
stable
set search_path = ''
as $$
begin
  perform buzz_haven.check_input(v.hive_id is not null, 'Hive is required');
  perform buzz_haven.check_input(exists (select 1 from buzz_haven.hives as h where h.id = v.hive_id), 'Hive not found');
  perform buzz_haven.check_input(v.harvested_on is not null, 'Harvest date is required');
  perform buzz_haven.check_input(v.harvested_on <= current_date + 1, 'Harvest date cannot be in the future');
  perform buzz_haven.check_input(v.season is not null, 'Season must be spring, summer, fall or winter');
  perform buzz_haven.check_input(nullif(btrim(v.neighbourhood), '') is not null, 'Neighbourhood is required');
  perform buzz_haven.check_input(char_length(v.neighbourhood) <= 100, 'Neighbourhood is too long (100 characters at most)');
  perform buzz_haven.check_input(v.neighbourhood !~ '[0-9]',
    'Neighbourhood must be the neighbourhood''s name (e.g. Echo Park), never an address: no numbers');
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
