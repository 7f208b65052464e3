-- The content table; the media library: its table, its Storage bucket, the policies and their
-- helpers (schema buzz_haven_storage), its RPCs.
-- The first of the content files, which apply in config.toml's order.
-- Content, site builds and media: content documents and versions, publishing, the site build
-- queue, the media library and its storage bucket and policies.
-- Declared whole: this folder says what the database holds for its area; supabase/migrations
-- carries it to databases in reviewed steps (docs/database.md). Function bodies are checked when
-- they run, not here (as pg_dump writes it): some name objects of a later file.
set check_function_bodies = false;

create table buzz_haven.content (
  id uuid primary key default gen_random_uuid(),
  title text not null constraint content_title_not_blank check (btrim(title) <> ''),
  slug text not null unique constraint content_slug_format check (buzz_haven.is_slug(slug)),
  body text not null default '',
  status text not null default 'draft' constraint content_status_known
    check (status in ('draft', 'published', 'archived')),
  created_at timestamptz not null default now(),
  constraint content_title_length check (char_length(title) <= 200),
  constraint content_slug_length check (char_length(slug) <= 200),
  constraint content_body_length check (char_length(body) <= 100000)
);
comment on table buzz_haven.content is 'Editable site content (the admin screen is a placeholder for now).';
alter table buzz_haven.content enable row level security;
select buzz_haven.manage_resource('buzz_haven.content', 'page', 'title', false);

create table buzz_haven.media (
  id uuid primary key default gen_random_uuid(),
  title text not null constraint media_title_not_blank check (btrim(title) <> ''),
  file_path text not null constraint media_file_path_not_blank check (btrim(file_path) <> ''),
  file_type text not null constraint media_file_type_mime check (file_type ~ '^[a-z]+/[A-Za-z0-9.+-]+$'),
  created_at timestamptz not null default now(),
  -- a file in the `media` Storage bucket: its path there, its size, the pixel size of an image and
  -- who uploaded it
  storage_path text
    constraint media_storage_path_length check (char_length(storage_path) <= 1000),
  size_bytes bigint constraint media_size_bytes_positive check (size_bytes >= 0),
  width integer constraint media_width_positive check (width > 0),
  height integer constraint media_height_positive check (height > 0),
  uploaded_by uuid references buzz_haven.users (id) on delete set null,
  updated_at timestamptz not null default now(),
  constraint media_title_length check (char_length(title) <= 200),
  constraint media_file_path_length check (char_length(file_path) <= 1000),
  constraint media_file_type_length check (char_length(file_type) <= 100)
);
comment on table buzz_haven.media is 'Media library: file_path is the image source, file_type its mime type.';
comment on column buzz_haven.media.storage_path is 'Path of the file in the media bucket; null for outside URLs.';
alter table buzz_haven.media enable row level security;
select buzz_haven.manage_resource('buzz_haven.media', 'media', 'title');

create function public.get_buzz_haven_content() returns setof buzz_haven.content
language sql stable security definer set search_path = '' -- reads buzz_haven.content through buzz_haven.list_rows
as $$ select * from buzz_haven.list_rows(null::buzz_haven.content, 't.created_at desc, t.slug, t.id') $$;

-- Buzz Haven: the `media` Storage bucket and who may use it.
-- A public bucket: anyone may read its files (site pictures, public URLs); staff roles (owner,
-- admin, staff on an active profile) may upload and replace files; only owner and admin may
-- delete. Storage checks these policies on storage.objects as the caller's role (anon,
-- authenticated; service_role bypasses RLS), on hosted Supabase and in the embedded backend alike.
-- Limits enforced by Storage on upload: 50 MiB per file, images (no SVG: it can carry scripts),
-- PDF and common office documents; anything else (e.g. .exe) is refused with 415.

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values (
  'media', 'media', true, 52428800,
  array[
    'image/jpeg', 'image/png', 'image/gif', 'image/webp', 'image/avif',
    'application/pdf', 'text/plain', 'text/csv',
    'application/msword',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    'application/vnd.ms-excel',
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    'application/vnd.ms-powerpoint',
    'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    'application/vnd.oasis.opendocument.text',
    'application/vnd.oasis.opendocument.spreadsheet'
  ]
)
on conflict (id) do nothing;

