-- Events and workshop registrations: the tables, places left, the waitlist, staff's changes.
-- The first of the events files, which apply in config.toml's order.
-- Events, registrations and holds: events, workshop offerings and their prices, workshop
-- registrations, the waitlist, seat holds, volunteer shifts and sign-ups.
-- Declared whole: this folder says what the database holds for its area; supabase/migrations
-- carries it to databases in reviewed steps (docs/database.md). Function bodies are checked when
-- they run, not here (as pg_dump writes it): some name objects of a later file.
set check_function_bodies = false;

-- An event: its kind, an optional capacity, a public flag (shown on the site), a price in cents;
-- a workshop event names the workshop offering it is a session of: one of the ids of the
-- 'catalog/workshop-offerings' content document ('beekeeping-basics'...), so the site's schedule
-- shows the offering's title and the cards their next session. A volunteer shift is an event of
-- kind 'volunteer'. An end, when given, is strictly after the start.
create table buzz_haven.events (
  id uuid primary key default gen_random_uuid(),
  title text not null constraint events_title_not_blank check (btrim(title) <> '')
    constraint events_title_length check (char_length(title) <= 200),
  location text constraint events_location_length check (char_length(location) <= 500),
  start_time timestamptz not null,
  end_time timestamptz,
  status text not null default 'scheduled' constraint events_status_known
    check (status in ('scheduled', 'completed', 'cancelled')),
  created_at timestamptz not null default now(),
  description text constraint events_description_length check (char_length(description) <= 5000),
  kind text not null default 'other' constraint events_kind_known
    check (kind in ('workshop', 'open_day', 'harvest', 'market', 'volunteer', 'other')),
  capacity integer constraint events_capacity_range check (capacity between 1 and 10000),
  is_public boolean not null default false,
  price integer not null default 0 constraint events_price_not_negative check (price >= 0),
  updated_at timestamptz not null default now(),
  offering text
    constraint events_offering_format check (buzz_haven.is_slug(offering))
    constraint events_offering_length check (char_length(offering) <= 100),
  constraint events_end_after_start check (end_time is null or end_time > start_time)
);
alter table buzz_haven.events enable row level security;

-- Buzz Haven: events fully managed. Create/update for any back-office role, delete for
-- owners and admins. Updates follow the products' rule (a null argument keeps the value) plus
-- p_clear, the list of nullable columns to set to null (buzz_haven.check_clear).

comment on table buzz_haven.events is
  'Workshops, open days, harvests and markets; price in integer US cents; is_public = shown on the site.';
select buzz_haven.manage_resource('buzz_haven.events', 'event', 'title');

create or replace function buzz_haven.check_event(v buzz_haven.events) returns void
language plpgsql stable set search_path = ''
as $$
begin
  perform buzz_haven.check_input(nullif(btrim(v.title), '') is not null, 'Title is required');
  perform buzz_haven.check_input(v.start_time is not null, 'Start time is required');
  perform buzz_haven.check_input(v.end_time is null or v.end_time > v.start_time, 'End must be after start');
  perform buzz_haven.check_input(v.price >= 0, 'Price must be positive');
  perform buzz_haven.check_input(v.kind <> 'volunteer' or v.capacity is not null, 'A volunteer shift needs its capacity (how many volunteers)');
  perform buzz_haven.check_event_offering(v.offering);
end;
$$;
revoke all on function buzz_haven.check_event(buzz_haven.events) from public, anon, authenticated;

create function public.delete_buzz_haven_event(p_id uuid)
returns buzz_haven.events language sql security definer set search_path = '' -- deletes from buzz_haven.events
as $$ select buzz_haven.delete_row(null::buzz_haven.events, p_id, 'Event not found',
  'Only an owner or admin can delete events') $$;

-- Privileges: EXECUTE for the three API roles only (buzz_haven.grant_api_execute).
select buzz_haven.grant_api_execute('delete_buzz_haven_event');

-- Buzz Haven: workshop registrations. A visitor registers places for a public, scheduled,
-- future workshop event. Capacity is enforced under concurrency: the event row is locked (`for
-- update`) while the confirmed places are counted, so simultaneous registrations queue on it and
-- never overbook. When the places do not fit, the visitor is refused ('This workshop is full', or
-- 'Only N places left') unless they join the waitlist, whose order is `position`.
-- Children's workshops need one age per place: the sessions of an offering with an age range
-- (workshop_offerings.min_age/max_age, by the event's `offering` slug: the seed's
-- childrens-bee-discovery, ages 5-12), whatever the event's title; the site's form asks for the
-- ages by the same range.

