-- Buzz Haven: a hive's, a honey batch's and a service-area ZIP's bounds and enums live in their
-- tables' CHECKs only (issue 23, item 2), as 20251128030010 did for inspections. check_hive
-- (20251127040000), check_honey_batch (20251127050000) and check_service_area_zip (20251127060020)
-- repeated each with its message; the messages become buzz_haven.constraint_messages rows (same
-- words), so a write breaking one fails on the table (23514, PostgREST's `details` naming the field;
-- a missing jar count or area keeps its words through the NOT NULL rows, 23502). What no one-column
-- CHECK holds stays in the functions: a required name, coordinates given together, a hive on the map
-- placed, a shown host name given, a batch code's format and uniqueness, a product that exists, a
-- published batch's harvest, a ZIP's format and uniqueness.

insert into buzz_haven.constraint_messages (constraint_name, message) values
  ('hives_name_length', 'Name is too long (200 characters at most)'),
  ('hives_location_length', 'Location is too long (500 characters at most)'),
  ('hives_host_length', 'Host is too long (200 characters at most)'),
  ('hives_status_known', 'Status must be active, queenless, swarmed, dead_out or retired'),
  ('hives_queen_source_length', 'Queen source is too long (200 characters at most)'),
  ('hives_queen_marking_length', 'Queen marking is too long (50 characters at most)'),
  ('hives_notes_length', 'Notes are too long (5000 characters at most)'),
  ('hives_neighbourhood_length', 'Neighbourhood is too long (100 characters at most)'),
  ('hives_host_display_name_length', 'Host display name is too long (100 characters at most)'),
  ('hives_latitude_range', 'Latitude must be between -85 and 85'),
  ('hives_longitude_range', 'Longitude must be between -180 and 180'),
  ('honey_batches_jar_count_range', 'Jar count must be between 1 and 100000'),
  ('honey_batches_jar_count_not_null', 'Jar count must be between 1 and 100000'),
  ('honey_batches_net_weight_length', 'Net weight is too long (60 characters at most)'),
  ('honey_batches_notes_length', 'Notes are too long (2000 characters at most)'),
  ('service_area_zips_area_length', 'Area is required (100 characters at most)'),
  ('service_area_zips_area_max_length', 'Area is required (100 characters at most)'),
  ('service_area_zips_area_not_null', 'Area is required (100 characters at most)')
on conflict (constraint_name) do update set message = excluded.message;
select buzz_haven.explain_constraints_of(t::regclass)
from unnest(array['buzz_haven.hives', 'buzz_haven.honey_batches', 'buzz_haven.service_area_zips']) as t;

create or replace function buzz_haven.check_hive(v buzz_haven.hives) returns void
language plpgsql
stable
set search_path = ''
as $$
begin
  perform buzz_haven.check_input(nullif(btrim(v.name), '') is not null, 'Name is required');
  perform buzz_haven.check_input((v.latitude is null) = (v.longitude is null), 'Latitude and longitude go together: give both or neither');
  perform buzz_haven.check_input(
    not v.on_map or (v.latitude is not null and v.neighbourhood is not null),
    'A hive on the map needs its neighbourhood, latitude and longitude'
  );
  perform buzz_haven.check_input(
    not v.show_host_name or v.host_display_name is not null,
    'Showing the host''s name needs a host display name'
  );
end;
$$;

create or replace function buzz_haven.check_honey_batch(v buzz_haven.honey_batches) returns void
language plpgsql
stable
set search_path = ''
as $$
begin
  perform buzz_haven.check_input(coalesce(v.code ~ '^[A-Z]{2,4}-[0-9]{2}[A-Z]-[0-9]{2,3}$', false),
    'Batch code must look like EH-24F-07: 2-4 capital letters, a dash, the year''s two digits and a season letter, a dash, a 2-3 digit number');
  perform buzz_haven.check_input(not exists (select 1 from buzz_haven.honey_batches as b where b.code = v.code and b.id <> v.id),
    'Another batch has this code');
  perform buzz_haven.check_input(v.product_id is not null, 'Product is required');
  perform buzz_haven.check_input(exists (select 1 from buzz_haven.products as p where p.id = v.product_id), 'Product not found');
  perform buzz_haven.check_input(
    not v.published or exists (select 1 from buzz_haven.honey_harvests as h where h.batch_id = v.id),
    'A batch needs at least one harvest before it is published: record its harvests first');
end;
$$;

create or replace function buzz_haven.check_service_area_zip(v buzz_haven.service_area_zips) returns void
language plpgsql
stable
set search_path = ''
as $$
begin
  perform buzz_haven.check_input(coalesce(v.zip ~ '^[0-9]{5}$', false), 'ZIP code must be 5 digits');
  perform buzz_haven.check_input(not exists (select 1 from buzz_haven.service_area_zips as z where z.zip = v.zip and z.id <> v.id),
    'This ZIP code is already in the service area');
end;
$$;
