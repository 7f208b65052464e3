-- 90_hosted_roles.sql: the roles, owners, grants and Storage details a hosted project has, on top
-- of the earlier bootstrap files, so that what works locally is what works on hosted Supabase.
-- Sources: supabase/postgres migrations/db (role set-up: init-scripts, the API roles made INHERIT
-- by its alter_api_roles_for_inherit migration, the API roles' statement timeouts),
-- supabase/storage migrations/tenant (0011 updated_at trigger, 0037 bucket name length trigger,
-- 0038/0044 the buckettype enum, 0049 grants to postgres, 0062 object versioning columns), GoTrue's
-- and Storage's migrations running as supabase_auth_admin / supabase_storage_admin (so those own
-- their objects). The facts checked against them: supabase/local/hosted-facts.txt
-- (tests/sql/hosted-facts.test.ts).
-- Runs last among the bootstrap files, and again whenever an earlier one ran (db/migrate.ts), so
-- objects an earlier file adds get their hosted owner. Idempotent; roles are cluster-wide on a
-- real server and several databases bootstrap at once (hence the pre-checks and handlers).
-- `postgres` is no superuser (00_bootstrap.sql); what it may do in auth and storage comes from
-- the grants and memberships below (see supabase/local/src/README.md "Database roles").

-- 1. The admin roles (supabase_admin, supabase_auth_admin, supabase_storage_admin) are created
--    with the API roles in 00_bootstrap.sql.

-- 2. Role attributes and settings as hosted: the API roles INHERIT (authenticator does not), with
--    hosted's statement timeouts; postgres is a member of the API roles (with admin option).
do $$
declare
  spec record;
begin
  for spec in
    select * from (values
      ('anon', 'inherit', 'statement_timeout', '3s'),
      ('authenticated', 'inherit', 'statement_timeout', '8s'),
      ('service_role', 'inherit', null, null),
      ('authenticator', 'noinherit', 'statement_timeout', '8s'),
      ('authenticator', 'noinherit', 'lock_timeout', '8s'),
      ('supabase_auth_admin', 'noinherit', 'search_path', 'auth'),
      ('supabase_auth_admin', 'noinherit', 'idle_in_transaction_session_timeout', '60000'),
      ('supabase_storage_admin', 'noinherit', 'search_path', 'storage')
    ) as r(name, inherit, setting, value)
  loop
    begin
      if (select rolinherit from pg_catalog.pg_roles where rolname = spec.name) is distinct from (spec.inherit = 'inherit') then
        execute format('alter role %I %s', spec.name, spec.inherit);
      end if;
      if spec.setting is not null and not exists (
        select 1 from pg_catalog.pg_db_role_setting s join pg_catalog.pg_roles r on r.oid = s.setrole
        where r.rolname = spec.name and s.setdatabase = 0 and (spec.setting || '=' || spec.value) = any (s.setconfig)
      ) then
        execute format('alter role %I set %I = %L', spec.name, spec.setting, spec.value);
      end if;
    exception when others then
      null; -- "tuple concurrently updated": a concurrent bootstrap made the same change
    end;
  end loop;
end
$$;

do $$
declare
  api text;
begin
  foreach api in array array['anon', 'authenticated', 'service_role', 'authenticator'] loop
    if not exists (
      select 1 from pg_catalog.pg_auth_members m
      where m.roleid = (select oid from pg_catalog.pg_roles where rolname = api)
        and m.member = (select oid from pg_catalog.pg_roles where rolname = 'postgres') and m.admin_option
    ) then
      begin
        execute format('grant %I to postgres with admin option', api);
      exception when others then
        null; -- concurrent grant: the other one won
      end;
    end if;
  end loop;
  if not pg_catalog.pg_has_role('supabase_storage_admin', 'authenticator', 'member') then
    begin
      grant authenticator to supabase_storage_admin;
    exception when others then
      null;
    end;
  end if;
