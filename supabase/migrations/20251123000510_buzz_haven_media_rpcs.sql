-- Buzz Haven: media rows for files in the `media` Storage bucket (issue 11).
-- A row records the title, the public URL (file_path), the MIME type, the path in the bucket,
-- the size, the pixel size of images and who uploaded it. Staff roles create and rename rows;
-- owner and admin delete them (the same roles that may delete the file in the bucket).
-- Every function is `security definer` because the API roles have no rights on buzz_haven.media.

alter table buzz_haven.media
  add column storage_path text
    constraint media_storage_path_length check (char_length(storage_path) <= 1000),
  add column size_bytes bigint constraint media_size_bytes_positive check (size_bytes >= 0),
  add column width integer constraint media_width_positive check (width > 0),
  add column height integer constraint media_height_positive check (height > 0),
  add column uploaded_by uuid references buzz_haven.users (id) on delete set null,
  add column updated_at timestamptz not null default now(),
  -- title and file_type keep the bounds of 20251123000100_buzz_haven_text_bounds.sql
  drop constraint media_file_path_length,
  add constraint media_file_path_length check (char_length(file_path) <= 1000);

comment on column buzz_haven.media.storage_path is 'Path of the file in the media bucket; null for outside URLs.';

-- The checks every write shares; messages are the admin form's.
create function buzz_haven.check_media_input(
  p_title text, p_file_path text, p_file_type text, p_storage_path text,
  p_size_bytes bigint, p_width integer, p_height integer
) returns void
language plpgsql
stable
set search_path = ''
as $$
begin
  perform buzz_haven.check_input(nullif(btrim(p_title), '') is not null, 'Title is required');
  perform buzz_haven.check_input(char_length(btrim(p_title)) <= 200, 'Title is too long (200 characters at most)');
  perform buzz_haven.check_input(nullif(btrim(p_file_path), '') is not null, 'File path is required');
  perform buzz_haven.check_input(char_length(btrim(p_file_path)) <= 1000, 'File path is too long (1000 characters at most)');
  perform buzz_haven.check_input(coalesce(btrim(p_file_type), '') ~ '^[a-z]+/[A-Za-z0-9.+-]+$'
    and char_length(btrim(p_file_type)) <= 100, 'File type must be a MIME type such as image/jpeg');
  perform buzz_haven.check_input(p_storage_path is null or (btrim(p_storage_path) <> ''
    and char_length(p_storage_path) <= 1000), 'Storage path must be 1 to 1000 characters');
  perform buzz_haven.check_input(p_size_bytes is null or p_size_bytes >= 0, 'Size must not be negative');
  perform buzz_haven.check_input(p_width is null or p_width > 0, 'Width must be positive');
  perform buzz_haven.check_input(p_height is null or p_height > 0, 'Height must be positive');
end;
$$;

create function public.create_buzz_haven_media(
  p_title text default null,
  p_file_path text default null,
  p_file_type text default null,
  p_storage_path text default null,
  p_size_bytes bigint default null,
  p_width integer default null,
  p_height integer default null
)
returns buzz_haven.media
language plpgsql
security definer -- writes buzz_haven.media, which the caller has no grant on
set search_path = ''
as $$
declare
  v_row buzz_haven.media;
begin
  perform buzz_haven.require_role();
  perform buzz_haven.check_media_input(p_title, p_file_path, p_file_type, p_storage_path, p_size_bytes, p_width, p_height);
  insert into buzz_haven.media (title, file_path, file_type, storage_path, size_bytes, width, height, uploaded_by)
  values (
    btrim(p_title), btrim(p_file_path), btrim(p_file_type), p_storage_path, p_size_bytes, p_width, p_height,
    (select u.id from buzz_haven.users as u where u.auth_user_id = auth.uid())
  )
  returning * into v_row;
  return v_row;
end;
$$;

create function public.update_buzz_haven_media(p_id uuid, p_title text default null)
returns buzz_haven.media
language plpgsql
security definer -- writes buzz_haven.media, which the caller has no grant on
set search_path = ''
as $$
declare
  v_row buzz_haven.media;
begin
  perform buzz_haven.require_role();
  perform buzz_haven.check_input(nullif(btrim(p_title), '') is not null, 'Title is required');
  perform buzz_haven.check_input(char_length(btrim(p_title)) <= 200, 'Title is too long (200 characters at most)');
  update buzz_haven.media as m
  set title = btrim(p_title), updated_at = now()
  where m.id = p_id
  returning m.* into v_row;
  if not found then
    raise exception 'Media not found' using errcode = 'PT404';
  end if;
  return v_row;
end;
$$;

create function public.delete_buzz_haven_media(p_id uuid)
returns buzz_haven.media
language plpgsql
security definer -- deletes from buzz_haven.media, which the caller has no grant on
set search_path = ''
as $$
declare
  v_row buzz_haven.media;
begin
  perform buzz_haven.require_role(array['owner', 'admin'], 'Only an owner or admin can delete media');
  delete from buzz_haven.media as m where m.id = p_id returning m.* into v_row;
  if not found then
    raise exception 'Media not found' using errcode = 'PT404';
  end if;
  return v_row;
end;
$$;

revoke all on function buzz_haven.check_media_input(text, text, text, text, bigint, integer, integer)
  from public, anon, authenticated;

select buzz_haven.grant_api_execute(
  'public.create_buzz_haven_media(text, text, text, text, bigint, integer, integer)',
  'public.update_buzz_haven_media(uuid, text)',
  'public.delete_buzz_haven_media(uuid)'
);
