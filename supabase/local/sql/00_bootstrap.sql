-- Local bootstrap: what every hosted Supabase database already has and a plain PostgreSQL (or
-- PGlite) lacks, so that supabase/migrations run unchanged on all three. Never copied into
-- supabase/migrations: hosted Supabase owns these objects.
-- Idempotent: it runs again whenever it changes, and roles are cluster-wide on a real server
-- (several databases of one test cluster bootstrap concurrently, hence the exception handlers).

-- Sources: supabase/local/docs/wire-contract.md "Database bootstrap" and "Request role and claims".

-- 0. The superuser is supabase_admin (it runs this bootstrap; on PGlite the built-in superuser is
-- renamed to it when the database opens, db/open.ts); `postgres`, which runs the migrations and
-- owns the project's objects, is not a superuser, as on hosted (supabase/postgres
-- migrations/db/migrations/10000000000000_demote-postgres.sql: NOSUPERUSER CREATEDB CREATEROLE
-- LOGIN REPLICATION BYPASSRLS; init-scripts/00000000000003-post-setup.sql: its search_path).
do $$
begin
  if current_user <> 'supabase_admin' or not (select rolsuper from pg_catalog.pg_roles where rolname = current_user) then
    raise exception 'the local bootstrap runs as the superuser supabase_admin, not as %', current_user
      using hint = 'On PostgreSQL: a cluster made with initdb -U supabase_admin, DATABASE_URL as supabase_admin (as hosted Supabase).';
  end if;
  if not exists (select 1 from pg_catalog.pg_roles where rolname = 'postgres') then
    begin
      create role postgres nosuperuser createdb createrole login replication bypassrls;
    exception when duplicate_object or unique_violation then
      null; -- created meanwhile by a concurrent bootstrap of another database
    end;
  end if;
  if (select rolsuper or not rolbypassrls or not rolcreaterole or not rolcreatedb or not rolcanlogin or not rolreplication
      from pg_catalog.pg_roles where rolname = 'postgres') then
    begin
      alter role postgres nosuperuser createdb createrole login replication bypassrls;
    exception when others then
      null; -- concurrent change ("tuple concurrently updated"): the other one made the same
    end;
  end if;
  if not exists (
    select 1 from pg_catalog.pg_db_role_setting s
    where s.setrole = 'postgres'::regrole and s.setdatabase = 0
      and 'search_path="$user", public, extensions' = any (s.setconfig)
  ) then
    begin
      alter role postgres set search_path to "$user", public, extensions;
    exception when others then
      null;
    end;
  end if;
  -- The project's database belongs to postgres, as on hosted, so it creates in `public`.
  if (select datdba from pg_catalog.pg_database where datname = current_database()) <> 'postgres'::regrole then
    execute format('alter database %I owner to postgres', current_database());
  end if;
end
$$;

-- 1. API roles, and the admin roles 90_hosted_roles.sql gives auth and storage to
do $$
declare
  spec record;
begin
  for spec in
    select * from (values
      ('anon', 'nologin noinherit'),
      ('authenticated', 'nologin noinherit'),
      ('service_role', 'nologin noinherit bypassrls'),
      ('authenticator', 'login noinherit'),
      -- The admin roles that own auth and storage (hosted: supabase_admin is the superuser that
      -- owns the schemas; GoTrue logs in as supabase_auth_admin, Storage as supabase_storage_admin).
      -- On PGlite supabase_admin is the renamed built-in superuser, so it exists already.
      ('supabase_admin', 'superuser createrole createdb replication bypassrls login'),
      ('supabase_auth_admin', 'noinherit createrole login'),
      ('supabase_storage_admin', 'noinherit createrole login')
    ) as r(name, options)
  loop
    if not exists (select 1 from pg_catalog.pg_roles where rolname = spec.name) then
      begin
        execute format('create role %I %s', spec.name, spec.options);
      exception when duplicate_object or unique_violation then
        null; -- created meanwhile by a concurrent bootstrap of another database
      end;
    end if;
  end loop;
end
$$;

do $$
declare
  member text;
begin
  foreach member in array array['anon', 'authenticated', 'service_role'] loop
    if not pg_catalog.pg_has_role('authenticator', member, 'member') then
      begin
        execute format('grant %I to authenticator', member);
      exception when others then
        null; -- concurrent grant ("tuple concurrently updated"): the other one won
      end;
    end if;
  end loop;
