-- Buzz Haven: the public site's content in the database (issue 9). One document per page, the
-- home page, the site-wide texts and each catalogue group ('pages/about', 'catalog/hosting'),
-- each with a draft (bumped revision at every save), a published body and the history of its
-- published versions. The bodies are validated by the zod schemas in content/schema when they are
-- published (Edge Function publish-content, which alone may call publish_buzz_haven_content);
-- drafts only need to be JSON objects. The site build reads get_buzz_haven_published_content.

create table buzz_haven.content_documents (
  key text primary key
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
  constraint content_documents_published_together check ((published is null) = (published_version is null))
);
comment on table buzz_haven.content_documents is
  'Content of the public site: one JSON document per page or catalogue group, draft and published.';

create table buzz_haven.content_versions (
  key text not null references buzz_haven.content_documents (key) on delete cascade
    constraint content_versions_key_length check (char_length(key) <= 100),
  version integer not null constraint content_versions_version_positive check (version >= 1),
  body jsonb not null
    constraint content_versions_body_object check (jsonb_typeof(body) = 'object')
    constraint content_versions_body_size check (length(body::text) <= 200000),
  published_at timestamptz not null default now(),
  published_by uuid references buzz_haven.users (id) on delete set null,
  primary key (key, version)
);
comment on table buzz_haven.content_versions is 'Every published version of each content document (restorable).';

alter table buzz_haven.content_documents enable row level security;
alter table buzz_haven.content_versions enable row level security;
revoke all on buzz_haven.content_documents, buzz_haven.content_versions from public, anon, authenticated;

-- Display name of a profile id (null stays null).
create function buzz_haven.profile_name(p_id uuid) returns text
language sql
stable
set search_path = ''
as $$
  select u.name from buzz_haven.users as u where u.id = p_id
$$;
revoke all on function buzz_haven.profile_name(uuid) from public, anon, authenticated;

-- The document row for an update, locked; PT404 when the key is unknown, PT409 when the caller's
-- revision is not the current one (someone saved since the caller opened it).
create function buzz_haven.lock_content_document(p_key text, p_revision integer)
returns buzz_haven.content_documents
language plpgsql
set search_path = ''
as $$
declare
  v buzz_haven.content_documents;
begin
  select * into v from buzz_haven.content_documents as d where d.key = p_key for update;
  if not found then
    raise exception 'Content document not found' using errcode = 'PT404';
  end if;
  if p_revision is distinct from v.revision then
    raise exception 'Someone else saved this document since you opened it. Reload to see their changes; your edits are still in the form.'
      using errcode = 'PT409';
  end if;
  return v;
end;
$$;
revoke all on function buzz_haven.lock_content_document(text, integer) from public, anon, authenticated;

create function public.get_buzz_haven_content_documents()
returns table (
  key text, title text, draft jsonb, revision integer, updated_at timestamptz, updated_by_name text,
  published jsonb, published_version integer, published_at timestamptz, published_by_name text,
  has_unpublished_changes boolean
)
language plpgsql
stable
security definer -- reads buzz_haven.content_documents, which the caller has no grant on
set search_path = ''
as $$
begin
  perform buzz_haven.require_role();
  return query
    select d.key, d.title, d.draft, d.revision, d.updated_at, buzz_haven.profile_name(d.updated_by),
      d.published, d.published_version, d.published_at, buzz_haven.profile_name(d.published_by),
      d.published is distinct from d.draft
    from buzz_haven.content_documents as d
    order by case when d.key in ('home', 'site') then 0 when d.key like 'pages/%' then 1 else 2 end, d.key;
end;
$$;

create function public.save_buzz_haven_content_draft(p_key text, p_body jsonb, p_revision integer)
returns integer
language plpgsql
security definer -- writes buzz_haven.content_documents, which the caller has no grant on
set search_path = ''
as $$
declare
  v buzz_haven.content_documents;
begin
  perform buzz_haven.require_role();
  perform buzz_haven.check_input(jsonb_typeof(p_body) = 'object', 'The document must be a JSON object');
  perform buzz_haven.check_input(length(p_body::text) <= 200000, 'This document is too large (200000 characters at most)');
  v := buzz_haven.lock_content_document(p_key, p_revision);
  update buzz_haven.content_documents as d
  set draft = p_body, revision = d.revision + 1, updated_at = now(),
    updated_by = (select profile_id from buzz_haven.caller_profile())
  where d.key = p_key
  returning d.revision into v.revision;
  return v.revision;