-- Policy helpers: policies run as the caller, who has no rights on buzz_haven; these run as their
-- owner and answer only about the caller. In their own schema, which PostgREST does not expose.
create schema buzz_haven_storage;
comment on schema buzz_haven_storage is 'Helpers called by the Storage RLS policies (not an API).';
revoke all on schema buzz_haven_storage from public;
grant usage on schema buzz_haven_storage to anon, authenticated, service_role;

create function buzz_haven_storage.caller_has_role(allowed text[]) returns boolean
language sql stable security definer set search_path = '' -- reads buzz_haven.users through buzz_haven.caller_role(); the caller cannot
as $$
  select coalesce(buzz_haven.caller_role() = any (allowed), false)
$$;

comment on function buzz_haven_storage.caller_has_role(text[]) is
  'True when the caller''s back-office role (active profile) is one of the allowed roles.';
revoke all on function buzz_haven_storage.caller_has_role(text[]) from public;
grant execute on function buzz_haven_storage.caller_has_role(text[]) to anon, authenticated, service_role;

create policy "buzz_haven media: anyone reads"
  on storage.objects for select
  to anon, authenticated
  using (bucket_id = 'media');

create policy "buzz_haven media: staff upload"
  on storage.objects for insert
  to authenticated
  with check (
    bucket_id = 'media' and buzz_haven_storage.caller_has_role(array['owner', 'admin', 'staff'])
  );

create policy "buzz_haven media: staff replace"
  on storage.objects for update
  to authenticated
  using (bucket_id = 'media' and buzz_haven_storage.caller_has_role(array['owner', 'admin', 'staff']))
  with check (
    bucket_id = 'media' and buzz_haven_storage.caller_has_role(array['owner', 'admin', 'staff'])
  );

create policy "buzz_haven media: owner and admin delete"
  on storage.objects for delete
  to authenticated
  using (bucket_id = 'media' and buzz_haven_storage.caller_has_role(array['owner', 'admin']));

-- Buzz Haven: media rows for files in the `media` Storage bucket.
-- A row records the title, the public URL (file_path), the MIME type, the path in the bucket,
-- the size, the pixel size of images and who uploaded it. Staff roles create and rename rows;
-- owner and admin delete them (the same roles that may delete the file in the bucket).
-- Every function is `security definer` because the API roles have no rights on buzz_haven.media.

create or replace function buzz_haven.check_media_input(
  p_title text, p_file_path text, p_file_type text, p_storage_path text,
  p_size_bytes bigint, p_width integer, p_height integer
) returns void
language plpgsql stable set search_path = ''
as $$
begin
  perform buzz_haven.check_input(nullif(btrim(p_title), '') is not null, 'Title is required');
  perform buzz_haven.check_input(nullif(btrim(p_file_path), '') is not null, 'File path is required');
  -- the type's shape is media_file_type_mime's (a blank or missing type counts as '', which it refuses)
  perform buzz_haven.explain_row(jsonb_populate_record(null::buzz_haven.media,
    jsonb_build_object('file_type', coalesce(btrim(p_file_type), ''))));
  perform buzz_haven.check_input(p_storage_path is null or btrim(p_storage_path) <> '', 'Storage path must be 1 to 1000 characters');
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
language plpgsql security definer set search_path = '' -- writes buzz_haven.media, which the caller has no grant on
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

create or replace function public.update_buzz_haven_media(p_id uuid, p_title text default null) returns buzz_haven.media
language plpgsql security definer set search_path = '' -- writes buzz_haven.media, which the caller has no grant on
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
  perform buzz_haven.check_found(found, 'Media not found');
  return v_row;
end;
$$;

create function public.delete_buzz_haven_media(p_id uuid) returns buzz_haven.media
language sql security definer set search_path = '' -- deletes from buzz_haven.media, which the caller has no grant on
as $$
  select buzz_haven.delete_row(null::buzz_haven.media, p_id, 'Media not found', 'Only an owner or admin can delete media')
$$;

revoke all on function buzz_haven.check_media_input(text, text, text, text, bigint, integer, integer)
  from public, anon, authenticated;

select buzz_haven.grant_api_execute('create_buzz_haven_media', 'update_buzz_haven_media',
  'delete_buzz_haven_media');
