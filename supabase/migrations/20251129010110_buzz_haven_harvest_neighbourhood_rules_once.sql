-- Buzz Haven: a harvest's neighbourhood rules live in honey_harvests' CHECKs only (issue 23, item 2).
-- 20251128030030 left them in check_honey_harvest because one CHECK, honey_harvests_neighbourhood_shape,
-- held all three (not blank, 100 characters at most, no numbers), so one message could not say
-- which; it is split in three, each with the words the function said (constraint_messages rows:
-- 23514, PostgREST's `details` naming the field). The function keeps only that a neighbourhood is
-- given (a missing one is null, which no CHECK refuses).

alter table buzz_haven.honey_harvests
  drop constraint honey_harvests_neighbourhood_shape,
  add constraint honey_harvests_neighbourhood_not_blank check (btrim(neighbourhood) <> ''),
  add constraint honey_harvests_neighbourhood_length check (char_length(neighbourhood) <= 100),
  add constraint honey_harvests_neighbourhood_no_numbers check (neighbourhood !~ '[0-9]');

insert into buzz_haven.constraint_messages (constraint_name, message) values
  ('honey_harvests_neighbourhood_not_blank', 'Neighbourhood is required'),
  ('honey_harvests_neighbourhood_length', 'Neighbourhood is too long (100 characters at most)'),
  ('honey_harvests_neighbourhood_no_numbers',
    'Neighbourhood must be the neighbourhood''s name (e.g. Echo Park), never an address: no numbers')
on conflict (constraint_name) do update set message = excluded.message;

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