end
$$;

-- 3. Storage as its migrations leave it: the buckettype enum (buckets.type), the versioning
--    columns, the updated_at and bucket-name-length triggers, postgres's grants.
do $$
begin
  if not exists (select 1 from pg_catalog.pg_type where typname = 'buckettype' and typnamespace = 'storage'::regnamespace) then
    create type storage.buckettype as enum ('STANDARD', 'ANALYTICS', 'VECTOR');
  end if;
  if (select atttypid from pg_catalog.pg_attribute where attrelid = 'storage.buckets'::regclass and attname = 'type')
      <> 'storage.buckettype'::regtype then
    alter table storage.buckets alter column type drop default;
    alter table storage.buckets alter column type type storage.buckettype using type::storage.buckettype;
    alter table storage.buckets alter column type set default 'STANDARD';
  end if;
end
$$;

alter table storage.buckets add column if not exists versioning_status text not null default 'DISABLED';
do $$
begin
  if not exists (select 1 from pg_catalog.pg_constraint where conrelid = 'storage.buckets'::regclass and conname = 'buckets_versioning_status_check') then
    alter table storage.buckets add constraint buckets_versioning_status_check
      check (versioning_status in ('DISABLED', 'ENABLED', 'SUSPENDED'));
  end if;
  if not exists (select 1 from pg_catalog.pg_constraint where conrelid = 'storage.buckets'::regclass and conname = 'buckets_versioning_standard_only_check') then
    alter table storage.buckets add constraint buckets_versioning_standard_only_check
      check (type = 'STANDARD' or versioning_status = 'DISABLED');
  end if;
  if not exists (select 1 from pg_catalog.pg_constraint where conrelid = 'storage.buckets'::regclass and conname = 'buckets_versioning_dark_check') then
    alter table storage.buckets add constraint buckets_versioning_dark_check check (versioning_status = 'DISABLED');
  end if;
end
$$;
alter table storage.objects
  add column if not exists archived_at timestamptz,
  add column if not exists is_delete_marker boolean not null default false,
  add column if not exists is_versioned boolean not null default false;

create or replace function storage.update_updated_at_column() returns trigger
language plpgsql
as $$
begin
  new.updated_at = now();
  return new;
end;
$$;
drop trigger if exists update_objects_updated_at on storage.objects;
create trigger update_objects_updated_at before update on storage.objects
  for each row execute function storage.update_updated_at_column();

create or replace function storage.enforce_bucket_name_length() returns trigger
language plpgsql
as $$
begin
  if length(new.name) > 100 then
    raise exception 'bucket name "%" is too long (% characters). Max is 100.', new.name, length(new.name);
  end if;
  return new;
end;
$$;
drop trigger if exists enforce_bucket_name_length_trigger on storage.buckets;
create trigger enforce_bucket_name_length_trigger before insert or update of name on storage.buckets
  for each row execute function storage.enforce_bucket_name_length();

-- 4. Owners: the schemas belong to supabase_admin, what is in them to the server that made it.
alter schema auth owner to supabase_admin;
alter schema storage owner to supabase_admin;
do $$
declare
  obj record;
  admin_role text;
begin
  for obj in
    select n.nspname, c.relname as name, c.relkind as kind
    from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
    where n.nspname in ('auth', 'storage') and c.relkind in ('r', 'p', 'v', 'm')
  loop
    admin_role := case obj.nspname when 'auth' then 'supabase_auth_admin' else 'supabase_storage_admin' end;
    execute format('alter %s %I.%I owner to %I',
      case obj.kind when 'v' then 'view' when 'm' then 'materialized view' else 'table' end,
      obj.nspname, obj.name, admin_role);
  end loop;
  for obj in
    select n.nspname, p.oid::regprocedure::text as signature
    from pg_catalog.pg_proc p join pg_catalog.pg_namespace n on n.oid = p.pronamespace
    where n.nspname in ('auth', 'storage')
  loop
    admin_role := case obj.nspname when 'auth' then 'supabase_auth_admin' else 'supabase_storage_admin' end;
    execute format('alter routine %s owner to %I', obj.signature, admin_role);
  end loop;
  for obj in
    select n.nspname, t.typname as name
    from pg_catalog.pg_type t join pg_catalog.pg_namespace n on n.oid = t.typnamespace
    where n.nspname in ('auth', 'storage') and t.typtype = 'e'
  loop
    admin_role := case obj.nspname when 'auth' then 'supabase_auth_admin' else 'supabase_storage_admin' end;
    execute format('alter type %I.%I owner to %I', obj.nspname, obj.name, admin_role);
  end loop;
