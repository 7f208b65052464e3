-- Events, registrations and holds: events, workshop offerings and their prices, workshop
-- registrations, the waitlist, seat holds, volunteer shifts and sign-ups.
-- Declared whole: this file says what the database holds for its area; supabase/migrations
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

-- Buzz Haven: a workshop event's offering (events.offering). create/update take
-- an optional p_offering (update: '' or p_clear => '{offering}' empties it); the back-office list
-- returns every column; the public availability returns it too.

create or replace function buzz_haven.check_event_offering(p_offering text) returns void
language plpgsql immutable set search_path = ''
as $$
begin
  perform buzz_haven.check_input(
    p_offering is null or buzz_haven.is_slug(p_offering),
    'Offering must be a workshop id: lowercase letters, digits and single dashes'
  );
end;
$$;
revoke all on function buzz_haven.check_event_offering(text) from public, anon, authenticated;
create function public.create_buzz_haven_event(p_title text, p_start_time timestamptz,
  p_end_time timestamptz default null, p_location text default null, p_description text default null,
  p_status text default 'scheduled', p_kind text default 'other', p_capacity integer default null,
  p_is_public boolean default false, p_price integer default 0, p_offering text default null)
returns buzz_haven.events language sql security definer set search_path = '' -- writes buzz_haven.events
as $$ select buzz_haven.create_row(null::buzz_haven.events, jsonb_build_object('title', btrim(p_title),
  'start_time', p_start_time, 'end_time', p_end_time, 'location', nullif(btrim(p_location), ''),
  'description', nullif(btrim(p_description), ''), 'status', coalesce(p_status, 'scheduled'),
  'kind', coalesce(p_kind, 'other'), 'capacity', p_capacity, 'is_public', coalesce(p_is_public, false),
  'price', coalesce(p_price, 0), 'offering', nullif(btrim(p_offering), '')), p_check => 'buzz_haven.check_event') $$;

create function public.update_buzz_haven_event(p_id uuid, p_title text default null,
  p_start_time timestamptz default null, p_end_time timestamptz default null, p_location text default null,
  p_description text default null, p_status text default null, p_kind text default null,
  p_capacity integer default null, p_is_public boolean default null, p_price integer default null,
  p_clear text[] default '{}', p_offering text default null)
returns buzz_haven.events language sql security definer set search_path = '' -- writes buzz_haven.events
as $$ select buzz_haven.change_row(null::buzz_haven.events, p_id, 'Event not found', jsonb_build_object(
  'title', btrim(p_title), 'start_time', p_start_time, 'end_time', p_end_time, 'location', btrim(p_location),
  'description', btrim(p_description), 'status', p_status, 'kind', p_kind, 'capacity', p_capacity,
  'is_public', p_is_public, 'price', p_price, 'offering', btrim(p_offering)), p_clear,
  '{location,description,end_time,capacity,offering}', p_check => 'buzz_haven.check_event') $$;

select buzz_haven.grant_api_execute('create_buzz_haven_event', 'update_buzz_haven_event',
  'get_buzz_haven_workshop_availability');
-- The events list (events resource) puts what is coming first, soonest first, then what is over,
-- most recent first: `order=is_past.asc,time_from_now.asc,id.asc`. Both columns are read at the
-- time of the request, so an event moves to the past part once it has ended (or, without an
-- end, once it has started).
create view buzz_haven_lists.events as
  select e.*,
    coalesce(e.end_time, e.start_time) < now() as is_past,
    greatest(e.start_time - now(), now() - e.start_time) as time_from_now
  from buzz_haven.events as e where buzz_haven_lists.staff_only();
comment on column buzz_haven_lists.events.is_past is 'True once the event has ended (or started, without an end): the list shows it after the coming ones.';
comment on column buzz_haven_lists.events.time_from_now is 'How far the start is from now, either way: the list''s order within the coming and the past events.';

-- The registrations list's columns (the payments area replaces it with the payment columns added).
create view buzz_haven_lists.event_registrations as
select r.id, r.event_id, e.title as event_title, e.start_time as event_start_time, r.name, r.email::text as email,
  r.places, r.child_ages, r.status, r.position, r.created_at, r.updated_at
