-- Content, site builds and media: content documents and versions, publishing, the site build
-- queue, the media library and its storage bucket and policies.
-- Declared whole: this file says what the database holds for its area; supabase/migrations
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

-- Buzz Haven: the public site's content in the database. One document per page, the
-- home page, the site-wide texts and each catalogue group ('pages/about', 'catalog/hosting'),
-- each with a draft (bumped revision at every save), a published body and the history of its
-- published versions. The bodies are validated by the zod schemas in content/schema when they are
-- published (Edge Function publish-content, which alone may call publish_buzz_haven_content);
-- drafts only need to be JSON objects. The site build reads get_buzz_haven_published_content.
-- Each document is kept per language (buzz_haven.languages): every key has its English row; a
-- translation's row ('es') may be missing or leave fields empty (they show the English words). A
-- translation records the English published_version it was published against (source_version):
-- when English has been published since, the translation needs work.

create table buzz_haven.content_documents (
  key text not null
    constraint content_documents_key_format check (key ~ '^[a-z0-9]+(-[a-z0-9]+)*(/[a-z0-9]+(-[a-z0-9]+)*)?$')
    constraint content_documents_key_length check (char_length(key) <= 100),
  title text not null
    constraint content_documents_title_not_blank check (btrim(title) <> '')
    constraint content_documents_title_length check (char_length(title) <= 200),
  draft jsonb not null
    constraint content_documents_draft_object check (jsonb_typeof(draft) = 'object')
    constraint content_documents_draft_size check (length(draft::text) <= 200000),
  revision integer not null default 1 constraint content_documents_revision_positive check (revision >= 1),
  updated_by uuid references buzz_haven.users (id) on delete set null,
  updated_at timestamptz not null default now(),
  published jsonb
    constraint content_documents_published_object check (published is null or jsonb_typeof(published) = 'object')
    constraint content_documents_published_size check (length(published::text) <= 200000),
  published_version integer constraint content_documents_published_version_positive check (published_version >= 1),
  published_at timestamptz,
  published_by uuid references buzz_haven.users (id) on delete set null,
  locale text not null default 'en' references buzz_haven.languages (code),
  -- a translation: the English published_version its published body was translated from
  source_version integer constraint content_documents_source_version_positive check (source_version >= 1),
  primary key (key, locale),
  constraint content_documents_published_together check ((published is null) = (published_version is null))
);
comment on table buzz_haven.content_documents is
  'Content of the public site: one JSON document per page or catalogue group, draft and published.';

create table buzz_haven.content_versions (
  key text not null
    constraint content_versions_key_length check (char_length(key) <= 100),
  version integer not null constraint content_versions_version_positive check (version >= 1),
  body jsonb not null
    constraint content_versions_body_object check (jsonb_typeof(body) = 'object')
    constraint content_versions_body_size check (length(body::text) <= 200000),
  published_at timestamptz not null default now(),
  published_by uuid references buzz_haven.users (id) on delete set null,
  locale text not null default 'en',
  source_version integer constraint content_versions_source_version_positive check (source_version >= 1),
  primary key (key, locale, version),
  foreign key (key, locale) references buzz_haven.content_documents (key, locale) on delete cascade
);

comment on table buzz_haven.content_versions is 'Every published version of each content document (restorable).';

alter table buzz_haven.content_documents enable row level security;
alter table buzz_haven.content_versions enable row level security;
revoke all on buzz_haven.content_documents, buzz_haven.content_versions from public, anon, authenticated;

-- The document row for an update, locked; PT404 when the key is unknown, PT409 when the caller's
-- revision is not the current one (someone saved since the caller opened it).
create function buzz_haven.lock_content_document(p_key text, p_revision integer, p_locale text default 'en')
returns buzz_haven.content_documents language plpgsql set search_path = ''
as $$
declare
  v buzz_haven.content_documents;
