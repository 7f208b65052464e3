-- Buzz Haven: the `media` Storage bucket and who may use it (issue 11).
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
language sql
stable
security definer -- reads buzz_haven.users through buzz_haven.caller_role(); the caller cannot
set search_path = ''
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