from buzz_haven.event_registrations as r
join buzz_haven.events as e on e.id = r.event_id
where buzz_haven_lists.staff_only();
create function public.get_buzz_haven_events() returns setof buzz_haven_lists.events
language sql stable as $$ select * from buzz_haven_lists.events $$;
create function public.get_buzz_haven_event_registrations() returns setof buzz_haven_lists.event_registrations
language sql stable as $$ select * from buzz_haven_lists.event_registrations $$;

select buzz_haven.grant_api_execute('get_buzz_haven_event_registrations',
  'update_buzz_haven_event_registration');

-- Events (events resource): order=start_time.asc,id.asc
create index events_list_start_idx on buzz_haven.events (start_time, id);

 -- its prefix

-- An event's registrations (RegistrationsPanel): event_id=eq.<id>&order=created_at.asc,id.asc
create index event_registrations_list_event_idx on buzz_haven.event_registrations (event_id, created_at, id);

-- Buzz Haven: each workshop offering's price per person and age range live in a table, one
-- home, as the other prices do (shipping_rates, adopt_tiers, in the catalog area): staff edit them in
-- the back office (Workshop Prices), the site build reads them (get_buzz_haven_workshop_offerings,
-- anon: they are public; pages quote {{workshops.<id>}}). The offerings' words (title, length,
-- price unit, audience, description) stay in the content document catalog/workshop-offerings,
-- keyed by slug (an event's `offering`); its stored bodies lose price and ages here, as its
-- schema (content/schema/catalog/workshop-offerings.ts) no longer has them.

create table buzz_haven.workshop_offerings (
  id uuid primary key default gen_random_uuid(),
  slug text not null
    constraint workshop_offerings_slug_unique unique
    constraint workshop_offerings_slug_format check (buzz_haven.is_slug(slug))
    constraint workshop_offerings_slug_length check (char_length(slug) <= 100),
  price integer not null constraint workshop_offerings_price_range check (price between 0 and 1000000),
  min_age integer constraint workshop_offerings_min_age_range check (min_age between 0 and 120),
  max_age integer constraint workshop_offerings_max_age_range check (max_age between 0 and 120),
  sort_order integer not null default 0 constraint workshop_offerings_sort_order_range check (sort_order between 0 and 1000),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint workshop_offerings_ages_ordered check (min_age <= max_age)
);
comment on table buzz_haven.workshop_offerings is
  'Workshop offerings: slug (the content''s offering id, events.offering), price per person in cents, age range.';
alter table buzz_haven.workshop_offerings enable row level security;
revoke all on buzz_haven.workshop_offerings from public, anon, authenticated;
select buzz_haven.manage_resource('buzz_haven.workshop_offerings', 'workshop offering', 'slug');

-- seed data: as content/catalog/workshop-offerings.yaml gave them ($75, $45, $35 ages 5-12, $45)
insert into buzz_haven.workshop_offerings (slug, price, min_age, max_age, sort_order) values
  ('beekeeping-basics', 7500, null, null, 1), ('artistic-hive-design', 4500, null, null, 2),
  ('childrens-bee-discovery', 3500, 5, 12, 3), ('cultural-beekeeping-traditions', 4500, null, null, 4);

create function public.get_buzz_haven_workshop_offerings()
returns setof buzz_haven.workshop_offerings
language sql stable security definer set search_path = '' -- reads buzz_haven.workshop_offerings, which the caller has no grant on
as $$
  select * from buzz_haven.workshop_offerings as w order by w.sort_order, w.slug
$$;

create or replace function buzz_haven.check_workshop_offering(v buzz_haven.workshop_offerings) returns void
language plpgsql stable set search_path = ''
as $$
begin
  perform buzz_haven.check_event_offering(v.slug);
  perform buzz_haven.check_input(v.slug is not null, 'Slug is required');
  perform buzz_haven.check_input(coalesce(v.min_age <= v.max_age, true), 'The youngest age cannot be above the oldest');
  perform buzz_haven.check_free(v, 'slug', 'Another offering has this slug');
end;
$$;
revoke all on function buzz_haven.check_workshop_offering(buzz_haven.workshop_offerings) from public, anon, authenticated;

create function public.create_buzz_haven_workshop_offering(p_slug text, p_price integer,
  p_min_age integer default null, p_max_age integer default null, p_sort_order integer default 0)
returns buzz_haven.workshop_offerings language sql security definer set search_path = '' -- writes buzz_haven.workshop_offerings
as $$ select buzz_haven.create_row(null::buzz_haven.workshop_offerings, jsonb_build_object('slug', btrim(p_slug),
  'price', p_price, 'min_age', p_min_age, 'max_age', p_max_age, 'sort_order', coalesce(p_sort_order, 0)),
  p_check => 'buzz_haven.check_workshop_offering') $$;

-- A null argument keeps the value; p_clear => '{min_age,max_age}' removes the age range.
create function public.update_buzz_haven_workshop_offering(p_id uuid, p_slug text default null,
  p_price integer default null, p_min_age integer default null, p_max_age integer default null,
  p_sort_order integer default null, p_clear text[] default '{}')
returns buzz_haven.workshop_offerings language sql security definer set search_path = '' -- writes buzz_haven.workshop_offerings
as $$ select buzz_haven.change_row(null::buzz_haven.workshop_offerings, p_id, 'Workshop offering not found',
  jsonb_build_object('slug', btrim(p_slug), 'price', p_price, 'min_age', p_min_age, 'max_age', p_max_age,
  'sort_order', p_sort_order), p_clear, '{min_age,max_age}', p_check => 'buzz_haven.check_workshop_offering') $$;

create function public.delete_buzz_haven_workshop_offering(p_id uuid)
returns buzz_haven.workshop_offerings language sql security definer set search_path = '' -- deletes from buzz_haven.workshop_offerings
as $$ select buzz_haven.delete_row(null::buzz_haven.workshop_offerings, p_id, 'Workshop offering not found',
  'Only an owner or admin can delete workshop offerings') $$;

select buzz_haven.grant_api_execute('get_buzz_haven_workshop_offerings',
  'create_buzz_haven_workshop_offering', 'update_buzz_haven_workshop_offering',
  'delete_buzz_haven_workshop_offering');

-- Buzz Haven: paid workshop places. With card payments on, the site registers
-- with p_pay => true: a place whose workshop has a price (the event's offering in
-- buzz_haven.workshop_offerings, else the event's own price) is 'held' for 30 minutes while the
-- registrant pays through Stripe Checkout (the stripe-checkout function, kind 'registration':
-- begin_buzz_haven_registration_checkout prices it from the tables, never from the browser). The
-- signed checkout.session.completed webhook (apply_buzz_haven_registration_stripe_event, routed by
-- the session's metadata.kind) records the payment and confirms the place, which queues the
-- usual 'registration_confirmed' e-mail. A hold that is not paid in time becomes 'expired': its
-- places are free again and the waitlist moves up with its 'registration_promoted' e-mail
-- (buzz_haven.promote_waitlist, above). A held place counts as taken until it expires,
-- which happens whichever way comes first:
--   - periodically: expire_buzz_haven_workshop_holds() (service role) is asked by the outbox sender
--     before each pass (supabase/functions/send-messages/sender.ts; every second under `npm start`,
--     on the sender's schedule when hosted), as the 24 h reminders and the staff digests are;
--   - Stripe's checkout.session.expired for the hold's session (the session ends with the hold);
--   - lazily: a registration for the workshop first expires its overdue holds and promotes the
--     waitlist (kept when that registration succeeds; a refused one rolls it back with itself, and
--     the next periodic pass does it).
-- Without p_pay (payments off, or a free workshop) registering is exactly as before. Staff cancel a
-- paid place and refund all or part of it through the stripe-refund function
-- (prepare_/record_buzz_haven_registration_refund). Amounts in integer cents, usd. The hold is
-- event_registrations' status 'held' with hold_expires_at and amount_due.


-- Buzz Haven: paid workshop places, two refinements.
-- 1. The price of a place is its offering's in buzz_haven.workshop_offerings, the price table, and
--    only that: an event with no offering (or an offering without a row) has no price to pay by
--    card, and registering for it is exactly as before card payments (the event's own legacy
--    `price` column is not charged).
-- 2. A held workshop place lasts as long as its Checkout Session.
--    Stripe opens a session for at least 30 minutes from its creation, a few seconds after the place
--    was held (register_buzz_haven_workshop), so recording the session moves the
--    hold's end to the session's: the registrant never pays into a session whose place has already
--    gone, and Stripe's checkout.session.expired arrives as the hold ends.
--
-- Buzz Haven: who may take a priced workshop place without paying, and how many places one
-- visitor may hold while paying.
-- 1. The server decides how a place of a priced offering is paid, as it does for orders: the
--    browser's p_pay asks for a card hold, and without it the place is confirmed unpaid (paid at
--    the workshop) only while buzz_haven.payment_settings.workshop_pay_later allows it; with it
--    off the request is refused, so a visitor cannot skip Checkout by leaving p_pay out. A place
--    confirmed unpaid (and a waitlisted one, for when it moves up) keeps what it owes in
--    event_registrations.amount_owed, and staff see it 'unpaid' in the registrations list.
-- 2. A hold keeps its places only while its card payment can still happen: until its Checkout
--    Session is open (at most payment_settings.hold_start_minutes after the hold), then for the
--    session's life (the hold's end follows the session's, record_buzz_haven_registration_checkout).
--    A hold that never opened its session is expired as an overdue one is (lazily on the next
--    registration, periodically, or refused at checkout), and its places go to the waitlist.
-- 3. One e-mail and one client (a SHA-256 of buzz_haven.client_address(), as the request log keeps
--    it) hold at most payment_settings.hold_places_per_email / hold_places_per_client places at
--    once across every workshop; past that the visitor is told so in the words of
--    buzz_haven.constraint_messages. The numbers are the one row of payment_settings, which
--    owners and admins edit in the back office (Payment Settings).

create or replace function buzz_haven.workshop_place_price(p_event buzz_haven.events) returns integer
language sql stable set search_path = ''
as $$
  select coalesce((select w.price from buzz_haven.workshop_offerings as w where w.slug = p_event.offering), 0)
$$;
revoke all on function buzz_haven.workshop_place_price(buzz_haven.events) from public, anon, authenticated;

-- How long a place is held while its registrant pays (Stripe's shortest Checkout Session is 30 minutes).
create function buzz_haven.workshop_hold_minutes() returns integer
language sql immutable set search_path = '' as $$ select 30 $$;

-- Whether a hold still keeps its places: before its end, and with its Checkout Session open (or
-- still within the minutes it is given to open one).
create function buzz_haven.hold_is_live(r buzz_haven.event_registrations) returns boolean
language sql stable set search_path = ''
as $$
  select r.status = 'held' and r.hold_expires_at > now() and (
    exists (select 1 from buzz_haven.checkout_sessions as s where s.registration_id = r.id and s.status = 'open')
    or r.created_at > now() - make_interval(mins => (select p.hold_start_minutes from buzz_haven.payment_settings as p limit 1)))
$$;
revoke all on function buzz_haven.hold_is_live(buzz_haven.event_registrations) from public, anon, authenticated;

-- Refuses a hold of p_places more than one e-mail or one client may hold at once. The caller has
-- taken buzz_haven.guard_request's locks on this client and e-mail, so two holds of one visitor
-- are counted one after the other.
create function buzz_haven.check_hold_bounds(p_email text, p_client text, p_places integer) returns void
language plpgsql stable set search_path = ''
as $$
declare
  v buzz_haven.payment_settings;
begin
  select * into v from buzz_haven.payment_settings limit 1;
  if p_places + coalesce((select sum(r.places) from buzz_haven.event_registrations as r
      where r.status = 'held' and lower(r.email) = p_email and buzz_haven.hold_is_live(r)), 0) > v.hold_places_per_email then
    perform buzz_haven.refuse('event_registrations_held_per_email', 'PT409', array[v.hold_places_per_email::text]);
  end if;
  if p_client is not null and p_places + coalesce((select sum(r.places) from buzz_haven.event_registrations as r
      where r.status = 'held' and r.client_hash = p_client and buzz_haven.hold_is_live(r)), 0) > v.hold_places_per_client then
    perform buzz_haven.refuse('event_registrations_held_per_client', 'PT409', array[v.hold_places_per_client::text]);
  end if;
end;
$$;
revoke all on function buzz_haven.check_hold_bounds(text, text, integer) from public, anon, authenticated;

-- Expires the holds of one event (locked by the caller) that no longer keep their places, and
-- moves its waitlist up.
create function buzz_haven.expire_event_holds(p_event_id uuid) returns integer
language plpgsql set search_path = ''
as $$
declare
  v_count integer;
begin
  update buzz_haven.event_registrations as r set status = 'expired'
  where r.event_id = p_event_id and r.status = 'held' and not buzz_haven.hold_is_live(r);
  get diagnostics v_count = row_count;
  if v_count > 0 then
    perform buzz_haven.promote_waitlist(p_event_id);
  end if;
  return v_count;
end;
$$;
revoke all on function buzz_haven.expire_event_holds(uuid) from public, anon, authenticated;

-- Every hold that no longer keeps its places (service role: the outbox sender asks before each pass).
create function public.expire_buzz_haven_workshop_holds() returns integer
language plpgsql security definer set search_path = '' -- writes buzz_haven.event_registrations; the service key only
as $$
declare
  v_event uuid;
  v_total integer := 0;
begin
  for v_event in
    select distinct r.event_id from buzz_haven.event_registrations as r where r.status = 'held' and not buzz_haven.hold_is_live(r)
  loop
    perform 1 from buzz_haven.events as e where e.id = v_event for update;
    v_total := v_total + buzz_haven.expire_event_holds(v_event);
  end loop;
  return v_total;
end;
$$;
revoke all on function public.expire_buzz_haven_workshop_holds() from public, anon, authenticated;
grant execute on function public.expire_buzz_haven_workshop_holds() to service_role;

create or replace function public.register_buzz_haven_workshop(
  p_event_id uuid default null,
  p_name text default null,
  p_email text default null,
  p_places integer default 1,
  p_child_ages integer[] default null,
  p_join_waitlist boolean default false,
  p_website text default null,
  p_pay boolean default false,
  p_locale text default 'en'
)
returns jsonb
language plpgsql security definer set search_path = '' -- writes buzz_haven.event_registrations, which anon has no grant on
as $$
declare
  v_event buzz_haven.events;
  v_email text := lower(btrim(p_email));
  v_left integer;
  v_price integer;
  v_owed integer;
  v_client text := buzz_haven.sha256_hex(buzz_haven.client_address());
  v_row buzz_haven.event_registrations;
begin
  perform buzz_haven.set_request_locale(p_locale);
  if nullif(btrim(p_website), '') is not null then
    return jsonb_build_object('id', gen_random_uuid(), 'status', 'confirmed', 'position', null, 'spots_left', null,
      'amount_due', null, 'hold_expires_at', null, 'amount_owed', null);
  end if;
  perform buzz_haven.check_rule(nullif(btrim(p_name), '') is not null, 'name_required');
  perform buzz_haven.check_rule(buzz_haven.is_email(v_email), 'email_valid');
  perform buzz_haven.check_rule(coalesce(p_places, 0) between 1 and 10, 'registration_places_range');
  perform buzz_haven.guard_request('registration', v_email);
  select * into v_event from buzz_haven.events as e where e.id = p_event_id for update;
  if not found or not v_event.is_public or v_event.kind <> 'workshop' or v_event.status <> 'scheduled'
    or v_event.start_time <= now() then
    raise exception '%', buzz_haven.rule_message('registration_not_open') using errcode = 'PT404';
  end if;
  if exists (select 1 from buzz_haven.workshop_offerings as w
      where w.slug = v_event.offering and (w.min_age is not null or w.max_age is not null)) then
    perform buzz_haven.check_rule(cardinality(p_child_ages) = p_places, 'registration_child_ages');
    perform buzz_haven.check_rule(5 <= all (p_child_ages) and 12 >= all (p_child_ages),
      'registration_child_age_range');
  else
    perform buzz_haven.check_rule(coalesce(cardinality(p_child_ages), 0) = 0, 'registration_ages_children_only');
  end if;
  perform buzz_haven.expire_event_holds(p_event_id);
  if exists (
    select 1 from buzz_haven.event_registrations as r
    where r.event_id = p_event_id and lower(r.email) = v_email and r.status not in ('cancelled', 'expired')
  ) then
    raise exception '%', buzz_haven.rule_message('registration_already') using errcode = 'PT409';
  end if;
  v_left := buzz_haven.spots_left(p_event_id);
  v_price := buzz_haven.workshop_place_price(v_event);
  v_owed := nullif(v_price * p_places, 0);
  if v_left is null or p_places <= v_left then
    if coalesce(p_pay, false) and v_price > 0 then
      perform buzz_haven.check_hold_bounds(v_email, v_client, p_places);
      insert into buzz_haven.event_registrations (event_id, name, email, places, child_ages, status, hold_expires_at, amount_due,
        client_hash, locale)
      values (p_event_id, btrim(p_name), v_email, p_places, p_child_ages, 'held',
        now() + make_interval(mins => buzz_haven.workshop_hold_minutes()), v_owed, v_client, buzz_haven.request_locale())
      returning * into v_row;
    elsif v_price > 0 and not coalesce((select s.workshop_pay_later from buzz_haven.payment_settings as s limit 1), true) then
      perform buzz_haven.refuse('event_registrations_card_only', '22023');
    else
      insert into buzz_haven.event_registrations (event_id, name, email, places, child_ages, status, amount_owed, locale)
      values (p_event_id, btrim(p_name), v_email, p_places, p_child_ages, 'confirmed', v_owed, buzz_haven.request_locale())
      returning * into v_row;
    end if;
  elsif coalesce(p_join_waitlist, false) then
    -- what the places will cost when they move up (staff then see them unpaid)
    insert into buzz_haven.event_registrations (event_id, name, email, places, child_ages, status, position, amount_owed, locale)
    values (p_event_id, btrim(p_name), v_email, p_places, p_child_ages, 'waitlisted', 1 + coalesce((
      select max(r.position) from buzz_haven.event_registrations as r where r.event_id = p_event_id), 0), v_owed,
      buzz_haven.request_locale())
    returning * into v_row;
  elsif v_left <= 0 then
    raise exception '%', buzz_haven.rule_message('registration_full') using errcode = 'PT409';
  else
    perform buzz_haven.refuse('registration_places_left', 'PT409',
      array[v_left::text, case when v_left = 1 then 'place' else 'places' end]);
  end if;
  return jsonb_build_object('id', v_row.id, 'status', v_row.status, 'position', v_row.position,
    'spots_left', buzz_haven.spots_left(p_event_id), 'amount_due', v_row.amount_due, 'hold_expires_at', v_row.hold_expires_at,
    'amount_owed', v_row.amount_owed);
end;
$$;

revoke all on function buzz_haven.workshop_hold_minutes() from public, anon, authenticated;

-- Buzz Haven: volunteering. A volunteer shift is an event of kind 'volunteer'
-- with a capacity (its number of volunteers); a visitor signs up with name, e-mail and phone
-- (/impact#join). The event row is locked while the signed-up volunteers are counted, so
-- simultaneous sign-ups never overfill a shift; a full shift is refused ('This shift is full'),
-- there is no waitlist. Staff see each shift's roster (get_buzz_haven_volunteer_signups, shown on
-- the event's page).

create table buzz_haven.volunteer_signups (
  id uuid primary key default gen_random_uuid(),
  event_id uuid not null references buzz_haven.events (id) on delete cascade,
  name text not null constraint volunteer_signups_name_length check (char_length(name) between 1 and 200),
  email buzz_haven.email not null,
  phone text not null constraint volunteer_signups_phone_length check (char_length(phone) between 1 and 40),
  status text not null default 'confirmed' constraint volunteer_signups_status_known check (status in ('confirmed', 'cancelled')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- the language of the page the request was made on: what is sent back to this person is in it
  locale text not null default 'en' references buzz_haven.languages (code)
);
create index volunteer_signups_event_idx on buzz_haven.volunteer_signups (event_id, status);
create unique index volunteer_signups_one_per_email on buzz_haven.volunteer_signups (event_id, lower(email)) where status = 'confirmed';
comment on table buzz_haven.volunteer_signups is 'Volunteers signed up for a volunteer shift (an event of kind volunteer).';
alter table buzz_haven.volunteer_signups enable row level security;
revoke all on buzz_haven.volunteer_signups from public, anon, authenticated;
select buzz_haven.manage_resource('buzz_haven.volunteer_signups', 'volunteer', 'name', false);

-- Upcoming public volunteer shifts with their places left (anon: the site shows them).
create function public.get_buzz_haven_volunteer_shifts()
returns table (id uuid, title text, start_time timestamptz, end_time timestamptz, location text, description text,
  capacity integer, places_left integer)
language sql
stable
security definer -- reads buzz_haven.events and volunteer_signups, which anon has no grant on
set search_path = ''
as $$
  select e.id, e.title, e.start_time, e.end_time, e.location, e.description, e.capacity,
    greatest(e.capacity - (select count(*)::integer from buzz_haven.volunteer_signups as s
      where s.event_id = e.id and s.status = 'confirmed'), 0)
  from buzz_haven.events as e
  where e.is_public and e.kind = 'volunteer' and e.status = 'scheduled' and e.start_time > now()
  order by e.start_time, e.title, e.id
$$;

create or replace function public.submit_buzz_haven_volunteer_signup(
  p_event_id uuid default null,
  p_name text default null,
  p_email text default null,
  p_phone text default null,
  p_website text default null,
  p_locale text default 'en'
)
returns jsonb
language plpgsql security definer set search_path = '' -- inserts into buzz_haven.volunteer_signups, which anon has no grant on
as $$
declare
  v_event buzz_haven.events;
  v_taken integer;
  v buzz_haven.volunteer_signups;
begin
  perform buzz_haven.set_request_locale(p_locale);
  perform buzz_haven.check_rule(p_event_id is not null, 'volunteer_shift_required');
  perform buzz_haven.check_rule(nullif(btrim(p_name), '') is not null, 'name_required');
  perform buzz_haven.check_rule(buzz_haven.is_email(btrim(p_email)), 'email_valid');
  perform buzz_haven.check_rule(nullif(btrim(p_phone), '') is not null, 'phone_required');
  if nullif(btrim(p_website), '') is not null then
    return jsonb_build_object('id', gen_random_uuid(), 'event_id', p_event_id, 'places_left', 0);
  end if;
  select * into v_event from buzz_haven.events as e
  where e.id = p_event_id and e.is_public and e.kind = 'volunteer' and e.status = 'scheduled' and e.start_time > now()
  for update;
  if not found then
    raise exception '%', buzz_haven.rule_message('volunteer_not_open') using errcode = 'PT404';
  end if;
  perform buzz_haven.guard_request('volunteer', btrim(p_email));
  if exists (select 1 from buzz_haven.volunteer_signups as s
    where s.event_id = p_event_id and s.status = 'confirmed' and lower(s.email) = lower(btrim(p_email))) then
    raise exception '%', buzz_haven.rule_message('volunteer_already') using errcode = '22023';
  end if;
  select count(*)::integer into v_taken from buzz_haven.volunteer_signups as s where s.event_id = p_event_id and s.status = 'confirmed';
  if v_taken >= v_event.capacity then
    raise exception '%', buzz_haven.rule_message('volunteer_full') using errcode = '22023';
  end if;
  insert into buzz_haven.volunteer_signups (event_id, name, email, phone, locale)
  values (p_event_id, btrim(p_name), btrim(p_email), btrim(p_phone), buzz_haven.request_locale())
  returning * into v;
  return jsonb_build_object('id', v.id, 'event_id', v.event_id, 'places_left', v_event.capacity - v_taken - 1);
end;
$$;

-- Staff: every sign-up with its shift; the admin narrows it to one shift with event_id=eq.
create function public.get_buzz_haven_volunteer_signups()
returns table (id uuid, event_id uuid, event_title text, event_start_time timestamptz, name text, email text, phone text,
  status text, created_at timestamptz, updated_at timestamptz)
language plpgsql
stable
security definer -- reads buzz_haven.volunteer_signups and events, which the caller has no grant on
set search_path = ''
as $$
begin
  perform buzz_haven.require_role();
  return query
    select s.id, s.event_id, e.title, e.start_time, s.name, s.email::text, s.phone, s.status, s.created_at, s.updated_at
    from buzz_haven.volunteer_signups as s join buzz_haven.events as e on e.id = s.event_id
    order by e.start_time, s.created_at, s.id;
end;
$$;

select buzz_haven.grant_api_execute('get_buzz_haven_volunteer_shifts', 'submit_buzz_haven_volunteer_signup',
  'get_buzz_haven_volunteer_signups');

-- An event's bounds and enums live in events' CHECKs only (one home per rule), their messages in
-- buzz_haven.constraint_messages: a write breaking one fails on the table (23514, PostgREST's
-- `details` naming the field). What no one-column CHECK holds stays in the functions: a required
-- title and start, the end after the start, a price of 0 or more, a volunteer shift's capacity,
-- and the offering id's format (checked before the length, so a malformed id says so).

-- The messages of this file's table rules (how they are raised: buzz_haven.constraint_messages).
-- A blank registration name is still "Name is required" (buzz_haven.check_required).
-- These tables' bounds and allowed values say their own messages (buzz_haven.derived_message);
-- the rows below give other words.
select buzz_haven.derive_messages('buzz_haven.event_registrations', 'buzz_haven.events', 'buzz_haven.volunteer_signups');
insert into buzz_haven.constraint_messages (constraint_name, message) values
  -- workshop_offerings
  ('workshop_offerings_price_range', 'Price must be between $%s and $%s'),
  ('workshop_offerings_price_not_null', 'Price must be between $%s and $%s'),
  ('workshop_offerings_min_age_range', 'Ages must be between %s and %s'),
  ('workshop_offerings_max_age_range', 'Ages must be between %s and %s'),
  ('workshop_offerings_sort_order_range', 'Order must be between %s and %s'),
  ('workshop_offerings_slug_length', 'Offering is too long (%s characters at most)'),
  -- event_registrations
  ('event_registrations_amount_owed_range', 'Amount owed must be between $%s and $%s'),
  -- the words a refused registration is told, keyed by the rule's name (buzz_haven.refuse; format()
  -- fills in the number)
  ('event_registrations_card_only', 'Workshop places are paid by card when you register: please reload the page and register again'),
  ('event_registrations_held_per_email',
    'One e-mail address can hold at most %s places at a time while paying. Finish paying for the places you hold, or register fewer places'),
  ('event_registrations_held_per_client',
    'At most %s places can be held at a time from one connection while paying. Please finish the payments you started, or try again in a few minutes');

-- The words of the visitor RPCs' own refusals, keyed by the rule's name (buzz_haven.check_rule,
-- buzz_haven.refuse, buzz_haven.rule_message; format() fills in each %s); other languages' words
-- are in translations.sql.
insert into buzz_haven.constraint_messages (constraint_name, message) values
  ('registration_places_range', 'Places must be between 1 and 10'),
  ('registration_not_open', 'This workshop is not open for registration'),
  ('registration_child_ages', 'Give the age of each child (one per place)'),
  ('registration_child_age_range', 'Children must be 5 to 12 years old'),
  ('registration_ages_children_only', 'Ages are only asked for children''s workshops'),
  ('registration_already', 'You are already registered for this workshop'),
  ('registration_full', 'This workshop is full'),
  ('registration_places_left', 'Only %s %s left in this workshop'),
  ('volunteer_shift_required', 'Choose a shift'),
  ('volunteer_not_open', 'This shift is not open for sign-ups'),
  ('volunteer_already', 'You are already signed up for this shift'),
  ('volunteer_full', 'This shift is full: every place has been taken. Please choose another shift.');