end
$$;

-- 5. Grants as hosted: supabase_auth_admin / supabase_storage_admin create in their own schema;
--    postgres uses both schemas and has every privilege on what GoTrue creates (supabase/postgres
--    update-auth-permissions migration: default privileges of supabase_auth_admin in
--    auth) and on Storage's tables (20250623125453, 20250709135250: with grant option).
grant all on schema auth to supabase_auth_admin;
grant all on schema storage to supabase_storage_admin;
grant usage on schema auth to postgres;
grant usage on schema storage to postgres with grant option;
revoke create on schema auth, storage from postgres;
grant all on all tables in schema auth to postgres;
grant all on all sequences in schema auth to postgres;
grant all on all routines in schema auth to postgres;
alter default privileges for role supabase_auth_admin in schema auth grant all on tables to postgres;
alter default privileges for role supabase_auth_admin in schema auth grant all on sequences to postgres;
alter default privileges for role supabase_auth_admin in schema auth grant all on routines to postgres;
grant all on storage.buckets, storage.objects to postgres with grant option;
grant all on storage.buckets, storage.objects to anon, authenticated, service_role;

-- 6. Policies and triggers on auth/storage tables by postgres, which does not own them. Hosted
--    Supabase lets postgres create policies on storage.objects (and triggers on auth.users) through
--    supautils' policy_grants / drop_trigger_grants, a server extension PGlite and a plain
--    PostgreSQL lack; here postgres is a member of the admin roles instead, as hosted projects had
--    it from 2022 to 2025 (supabase/postgres 20220609081115_grant-supabase-auth-admin-and-
--    supabase-storage-admin-to-postgres.sql, revoked by 20250421084701 when supautils took over).
do $$
declare
  admin_role text;
begin
  foreach admin_role in array array['supabase_auth_admin', 'supabase_storage_admin'] loop
    if not pg_catalog.pg_has_role('postgres', admin_role, 'member') then
      begin
        execute format('grant %I to postgres', admin_role);
      exception when others then
        null; -- concurrent grant: the other one won
      end;
    end if;
  end loop;
end
$$;

-- Settings hosted lets postgres change although only a superuser may (supautils'
-- privileged_role_allowed_configs: session_replication_role, track_io_timing, pgrst.*): here
-- PostgreSQL's own GRANT SET ON PARAMETER (PostgreSQL 15+; shared by the cluster). pgrst.* are
-- placeholders, which PostgreSQL lets `alter role ... set` only to a superuser or a grantee, so a
-- migration's `alter role authenticator set pgrst.db_plan_enabled to 'true'` needs the grant of
-- each name PostgREST reads from the database (PostgREST src/PostgREST/Config/Database.hs
-- dbSettingsNames); a grant takes no wildcard.
do $$
declare
  setting text;
