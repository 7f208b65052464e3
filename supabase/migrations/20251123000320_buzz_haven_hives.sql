-- Buzz Haven: hives fully managed (issue 8). A hive gains its host (free text for now), the queen's
-- source and colour mark, notes and updated_at; its status becomes one of a known set. Create and
-- update for any back-office role (retiring is status 'retired'), delete for owners and admins.
-- Updates: a null argument keeps the value, p_clear lists the nullable columns to set to null
-- (buzz_haven.check_clear).
-- The hive list with its inspection-due flag is in the inspections migration (it reads them).

alter table buzz_haven.hives
  add column host text constraint hives_host_length check (char_length(host) <= 200),
  add column queen_source text constraint hives_queen_source_length check (char_length(queen_source) <= 200),
  add column queen_marking text constraint hives_queen_marking_length check (char_length(queen_marking) <= 50),
  add column notes text,
  add column updated_at timestamptz not null default now();
-- name and location are bounded by 20251123000100_buzz_haven_text_bounds.sql

-- Statuses written before the set was fixed: the nearest known one, the old word kept in the notes.
update buzz_haven.hives
set
  notes = concat_ws(E'\n', notes, 'Former status: ' || status),
  status = case
    when lower(btrim(status)) in ('dead out', 'dead-out', 'deadout', 'dead') then 'dead_out'
    when lower(btrim(status)) in ('inactive', 'retired', 'removed') then 'retired'
    when lower(btrim(status)) in ('queenless', 'swarmed') then lower(btrim(status))
    else 'active'
  end
where status not in ('active', 'queenless', 'swarmed', 'dead_out', 'retired');

alter table buzz_haven.hives
  add constraint hives_notes_length check (char_length(notes) <= 5000),
  drop constraint hives_status_not_blank,
  add constraint hives_status_known check (status in ('active', 'queenless', 'swarmed', 'dead_out', 'retired'));

update buzz_haven.hives set updated_at = created_at;

create trigger hives_set_updated_at
  before update on buzz_haven.hives
  for each row execute function buzz_haven.set_updated_at();

comment on table buzz_haven.hives is
  'Managed beehives, hosted or at the sanctuary; status active, queenless, swarmed, dead_out or retired.';

-- The rules of one hive row, checked on the values it will have (create and update alike).
create function buzz_haven.check_hive(v buzz_haven.hives) returns void
language plpgsql
stable
set search_path = ''
as $$
begin
  perform buzz_haven.check_input(nullif(btrim(v.name), '') is not null, 'Name is required');
  perform buzz_haven.check_input(char_length(v.name) <= 200, 'Name is too long (200 characters at most)');
  perform buzz_haven.check_input(coalesce(char_length(v.location), 0) <= 500, 'Location is too long (500 characters at most)');
  perform buzz_haven.check_input(coalesce(char_length(v.host), 0) <= 200, 'Host is too long (200 characters at most)');
  perform buzz_haven.check_input(
    v.status in ('active', 'queenless', 'swarmed', 'dead_out', 'retired'),
    'Status must be active, queenless, swarmed, dead_out or retired'
  );
  perform buzz_haven.check_input(coalesce(char_length(v.queen_source), 0) <= 200, 'Queen source is too long (200 characters at most)');
  perform buzz_haven.check_input(coalesce(char_length(v.queen_marking), 0) <= 50, 'Queen marking is too long (50 characters at most)');
  perform buzz_haven.check_input(coalesce(char_length(v.notes), 0) <= 5000, 'Notes are too long (5000 characters at most)');
end;
$$;
revoke all on function buzz_haven.check_hive(buzz_haven.hives) from public, anon, authenticated;

-- Texts are trimmed; an empty optional text is no text.
create function public.create_buzz_haven_hive(
  p_name text,
  p_location text default null,
  p_host text default null,
  p_status text default 'active',
  p_queen_installed_date date default null,
  p_queen_source text default null,
  p_queen_marking text default null,
  p_notes text default null
)
returns buzz_haven.hives
language plpgsql
security definer -- writes buzz_haven.hives, which the caller has no grant on
set search_path = ''
as $$
declare
  v buzz_haven.hives;
