-- Buzz Haven: art uploads are bounded and checked whole.
--
-- One live upload per submission. Each signed upload URL the art Edge Function issues is for a new
-- random path, recorded on the design (upload_path, upload_type, upload_issued_at) by
-- issue_buzz_haven_art_upload, which answers the design's other objects for the function to
-- remove. Only the live path may be stored (a trigger on storage.objects refuses any other object
-- in the bucket, so a URL issued before is useless from then on, and a URL without upsert stores
-- one object at most) and only the live path may be recorded; it lives for
-- art_upload_settings.unchecked_minutes. Objects left unchecked past that window are answered by
-- get_buzz_haven_art_unchecked_uploads for the function to remove (on each of its calls, and on a
-- schedule).
--
-- Checked whole. The function decodes the whole file and sends its real type, its real pixel size
-- and whether it decoded to the end; record_buzz_haven_art_upload refuses, with art_file_problem's
-- words, a file whose type is not the one it was sent as, one too large to decode within
-- art_upload_settings.max_megapixels, and one that is damaged or cut short, before the print
-- checks of art_print_problem.

create table buzz_haven.art_upload_settings (
  id boolean primary key default true constraint art_upload_settings_one_row check (id),
  unchecked_minutes integer not null default 30
    constraint art_upload_settings_unchecked_minutes_range check (unchecked_minutes between 1 and 120),
  max_megapixels integer not null default 25
    constraint art_upload_settings_max_megapixels_range check (max_megapixels between 1 and 100)
);
comment on table buzz_haven.art_upload_settings is
  'Art uploads (one row): how long an issued upload may stay unchecked, and the largest image the art function decodes.';
insert into buzz_haven.art_upload_settings default values;
alter table buzz_haven.art_upload_settings enable row level security;
revoke all on buzz_haven.art_upload_settings from public, anon, authenticated;
select buzz_haven.explain_constraints_of('buzz_haven.art_upload_settings');

alter table buzz_haven.art_designs
  add column upload_path text constraint art_designs_upload_path_length check (char_length(upload_path) <= 300),
  add column upload_type text constraint art_designs_upload_type_known
    check (upload_type is null or upload_type in ('image/png', 'image/jpeg', 'image/webp')),
  add column upload_issued_at timestamptz;

insert into buzz_haven.constraint_messages (constraint_name, message) values
  ('art_designs_upload_path_length', 'Wrong storage path'),
  ('art_designs_upload_type_known', 'The file must be a PNG, JPEG or WebP image'),
  ('art_upload_settings_one_row', 'There is one art upload settings row'),
  ('art_upload_settings_unchecked_minutes_range', 'An upload stays unchecked 1 to 120 minutes'),
  ('art_upload_settings_max_megapixels_range', 'The largest image to check is 1 to 100 megapixels');

-- How long an issued upload stays live, unchecked.
create function buzz_haven.art_upload_window() returns interval
language sql
stable
set search_path = ''
as $$
  select make_interval(mins => s.unchecked_minutes) from buzz_haven.art_upload_settings as s
$$;

-- A type's name as the artist knows it (PNG, JPEG, WebP), else the type itself.
create function buzz_haven.art_type_label(p_type text) returns text
language sql
immutable
set search_path = ''
as $$
  select case p_type when 'image/png' then 'PNG' when 'image/jpeg' then 'JPEG' when 'image/webp' then 'WebP'
    else coalesce(left(p_type, 100), 'unknown') end
$$;

