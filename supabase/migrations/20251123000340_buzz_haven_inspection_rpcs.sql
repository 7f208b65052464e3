-- Buzz Haven: logging hive inspections (issue 8). Create and update for any back-office role,
-- delete for owners and admins. created_by is the caller's buzz_haven.users id (null for the
-- service key). Updates: a null argument keeps the value, p_clear lists the columns to set to null.
-- Messages are the admin form's, raised 22023 (HTTP 400); an unknown hive or inspection is PT404.

-- The rules of one inspection row, checked on the values it will have (create and update alike).
create function buzz_haven.check_inspection(v buzz_haven.hive_inspections) returns void
language plpgsql
stable
set search_path = ''
as $$
begin
  perform buzz_haven.check_input(v.inspected_on is not null, 'Inspection date is required');
  perform buzz_haven.check_input(
    v.inspected_on <= ((now() at time zone 'utc') + interval '14 hours')::date,
    'Inspection date cannot be in the future'
  );
  perform buzz_haven.check_input(coalesce(char_length(v.inspector), 0) <= 200, 'Inspector is too long (200 characters at most)');
  perform buzz_haven.check_input(
    v.brood_pattern is null or v.brood_pattern in ('solid', 'spotty', 'patchy', 'none'),
    'Brood pattern must be solid, spotty, patchy or none'
  );
  perform buzz_haven.check_input(
    v.temperament is null or v.temperament in ('calm', 'nervous', 'defensive'),
    'Temperament must be calm, nervous or defensive'
  );
  perform buzz_haven.check_input(v.frames_of_bees is null or v.frames_of_bees between 0 and 40, 'Frames of bees must be between 0 and 40');
  perform buzz_haven.check_input(v.varroa_count is null or v.varroa_count between 0 and 300, 'Varroa count must be between 0 and 300');
  perform buzz_haven.check_input(coalesce(char_length(v.treatment), 0) <= 500, 'Treatment is too long (500 characters at most)');
  perform buzz_haven.check_input(v.supers_added is null or v.supers_added between 0 and 10, 'Supers added must be between 0 and 10');
  perform buzz_haven.check_input(
    v.honey_harvested_lb is null or v.honey_harvested_lb between 0 and 1000,
    'Honey harvested must be between 0 and 1000 lb'
  );
  perform buzz_haven.check_input(coalesce(char_length(v.notes), 0) <= 5000, 'Notes are too long (5000 characters at most)');
end;
$$;
revoke all on function buzz_haven.check_inspection(buzz_haven.hive_inspections) from public, anon, authenticated;

create function public.create_buzz_haven_inspection(
  p_hive_id uuid,
  p_inspected_on date,
  p_inspector text default null,
  p_queen_seen boolean default null,
  p_eggs_seen boolean default null,
  p_brood_pattern text default null,
  p_temperament text default null,
  p_frames_of_bees integer default null,
  p_varroa_count integer default null,
  p_treatment text default null,
  p_supers_added integer default null,
  p_honey_harvested_lb numeric default null,
  p_notes text default null
)
returns buzz_haven.hive_inspections
language plpgsql
security definer -- writes buzz_haven.hive_inspections, which the caller has no grant on
set search_path = ''
as $$
declare
  v buzz_haven.hive_inspections;
begin
  perform buzz_haven.require_role();
  perform buzz_haven.check_input(p_hive_id is not null, 'Hive is required');
  perform buzz_haven.check_honey(p_honey_harvested_lb);
  v.hive_id := p_hive_id;
  v.inspected_on := p_inspected_on;
  v.inspector := nullif(btrim(p_inspector), '');
  v.queen_seen := p_queen_seen;
  v.eggs_seen := p_eggs_seen;
  v.brood_pattern := p_brood_pattern;
  v.temperament := p_temperament;
  v.frames_of_bees := p_frames_of_bees;
  v.varroa_count := p_varroa_count;
  v.treatment := nullif(btrim(p_treatment), '');
  v.supers_added := p_supers_added;
  v.honey_harvested_lb := p_honey_harvested_lb;
  v.notes := nullif(btrim(p_notes), '');
  perform buzz_haven.check_inspection(v);
  if not exists (select 1 from buzz_haven.hives as h where h.id = p_hive_id) then
    raise exception 'Hive not found' using errcode = 'PT404';
  end if;
  insert into buzz_haven.hive_inspections (
    hive_id, inspected_on, inspector, queen_seen, eggs_seen, brood_pattern, temperament, frames_of_bees,
    varroa_count, treatment, supers_added, honey_harvested_lb, notes, created_by
  )
  values (
    v.hive_id, v.inspected_on, v.inspector, v.queen_seen, v.eggs_seen, v.brood_pattern, v.temperament,
    v.frames_of_bees, v.varroa_count, v.treatment, v.supers_added, v.honey_harvested_lb, v.notes,
    (select u.id from buzz_haven.users as u where u.auth_user_id = auth.uid())
  )
  returning * into v;
  return v;
end;
$$;

