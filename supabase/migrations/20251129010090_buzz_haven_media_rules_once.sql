-- Buzz Haven: a media item's text bounds live in media's CHECKs only (issue 23, item 2), as
-- 20251128030010 did for inspections. check_media_input and update_buzz_haven_media
-- (20251123000510) repeated the title's, file path's, file type's and storage path's lengths with
-- their messages; the messages become buzz_haven.constraint_messages rows (same words), so a value
-- breaking one fails on the table (23514, PostgREST's `details` naming the field). What no
-- one-column CHECK holds stays in the functions: a required title and file path, a file type given
-- as a MIME type, a storage path that is not blank, sizes that are not negative.

insert into buzz_haven.constraint_messages (constraint_name, message) values
  ('media_title_length', 'Title is too long (200 characters at most)'),
  ('media_file_path_length', 'File path is too long (1000 characters at most)'),
  ('media_file_type_length', 'File type must be a MIME type such as image/jpeg'),
  ('media_file_type_mime', 'File type must be a MIME type such as image/jpeg'),
  ('media_storage_path_length', 'Storage path must be 1 to 1000 characters')
on conflict (constraint_name) do update set message = excluded.message;
select buzz_haven.explain_constraints_of('buzz_haven.media');

create or replace function buzz_haven.check_media_input(
  p_title text, p_file_path text, p_file_type text, p_storage_path text,
  p_size_bytes bigint, p_width integer, p_height integer
) returns void
language plpgsql
stable
set search_path = ''
as $$
begin
  perform buzz_haven.check_input(nullif(btrim(p_title), '') is not null, 'Title is required');
  perform buzz_haven.check_input(nullif(btrim(p_file_path), '') is not null, 'File path is required');
  perform buzz_haven.check_input(coalesce(btrim(p_file_type), '') ~ '^[a-z]+/[A-Za-z0-9.+-]+$',
    'File type must be a MIME type such as image/jpeg');
  perform buzz_haven.check_input(p_storage_path is null or btrim(p_storage_path) <> '', 'Storage path must be 1 to 1000 characters');
  perform buzz_haven.check_input(p_size_bytes is null or p_size_bytes >= 0, 'Size must not be negative');
  perform buzz_haven.check_input(p_width is null or p_width > 0, 'Width must be positive');
  perform buzz_haven.check_input(p_height is null or p_height > 0, 'Height must be positive');
end;
$$;

create or replace function public.update_buzz_haven_media(p_id uuid, p_title text default null)
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
