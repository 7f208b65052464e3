-- Buzz Haven: workshop registrations for staff, and the live 'spots left' for the site.
-- Staff list every registration (filter event_id=eq.<id> for an event's page) and change one:
-- confirmed -> attended or cancelled, attended -> confirmed (undo), waitlisted -> confirmed (when
-- its places fit) or cancelled; a cancelled registration stays cancelled. When places free up, the
-- waitlist moves in order: each waitlisted registration whose places fit is confirmed (one that
-- does not fit keeps its position and a smaller one behind it may pass). The event row is locked
-- first, as registering does, so staff changes and registrations never overbook.

create function public.get_buzz_haven_event_registrations()
returns table (
  id uuid, event_id uuid, event_title text, event_start_time timestamptz, name text, email text, places integer,
  child_ages integer[], status text, "position" integer, created_at timestamptz, updated_at timestamptz
)
language plpgsql
stable
security definer -- reads buzz_haven.event_registrations, which the caller has no grant on
set search_path = ''
as $$
begin
  perform buzz_haven.require_role();
  return query
    select r.id, r.event_id, e.title, e.start_time, r.name, r.email::text, r.places, r.child_ages, r.status,
      r.position, r.created_at, r.updated_at
    from buzz_haven.event_registrations as r join buzz_haven.events as e on e.id = r.event_id
    order by e.start_time desc, r.status = 'waitlisted', r.position, r.created_at, r.id;
end;
$$;

-- Confirms waitlisted registrations of a locked event, in order, while their places fit.
create function buzz_haven.promote_waitlist(p_event_id uuid) returns void
language plpgsql
set search_path = ''
as $$
declare
  v_next buzz_haven.event_registrations;
begin
  for v_next in
    select * from buzz_haven.event_registrations as r
    where r.event_id = p_event_id and r.status = 'waitlisted' order by r.position, r.created_at
  loop
    exit when coalesce(buzz_haven.spots_left(p_event_id), 1) <= 0;
    if buzz_haven.spots_left(p_event_id) is null or v_next.places <= buzz_haven.spots_left(p_event_id) then
      update buzz_haven.event_registrations set status = 'confirmed', position = null where id = v_next.id;
    end if;
  end loop;
end;
$$;
revoke all on function buzz_haven.promote_waitlist(uuid) from public, anon, authenticated;

create function public.update_buzz_haven_event_registration(p_id uuid, p_status text default null)
returns buzz_haven.event_registrations
language plpgsql
security definer -- updates buzz_haven.event_registrations, which the caller has no grant on
set search_path = ''
as $$
declare
  v buzz_haven.event_registrations;
  v_allowed text[];
begin
  perform buzz_haven.require_role();
  perform buzz_haven.check_input(p_status in ('confirmed', 'waitlisted', 'cancelled', 'attended'),
    'Status must be confirmed, waitlisted, cancelled or attended');
  perform 1 from buzz_haven.events as e
  where e.id = (select r.event_id from buzz_haven.event_registrations as r where r.id = p_id) for update;
  select * into v from buzz_haven.event_registrations as r where r.id = p_id for update;
  if not found then
    raise exception 'Registration not found' using errcode = 'PT404';
  end if;
  if p_status = v.status then
    return v;
  end if;
  v_allowed := case v.status
    when 'confirmed' then array['attended', 'cancelled']
    when 'attended' then array['confirmed']
    when 'waitlisted' then array['confirmed', 'cancelled']
    else array[]::text[] end;
  if not p_status = any (v_allowed) then
    raise exception '%', format('A %s registration cannot become %s (%s)', v.status, p_status,
      case when cardinality(v_allowed) = 0 then 'it is closed' else 'next: ' || array_to_string(v_allowed, ' or ') end)
      using errcode = '22023';
  end if;
  if v.status = 'waitlisted' and p_status = 'confirmed' and v.places > coalesce(buzz_haven.spots_left(v.event_id), v.places) then
    raise exception '%', format('Not enough places left to confirm %s (%s free)', v.places,
      greatest(buzz_haven.spots_left(v.event_id), 0)) using errcode = '22023';
  end if;
  update buzz_haven.event_registrations as r
  set status = p_status, position = case when p_status = 'waitlisted' then r.position end
  where r.id = p_id
  returning r.* into v;
  if p_status = 'cancelled' then
    perform buzz_haven.promote_waitlist(v.event_id);
  end if;
  return v;
end;
$$;

-- Public, scheduled, future workshops with their live places (anon: the site's schedule).
create function public.get_buzz_haven_workshop_availability()
returns table (
  id uuid, title text, start_time timestamptz, end_time timestamptz, location text, price integer,
  capacity integer, spots_left integer, waitlist_count integer
)
language sql
stable
security definer -- reads buzz_haven.events and event_registrations, which anon has no grant on
set search_path = ''
as $$
  select e.id, e.title, e.start_time, e.end_time, e.location, e.price, e.capacity,
    greatest(buzz_haven.spots_left(e.id), 0),
    (select count(*)::integer from buzz_haven.event_registrations as r where r.event_id = e.id and r.status = 'waitlisted')
  from buzz_haven.events as e
  where e.is_public and e.kind = 'workshop' and e.status = 'scheduled' and e.start_time > now()
  order by e.start_time, e.title, e.id
$$;

select buzz_haven.grant_api_execute(
  'public.get_buzz_haven_event_registrations()',
  'public.update_buzz_haven_event_registration(uuid, text)',
  'public.get_buzz_haven_workshop_availability()'
);