begin
  perform buzz_haven.require_role();
  v.name := btrim(p_name);
  v.location := nullif(btrim(p_location), '');
  v.host := nullif(btrim(p_host), '');
  v.status := coalesce(p_status, 'active');
  v.queen_installed_date := p_queen_installed_date;
  v.queen_source := nullif(btrim(p_queen_source), '');
  v.queen_marking := nullif(btrim(p_queen_marking), '');
  v.notes := nullif(btrim(p_notes), '');
  perform buzz_haven.check_hive(v);
  insert into buzz_haven.hives (name, location, host, status, queen_installed_date, queen_source, queen_marking, notes)
  values (v.name, v.location, v.host, v.status, v.queen_installed_date, v.queen_source, v.queen_marking, v.notes)
  returning * into v;
  return v;
end;
$$;

-- A null argument keeps the value; p_clear lists the columns to empty. Retiring a hive is
-- p_status => 'retired' (its inspections stay).
create function public.update_buzz_haven_hive(
  p_id uuid,
  p_name text default null,
  p_location text default null,
  p_host text default null,
  p_status text default null,
  p_queen_installed_date date default null,
  p_queen_source text default null,
  p_queen_marking text default null,
  p_notes text default null,
  p_clear text[] default '{}'
)
returns buzz_haven.hives
language plpgsql
security definer -- writes buzz_haven.hives, which the caller has no grant on
set search_path = ''
as $$
declare
  v buzz_haven.hives;
  v_clear text[] := coalesce(p_clear, '{}');
begin
  perform buzz_haven.require_role();
  perform buzz_haven.check_clear(
    v_clear,
    array['location', 'host', 'queen_installed_date', 'queen_source', 'queen_marking', 'notes'],
    array_remove(array[
      case when p_location is not null then 'location' end,
      case when p_host is not null then 'host' end,
      case when p_queen_installed_date is not null then 'queen_installed_date' end,
      case when p_queen_source is not null then 'queen_source' end,
      case when p_queen_marking is not null then 'queen_marking' end,
      case when p_notes is not null then 'notes' end
    ], null)
  );
  select * into v from buzz_haven.hives as h where h.id = p_id for update;
  if not found then
    raise exception 'Hive not found' using errcode = 'PT404';
  end if;
  v.name := coalesce(btrim(p_name), v.name);
  v.status := coalesce(p_status, v.status);
  v.location := case when 'location' = any (v_clear) then null
    when p_location is null then v.location else nullif(btrim(p_location), '') end;
  v.host := case when 'host' = any (v_clear) then null
    when p_host is null then v.host else nullif(btrim(p_host), '') end;
  v.queen_installed_date := case when 'queen_installed_date' = any (v_clear) then null
    else coalesce(p_queen_installed_date, v.queen_installed_date) end;
  v.queen_source := case when 'queen_source' = any (v_clear) then null
    when p_queen_source is null then v.queen_source else nullif(btrim(p_queen_source), '') end;
  v.queen_marking := case when 'queen_marking' = any (v_clear) then null
    when p_queen_marking is null then v.queen_marking else nullif(btrim(p_queen_marking), '') end;
  v.notes := case when 'notes' = any (v_clear) then null
    when p_notes is null then v.notes else nullif(btrim(p_notes), '') end;
  perform buzz_haven.check_hive(v);
  update buzz_haven.hives as h
  set name = v.name, location = v.location, host = v.host, status = v.status,
    queen_installed_date = v.queen_installed_date, queen_source = v.queen_source,
    queen_marking = v.queen_marking, notes = v.notes
  where h.id = p_id
  returning h.* into v;
  return v;
end;
$$;

-- Deleting a hive deletes its inspections (on delete cascade).
create function public.delete_buzz_haven_hive(p_id uuid)
returns buzz_haven.hives
language plpgsql
security definer -- deletes from buzz_haven.hives, which the caller has no grant on
set search_path = ''
as $$
declare
  v buzz_haven.hives;
begin
  perform buzz_haven.require_role(array['owner', 'admin'], 'Only an owner or admin can delete hives');
  delete from buzz_haven.hives as h where h.id = p_id returning h.* into v;
  if not found then
    raise exception 'Hive not found' using errcode = 'PT404';
  end if;
  return v;
end;
$$;

-- Privileges: EXECUTE for the three API roles only (buzz_haven.grant_api_execute).
select buzz_haven.grant_api_execute(
  'public.create_buzz_haven_hive(text, text, text, text, date, text, text, text)',
  'public.update_buzz_haven_hive(uuid, text, text, text, text, date, text, text, text, text[])',
  'public.delete_buzz_haven_hive(uuid)'
);
