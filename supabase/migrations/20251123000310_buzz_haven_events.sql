-- Buzz Haven: events fully managed (issue 8). The events table gains a description, a kind, an
-- optional capacity, a public flag (shown on the site), a price in cents and updated_at; the end
-- must now be strictly after the start. Create/update for any back-office role, delete for owners
-- and admins. Updates follow the products' rule (a null argument keeps the value) plus p_clear, the
-- list of nullable columns to set to null (buzz_haven.check_clear). Messages are the admin form's,
-- raised 22023 (HTTP 400).

-- A zero-length event (end = start) says nothing its start does not: its end becomes 'not given'.
update buzz_haven.events set end_time = null where end_time = start_time;

alter table buzz_haven.events
  add column description text constraint events_description_length check (char_length(description) <= 5000),
  add column kind text not null default 'other' constraint events_kind_known
    check (kind in ('workshop', 'open_day', 'harvest', 'market', 'other')),
  add column capacity integer constraint events_capacity_range check (capacity between 1 and 10000),
  add column is_public boolean not null default false,
  add column price integer not null default 0 constraint events_price_not_negative check (price >= 0),
  add column updated_at timestamptz not null default now(),
  drop constraint events_end_after_start,
  add constraint events_end_after_start check (end_time is null or end_time > start_time);

update buzz_haven.events set updated_at = created_at;

create trigger events_set_updated_at
  before update on buzz_haven.events
  for each row execute function buzz_haven.set_updated_at();

comment on table buzz_haven.events is
  'Workshops, open days, harvests and markets; price in integer US cents; is_public = shown on the site.';

-- The rules of one event row, checked on the values it will have (create and update alike).
create function buzz_haven.check_event(v buzz_haven.events) returns void
language plpgsql
stable
set search_path = ''
as $$
begin
  perform buzz_haven.check_input(nullif(btrim(v.title), '') is not null, 'Title is required');
  perform buzz_haven.check_input(char_length(v.title) <= 200, 'Title is too long (200 characters at most)');
  perform buzz_haven.check_input(v.start_time is not null, 'Start time is required');
  perform buzz_haven.check_input(v.end_time is null or v.end_time > v.start_time, 'End must be after start');
  perform buzz_haven.check_input(coalesce(char_length(v.location), 0) <= 500, 'Location is too long (500 characters at most)');
  perform buzz_haven.check_input(coalesce(char_length(v.description), 0) <= 5000, 'Description is too long (5000 characters at most)');
  perform buzz_haven.check_input(
    v.status in ('scheduled', 'completed', 'cancelled'), 'Status must be scheduled, completed or cancelled'
  );
  perform buzz_haven.check_input(
    v.kind in ('workshop', 'open_day', 'harvest', 'market', 'other'),
    'Kind must be workshop, open_day, harvest, market or other'
  );
  perform buzz_haven.check_input(v.capacity is null or v.capacity between 1 and 10000, 'Capacity must be between 1 and 10000');
  perform buzz_haven.check_input(v.price >= 0, 'Price must be positive');
end;
$$;
revoke all on function buzz_haven.check_event(buzz_haven.events) from public, anon, authenticated;

-- Texts are trimmed; an empty location or description is no location or description.
create function public.create_buzz_haven_event(
  p_title text,
  p_start_time timestamptz,
  p_end_time timestamptz default null,
  p_location text default null,
  p_description text default null,
  p_status text default 'scheduled',
  p_kind text default 'other',
  p_capacity integer default null,
  p_is_public boolean default false,
  p_price integer default 0
)
returns buzz_haven.events
language plpgsql
security definer -- writes buzz_haven.events, which the caller has no grant on
set search_path = ''
as $$
declare
  v buzz_haven.events;
