-- A workshop event's offering, the events' create and update, the lists and their indexes; the
-- offerings' price and age table with its RPCs.
set check_function_bodies = false;

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
