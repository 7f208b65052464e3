-- Inspection highlights shared with a hive's people: the inspections' create, update and delete.
set check_function_bodies = false;

-- Buzz Haven: inspection highlights shared with a hive's people. Staff mark an
-- inspection to share with the hive's adopters and host (share), write the sentence they will read
-- (share_note) and may add a photo from the Media Library (share_photo_url: its URL, or the image
-- data URL of a seeded picture; columns of buzz_haven.hive_inspections); the /my-hive page
-- shows them (get_buzz_haven_my_hives, below). A hive's host_email is set when a host application
-- is marked installed (update_buzz_haven_host_application, in the requests area).

-- p_id: an id the client made (a phone's queue): the same id sent again returns the stored row.
create function public.create_buzz_haven_inspection(
  p_hive_id uuid, p_inspected_on date, p_inspector text default null, p_queen_seen boolean default null,
  p_eggs_seen boolean default null, p_brood_pattern text default null, p_temperament text default null,
  p_frames_of_bees integer default null, p_varroa_count integer default null, p_treatment text default null,
  p_supers_added integer default null, p_honey_harvested_lb numeric default null, p_notes text default null,
  p_share boolean default null, p_share_note text default null, p_share_photo_url text default null,
  p_varroa_method text default null, p_varroa_sample_size integer default null, p_id uuid default null
)
returns buzz_haven.hive_inspections
language sql security definer set search_path = '' -- writes buzz_haven.hive_inspections, which the caller has no grant on
as $$
  select buzz_haven.create_row(null::buzz_haven.hive_inspections, jsonb_build_object(
    'hive_id', p_hive_id, 'inspected_on', p_inspected_on, 'inspector', nullif(btrim(p_inspector), ''),
    'queen_seen', p_queen_seen, 'eggs_seen', p_eggs_seen, 'brood_pattern', p_brood_pattern, 'temperament', p_temperament,
    'frames_of_bees', p_frames_of_bees, 'varroa_count', p_varroa_count, 'treatment', nullif(btrim(p_treatment), ''),
    'supers_added', p_supers_added, 'honey_harvested_lb', p_honey_harvested_lb, 'notes', nullif(btrim(p_notes), ''),
    'share', p_share, 'share_note', nullif(btrim(p_share_note), ''), 'share_photo_url', nullif(btrim(p_share_photo_url), ''),
    'varroa_method', p_varroa_method, 'varroa_sample_size', p_varroa_sample_size,
    'created_by', (select u.id from buzz_haven.users as u where u.auth_user_id = auth.uid())
  ), p_check => 'buzz_haven.check_inspection', p_id => p_id, p_check_values => 'buzz_haven.check_inspection_values')
$$;

-- A null argument keeps the value; p_clear lists the columns to empty (any but the date and share).
create function public.update_buzz_haven_inspection(
  p_id uuid, p_inspected_on date default null, p_inspector text default null, p_queen_seen boolean default null,
  p_eggs_seen boolean default null, p_brood_pattern text default null, p_temperament text default null,
  p_frames_of_bees integer default null, p_varroa_count integer default null, p_treatment text default null,
  p_supers_added integer default null, p_honey_harvested_lb numeric default null, p_notes text default null,
  p_share boolean default null, p_share_note text default null, p_share_photo_url text default null,
  p_varroa_method text default null, p_varroa_sample_size integer default null, p_clear text[] default '{}'
)
returns buzz_haven.hive_inspections
language sql security definer set search_path = '' -- writes buzz_haven.hive_inspections, which the caller has no grant on
as $$
  select buzz_haven.change_row(null::buzz_haven.hive_inspections, p_id, 'Inspection not found', jsonb_build_object(
    'inspected_on', p_inspected_on, 'inspector', btrim(p_inspector), 'queen_seen', p_queen_seen, 'eggs_seen', p_eggs_seen,
    'brood_pattern', p_brood_pattern, 'temperament', p_temperament, 'frames_of_bees', p_frames_of_bees,
    'varroa_count', p_varroa_count, 'treatment', btrim(p_treatment), 'supers_added', p_supers_added,
    'honey_harvested_lb', p_honey_harvested_lb, 'notes', btrim(p_notes), 'share', p_share,
    'share_note', btrim(p_share_note), 'share_photo_url', btrim(p_share_photo_url), 'varroa_method', p_varroa_method,
    'varroa_sample_size', p_varroa_sample_size
  ), p_clear, '{inspector, queen_seen, eggs_seen, brood_pattern, temperament, frames_of_bees, varroa_count, treatment,
    supers_added, honey_harvested_lb, notes, share_note, share_photo_url, varroa_method}',
  p_check => 'buzz_haven.check_inspection', p_check_values => 'buzz_haven.check_inspection_values')
$$;

create function public.delete_buzz_haven_inspection(p_id uuid) returns buzz_haven.hive_inspections
language sql security definer set search_path = '' -- deletes from buzz_haven.hive_inspections, which the caller has no grant on
as $$
  select buzz_haven.delete_row(null::buzz_haven.hive_inspections, p_id, 'Inspection not found', 'Only an owner or admin can delete inspections')
$$;

select buzz_haven.grant_api_execute('create_buzz_haven_inspection', 'update_buzz_haven_inspection',
  'delete_buzz_haven_inspection');
