-- Buzz Haven: a workshop event names the workshop offering it is a session of (issue 9): one of
-- the ids of the 'catalog/workshop-offerings' content document ('beekeeping-basics'...), so the
-- site's schedule shows the offering's title and the cards their next session. create/update take
-- an optional p_offering (update: '' or p_clear => '{offering}' empties it); the back-office list
-- returns every column; the public availability returns it too.

alter table buzz_haven.events
  add column offering text
    constraint events_offering_format check (offering ~ '^[a-z0-9]+(-[a-z0-9]+)*$')
    constraint events_offering_length check (char_length(offering) <= 100);

create function buzz_haven.check_event_offering(p_offering text) returns void
language plpgsql
immutable
set search_path = ''
as $$
begin
  perform buzz_haven.check_length(p_offering, 100, 'Offering');
  perform buzz_haven.check_input(
    p_offering is null or p_offering ~ '^[a-z0-9]+(-[a-z0-9]+)*$',
    'Offering must be a workshop id: lowercase letters, digits and single dashes'
  );
end;
$$;
revoke all on function buzz_haven.check_event_offering(text) from public, anon, authenticated;

drop function public.create_buzz_haven_event(text, timestamptz, timestamptz, text, text, text, text, integer, boolean, integer);
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
  p_price integer default 0,
  p_offering text default null
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
  v.offering := nullif(btrim(p_offering), '');
  perform buzz_haven.check_event(v);
  perform buzz_haven.check_event_offering(v.offering);
  insert into buzz_haven.events (title, start_time, end_time, location, description, status, kind, capacity, is_public, price, offering)
  values (v.title, v.start_time, v.end_time, v.location, v.description, v.status, v.kind, v.capacity, v.is_public, v.price, v.offering)
  returning * into v;
  return v;
end;
$$;

drop function public.update_buzz_haven_event(uuid, text, timestamptz, timestamptz, text, text, text, text, integer, boolean, integer, text[]);
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
  p_clear text[] default '{}',
  p_offering text default null
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
    array['location', 'description', 'end_time', 'capacity', 'offering'],
    array_remove(array[
      case when p_location is not null then 'location' end,
      case when p_description is not null then 'description' end,
      case when p_end_time is not null then 'end_time' end,
      case when p_capacity is not null then 'capacity' end,
      case when p_offering is not null then 'offering' end
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
  v.offering := case when 'offering' = any (v_clear) then null
    when p_offering is null then v.offering else nullif(btrim(p_offering), '') end;
  perform buzz_haven.check_event(v);
  perform buzz_haven.check_event_offering(v.offering);
  update buzz_haven.events as e
  set title = v.title, start_time = v.start_time, end_time = v.end_time, location = v.location,
    description = v.description, status = v.status, kind = v.kind, capacity = v.capacity,
    is_public = v.is_public, price = v.price, offering = v.offering
  where e.id = p_id
  returning e.* into v;
  return v;
end;
$$;

drop function public.get_buzz_haven_workshop_availability();
create function public.get_buzz_haven_workshop_availability()
returns table (
  id uuid, title text, start_time timestamptz, end_time timestamptz, location text, price integer,
  capacity integer, spots_left integer, waitlist_count integer, offering text
)
language sql
stable
security definer -- reads buzz_haven.events and event_registrations, which anon has no grant on
set search_path = ''
as $$
  select e.id, e.title, e.start_time, e.end_time, e.location, e.price, e.capacity,
    greatest(buzz_haven.spots_left(e.id), 0),
    (select count(*)::integer from buzz_haven.event_registrations as r where r.event_id = e.id and r.status = 'waitlisted'),
    e.offering
  from buzz_haven.events as e
  where e.is_public and e.kind = 'workshop' and e.status = 'scheduled' and e.start_time > now()
  order by e.start_time, e.title, e.id
$$;

select buzz_haven.grant_api_execute(
  'public.create_buzz_haven_event(text, timestamptz, timestamptz, text, text, text, text, integer, boolean, integer, text)',
  'public.update_buzz_haven_event(uuid, text, timestamptz, timestamptz, text, text, text, text, integer, boolean, integer, text[], text)',
  'public.get_buzz_haven_workshop_availability()'
);