end
$$;

-- 2. Schemas, extensions and grants
create schema if not exists extensions;
grant usage on schema extensions to anon, authenticated, service_role;
grant all on schema extensions to postgres;
create extension if not exists pgcrypto with schema extensions;
create extension if not exists "uuid-ossp" with schema extensions;

grant usage on schema public to postgres, anon, authenticated, service_role;
-- Supabase gives the API roles privileges on new objects in public and lets RLS filter; our
-- migrations revoke explicitly, which only means something if this default is reproduced. For
-- objects postgres creates (the migrations) and supabase_admin creates, as the init scripts do.
alter default privileges for role postgres in schema public grant all on tables to postgres, anon, authenticated, service_role;
alter default privileges for role postgres in schema public grant all on functions to postgres, anon, authenticated, service_role;
alter default privileges for role postgres in schema public grant all on sequences to postgres, anon, authenticated, service_role;
alter default privileges for role supabase_admin in schema public grant all on tables to postgres, anon, authenticated, service_role;
alter default privileges for role supabase_admin in schema public grant all on functions to postgres, anon, authenticated, service_role;
alter default privileges for role supabase_admin in schema public grant all on sequences to postgres, anon, authenticated, service_role;
-- Extensions' objects (supabase/postgres's grant_extensions_perms_for_postgres migration).
grant all on all tables in schema extensions to postgres with grant option;
grant all on all routines in schema extensions to postgres with grant option;
grant all on all sequences in schema extensions to postgres with grant option;

-- 3. The auth schema and auth.users; the auth server adds its own tables in 10_*.sql
create schema if not exists auth;
grant usage on schema auth to anon, authenticated, service_role;

create table if not exists auth.users (
  instance_id uuid,
  id uuid primary key,
  aud varchar(255),
  role varchar(255),
  email varchar(255),
  encrypted_password varchar(255),
  email_confirmed_at timestamptz,
  invited_at timestamptz,
  confirmation_token varchar(255),
  confirmation_sent_at timestamptz,
  recovery_token varchar(255),
  recovery_sent_at timestamptz,
  email_change_token_new varchar(255),
  email_change varchar(255),
  email_change_sent_at timestamptz,
  last_sign_in_at timestamptz,
  raw_app_meta_data jsonb,
  raw_user_meta_data jsonb,
  is_super_admin boolean,
  created_at timestamptz,
  updated_at timestamptz,
  phone text unique default null,
  phone_confirmed_at timestamptz,
  confirmed_at timestamptz generated always as (least(email_confirmed_at, phone_confirmed_at)) stored,
  banned_until timestamptz,
  deleted_at timestamptz,
  is_sso_user boolean not null default false,
  is_anonymous boolean not null default false,
  phone_change text default '',
  phone_change_token varchar(255) default '',
  email_change_token_current varchar(255) default '',
  email_change_confirm_status smallint default 0,
  reauthentication_token varchar(255) default ''
);
create unique index if not exists users_email_partial_key
  on auth.users (email) where (is_sso_user = false);
alter table auth.users enable row level security;
comment on table auth.users is 'Auth: stores user login data within a secure schema.';

-- 4. Claim helpers: read the per-request claims PostgREST (or our server) sets, with the
-- legacy per-claim settings as a fallback. nullif: an unset setting reads back as ''.
create or replace function auth.uid() returns uuid
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.sub', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub')
  )::uuid
$$;

create or replace function auth.role() returns text
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.role', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role')
  )::text
$$;

create or replace function auth.email() returns text
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.email', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'email')
  )::text
$$;

create or replace function auth.jwt() returns jsonb
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim', true), ''),
    nullif(current_setting('request.jwt.claims', true), '')
  )::jsonb
$$;

-- 5. Realtime stub: migrations may add tables to this publication
do $$
begin
  if not exists (select 1 from pg_catalog.pg_publication where pubname = 'supabase_realtime') then
    create publication supabase_realtime;
  end if;
end
$$;

-- 6. Migration tracking as the CLI keeps it; the migrator also ensures these exist
create schema if not exists supabase_migrations;
create table if not exists supabase_migrations.schema_migrations (
  version text primary key,
  statements text[],
  name text
);
create table if not exists supabase_migrations.seed_files (
  path text primary key,
  hash text not null
);
