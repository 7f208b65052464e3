-- Buzz Haven: inspection highlights shared with a hive's people (issue 27, item 4). Staff mark an
-- inspection to share with the hive's adopters and host (share), write the sentence they will read
-- (share_note) and may add a photo from the Media Library (share_photo_url: its URL, or the image
-- data URL of a seeded picture); the /my-hive page
-- shows them (get_buzz_haven_my_hives, 20251127060010). A hive also gains its host's e-mail
-- (host_email): the host who signs in with it sees the hive. It is set when a host application is
-- marked installed (20251127060020).

alter table buzz_haven.hive_inspections
  add column share boolean not null default false,
  add column share_note text constraint hive_inspections_share_note_length check (char_length(share_note) <= 300),
  -- a media library picture: its public URL or, as the seeded library's, an image data URL
  add column share_photo_url text constraint hive_inspections_share_photo_url_format
    check (char_length(share_photo_url) <= 10000 and (share_photo_url ~ '^https?://' or share_photo_url like 'data:image/%')),
  add constraint hive_inspections_share_has_note check (not share or share_note is not null);
comment on column buzz_haven.hive_inspections.share is 'Shown to the hive''s adopters and host on /my-hive (with share_note and share_photo_url).';

alter table buzz_haven.hives
  add column host_email buzz_haven.email constraint hives_host_email_length check (char_length(host_email) <= 320);
comment on column buzz_haven.hives.host_email is 'The host''s e-mail: signed in with it (confirmed), the host sees the hive on /my-hive.';
create index hives_host_email_idx on buzz_haven.hives (lower(host_email));
create index adoption_requests_email_idx on buzz_haven.adoption_requests (lower(email));
create index adoption_requests_recipient_email_idx on buzz_haven.adoption_requests (lower(recipient_email));

-- The list view was created with the table's columns of its day: it gains the new ones.
create or replace view buzz_haven_lists.hive_inspections as
  select i.* from buzz_haven.hive_inspections as i where buzz_haven_lists.staff_only();

-- The rules of one inspection row: the earlier ones, and a shared highlight's sentence and photo.
create or replace function buzz_haven.check_inspection(v buzz_haven.hive_inspections) returns void
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
  perform buzz_haven.check_input(coalesce(char_length(v.share_note), 0) <= 300, 'The shared sentence is too long (300 characters at most)');
  perform buzz_haven.check_input(not coalesce(v.share, false) or v.share_note is not null,
    'A shared highlight needs the sentence its people will read');
  perform buzz_haven.check_input(
    v.share_photo_url is null or (char_length(v.share_photo_url) <= 10000
      and (v.share_photo_url ~ '^https?://' or v.share_photo_url like 'data:image/%')),
    'The shared photo must be a picture from the Media Library (a web address or an image)');
end;
$$;

-- The create and update RPCs gain the three share arguments: new signatures, so drop and create.
drop function public.create_buzz_haven_inspection(uuid, date, text, boolean, boolean, text, text, integer, integer, text, integer, numeric, text);
drop function public.update_buzz_haven_inspection(uuid, date, text, boolean, boolean, text, text, integer, integer, text, integer, numeric, text, text[]);

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
  p_notes text default null,
  p_share boolean default null,
  p_share_note text default null,
  p_share_photo_url text default null
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
  v.share := coalesce(p_share, false);
  v.share_note := nullif(btrim(p_share_note), '');
  v.share_photo_url := nullif(btrim(p_share_photo_url), '');
  perform buzz_haven.check_inspection(v);
  if not exists (select 1 from buzz_haven.hives as h where h.id = p_hive_id) then
    raise exception 'Hive not found' using errcode = 'PT404';
  end if;
  insert into buzz_haven.hive_inspections (
    hive_id, inspected_on, inspector, queen_seen, eggs_seen, brood_pattern, temperament, frames_of_bees,
    varroa_count, treatment, supers_added, honey_harvested_lb, notes, share, share_note, share_photo_url, created_by
  )
  values (
    v.hive_id, v.inspected_on, v.inspector, v.queen_seen, v.eggs_seen, v.brood_pattern, v.temperament,
    v.frames_of_bees, v.varroa_count, v.treatment, v.supers_added, v.honey_harvested_lb, v.notes,
    v.share, v.share_note, v.share_photo_url,
    (select u.id from buzz_haven.users as u where u.auth_user_id = auth.uid())
  )
  returning * into v;
  return v;
end;
$$;

-- A null argument keeps the value; p_clear lists the columns to empty (any but the date and share).
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
  p_share boolean default null,
  p_share_note text default null,
  p_share_photo_url text default null,
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
      'varroa_count', 'treatment', 'supers_added', 'honey_harvested_lb', 'notes', 'share_note', 'share_photo_url'],
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
      case when p_notes is not null then 'notes' end,
      case when p_share_note is not null then 'share_note' end,
      case when p_share_photo_url is not null then 'share_photo_url' end
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
  v.share := coalesce(p_share, v.share);
  v.share_note := case when 'share_note' = any (c) then null
    when p_share_note is null then v.share_note else nullif(btrim(p_share_note), '') end;
  v.share_photo_url := case when 'share_photo_url' = any (c) then null
    when p_share_photo_url is null then v.share_photo_url else nullif(btrim(p_share_photo_url), '') end;
  perform buzz_haven.check_inspection(v);
  update buzz_haven.hive_inspections as i
  set inspected_on = v.inspected_on, inspector = v.inspector, queen_seen = v.queen_seen,
    eggs_seen = v.eggs_seen, brood_pattern = v.brood_pattern, temperament = v.temperament,
    frames_of_bees = v.frames_of_bees, varroa_count = v.varroa_count, treatment = v.treatment,
    supers_added = v.supers_added, honey_harvested_lb = v.honey_harvested_lb, notes = v.notes,
    share = v.share, share_note = v.share_note, share_photo_url = v.share_photo_url
  where i.id = p_id
  returning i.* into v;
  return v;
end;
$$;

select buzz_haven.grant_api_execute(
  'public.create_buzz_haven_inspection(uuid, date, text, boolean, boolean, text, text, integer, integer, text, integer, numeric, text, boolean, text, text)',
  'public.update_buzz_haven_inspection(uuid, date, text, boolean, boolean, text, text, integer, integer, text, integer, numeric, text, boolean, text, text, text[])'
);