create table buzz_haven.event_registrations (
  id uuid primary key default gen_random_uuid(),
  event_id uuid not null references buzz_haven.events (id) on delete cascade,
  name text not null constraint event_registrations_name_length check (char_length(name) between 1 and 200),
  email buzz_haven.email not null,
  places integer not null constraint event_registrations_places_range check (places between 1 and 10),
  child_ages integer[] constraint event_registrations_child_ages_range
    check (cardinality(child_ages) between 1 and 10 and 5 <= all (child_ages) and 12 >= all (child_ages)),
  -- held: kept while the registrant pays by card (until hold_expires_at), then expired
  status text not null constraint event_registrations_status_known
    check (status in ('confirmed', 'waitlisted', 'cancelled', 'attended', 'held', 'expired')),
  position integer constraint event_registrations_position_waitlisted check ((position is not null) = (status = 'waitlisted')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  hold_expires_at timestamptz,
  amount_due integer constraint event_registrations_amount_due_range check (amount_due between 0 and 10000000),
  amount_owed integer constraint event_registrations_amount_owed_range check (amount_owed between 0 and 10000000),
  client_hash text constraint event_registrations_client_hash_length check (char_length(client_hash) <= 64),
  constraint event_registrations_held_until check (status <> 'held' or (hold_expires_at is not null and amount_due > 0)),
  -- the language of the page the request was made on: what is sent back to this person is in it
  locale text not null default 'en' references buzz_haven.languages (code)
);
comment on table buzz_haven.event_registrations is
  'Places registered for workshop events; position orders the waitlist (null unless waitlisted).';
comment on column buzz_haven.event_registrations.hold_expires_at is
  'held: the place is kept for the registrant until then, while they pay by card; expired after it.';
comment on column buzz_haven.event_registrations.amount_due is
  'The card payment asked for the places (cents), priced by the server when the place was held; null: not paid by card.';
comment on column buzz_haven.event_registrations.amount_owed is
  'What the places cost (cents) when they are not paid by card: paid at the workshop; null: free, or paid by card (amount_due).';
comment on column buzz_haven.event_registrations.client_hash is
  'held: a SHA-256 of the client address that asked for the hold, to bound the places one client holds at once.';
-- An event's places taken (counted under the event's lock); the holds due to expire.
create index event_registrations_event_idx on buzz_haven.event_registrations (event_id, status);
create index event_registrations_held_idx on buzz_haven.event_registrations (hold_expires_at) where status = 'held';
-- The holds of one e-mail address (the per-e-mail bound).
create index event_registrations_held_email_idx on buzz_haven.event_registrations (lower(email)) where status = 'held';
alter table buzz_haven.event_registrations enable row level security;
revoke all on buzz_haven.event_registrations from public, anon, authenticated;
select buzz_haven.manage_resource('buzz_haven.event_registrations', 'registration of', 'name', false);

-- Places still free: confirmed, attended and held places (until the hold is expired) are taken.
create or replace function buzz_haven.spots_left(p_event_id uuid) returns integer
language sql stable set search_path = ''
as $$
  select e.capacity - coalesce((
    select sum(r.places) from buzz_haven.event_registrations as r
    where r.event_id = e.id and r.status in ('confirmed', 'attended', 'held')
  ), 0)::integer
  from buzz_haven.events as e where e.id = p_event_id
$$;
revoke all on function buzz_haven.spots_left(uuid) from public, anon, authenticated;

-- Buzz Haven: workshop registrations for staff, and the live 'spots left' for the site.
-- Staff list every registration (filter event_id=eq.<id> for an event's page) and change one:
-- confirmed -> attended or cancelled, attended -> confirmed (undo), waitlisted -> confirmed (when
-- its places fit) or cancelled; a cancelled registration stays cancelled. When places free up, the
-- waitlist moves in order: each waitlisted registration whose places fit is confirmed (one that
-- does not fit keeps its position and a smaller one behind it may pass). The event row is locked
-- first, as registering does, so staff changes and registrations never overbook.

-- Confirms waitlisted registrations of a locked event, in order, while their places fit.
create function buzz_haven.promote_waitlist(p_event_id uuid) returns void
language plpgsql set search_path = ''
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
language plpgsql security definer set search_path = '' -- updates buzz_haven.event_registrations, which the caller has no grant on
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
  v := buzz_haven.lock_row(null::buzz_haven.event_registrations, p_id, 'Registration not found');
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