begin
  perform buzz_haven.require_role();
  v.title := btrim(p_title);
  v.start_time := p_start_time;
  v.end_time := p_end_time;
  v.location := nullif(btrim(p_location), '');
  v.description := nullif(btrim(p_description), '');
  v.status := coalesce(p_status, 'scheduled');
  v.kind := coalesce(p_kind, 'other');
  v.capacity := p_capacity;
  v.is_public := coalesce(p_is_public, false);
  v.price := coalesce(p_price, 0);
  perform buzz_haven.check_event(v);
  insert into buzz_haven.events (title, start_time, end_time, location, description, status, kind, capacity, is_public, price)
  values (v.title, v.start_time, v.end_time, v.location, v.description, v.status, v.kind, v.capacity, v.is_public, v.price)
  returning * into v;
  return v;
end;
$$;

-- A null argument keeps the value; p_clear lists the columns to empty (location, description,
-- end_time, capacity). Cancelling an event is p_status => 'cancelled'.
create function public.update_buzz_haven_event(
  p_id uuid,
  p_title text default null,
  p_start_time timestamptz default null,
  p_end_time timestamptz default null,
  p_location text default null,
  p_description text default null,
  p_status text default null,
  p_kind text default null,
  p_capacity integer default null,
  p_is_public boolean default null,
  p_price integer default null,
  p_clear text[] default '{}'
)
returns buzz_haven.events
language plpgsql
security definer -- writes buzz_haven.events, which the caller has no grant on
set search_path = ''
as $$
declare
  v buzz_haven.events;
  v_clear text[] := coalesce(p_clear, '{}');
begin
  perform buzz_haven.require_role();
  perform buzz_haven.check_clear(
    v_clear,
    array['location', 'description', 'end_time', 'capacity'],
    array_remove(array[
      case when p_location is not null then 'location' end,
      case when p_description is not null then 'description' end,
      case when p_end_time is not null then 'end_time' end,
      case when p_capacity is not null then 'capacity' end
    ], null)
  );
  select * into v from buzz_haven.events as e where e.id = p_id for update;
  if not found then
    raise exception 'Event not found' using errcode = 'PT404';
  end if;
  v.title := coalesce(btrim(p_title), v.title);
  v.start_time := coalesce(p_start_time, v.start_time);
  v.end_time := case when 'end_time' = any (v_clear) then null else coalesce(p_end_time, v.end_time) end;
  v.location := case when 'location' = any (v_clear) then null
    when p_location is null then v.location else nullif(btrim(p_location), '') end;
  v.description := case when 'description' = any (v_clear) then null
    when p_description is null then v.description else nullif(btrim(p_description), '') end;
  v.status := coalesce(p_status, v.status);
  v.kind := coalesce(p_kind, v.kind);
  v.capacity := case when 'capacity' = any (v_clear) then null else coalesce(p_capacity, v.capacity) end;
  v.is_public := coalesce(p_is_public, v.is_public);
  v.price := coalesce(p_price, v.price);
  perform buzz_haven.check_event(v);
  update buzz_haven.events as e
  set title = v.title, start_time = v.start_time, end_time = v.end_time, location = v.location,
    description = v.description, status = v.status, kind = v.kind, capacity = v.capacity,
    is_public = v.is_public, price = v.price
  where e.id = p_id
  returning e.* into v;
  return v;
end;
$$;

create function public.delete_buzz_haven_event(p_id uuid)
returns buzz_haven.events
language plpgsql
security definer -- deletes from buzz_haven.events, which the caller has no grant on
set search_path = ''
as $$
declare
  v buzz_haven.events;
begin
  perform buzz_haven.require_role(array['owner', 'admin'], 'Only an owner or admin can delete events');
  delete from buzz_haven.events as e where e.id = p_id returning e.* into v;
  if not found then
    raise exception 'Event not found' using errcode = 'PT404';
  end if;
  return v;
end;
$$;

-- Privileges: EXECUTE for the three API roles only (buzz_haven.grant_api_execute).
select buzz_haven.grant_api_execute(
  'public.create_buzz_haven_event(text, timestamptz, timestamptz, text, text, text, text, integer, boolean, integer)',
  'public.update_buzz_haven_event(uuid, text, timestamptz, timestamptz, text, text, text, text, integer, boolean, integer, text[])',
  'public.delete_buzz_haven_event(uuid)'
);
