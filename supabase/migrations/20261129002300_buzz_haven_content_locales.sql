-- Buzz Haven: content documents per language. content_documents and content_versions gain
-- `locale` (buzz_haven.languages; existing rows are English) in their keys, and a translation's
-- `source_version`: the English published_version it was published against, so the back office can
-- say which translations need work. Every content RPC takes p_locale (English by default, as
-- before); the published content names each row's locale. Existing documents stay as they are;
-- `npm run seed-content` (or the embedded backend's next start) adds the starting Spanish ones.

set check_function_bodies = false;

ALTER TABLE "buzz_haven"."content_versions"
  DROP CONSTRAINT "content_versions_key_fkey";

ALTER TABLE "buzz_haven"."content_documents"
  DROP CONSTRAINT "content_documents_pkey";

ALTER TABLE "buzz_haven"."content_versions"
  DROP CONSTRAINT "content_versions_pkey";

DROP FUNCTION "buzz_haven"."lock_content_document"(text, integer);

DROP FUNCTION "public"."get_buzz_haven_content_documents"();

DROP FUNCTION "public"."get_buzz_haven_content_versions"(text);

DROP FUNCTION "public"."get_buzz_haven_published_content"();

DROP FUNCTION "public"."publish_buzz_haven_content"(text, integer, uuid);

DROP FUNCTION "public"."restore_buzz_haven_content_version"(text, integer, integer);

DROP FUNCTION "public"."save_buzz_haven_content_draft"(text, jsonb, integer);

DROP FUNCTION "public"."seed_buzz_haven_content"(jsonb);

ALTER TABLE "buzz_haven"."content_documents"
  ADD COLUMN "locale" text NOT NULL DEFAULT 'en'::text;

ALTER TABLE "buzz_haven"."content_documents"
  ADD COLUMN "source_version" integer;

ALTER TABLE "buzz_haven"."content_versions"
  ADD COLUMN "locale" text NOT NULL DEFAULT 'en'::text;

ALTER TABLE "buzz_haven"."content_versions"
  ADD COLUMN "source_version" integer;

CREATE OR REPLACE FUNCTION buzz_haven.check_content_locale (
  p_locale text
)
  RETURNS void
  LANGUAGE plpgsql
  STABLE
  SET search_path TO ''
  AS $function$
begin
  perform buzz_haven.check_input(exists (select 1 from buzz_haven.languages as l where l.code = p_locale), 'Unknown language');
end;
$function$;

CREATE OR REPLACE FUNCTION buzz_haven.lock_content_document (
  p_key      text,
  p_revision integer,
  p_locale   text    DEFAULT 'en'::text
)
  RETURNS buzz_haven.content_documents
  LANGUAGE plpgsql
  SET search_path TO ''
  AS $function$
declare
  v buzz_haven.content_documents;
begin
  select * into v from buzz_haven.content_documents as d where d.key = p_key and d.locale = p_locale for update;
  if not found then
    raise exception 'Content document not found' using errcode = 'PT404';
  end if;
  if p_revision is distinct from v.revision then
    raise exception 'Someone else saved this document since you opened it. Reload to see their changes; your edits are still in the form.'
      using errcode = 'PT409';
  end if;
  return v;
end;
$function$;

CREATE OR REPLACE FUNCTION public.get_buzz_haven_content_documents (
  p_locale text DEFAULT 'en'::text
)
  RETURNS TABLE (
    key                     text,
    title                   text,
    draft                   jsonb,
    revision                integer,
    updated_at              timestamp with time zone,
    updated_by_name         text,
    published               jsonb,
    published_version       integer,
    published_at            timestamp with time zone,
    published_by_name       text,
    has_unpublished_changes boolean,
    locale                  text,
    source_version          integer,
    needs_translation       boolean
  )
  LANGUAGE plpgsql
  STABLE
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
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
$function$;

CREATE OR REPLACE FUNCTION public.get_buzz_haven_content_versions (
  p_key    text,
  p_locale text DEFAULT 'en'::text
)
  RETURNS TABLE (
    version           integer,
    body              jsonb,
    published_at      timestamp with time zone,
    published_by_name text,
    source_version    integer
  )
  LANGUAGE plpgsql
  STABLE
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
begin
  perform buzz_haven.require_role();
  return query
    select v.version, v.body, v.published_at, buzz_haven.profile_name(v.published_by), v.source_version
    from buzz_haven.content_versions as v where v.key = p_key and v.locale = p_locale order by v.version desc;
end;
$function$;

CREATE OR REPLACE FUNCTION public.get_buzz_haven_published_content (
  p_locale text DEFAULT NULL::text
)
  RETURNS TABLE (
    key    text,
    locale text,
    body   jsonb
  )
  LANGUAGE sql
  STABLE
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
  select d.key, d.locale, d.published from buzz_haven.content_documents as d
  where d.published is not null and (p_locale is null or d.locale = p_locale)
  order by d.key, d.locale <> 'en', d.locale
$function$;

CREATE OR REPLACE FUNCTION public.publish_buzz_haven_content (
  p_key      text,
  p_revision integer,
  p_user_id  uuid    DEFAULT NULL::uuid,
  p_locale   text    DEFAULT 'en'::text
)
  RETURNS integer
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
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
$function$;

CREATE OR REPLACE FUNCTION public.restore_buzz_haven_content_version (
  p_key      text,
  p_version  integer,
  p_revision integer,
  p_locale   text    DEFAULT 'en'::text
)
  RETURNS integer
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
declare
  v_body jsonb;
begin
  perform buzz_haven.require_role();
  select cv.body into v_body from buzz_haven.content_versions as cv
  where cv.key = p_key and cv.locale = p_locale and cv.version = p_version;
  if not found then
    raise exception 'Version not found' using errcode = 'PT404';
  end if;
  -- Saved like any draft: the same revision check, lock and who/when.
  return public.save_buzz_haven_content_draft(p_key, v_body, p_revision, p_locale);
end;
$function$;

CREATE OR REPLACE FUNCTION public.save_buzz_haven_content_draft (
  p_key      text,
  p_body     jsonb,
  p_revision integer,
  p_locale   text    DEFAULT 'en'::text
)
  RETURNS integer
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
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
$function$;

CREATE OR REPLACE FUNCTION public.seed_buzz_haven_content (
  p_documents jsonb,
  p_locale    text  DEFAULT 'en'::text
)
  RETURNS integer
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
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
$function$;

ALTER TABLE "buzz_haven"."content_documents"
  ADD CONSTRAINT "content_documents_locale_fkey" FOREIGN KEY (LOCALE) REFERENCES buzz_haven.languages(code);

ALTER TABLE "buzz_haven"."content_documents"
  ADD CONSTRAINT "content_documents_pkey" PRIMARY KEY (key, LOCALE);

ALTER TABLE "buzz_haven"."content_documents"
  ADD CONSTRAINT "content_documents_source_version_positive" CHECK ((source_version >= 1));

ALTER TABLE "buzz_haven"."content_versions"
  ADD CONSTRAINT "content_versions_key_locale_fkey" FOREIGN KEY (key, LOCALE) REFERENCES buzz_haven.content_documents(key, LOCALE) ON DELETE CASCADE;

ALTER TABLE "buzz_haven"."content_versions"
  ADD CONSTRAINT "content_versions_pkey" PRIMARY KEY (key, LOCALE, VERSION);

ALTER TABLE "buzz_haven"."content_versions"
  ADD CONSTRAINT "content_versions_source_version_positive" CHECK ((source_version >= 1));

REVOKE ALL ON FUNCTION "buzz_haven"."check_content_locale"(text) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "buzz_haven"."check_content_locale"(text) TO "postgres";

REVOKE ALL ON FUNCTION "buzz_haven"."lock_content_document"(text, integer, text) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "buzz_haven"."lock_content_document"(text, integer, text) TO "postgres";

REVOKE ALL ON FUNCTION "public"."get_buzz_haven_content_documents"(text) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."get_buzz_haven_content_documents"(text) TO "anon", "authenticated", "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."get_buzz_haven_content_versions"(text, text) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."get_buzz_haven_content_versions"(text, text) TO "anon", "authenticated", "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."get_buzz_haven_published_content"(text) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."get_buzz_haven_published_content"(text) TO "anon", "authenticated", "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."publish_buzz_haven_content"(text, integer, uuid, text) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."publish_buzz_haven_content"(text, integer, uuid, text) TO "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."restore_buzz_haven_content_version"(text, integer, integer, text) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."restore_buzz_haven_content_version"(text, integer, integer, text) TO "anon", "authenticated", "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."save_buzz_haven_content_draft"(text, jsonb, integer, text) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."save_buzz_haven_content_draft"(text, jsonb, integer, text) TO "anon", "authenticated", "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."seed_buzz_haven_content"(jsonb, text) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."seed_buzz_haven_content"(jsonb, text) TO "postgres", "service_role";

-- Service role only, as before (the CLI's difference leaves out revokes from the API roles).
REVOKE ALL ON FUNCTION "public"."publish_buzz_haven_content"(text, integer, uuid, text) FROM "anon", "authenticated";
REVOKE ALL ON FUNCTION "public"."seed_buzz_haven_content"(jsonb, text) FROM "anon", "authenticated";
REVOKE ALL ON FUNCTION "buzz_haven"."lock_content_document"(text, integer, text) FROM "anon", "authenticated";
REVOKE ALL ON FUNCTION "buzz_haven"."check_content_locale"(text) FROM "anon", "authenticated";

-- The dashboard's Content card counts documents, not each language's copy.
CREATE OR REPLACE FUNCTION public.count_table_rows (
  table_name  text,
  schema_name text DEFAULT 'buzz_haven'::text
)
  RETURNS integer
  LANGUAGE plpgsql
  STABLE
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
declare
  v_table text;
  v_count integer;
begin
  perform buzz_haven.require_role();
  select c.relname into v_table
  from pg_catalog.pg_class as c
  join pg_catalog.pg_namespace as n on n.oid = c.relnamespace
  where n.nspname = 'buzz_haven'
    and n.nspname = count_table_rows.schema_name
    and c.relname = case when count_table_rows.table_name = 'content' then 'content_documents'
      else count_table_rows.table_name end
    and c.relkind in ('r', 'p');
  if v_table is null then
    raise exception 'Unknown table' using errcode = '22023';
  end if;
  -- 'content' counts the documents (their English rows), not each language's copy
  execute format('select count(*)::integer from %I.%I%s', 'buzz_haven', v_table,
    case when count_table_rows.table_name = 'content' then ' where locale = ''en''' else '' end) into v_count;
  return v_count;
end;
$function$;