-- A null argument keeps the value; p_clear lists the columns to empty (any but the date).
create function public.update_buzz_haven_inspection(
  p_id uuid,
  p_inspected_on date default null,
  p_inspector text default null,
  p_queen_seen boolean default null,
  p_eggs_seen boolean default null,
  p_brood_pattern text default null,
  p_temperament text default null,
  p_frames_of_bees integer default null,
  p_varroa_count integer default null,
  p_treatment text default null,
  p_supers_added integer default null,
  p_honey_harvested_lb numeric default null,
  p_notes text default null,
  p_clear text[] default '{}'
)
returns buzz_haven.hive_inspections
language plpgsql
security definer -- writes buzz_haven.hive_inspections, which the caller has no grant on
set search_path = ''
as $$
declare
  v buzz_haven.hive_inspections;
  c text[] := coalesce(p_clear, '{}');
begin
  perform buzz_haven.require_role();
  perform buzz_haven.check_clear(
    c,
    array['inspector', 'queen_seen', 'eggs_seen', 'brood_pattern', 'temperament', 'frames_of_bees',
      'varroa_count', 'treatment', 'supers_added', 'honey_harvested_lb', 'notes'],
    array_remove(array[
      case when p_inspector is not null then 'inspector' end,
      case when p_queen_seen is not null then 'queen_seen' end,
      case when p_eggs_seen is not null then 'eggs_seen' end,
      case when p_brood_pattern is not null then 'brood_pattern' end,
      case when p_temperament is not null then 'temperament' end,
      case when p_frames_of_bees is not null then 'frames_of_bees' end,
      case when p_varroa_count is not null then 'varroa_count' end,
      case when p_treatment is not null then 'treatment' end,
      case when p_supers_added is not null then 'supers_added' end,
      case when p_honey_harvested_lb is not null then 'honey_harvested_lb' end,
      case when p_notes is not null then 'notes' end
    ], null)
  );
  perform buzz_haven.check_honey(p_honey_harvested_lb);
  select * into v from buzz_haven.hive_inspections as i where i.id = p_id for update;
  if not found then
    raise exception 'Inspection not found' using errcode = 'PT404';
  end if;
  v.inspected_on := coalesce(p_inspected_on, v.inspected_on);
  v.inspector := case when 'inspector' = any (c) then null
    when p_inspector is null then v.inspector else nullif(btrim(p_inspector), '') end;
  v.queen_seen := case when 'queen_seen' = any (c) then null else coalesce(p_queen_seen, v.queen_seen) end;
  v.eggs_seen := case when 'eggs_seen' = any (c) then null else coalesce(p_eggs_seen, v.eggs_seen) end;
  v.brood_pattern := case when 'brood_pattern' = any (c) then null else coalesce(p_brood_pattern, v.brood_pattern) end;
  v.temperament := case when 'temperament' = any (c) then null else coalesce(p_temperament, v.temperament) end;
  v.frames_of_bees := case when 'frames_of_bees' = any (c) then null else coalesce(p_frames_of_bees, v.frames_of_bees) end;
  v.varroa_count := case when 'varroa_count' = any (c) then null else coalesce(p_varroa_count, v.varroa_count) end;
  v.treatment := case when 'treatment' = any (c) then null
    when p_treatment is null then v.treatment else nullif(btrim(p_treatment), '') end;
  v.supers_added := case when 'supers_added' = any (c) then null else coalesce(p_supers_added, v.supers_added) end;
  v.honey_harvested_lb := case when 'honey_harvested_lb' = any (c) then null
    else coalesce(p_honey_harvested_lb, v.honey_harvested_lb) end;
  v.notes := case when 'notes' = any (c) then null
    when p_notes is null then v.notes else nullif(btrim(p_notes), '') end;
  perform buzz_haven.check_inspection(v);
  update buzz_haven.hive_inspections as i
  set inspected_on = v.inspected_on, inspector = v.inspector, queen_seen = v.queen_seen,
    eggs_seen = v.eggs_seen, brood_pattern = v.brood_pattern, temperament = v.temperament,
    frames_of_bees = v.frames_of_bees, varroa_count = v.varroa_count, treatment = v.treatment,
    supers_added = v.supers_added, honey_harvested_lb = v.honey_harvested_lb, notes = v.notes
  where i.id = p_id
  returning i.* into v;
  return v;
end;
$$;

create function public.delete_buzz_haven_inspection(p_id uuid)
returns buzz_haven.hive_inspections
language plpgsql
security definer -- deletes from buzz_haven.hive_inspections, which the caller has no grant on
set search_path = ''
as $$
declare
  v buzz_haven.hive_inspections;
begin
  perform buzz_haven.require_role(array['owner', 'admin'], 'Only an owner or admin can delete inspections');
  delete from buzz_haven.hive_inspections as i where i.id = p_id returning i.* into v;
  if not found then
    raise exception 'Inspection not found' using errcode = 'PT404';
  end if;
  return v;
end;
$$;

-- Privileges: EXECUTE for the three API roles only (buzz_haven.grant_api_execute).
select buzz_haven.grant_api_execute(
  'public.create_buzz_haven_inspection(uuid, date, text, boolean, boolean, text, text, integer, integer, text, integer, numeric, text)',
  'public.update_buzz_haven_inspection(uuid, date, text, boolean, boolean, text, text, integer, integer, text, integer, numeric, text, text[])',
  'public.delete_buzz_haven_inspection(uuid)'
);
