-- Buzz Haven: an event's bounds and enums live in events' CHECKs only (issue 23, item 2), as
-- 20251128030010 did for inspections. check_event (20251127060030) repeated the title, location and
-- description lengths, the status and kind lists and the capacity range with their messages, and
-- check_event_offering (20251123000830) the offering's length, for events.offering and for
-- workshop_offerings.slug (check_workshop_offering calls it). The messages become
-- buzz_haven.constraint_messages rows (same words): a write breaking one fails on the table (23514,
-- PostgREST's `details` naming the field). workshop_offerings_slug_format held the format and the
-- length in one CHECK, so one message could not say which: it is split in two, as events' are.
-- What no one-column CHECK holds stays in the functions: a required title and start, the end after
-- the start, a price of 0 or more, a volunteer shift's capacity, and the offering id's format
-- (checked before the length, so a malformed id says so).

alter table buzz_haven.workshop_offerings
  drop constraint workshop_offerings_slug_format,
  add constraint workshop_offerings_slug_format check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  add constraint workshop_offerings_slug_length check (char_length(slug) <= 100);

insert into buzz_haven.constraint_messages (constraint_name, message) values
  ('events_title_length', 'Title is too long (200 characters at most)'),
  ('events_location_length', 'Location is too long (500 characters at most)'),
  ('events_description_length', 'Description is too long (5000 characters at most)'),
  ('events_status_known', 'Status must be scheduled, completed or cancelled'),
  ('events_kind_known', 'Kind must be workshop, open_day, harvest, market, volunteer or other'),
  ('events_capacity_range', 'Capacity must be between 1 and 10000'),
  ('events_offering_length', 'Offering is too long (100 characters at most)'),
  ('workshop_offerings_slug_length', 'Offering is too long (100 characters at most)')
on conflict (constraint_name) do update set message = excluded.message;
select buzz_haven.explain_constraints_of('buzz_haven.events');
select buzz_haven.explain_constraints_of('buzz_haven.workshop_offerings');

create or replace function buzz_haven.check_event(v buzz_haven.events) returns void
language plpgsql
stable
set search_path = ''
as $$
begin
  perform buzz_haven.check_input(nullif(btrim(v.title), '') is not null, 'Title is required');
  perform buzz_haven.check_input(v.start_time is not null, 'Start time is required');
  perform buzz_haven.check_input(v.end_time is null or v.end_time > v.start_time, 'End must be after start');
  perform buzz_haven.check_input(v.price >= 0, 'Price must be positive');
  perform buzz_haven.check_input(v.kind <> 'volunteer' or v.capacity is not null, 'A volunteer shift needs its capacity (how many volunteers)');
end;
$$;

create or replace function buzz_haven.check_event_offering(p_offering text) returns void
language plpgsql
immutable
set search_path = ''
as $$
begin
  perform buzz_haven.check_input(
    p_offering is null or p_offering ~ '^[a-z0-9]+(-[a-z0-9]+)*$',
    'Offering must be a workshop id: lowercase letters, digits and single dashes'
  );
end;
$$;
