-- 20_storage.sql: the `storage` schema as hosted Supabase Storage creates it (supabase/storage
-- migrations/tenant/0002-storage-schema.sql and later files: 0007 RLS on buckets, 0008 public,
-- 0013 bucket limits, 0016 version, 0018 owner_id, 0025 user_metadata, 0046 grants,
-- 0055 protect_delete, 0063 search), so that app migrations can insert buckets and create
-- policies on storage.objects, and the embedded Storage server (supabase/local/src/storage)
-- reads and writes its metadata where hosted Storage does, with RLS deciding access.
-- Local only: hosted Supabase already has these objects. Idempotent: runs again when it changes.

create schema if not exists storage;
grant usage on schema storage to postgres, anon, authenticated, service_role;

create table if not exists storage.buckets (
  id text not null primary key,
  name text not null,
  owner uuid,
  owner_id text,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  public boolean default false,
  avif_autodetection boolean default false,
  file_size_limit bigint,
  allowed_mime_types text[],
  type text not null default 'STANDARD'
);
create unique index if not exists bname on storage.buckets using btree (name);
comment on table storage.buckets is 'Storage: buckets (as hosted Supabase Storage keeps them).';

create table if not exists storage.objects (
  id uuid not null default gen_random_uuid() primary key,
  bucket_id text references storage.buckets (id),
  name text,
  owner uuid,
  owner_id text,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  last_accessed_at timestamptz default now(),
  metadata jsonb,
  path_tokens text[] generated always as (string_to_array(name, '/')) stored,
  version text,
  user_metadata jsonb
);
create unique index if not exists bucketid_objname on storage.objects using btree (bucket_id, name);
create index if not exists idx_objects_bucket_id_name_lower
  on storage.objects (bucket_id, lower(name) collate "C");
comment on table storage.objects is 'Storage: one row per stored file; RLS policies decide access.';

alter table storage.buckets enable row level security;
alter table storage.objects enable row level security;
grant all on storage.buckets, storage.objects to anon, authenticated, service_role;

-- Direct deletes only through the Storage API, which sets storage.allow_delete_query (0055).
create or replace function storage.protect_delete() returns trigger
language plpgsql
as $$
begin
  if coalesce(current_setting('storage.allow_delete_query', true), 'false') != 'true' then
    raise exception 'Direct deletion from storage tables is not allowed. Use the Storage API instead.'
      using hint = 'This prevents accidental data loss from orphaned objects.', errcode = '42501';
  end if;
  return null;
end;
$$;
drop trigger if exists protect_buckets_delete on storage.buckets;
create trigger protect_buckets_delete before delete on storage.buckets
  for each statement execute function storage.protect_delete();
drop trigger if exists protect_objects_delete on storage.objects;
create trigger protect_objects_delete before delete on storage.objects
  for each statement execute function storage.protect_delete();

-- Path helpers that policies use (0002, 0061: immutable).
create or replace function storage.foldername(name text) returns text[]
language plpgsql immutable
as $$
declare
  _parts text[];
begin
  select string_to_array(name, '/') into _parts;
  return _parts[1:array_length(_parts, 1) - 1];
end
$$;

create or replace function storage.filename(name text) returns text
language plpgsql immutable
as $$
declare
  _parts text[];
begin
  select string_to_array(name, '/') into _parts;
  return _parts[array_length(_parts, 1)];
end
$$;

create or replace function storage.extension(name text) returns text
language plpgsql immutable
as $$
declare
  _parts text[];
  _filename text;
begin
  select string_to_array(name, '/') into _parts;
  select _parts[array_length(_parts, 1)] into _filename;
  return reverse(split_part(reverse(_filename), '.', 1));
end
$$;

-- The listing behind POST /object/list (0063's signature and results; a plain implementation):
-- the entries one level below `prefix` whose path starts with prefix || search (letter case
-- ignored): folders (id and dates null) and files, names relative to the prefix. Sorted by name
-- (folders among files, lower(name) in "C" order), or folders first then files by the column.
-- `levels` is unused, as upstream. Security invoker: the caller's RLS policies filter the rows.
create or replace function storage.search(
  prefix text,
  bucketname text,
  limits int default 100,
  levels int default 1,
  offsets int default 0,
  search text default '',
  sortcolumn text default 'name',
  sortorder text default 'asc'
)
returns table (
  name text, id uuid, updated_at timestamptz, created_at timestamptz,
  last_accessed_at timestamptz, metadata jsonb
)
language plpgsql stable
as $func$
declare
  v_start int := length(coalesce(prefix, '')) + 1;
  v_like text := replace(replace(replace(lower(coalesce(prefix, '') || coalesce(search, '')),
    '\', '\\'), '%', '\%'), '_', '\_') || '%';
  v_column text := case lower(coalesce(sortcolumn, 'name'))
    when 'updated_at' then 'updated_at' when 'created_at' then 'created_at'
    when 'last_accessed_at' then 'last_accessed_at' else 'name' end;
  v_order text := case when lower(coalesce(sortorder, 'asc')) = 'desc' then 'desc' else 'asc' end;
begin
  return query execute format(
    $sql$
    with hits as (
      select substr(o.name, $1) as rest, o.id, o.updated_at, o.created_at, o.last_accessed_at, o.metadata
      from storage.objects as o
      where o.bucket_id = $2 and lower(o.name) like $3
    ),
    entries as (
      select distinct split_part(h.rest, '/', 1) as name, null::uuid as id, null::timestamptz as updated_at,
        null::timestamptz as created_at, null::timestamptz as last_accessed_at, null::jsonb as metadata,
        0 as kind
      from hits as h where strpos(h.rest, '/') > 0
      union all
      select h.rest, h.id, h.updated_at, h.created_at, h.last_accessed_at, h.metadata, 1
      from hits as h where strpos(h.rest, '/') = 0
    )
    select e.name, e.id, e.updated_at, e.created_at, e.last_accessed_at, e.metadata
    from entries as e
    order by %s
    limit $4 offset $5
    $sql$,
    case when v_column = 'name' then format('lower(e.name) collate "C" %s, e.name collate "C" %s', v_order, v_order)
      else format('e.kind, e.%I %s, e.name collate "C"', v_column, v_order) end
  ) using v_start, bucketname, v_like, least(coalesce(limits, 100), 1500), coalesce(offsets, 0);
end;
$func$;

grant execute on function storage.foldername(text), storage.filename(text), storage.extension(text),
  storage.search(text, text, int, int, int, text, text, text) to anon, authenticated, service_role;