end;
$$;

-- Service role only (the publish-content Edge Function validates the draft with its zod schema
-- first). p_user_id: the auth user the function acted for, recorded as the publisher.
create function public.publish_buzz_haven_content(p_key text, p_revision integer, p_user_id uuid default null)
returns integer
language plpgsql
security definer -- writes buzz_haven.content_documents and content_versions
set search_path = ''
as $$
declare
  v buzz_haven.content_documents;
  v_by uuid := (select u.id from buzz_haven.users as u where u.auth_user_id = p_user_id);
  v_version integer;
begin
  v := buzz_haven.lock_content_document(p_key, p_revision);
  v_version := coalesce((select max(cv.version) from buzz_haven.content_versions as cv where cv.key = p_key), 0) + 1;
  insert into buzz_haven.content_versions (key, version, body, published_by) values (p_key, v_version, v.draft, v_by);
  update buzz_haven.content_documents as d
  set published = v.draft, published_version = v_version, published_at = now(), published_by = v_by
  where d.key = p_key;
  return v_version;
end;
$$;

create function public.get_buzz_haven_content_versions(p_key text)
returns table (version integer, body jsonb, published_at timestamptz, published_by_name text)
language plpgsql
stable
security definer -- reads buzz_haven.content_versions, which the caller has no grant on
set search_path = ''
as $$
begin
  perform buzz_haven.require_role();
  return query
    select v.version, v.body, v.published_at, buzz_haven.profile_name(v.published_by)
    from buzz_haven.content_versions as v where v.key = p_key order by v.version desc;
end;
$$;

-- Copies a published version's body into the draft (publish it as usual to put it live).
create function public.restore_buzz_haven_content_version(p_key text, p_version integer, p_revision integer)
returns integer
language plpgsql
security definer -- writes buzz_haven.content_documents, which the caller has no grant on
set search_path = ''
as $$
declare
  v_body jsonb;
begin
  perform buzz_haven.require_role();
  select cv.body into v_body from buzz_haven.content_versions as cv where cv.key = p_key and cv.version = p_version;
  if not found then
    raise exception 'Version not found' using errcode = 'PT404';
  end if;
  -- Saved like any draft: the same revision check, lock and who/when.
  return public.save_buzz_haven_content_draft(p_key, v_body, p_revision);
end;
$$;

-- What the site build reads (anon): the published documents only, never a draft.
create function public.get_buzz_haven_published_content()
returns table (key text, body jsonb)
language sql
stable
security definer -- reads buzz_haven.content_documents, which anon has no grant on
set search_path = ''
as $$
  select d.key, d.published from buzz_haven.content_documents as d where d.published is not null order by d.key
$$;

-- Service role only: adds the starting documents that are missing (content/*.yaml, read by the
-- embedded backend on a new database or by `npm run seed-content`), each published as version 1.
-- p_documents: [{ "key", "title", "body" }]. Returns how many were added.
create function public.seed_buzz_haven_content(p_documents jsonb)
returns integer
language plpgsql
security definer -- writes buzz_haven.content_documents and content_versions
set search_path = ''
as $$
declare
  v_added integer;
begin
  perform buzz_haven.check_input(jsonb_typeof(p_documents) = 'array', 'p_documents must be a JSON array');
  with added as (
    insert into buzz_haven.content_documents (key, title, draft, published, published_version, published_at)
    select d ->> 'key', d ->> 'title', d -> 'body', d -> 'body', 1, now()
    from jsonb_array_elements(p_documents) as d
    on conflict (key) do nothing
    returning key, published
  ), versions as (
    insert into buzz_haven.content_versions (key, version, body)
    select a.key, 1, a.published from added as a
    returning 1
  )
  select count(*)::integer into v_added from versions;
  return v_added;
end;
$$;

select buzz_haven.grant_api_execute(
  'public.get_buzz_haven_content_documents()',
  'public.save_buzz_haven_content_draft(text, jsonb, integer)',
  'public.get_buzz_haven_content_versions(text)',
  'public.restore_buzz_haven_content_version(text, integer, integer)',
  'public.get_buzz_haven_published_content()'
);
revoke all on function public.publish_buzz_haven_content(text, integer, uuid) from public, anon, authenticated;
revoke all on function public.seed_buzz_haven_content(jsonb) from public, anon, authenticated;
grant execute on function public.publish_buzz_haven_content(text, integer, uuid) to service_role;
grant execute on function public.seed_buzz_haven_content(jsonb) to service_role;