begin
  foreach setting in array array['session_replication_role', 'track_io_timing',
    'pgrst.db_aggregates_enabled', 'pgrst.client_error_verbosity', 'pgrst.db_anon_role',
    'pgrst.db_pre_config', 'pgrst.db_extra_search_path', 'pgrst.db_max_rows', 'pgrst.db_plan_enabled',
    'pgrst.db_pre_request', 'pgrst.db_prepared_statements', 'pgrst.db_root_spec', 'pgrst.db_schemas',
    'pgrst.db_timezone_enabled', 'pgrst.db_tx_end', 'pgrst.db_hoisted_tx_settings', 'pgrst.jwt_aud',
    'pgrst.jwt_role_claim_key', 'pgrst.jwt_secret', 'pgrst.jwt_secret_is_base64',
    'pgrst.jwt_cache_max_lifetime', 'pgrst.openapi_mode', 'pgrst.openapi_security_active',
    'pgrst.openapi_server_proxy_uri', 'pgrst.server_cors_allowed_origins', 'pgrst.server_trace_header',
    'pgrst.server_timing_enabled'] loop
    if not has_parameter_privilege('postgres', setting, 'set') then
      begin
        execute format('grant set on parameter %I to postgres', setting);
      exception when others then
        null; -- concurrent grant by another database's bootstrap: the other one won
      end;
    end if;
  end loop;
end
$$;

-- 7. What the project made belongs to postgres: the migration history (the CLI creates it as
--    postgres), the realtime publication (made by postgres in supabase/postgres's init scripts),
--    and, in a PGlite data directory made before supabase_admin existed (its superuser, which
--    had run the migrations as `postgres`, was renamed: db/open.ts), every object of the
--    project's schemas. Nothing of auth, storage, extensions or the system catalogs changes.
do $$
declare
  obj record;
begin
  if (select pubowner from pg_catalog.pg_publication where pubname = 'supabase_realtime') = 'supabase_admin'::regrole then
    alter publication supabase_realtime owner to postgres;
  end if;
  for obj in
    select n.nspname from pg_catalog.pg_namespace n
    where n.nspowner = 'supabase_admin'::regrole
      and n.nspname not in ('auth', 'storage', 'extensions', 'information_schema') and n.nspname !~ '^pg_'
  loop
    execute format('alter schema %I owner to postgres', obj.nspname);
  end loop;
  for obj in
    select format('alter %s %I.%I owner to postgres',
        case c.relkind when 'v' then 'view' when 'm' then 'materialized view' when 'S' then 'sequence'
          when 'f' then 'foreign table' else 'table' end, n.nspname, c.relname) as stmt
    from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
    where c.relowner = 'supabase_admin'::regrole and c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')
      and n.nspname not in ('auth', 'storage', 'extensions', 'information_schema') and n.nspname !~ '^pg_'
      -- a sequence owned by a column follows its table
      and not (c.relkind = 'S' and exists (
        select 1 from pg_catalog.pg_depend d where d.classid = 'pg_class'::regclass and d.objid = c.oid and d.deptype in ('a', 'i')))
    union all
    select format('alter routine %s owner to postgres', p.oid::regprocedure)
    from pg_catalog.pg_proc p join pg_catalog.pg_namespace n on n.oid = p.pronamespace
    where p.proowner = 'supabase_admin'::regrole
      and n.nspname not in ('auth', 'storage', 'extensions', 'information_schema') and n.nspname !~ '^pg_'
      and not exists (select 1 from pg_catalog.pg_depend d where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')
    union all
    select format('alter type %I.%I owner to postgres', n.nspname, t.typname)
    from pg_catalog.pg_type t join pg_catalog.pg_namespace n on n.oid = t.typnamespace
    where t.typowner = 'supabase_admin'::regrole and t.typtype in ('e', 'd', 'r', 'c')
      and (t.typrelid = 0 or (select relkind from pg_catalog.pg_class where oid = t.typrelid) = 'c')
      and n.nspname not in ('auth', 'storage', 'extensions', 'information_schema') and n.nspname !~ '^pg_'
      and not exists (select 1 from pg_catalog.pg_depend d where d.classid = 'pg_type'::regclass and d.objid = t.oid and d.deptype = 'e')
  loop
    execute obj.stmt;
  end loop;
end
$$;
