-- Buzz Haven: workshop registrations (issue 10). A visitor registers places for a public, scheduled,
-- future workshop event. Capacity is enforced under concurrency: the event row is locked (`for
-- update`) while the confirmed places are counted, so simultaneous registrations queue on it and
-- never overbook. When the places do not fit, the visitor is refused ('This workshop is full', or
-- 'Only N places left') unless they join the waitlist, whose order is `position`.
-- Children's workshops (title starting with "Children", the seed's Children's Bee Discovery, ages
-- 5-12) need one age per place.

create table buzz_haven.event_registrations (
  id uuid primary key default gen_random_uuid(),
  event_id uuid not null references buzz_haven.events (id) on delete cascade,
  name text not null constraint event_registrations_name_length check (char_length(name) between 1 and 200),
  email buzz_haven.email not null,
  places integer not null constraint event_registrations_places_range check (places between 1 and 10),
  child_ages integer[] constraint event_registrations_child_ages_range
    check (cardinality(child_ages) between 1 and 10 and 5 <= all (child_ages) and 12 >= all (child_ages)),
  status text not null constraint event_registrations_status_known
    check (status in ('confirmed', 'waitlisted', 'cancelled', 'attended')),
  position integer constraint event_registrations_position_waitlisted check ((position is not null) = (status = 'waitlisted')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index event_registrations_event_idx on buzz_haven.event_registrations (event_id, status);
comment on table buzz_haven.event_registrations is
  'Places registered for workshop events; position orders the waitlist (null unless waitlisted).';
alter table buzz_haven.event_registrations enable row level security;
revoke all on buzz_haven.event_registrations from public, anon, authenticated;

create trigger event_registrations_set_updated_at
  before update on buzz_haven.event_registrations
  for each row execute function buzz_haven.set_updated_at();
create trigger event_registrations_log_activity after insert or update or delete on buzz_haven.event_registrations
  for each row execute function buzz_haven.log_activity('registration of', 'name');

-- Places still free on an event (null: no capacity set, no limit).
create function buzz_haven.spots_left(p_event_id uuid) returns integer
language sql
stable
set search_path = ''
as $$
  select e.capacity - coalesce((
    select sum(r.places) from buzz_haven.event_registrations as r
    where r.event_id = e.id and r.status in ('confirmed', 'attended')
  ), 0)::integer
  from buzz_haven.events as e where e.id = p_event_id
$$;
revoke all on function buzz_haven.spots_left(uuid) from public, anon, authenticated;

-- Returns {id, status ('confirmed' or 'waitlisted'), position (on the waitlist), spots_left}.
create function public.register_buzz_haven_workshop(
  p_event_id uuid default null,
  p_name text default null,
  p_email text default null,
  p_places integer default 1,
  p_child_ages integer[] default null,
  p_join_waitlist boolean default false,
  p_website text default null
)
returns jsonb
language plpgsql
security definer -- writes buzz_haven.event_registrations, which anon has no grant on
set search_path = ''
as $$
declare
  v_event buzz_haven.events;
  v_email text := lower(btrim(p_email));
  v_left integer;
  v_row buzz_haven.event_registrations;
begin
  if nullif(btrim(p_website), '') is not null then
    return jsonb_build_object('id', gen_random_uuid(), 'status', 'confirmed', 'position', null, 'spots_left', null);
  end if;
  perform buzz_haven.check_text(p_name, 'Name', 200, true);
  perform buzz_haven.check_input(buzz_haven.is_email(v_email), 'A valid email is required');
  perform buzz_haven.check_input(coalesce(p_places, 0) between 1 and 10, 'Places must be between 1 and 10');
  perform buzz_haven.guard_request('registration', v_email);
  select * into v_event from buzz_haven.events as e where e.id = p_event_id for update;
  if not found or not v_event.is_public or v_event.kind <> 'workshop' or v_event.status <> 'scheduled'
    or v_event.start_time <= now() then
    raise exception 'This workshop is not open for registration' using errcode = 'PT404';
  end if;
  if v_event.title ~* '^children' then
    perform buzz_haven.check_input(cardinality(p_child_ages) = p_places, 'Give the age of each child (one per place)');
    perform buzz_haven.check_input(5 <= all (p_child_ages) and 12 >= all (p_child_ages),
      'Children must be 5 to 12 years old');
  else
    perform buzz_haven.check_input(coalesce(cardinality(p_child_ages), 0) = 0, 'Ages are only asked for children''s workshops');
  end if;
  if exists (
    select 1 from buzz_haven.event_registrations as r
    where r.event_id = p_event_id and lower(r.email) = v_email and r.status <> 'cancelled'
  ) then
    raise exception 'You are already registered for this workshop' using errcode = 'PT409';
  end if;
  v_left := buzz_haven.spots_left(p_event_id);
  if v_left is null or p_places <= v_left then
    insert into buzz_haven.event_registrations (event_id, name, email, places, child_ages, status)
    values (p_event_id, btrim(p_name), v_email, p_places, p_child_ages, 'confirmed')
    returning * into v_row;
  elsif coalesce(p_join_waitlist, false) then
    insert into buzz_haven.event_registrations (event_id, name, email, places, child_ages, status, position)
    values (p_event_id, btrim(p_name), v_email, p_places, p_child_ages, 'waitlisted', 1 + coalesce((
      select max(r.position) from buzz_haven.event_registrations as r where r.event_id = p_event_id), 0))
    returning * into v_row;
  elsif v_left <= 0 then
    raise exception 'This workshop is full' using errcode = 'PT409';
  else
    raise exception '%', format('Only %s %s left in this workshop', v_left, case when v_left = 1 then 'place' else 'places' end)
      using errcode = 'PT409';
  end if;
  return jsonb_build_object('id', v_row.id, 'status', v_row.status, 'position', v_row.position,
    'spots_left', buzz_haven.spots_left(p_event_id));
end;
$$;

select buzz_haven.grant_api_execute(
  'public.register_buzz_haven_workshop(uuid, text, text, integer, integer[], boolean, text)'
);
