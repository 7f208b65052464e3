-- The service area's ZIP codes and the host yard minimum, with their RPCs.
set check_function_bodies = false;

-- Buzz Haven: host applications, replacing the free-text hosting inquiry.
-- - service_area_zips: the ZIP codes the business serves, each with its area's name; staff edit
--   them in the back office (Service Area); the site's message for an outside ZIP names them.
-- - host_yard_minimum (one row): the smallest yard a hive goes in, 10 ft x 10 ft (the
--   specification's minimum backyard space); a smaller yard is refused with that explanation.
-- - host_applications: what the visitor tells (address, ZIP, yard, sun, water, access, pets and
--   children, standard or artistic hive, an optional yard photo) and the staff workflow
--   new -> site_visit_booked -> approved -> installed, or declined (with a reason) from any open
--   step. An application from outside the service area is kept as a waitlist lead (status
--   'waitlist'), never lost; staff may open it (new) when the area grows. Installed needs the hive
--   it went into: the hive's host_email becomes the applicant's e-mail (and its host their name
--   when it had none), so the new host signs in to /my-hive (get_buzz_haven_my_hives).

create table buzz_haven.service_area_zips (
  id uuid primary key default gen_random_uuid(),
  zip text not null constraint service_area_zips_zip_unique unique
    constraint service_area_zips_zip_format check (zip ~ '^[0-9]{5}$')
    constraint service_area_zips_zip_length check (char_length(zip) <= 5),
  area text not null constraint service_area_zips_area_length check (char_length(btrim(area)) between 1 and 100)
    constraint service_area_zips_area_max_length check (char_length(area) <= 100),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table buzz_haven.service_area_zips is 'ZIP codes of the service area (host applications are checked against them), each with its area''s name.';
alter table buzz_haven.service_area_zips enable row level security;
revoke all on buzz_haven.service_area_zips from public, anon, authenticated;
select buzz_haven.manage_resource('buzz_haven.service_area_zips', 'service area ZIP', 'zip');

-- seed data: East Hills, the specification's service area
insert into buzz_haven.service_area_zips (zip, area) values
  ('90031', 'East Hills'), ('90032', 'East Hills'), ('90041', 'East Hills'), ('90042', 'East Hills'), ('90065', 'East Hills');

create table buzz_haven.host_yard_minimum (
  id uuid primary key default gen_random_uuid(),
  singleton boolean not null default true constraint host_yard_minimum_one_row unique constraint host_yard_minimum_singleton check (singleton),
  length_ft integer not null constraint host_yard_minimum_length_range check (length_ft between 1 and 100),
  width_ft integer not null constraint host_yard_minimum_width_range check (width_ft between 1 and 100),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table buzz_haven.host_yard_minimum is 'The smallest yard a hosted hive goes in, in feet (one row).';
alter table buzz_haven.host_yard_minimum enable row level security;
revoke all on buzz_haven.host_yard_minimum from public, anon, authenticated;
select buzz_haven.manage_resource('buzz_haven.host_yard_minimum', 'yard minimum', 'length_ft', false);
insert into buzz_haven.host_yard_minimum (length_ft, width_ft) values (10, 10);

-- The service area and the yard minimum, public: the form says them before anyone applies.
create function public.get_buzz_haven_service_area() returns jsonb
language sql stable security definer set search_path = '' -- reads buzz_haven.service_area_zips and host_yard_minimum, which anon has no grant on
as $$
  select jsonb_build_object(
    'areas', coalesce((select jsonb_agg(jsonb_build_object('area', a.area, 'zips', a.zips) order by a.area)
      from (select z.area, jsonb_agg(z.zip order by z.zip) as zips from buzz_haven.service_area_zips as z group by z.area) as a), '[]'::jsonb),
    'min_length_ft', (select m.length_ft from buzz_haven.host_yard_minimum as m),
    'min_width_ft', (select m.width_ft from buzz_haven.host_yard_minimum as m))
$$;

create function public.get_buzz_haven_service_area_zips() returns setof buzz_haven.service_area_zips
language sql stable security definer set search_path = '' -- reads buzz_haven.service_area_zips through buzz_haven.list_rows
as $$ select * from buzz_haven.list_rows(null::buzz_haven.service_area_zips, 't.zip') $$;

-- The ZIP's shape and the area's length are service_area_zips' CHECKs; a ZIP is in the area once.
create function public.create_buzz_haven_service_area_zip(p_zip text, p_area text)
returns buzz_haven.service_area_zips language sql security definer set search_path = '' -- writes buzz_haven.service_area_zips
as $$ select buzz_haven.create_row(null::buzz_haven.service_area_zips, jsonb_build_object('zip', btrim(p_zip),
  'area', btrim(p_area)), 'zip', 'This ZIP code is already in the service area') $$;

create function public.update_buzz_haven_service_area_zip(p_id uuid, p_zip text default null, p_area text default null,
  p_clear text[] default '{}')
returns buzz_haven.service_area_zips language sql security definer set search_path = '' -- writes buzz_haven.service_area_zips
as $$ select buzz_haven.change_row(null::buzz_haven.service_area_zips, p_id, 'Service area ZIP not found',
  jsonb_build_object('zip', btrim(p_zip), 'area', btrim(p_area)), p_clear,
  p_unique => 'zip', p_taken => 'This ZIP code is already in the service area') $$;

create function public.delete_buzz_haven_service_area_zip(p_id uuid)
returns buzz_haven.service_area_zips language sql security definer set search_path = '' -- deletes from buzz_haven.service_area_zips
as $$ select buzz_haven.delete_row(null::buzz_haven.service_area_zips, p_id, 'Service area ZIP not found',
  'Only an owner or admin can remove a ZIP code from the service area') $$;

create function public.get_buzz_haven_host_yard_minimum()
returns setof buzz_haven.host_yard_minimum language sql stable security definer set search_path = '' -- reads buzz_haven.host_yard_minimum
as $$ select * from buzz_haven.host_yard_minimum $$;

create function public.update_buzz_haven_host_yard_minimum(p_id uuid, p_length_ft integer default null,
  p_width_ft integer default null, p_clear text[] default '{}')
returns buzz_haven.host_yard_minimum language sql security definer set search_path = '' -- writes buzz_haven.host_yard_minimum
as $$ select buzz_haven.change_row(null::buzz_haven.host_yard_minimum, p_id, 'Yard minimum not found',
  jsonb_build_object('length_ft', p_length_ft, 'width_ft', p_width_ft), p_clear) $$;
