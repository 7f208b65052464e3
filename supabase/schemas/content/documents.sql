-- The public site's content documents and their published versions: drafts, publishing,
-- restoring, what the site build reads, and seeding the starting documents.
set check_function_bodies = false;

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