begin
  select * into v from buzz_haven.content_documents as d where d.key = p_key and d.locale = p_locale for update;
  perform buzz_haven.check_found(found, 'Content document not found');
  if p_revision is distinct from v.revision then
    raise exception 'Someone else saved this document since you opened it. Reload to see their changes; your edits are still in the form.'
      using errcode = 'PT409';
  end if;
  return v;
end;
$$;
revoke all on function buzz_haven.lock_content_document(text, integer, text) from public, anon, authenticated;

-- 22023 unless p_locale is one of buzz_haven.languages.
create function buzz_haven.check_content_locale(p_locale text) returns void
language plpgsql stable set search_path = ''
as $$
begin
  perform buzz_haven.check_input(exists (select 1 from buzz_haven.languages as l where l.code = p_locale), 'Unknown language');
end;
$$;
revoke all on function buzz_haven.check_content_locale(text) from public, anon, authenticated;

-- The documents in one language, one row per English document. A translation not started yet is
-- a row with an empty draft, revision 0 (its first save creates it) and nothing published.
-- needs_translation: English is published and a translation (p_locale's, or for English any
-- language's) was not published against its current English version.
create function public.get_buzz_haven_content_documents(p_locale text default 'en')
returns table (
  key text, title text, draft jsonb, revision integer, updated_at timestamptz, updated_by_name text,
  published jsonb, published_version integer, published_at timestamptz, published_by_name text,
  has_unpublished_changes boolean, locale text, source_version integer, needs_translation boolean
)
language plpgsql
stable
security definer -- reads buzz_haven.content_documents, which the caller has no grant on
set search_path = ''
as $$
begin
  perform buzz_haven.require_role();
  perform buzz_haven.check_content_locale(p_locale);
  return query
    select e.key, coalesce(t.title, e.title), coalesce(t.draft, '{}'::jsonb), coalesce(t.revision, 0), t.updated_at,
      buzz_haven.profile_name(t.updated_by), t.published, t.published_version, t.published_at,
      buzz_haven.profile_name(t.published_by), t.published is distinct from t.draft, p_locale, t.source_version,
      e.published_version is not null and exists (
        select 1 from buzz_haven.languages as l
        where not l.is_default and (p_locale = 'en' or l.code = p_locale)
          and not exists (
            select 1 from buzz_haven.content_documents as s
            where s.key = e.key and s.locale = l.code and s.source_version >= e.published_version))
    from buzz_haven.content_documents as e
    left join buzz_haven.content_documents as t on t.key = e.key and t.locale = p_locale
    where e.locale = 'en'
    order by case when e.key in ('home', 'site') then 0 when e.key like 'pages/%' then 1 else 2 end, e.key;
end;
$$;

-- p_revision 0 for a translation not started yet: its row is created (PT409 when someone created
-- it meanwhile); a translation needs the English document.
create function public.save_buzz_haven_content_draft(p_key text, p_body jsonb, p_revision integer, p_locale text default 'en')
returns integer
language plpgsql security definer set search_path = '' -- writes buzz_haven.content_documents, which the caller has no grant on
as $$
declare
  v buzz_haven.content_documents;
begin
  perform buzz_haven.require_role();
  perform buzz_haven.check_content_locale(p_locale);
  perform buzz_haven.check_input(jsonb_typeof(p_body) = 'object', 'The document must be a JSON object');
  perform buzz_haven.check_input(length(p_body::text) <= 200000, 'This document is too large (200000 characters at most)');
  if p_locale <> 'en' and p_revision = 0 then
    insert into buzz_haven.content_documents (key, locale, title, draft, updated_by)
    select e.key, p_locale, e.title, p_body, (select profile_id from buzz_haven.caller_profile())
    from buzz_haven.content_documents as e where e.key = p_key and e.locale = 'en'
    on conflict do nothing;
    if found then
      return 1;
    end if;
    -- not created: no English document (PT404), or the translation exists already (PT409)
  end if;
  v := buzz_haven.lock_content_document(p_key, p_revision, p_locale);
  update buzz_haven.content_documents as d
  set draft = p_body, revision = d.revision + 1, updated_at = now(),
    updated_by = (select profile_id from buzz_haven.caller_profile())
  where d.key = p_key and d.locale = p_locale
  returning d.revision into v.revision;
  return v.revision;
end;
$$;

-- Service role only (the publish-content Edge Function validates the draft with its zod schema
-- first). p_user_id: the auth user the function acted for, recorded as the publisher. A
-- translation is published against the English published_version (recorded as its source_version).
create function public.publish_buzz_haven_content(
  p_key text, p_revision integer, p_user_id uuid default null, p_locale text default 'en'
)
returns integer language plpgsql security definer set search_path = '' -- writes buzz_haven.content_documents and content_versions
as $$
declare
  v buzz_haven.content_documents;
  v_by uuid := (select u.id from buzz_haven.users as u where u.auth_user_id = p_user_id);
  v_version integer;
  v_source integer;
begin
  perform buzz_haven.check_content_locale(p_locale);
  v := buzz_haven.lock_content_document(p_key, p_revision, p_locale);
  if p_locale <> 'en' then
    select e.published_version into v_source from buzz_haven.content_documents as e where e.key = p_key and e.locale = 'en';
    perform buzz_haven.check_input(v_source is not null, 'Publish the English document first');
  end if;
  v_version := coalesce((
    select max(cv.version) from buzz_haven.content_versions as cv where cv.key = p_key and cv.locale = p_locale
  ), 0) + 1;
  insert into buzz_haven.content_versions (key, locale, version, body, published_by, source_version)
  values (p_key, p_locale, v_version, v.draft, v_by, v_source);
  update buzz_haven.content_documents as d
  set published = v.draft, published_version = v_version, published_at = now(), published_by = v_by, source_version = v_source
  where d.key = p_key and d.locale = p_locale;
  return v_version;
end;
$$;

create function public.get_buzz_haven_content_versions(p_key text, p_locale text default 'en')
returns table (version integer, body jsonb, published_at timestamptz, published_by_name text, source_version integer)
language plpgsql stable security definer set search_path = '' -- reads buzz_haven.content_versions, which the caller has no grant on
as $$
begin
  perform buzz_haven.require_role();
  return query
    select v.version, v.body, v.published_at, buzz_haven.profile_name(v.published_by), v.source_version
    from buzz_haven.content_versions as v where v.key = p_key and v.locale = p_locale order by v.version desc;
end;
$$;

-- Copies a published version's body into the draft (publish it as usual to put it live).
create function public.restore_buzz_haven_content_version(
  p_key text, p_version integer, p_revision integer, p_locale text default 'en'
)
returns integer
language plpgsql security definer set search_path = '' -- writes buzz_haven.content_documents, which the caller has no grant on
as $$
declare
  v_body jsonb;
begin
  perform buzz_haven.require_role();
  select cv.body into v_body from buzz_haven.content_versions as cv
  where cv.key = p_key and cv.locale = p_locale and cv.version = p_version;
  perform buzz_haven.check_found(found, 'Version not found');
  -- Saved like any draft: the same revision check, lock and who/when.
  return public.save_buzz_haven_content_draft(p_key, v_body, p_revision, p_locale);
end;
$$;

-- What the site build reads (anon): the published documents only, never a draft, one row per
-- published (key, locale), translations as written (the reader completes them from English).
-- p_locale: only that language's.
create function public.get_buzz_haven_published_content(p_locale text default null)
returns table (key text, locale text, body jsonb)
language sql stable security definer set search_path = '' -- reads buzz_haven.content_documents, which anon has no grant on
as $$
  select d.key, d.locale, d.published from buzz_haven.content_documents as d
  where d.published is not null and (p_locale is null or d.locale = p_locale)
  order by d.key, d.locale <> 'en', d.locale
$$;

-- Service role only: adds the starting documents that are missing (content/*.yaml, read by the
-- embedded backend on a new database or by `npm run seed-content`), each published as version 1.
-- p_documents: [{ "key", "title", "body" }]; p_locale: their language (content/es/*.yaml for
-- 'es'), a translation only of a key English has, published against English's current version.
-- Returns how many were added.
create function public.seed_buzz_haven_content(p_documents jsonb, p_locale text default 'en')
returns integer language plpgsql security definer set search_path = '' -- writes buzz_haven.content_documents and content_versions
as $$
declare
  v_added integer;
begin
  perform buzz_haven.check_input(jsonb_typeof(p_documents) = 'array', 'p_documents must be a JSON array');
  perform buzz_haven.check_content_locale(p_locale);
  with added as (
    insert into buzz_haven.content_documents (key, locale, title, draft, published, published_version, published_at, source_version)
    select d ->> 'key', p_locale, d ->> 'title', d -> 'body', d -> 'body', 1, now(), e.published_version
    from jsonb_array_elements(p_documents) as d
    left join buzz_haven.content_documents as e on p_locale <> 'en' and e.key = d ->> 'key' and e.locale = 'en'
    where p_locale = 'en' or e.published_version is not null
    on conflict (key, locale) do nothing
    returning key, published, source_version
  ), versions as (
    insert into buzz_haven.content_versions (key, locale, version, body, source_version)
    select a.key, p_locale, 1, a.published, a.source_version from added as a
    returning 1
  )
  select count(*)::integer into v_added from versions;
  return v_added;
end;
$$;

-- Buzz Haven: an existing database gets the art collective's two new content documents:
-- 'pages/art' (/art, /art/upload, /art/vote, /art/vote/confirm) and 'pages/art-licence'
-- (/art/licence), as content/pages/art.yaml and art-licence.yaml hold them, published as version 1
-- (the site build needs every document of content/schema to be published). The published 'site'
-- document's navigation gets an Art link after Impact (unless it already links /art), in the draft
-- too. A new database is untouched here: its content is seeded from content/ after the migrations
-- (only while buzz_haven.content_documents is empty, which a row added here would prevent).

select public.seed_buzz_haven_content($documents$
[
 {
  "key": "pages/art",
  "title": "Hive-wrap art collective",
  "body": {
   "seo": {
    "title": "Hive-Wrap Art Collective",
    "description": "Local artists design the wraps of Buzz Haven's hives; neighbours vote each month; the winners are printed and installed on hives across the city."
   },
   "hero": {
    "eyebrow": "Community Impact",
    "title": "The hive-wrap art collective",
    "intro": "Local artists submit designs, the community votes every month, and the winners are printed on UV-resistant wraps and installed on hives in neighbours' yards.",
    "buttons": [
     {
      "label": "Vote this month",
      "to": "/art/vote"
     },
     {
      "label": "Submit a design",
      "to": "#submit",
      "variant": "secondary"
     }
    ]
   },
   "story": {
    "heading": "Art that bees live in",
    "paragraphs": [
     "Every Buzz Haven hive wears a weatherproof wrap around its boxes. Instead of plain white paint, we invite the artists of our city to paint them.",
     "Each month the designs our team approves go to a public ballot. The design with the most votes is printed on a UV-resistant wrap and installed on a host's hive, where the neighbourhood can find it on the map of painted hives."
    ]
   },
   "steps": {
    "heading": "How it works",
    "items": [
     {
      "heading": "Submit",
      "text": "Send your design with a short statement. We confirm your e-mail address before anything else."
     },
     {
      "heading": "Moderation",
      "text": "Our team checks each design for print and approves it for a month's ballot, or tells you why not."
     },
     {
      "heading": "Vote",
      "text": "Neighbours vote once a month, confirming by e-mail. The tally stays hidden until the vote closes."
     },
     {
      "heading": "Print and install",
      "text": "The winning design is printed on a UV-resistant wrap and installed on a hive in a neighbour's yard."
     }
    ]
   },
   "results": {
    "heading": "Winners",
    "intro": "The results of each closed monthly vote.",
    "votes": "votes",
    "vote": "vote",
    "winner": "Winner",
    "total": "votes cast",
    "none": "No monthly vote has closed yet. The first winners will be announced here.",
    "by": "by"
   },
   "submit": {
    "heading": "Submit a design",
    "intro": "Open to artists of every age and style. Fill in the form; we e-mail you a link to confirm your address and upload your image.",
    "title": "Title of the design",
    "statement": "Artist's statement",
    "artistName": "Name to credit",
    "email": "Email",
    "link": "Instagram or website",
    "linkHint": "Optional. An https:// address.",
    "consent": "I have read and accept the collective's licence terms, and the design is my own work.",
    "licenceLink": {
     "label": "Read the licence terms",
     "to": "/art/licence"
    },
    "imageNote": "You upload the image after confirming your e-mail: PNG, JPEG or WebP, up to 20 MB, at least 2000 pixels on its long side.",
    "requiredNote": "Fields marked with an asterisk (*) are required.",
    "button": "Send my design",
    "sending": "Sending...",
    "success": "Thank you! Check your e-mail: open the link we sent to confirm your address and upload your image.",
    "error": "Sorry, your submission could not be sent. Please check your connection and try again.",
    "noScript": "The submission form needs JavaScript, which is off in this browser. You can send your design to us by e-mail instead."
   },
   "upload": {
    "seoTitle": "Upload your design",
    "heading": "Upload your design",
    "confirming": "Confirming your e-mail address...",
    "unknown": "This link is not valid. Please open the link of your confirmation e-mail again, or submit your design again.",
    "missing": "This page is opened from the link in your confirmation e-mail.",
    "intro": "Your e-mail address is confirmed. Now choose the image of your design: PNG, JPEG or WebP, up to 20 MB, at least 2000 pixels on its long side.",
    "image": "Image of the design",
    "imageHint": "PNG, JPEG or WebP, up to 20 MB, at least 2000 pixels on its long side.",
    "button": "Upload",
    "uploading": "Uploading and checking your image...",
    "done": "Thank you! Your design is in. Our team reviews it and e-mails you when it is on a ballot.",
    "alreadyDone": "Your design already has its image. Our team reviews it and e-mails you when it is on a ballot.",
    "error": "Sorry, the upload failed. Please check your connection and try again.",
    "noScript": "Uploading needs JavaScript, which is off in this browser."
   },
   "vote": {
    "seo": {
     "title": "Vote for this month's hive wrap",
     "description": "Choose the design Buzz Haven prints on its next hive wrap. One vote per e-mail address per month."
    },
    "heading": "This month's ballot",
    "intro": "Choose your favourite design. Enter your e-mail and open the link we send you to count your vote: one vote per address per month, and a new vote replaces your earlier one. The tally stays hidden until the vote closes.",
    "by": "by",
    "email": "Your email",
    "button": "Vote for this design",
    "sending": "Sending...",
    "sent": "Check your e-mail and open the link to count your vote.",
    "error": "Sorry, your vote could not be sent. Please check your connection and try again.",
    "empty": "There is no open vote right now. See the winners of past months on the collective's page.",
    "closed": "This month's vote has closed. The winner is announced on the collective's page.",
    "noScript": "Voting needs JavaScript, which is off in this browser.",
    "results": {
     "label": "See past winners",
     "to": "/art"
    }
   },
   "voteConfirm": {
    "seoTitle": "Confirm your vote",
    "heading": "Your vote",
    "confirming": "Counting your vote...",
    "voted": "Thank you! Your vote is counted.",
    "replaced": "Thank you! Your vote now counts for this design instead of your earlier choice.",
    "closed": "This month's vote closed before your confirmation; your vote could not be counted.",
    "unknown": "This link is not valid, or the design is no longer on the ballot.",
    "missing": "This page is opened from the link in your vote e-mail.",
    "error": "Sorry, your vote could not be confirmed. Please check your connection and open the link again.",
    "back": {
     "label": "Back to the ballot",
     "to": "/art/vote"
    },
    "noScript": "Confirming a vote needs JavaScript, which is off in this browser."
   }
  }
 },
 {
  "key": "pages/art-licence",
  "title": "Art collective licence terms",
  "body": {
   "seo": {
    "title": "Art Collective Licence Terms",
    "description": "What artists agree to when they submit a hive-wrap design to the Buzz Haven art collective."
   },
   "heading": "Art collective licence terms",
   "updated": "Last updated November 2026",
   "intro": "These terms apply to every design submitted to the Buzz Haven hive-wrap art collective. You keep your copyright; you give Buzz Haven the rights below.",
   "sections": [
    {
     "heading": "Your work stays yours",
     "paragraphs": [
      "You keep the copyright of your design. You confirm that it is your own original work and that it does not copy anyone else's."
     ]
    },
    {
     "heading": "What you allow Buzz Haven to do",
     "items": [
      "Show your design, its title, your statement and your credited name on this website and its monthly ballot.",
      "Print a winning design on hive wraps and install them on Buzz Haven hives, for as long as the wraps last.",
      "Show photographs of the installed wraps, with your credited name, on the website, the map of painted hives and our social media."
     ],
     "outro": "We never sell your design or use it on products without your written agreement."
    },
    {
     "heading": "Credit",
     "paragraphs": [
      "Wherever your design is shown, we credit you with the name you give us and, if you give one, link to your Instagram or website."
     ]
    },
    {
     "heading": "Withdrawing a design",
     "paragraphs": [
      "Until a design is approved you may withdraw it by replying to any of our e-mails; we then delete the file. A printed wrap stays on its hive."
     ]
    },
    {
     "heading": "Your e-mail address",
     "paragraphs": [
      "We use your address only to confirm your submission and to tell you our decisions. It is never shown publicly."
     ]
    }
   ]
  }
 }
]
$documents$::jsonb)
where exists (select 1 from buzz_haven.content_documents);

select buzz_haven.grant_api_execute('get_buzz_haven_content_documents', 'save_buzz_haven_content_draft',
  'get_buzz_haven_content_versions', 'restore_buzz_haven_content_version',
  'get_buzz_haven_published_content');
revoke all on function public.publish_buzz_haven_content(text, integer, uuid, text) from public, anon, authenticated;
revoke all on function public.seed_buzz_haven_content(jsonb, text) from public, anon, authenticated;
grant execute on function public.publish_buzz_haven_content(text, integer, uuid, text) to service_role;
grant execute on function public.seed_buzz_haven_content(jsonb, text) to service_role;

-- Buzz Haven: builds of the public site. Publishing a document, or 'Publish site' in
-- the admin, requests a build: one queued build at a time (a second request reuses it). Locally
-- scripts/publisher.mjs claims queued builds, rebuilds the site from the database and records the
-- outcome; in production the publish-content Edge Function posts the static host's build hook and
-- marks the build 'triggered'.

create table buzz_haven.site_builds (
  id uuid primary key default gen_random_uuid(),
  state text not null default 'queued'
    constraint site_builds_state_known check (state in ('queued', 'running', 'succeeded', 'failed', 'triggered')),
  reason text constraint site_builds_reason_length check (char_length(reason) <= 500),
  requested_by uuid references buzz_haven.users (id) on delete set null,
  requested_at timestamptz not null default now(),
  started_at timestamptz,
  finished_at timestamptz,
  duration_ms integer constraint site_builds_duration_not_negative check (duration_ms >= 0),
  error text constraint site_builds_error_length check (char_length(error) <= 4000)
);
comment on table buzz_haven.site_builds is 'Requested, running and finished builds of the public site.';
-- At most one queued build: requests made meanwhile join it.
create unique index site_builds_one_queued on buzz_haven.site_builds (state) where state = 'queued';
create index site_builds_requested_at on buzz_haven.site_builds (requested_at desc);

alter table buzz_haven.site_builds enable row level security;
revoke all on buzz_haven.site_builds from public, anon, authenticated;

create or replace function public.request_buzz_haven_site_build(p_reason text default null) returns uuid
language plpgsql security definer set search_path = '' -- writes buzz_haven.site_builds, which the caller has no grant on
as $$
declare
  v_id uuid;
begin
  perform buzz_haven.require_role();
  perform buzz_haven.require_second_factor();
  insert into buzz_haven.site_builds (reason, requested_by)
  values (nullif(btrim(p_reason), ''), (select profile_id from buzz_haven.caller_profile()))
  on conflict (state) where state = 'queued' do nothing
  returning id into v_id;
  if v_id is null then
    select b.id into v_id from buzz_haven.site_builds as b where b.state = 'queued';
  end if;
  return v_id;
end;
$$;

create function public.get_buzz_haven_site_builds()
returns table (
  id uuid, state text, reason text, requested_by_name text, requested_at timestamptz,
  started_at timestamptz, finished_at timestamptz, duration_ms integer, error text
)
language plpgsql
stable
security definer -- reads buzz_haven.site_builds, which the caller has no grant on
set search_path = ''
as $$
begin
  perform buzz_haven.require_role();
  return query
    select b.id, b.state, b.reason, buzz_haven.profile_name(b.requested_by), b.requested_at,
      b.started_at, b.finished_at, b.duration_ms, b.error
    from buzz_haven.site_builds as b order by b.requested_at desc, b.id limit 100;
end;
$$;

-- Service role only (the local publisher): takes the queued build, if any, and marks it running.
create function public.claim_buzz_haven_site_build()
returns table (id uuid, reason text, requested_at timestamptz)
language plpgsql security definer set search_path = '' -- writes buzz_haven.site_builds
as $$
begin
  return query
    update buzz_haven.site_builds as b set state = 'running', started_at = now()
    where b.id = (select q.id from buzz_haven.site_builds as q where q.state = 'queued' for update skip locked limit 1)
    returning b.id, b.reason, b.requested_at;
end;
$$;

-- Service role only: the outcome of a build ('succeeded' | 'failed' from running, 'triggered'
-- from queued when a build hook was called). The error keeps its last 4000 characters.
create function public.finish_buzz_haven_site_build(p_id uuid, p_state text, p_error text default null)
returns buzz_haven.site_builds language plpgsql security definer set search_path = '' -- writes buzz_haven.site_builds
as $$
declare
  v buzz_haven.site_builds;
begin
  perform buzz_haven.check_input(p_state in ('succeeded', 'failed', 'triggered'), 'State must be succeeded, failed or triggered');
  update buzz_haven.site_builds as b
  set state = p_state,
    started_at = coalesce(b.started_at, now()),
    finished_at = now(),
    duration_ms = greatest(0, (extract(epoch from (now() - coalesce(b.started_at, now()))) * 1000)::integer),
    error = right(nullif(btrim(p_error), ''), 4000)
  where b.id = p_id and b.state in ('queued', 'running')
  returning b.* into v;
  perform buzz_haven.check_found(found, 'Build not found or already finished');
  return v;
end;
$$;

select buzz_haven.grant_api_execute('request_buzz_haven_site_build', 'get_buzz_haven_site_builds');
revoke all on function public.claim_buzz_haven_site_build() from public, anon, authenticated;
revoke all on function public.finish_buzz_haven_site_build(uuid, text, text) from public, anon, authenticated;
grant execute on function public.claim_buzz_haven_site_build() to service_role;
grant execute on function public.finish_buzz_haven_site_build(uuid, text, text) to service_role;

-- The policy's check: raises 42501 with require_second_factor's message (Storage answers 403 with
-- it), else true. Runs as its owner: the caller cannot read auth.mfa_factors nor call buzz_haven.
create function buzz_haven_storage.second_factor_confirmed() returns boolean
language plpgsql stable security definer set search_path = '' -- calls buzz_haven.require_second_factor(), which the caller has no grant on
as $$
begin
  perform buzz_haven.require_second_factor();
  return true;
end;
$$;

-- The files of every bucket (each buzz_haven table a delete RPC reaches calls the helper beside
-- its create table).
select buzz_haven.require_second_factor_for_deletes('storage.objects');

comment on function buzz_haven_storage.second_factor_confirmed() is
  'True, or 42501 when the caller has a verified MFA factor but the request is only aal1.';
revoke all on function buzz_haven_storage.second_factor_confirmed() from public;
grant execute on function buzz_haven_storage.second_factor_confirmed() to anon, authenticated, service_role;

-- Publishing: the publish-content Edge Function asks this as the caller before it publishes with
-- the service key (supabase/functions/publish-content/handler.ts). Active staff, and aal2 when
-- the caller has a verified factor; returns the caller's role.
create function public.authorize_buzz_haven_publish() returns text
language plpgsql stable security definer set search_path = '' -- reads buzz_haven.users and auth.mfa_factors, which the caller has no grant on
as $$
declare
  v_role text := buzz_haven.require_role();
begin
  perform buzz_haven.require_second_factor();
  return v_role;
end;
$$;

select buzz_haven.grant_api_execute('authorize_buzz_haven_publish');
create view buzz_haven_lists.media as
  select m.* from buzz_haven.media as m where buzz_haven_lists.staff_only();
create function public.get_buzz_haven_media() returns setof buzz_haven_lists.media
language sql stable as $$ select * from buzz_haven_lists.media $$;

-- Privileges: EXECUTE for the three API roles only (buzz_haven.grant_api_execute).
select buzz_haven.grant_api_execute('get_buzz_haven_products', 'delete_buzz_haven_product',
  'get_buzz_haven_events', 'get_buzz_haven_media', 'get_buzz_haven_users', 'get_buzz_haven_content');

-- Media (MediaList, MediaPickerDialog): order=created_at.desc,id.asc
create index media_list_created_idx on buzz_haven.media (created_at desc, id);

-- The private bucket of the submitted images: only the service role (the art Edge Function)
-- writes and reads it; an approved design's picture reaches the public site through the build.
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('art-submissions', 'art-submissions', false, 20971520, array['image/png', 'image/jpeg', 'image/webp'])
on conflict (id) do nothing;

create policy "buzz_haven art: staff read submissions"
  on storage.objects for select
  to authenticated
  using (bucket_id = 'art-submissions' and buzz_haven_storage.caller_has_role(array['owner', 'admin', 'staff']));

-- A published batch keeps at least one harvest (its page needs one).
create function buzz_haven.check_published_batch_keeps_harvest(p_batch_id uuid) returns void
language plpgsql stable set search_path = ''
as $$
begin
  perform buzz_haven.check_input(
    p_batch_id is null
      or not exists (select 1 from buzz_haven.honey_batches as b where b.id = p_batch_id and b.published)
      or exists (select 1 from buzz_haven.honey_harvests as h where h.batch_id = p_batch_id),
    'This is the last harvest of a published batch: unpublish the batch first');
end;
$$;
revoke all on function buzz_haven.check_published_batch_keeps_harvest(uuid) from public, anon, authenticated;

select buzz_haven.explain_constraints_of(t::regclass)
from unnest(array['buzz_haven.rate_limits', 'buzz_haven.site_builds', 'buzz_haven.invitations']) as t;

-- The messages of this file's table rules (how they are raised: buzz_haven.constraint_messages).
-- What no one-column CHECK holds stays in the functions: a required title and file path, a file type
-- given as a MIME type, a storage path that is not blank, sizes that are not negative.
-- These tables' bounds and allowed values say their own messages (buzz_haven.derived_message);
-- the rows below give other words.
select buzz_haven.derive_messages('buzz_haven.media', 'buzz_haven.site_builds');
insert into buzz_haven.constraint_messages (constraint_name, message) values
  -- media
  ('media_file_type_length', 'File type must be a MIME type such as image/jpeg'),
  ('media_file_type_mime', 'File type must be a MIME type such as image/jpeg'),
  ('media_file_type_not_null', 'File type must be a MIME type such as image/jpeg'),
  ('media_storage_path_length', 'Storage path must be 1 to %s characters');