-- Null when the measured file may be recorded, else why not: not an image, another type than it was
-- sent as (the upload URL's type, p_issued, or the stored Content-Type, p_declared), more pixels
-- than the function decodes, damaged or cut short (p_decoded false), then the print checks.
create function buzz_haven.art_file_problem(
  p_issued text, p_declared text, p_type text, p_bytes bigint, p_width integer, p_height integer, p_decoded boolean
)
returns text
language sql
stable
set search_path = ''
as $$
  select coalesce(
    case when p_type is null or p_type not in ('image/png', 'image/jpeg', 'image/webp')
      then buzz_haven.art_print_problem(p_type, p_bytes, p_width, p_height) end,
    case when p_type is distinct from p_issued or (p_declared is not null and p_declared <> p_issued)
      then format('The file is a %s image but was sent as %s: upload it again as %s', buzz_haven.art_type_label(p_type),
        buzz_haven.art_type_label(coalesce(nullif(p_declared, p_issued), p_issued)), buzz_haven.art_type_label(p_type)) end,
    case when p_width::bigint * p_height > (select s.max_megapixels from buzz_haven.art_upload_settings as s) * 1000000::bigint
      then format('The image is %s x %s px; at most %s megapixels can be checked', p_width, p_height,
        (select s.max_megapixels from buzz_haven.art_upload_settings as s)) end,
    case when p_decoded is not true then 'The file is damaged or incomplete: its image could not be read to the end' end,
    buzz_haven.art_print_problem(p_type, p_bytes, p_width, p_height))
$$;

-- The art Edge Function's view of a design by its token (service role): where its upload may go,
-- and the largest image it decodes.
drop function public.get_buzz_haven_art_upload(uuid);
create function public.get_buzz_haven_art_upload(p_token uuid)
returns table (id uuid, status text, email_confirmed boolean, max_megapixels integer)
language sql
stable
security definer -- reads art_designs and art_upload_settings
set search_path = ''
as $$
  select a.id, a.status, a.email_confirmed_at is not null, s.max_megapixels
  from buzz_haven.art_designs as a cross join buzz_haven.art_upload_settings as s
  where a.token = p_token
$$;

-- A new upload URL's path becomes the design's live upload (service role, before signing it); the
-- answer is every other object of the design, for the function to remove: an upload replaced is
-- never checked, so it is not kept.
create function public.issue_buzz_haven_art_upload(p_token uuid, p_path text, p_type text)
returns setof text
language plpgsql
security definer -- updates art_designs, reads storage.objects
set search_path = ''
as $$
declare
  d buzz_haven.art_designs;
begin
  select * into d from buzz_haven.art_designs as a where a.token = p_token for update;
  perform buzz_haven.check_input(found, 'Unknown submission');
  perform buzz_haven.check_input(d.email_confirmed_at is not null, 'Please confirm your e-mail address first');
  perform buzz_haven.check_input(d.status = 'unconfirmed', 'This submission already has its image');
  perform buzz_haven.check_input(starts_with(p_path, d.id || '/') and char_length(p_path) <= 300, 'Wrong storage path');
  update buzz_haven.art_designs as a
  set upload_path = p_path, upload_type = p_type, upload_issued_at = now()
  where a.id = d.id;
  return query
  select o.name from storage.objects as o
  where o.bucket_id = 'art-submissions' and starts_with(o.name, d.id || '/') and o.name <> p_path
    and o.name is distinct from d.storage_path;
end;
$$;

-- The measured file (service role, after the art Edge Function read it back from Storage and
-- decoded it): refused (22023, the reason) unless it is the design's live upload and passes
-- art_file_problem. A design that has its image answers PT409 (409): the file checked is then
-- not removed, as it may be the one recorded by a check that ran at the same time.
drop function public.record_buzz_haven_art_upload(uuid, text, text, bigint, integer, integer);
create function public.record_buzz_haven_art_upload(
  p_token uuid, p_path text, p_type text, p_bytes bigint, p_width integer, p_height integer,
  p_declared_type text default null, p_decoded boolean default false
)
returns void
language plpgsql
security definer -- updates art_designs
set search_path = ''
as $$
declare
  d buzz_haven.art_designs;
  v_problem text;
begin
  select * into d from buzz_haven.art_designs as a where a.token = p_token for update;
  perform buzz_haven.check_input(found, 'Unknown submission');
  perform buzz_haven.check_input(d.email_confirmed_at is not null, 'Please confirm your e-mail address first');
  if d.status <> 'unconfirmed' then
    raise exception 'This submission already has its image' using errcode = 'PT409';
  end if;
  perform buzz_haven.check_input(p_path like d.id || '/%' and char_length(p_path) <= 300, 'Wrong storage path');
  perform buzz_haven.check_input(p_path = d.upload_path and d.upload_issued_at > now() - buzz_haven.art_upload_window(),
    'This upload was replaced by a newer one or waited too long: please upload your file again');
  v_problem := buzz_haven.art_file_problem(d.upload_type, p_declared_type, p_type, p_bytes, p_width, p_height, p_decoded);
  perform buzz_haven.check_input(v_problem is null, v_problem);
  update buzz_haven.art_designs as a
  set storage_path = p_path, file_type = p_type, file_bytes = p_bytes, width = p_width, height = p_height,
    checks_passed = true, check_error = null, uploaded_at = now(), status = 'pending',
    upload_path = null, upload_type = null, upload_issued_at = null
  where a.id = d.id;
end;
$$;

-- The bucket's objects nobody checked in time (service role, for the art function to remove):
-- neither a design's recorded file nor its live upload, and older than the upload window.
create function public.get_buzz_haven_art_unchecked_uploads(p_limit integer default 100)
returns setof text
language sql
stable
security definer -- reads art_designs and storage.objects
set search_path = ''
as $$
  select o.name from storage.objects as o
  where o.bucket_id = 'art-submissions' and o.created_at < now() - buzz_haven.art_upload_window()
    and not exists (select 1 from buzz_haven.art_designs as a where a.storage_path = o.name)
    and not exists (select 1 from buzz_haven.art_designs as a
      where a.upload_path = o.name and a.upload_issued_at > now() - buzz_haven.art_upload_window())
  order by o.created_at
  limit least(greatest(coalesce(p_limit, 100), 1), 1000)
$$;

-- Storage writes uploads as itself, whoever signed them, so this trigger is what keeps the bucket to
-- the live uploads: an object in 'art-submissions' is stored only at a design's live upload path
-- (within its window) or its recorded file's path (the seeded designs' pictures). Refused as
-- Storage refuses a policy (42501, 403).
create function buzz_haven_storage.art_upload_is_live() returns trigger
language plpgsql
security definer -- reads art_designs
set search_path = ''
as $$
begin
  if not exists (select 1 from buzz_haven.art_designs as a
      where (a.upload_path = new.name and a.upload_issued_at > now() - buzz_haven.art_upload_window())
        or a.storage_path = new.name) then
    raise exception 'This upload link was replaced by a newer one or has expired' using errcode = '42501';
  end if;
  return new;
end;
$$;
revoke all on function buzz_haven_storage.art_upload_is_live() from public, anon, authenticated;

create trigger art_submissions_live_upload_only before insert or update of bucket_id, name on storage.objects
  for each row when (new.bucket_id = 'art-submissions') execute function buzz_haven_storage.art_upload_is_live();

revoke all on function buzz_haven.art_upload_window(), buzz_haven.art_type_label(text),
  buzz_haven.art_file_problem(text, text, text, bigint, integer, integer, boolean) from public, anon, authenticated;
revoke all on function public.get_buzz_haven_art_upload(uuid), public.issue_buzz_haven_art_upload(uuid, text, text),
  public.record_buzz_haven_art_upload(uuid, text, text, bigint, integer, integer, text, boolean),
  public.get_buzz_haven_art_unchecked_uploads(integer) from public, anon, authenticated;
grant execute on function public.get_buzz_haven_art_upload(uuid), public.issue_buzz_haven_art_upload(uuid, text, text),
  public.record_buzz_haven_art_upload(uuid, text, text, bigint, integer, integer, text, boolean),
  public.get_buzz_haven_art_unchecked_uploads(integer) to service_role;
