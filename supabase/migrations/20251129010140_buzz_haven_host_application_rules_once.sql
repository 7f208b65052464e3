-- Buzz Haven: a host application's lengths, yard bounds, choices and photo address live in
-- host_applications' CHECKs only (issue 23, item 2), as 20251128030010 did for inspections.
-- submit_buzz_haven_host_application (20251127060020) repeated them with the host form's messages;
-- the messages become buzz_haven.constraint_messages rows (same words), so a value breaking one
-- fails on the table (23514, PostgREST's `details` naming the field; a missing choice keeps its
-- words through the NOT NULL rows, 23502). host_applications_name_length and
-- host_applications_address_length held two rules each (given; at most so many characters): each
-- is split so a constraint has one message. A blank name or address is still "... is required"
-- (check_required, 20251129010040).
-- The function checks the row it is about to write with buzz_haven.explain_row (20251129010070)
-- before it compares the yard with the minimum and before the honeypot's answer, so a yard of 0 ft
-- is still "must be between 1 and 10000 feet", not "too small", and a bot is refused as before.
-- The ZIP, the email, the yard being given, pets, children and the hosting plan stay in it.

alter table buzz_haven.host_applications
  drop constraint host_applications_name_length,
  add constraint host_applications_name_not_blank check (char_length(name) >= 1),
  add constraint host_applications_name_length check (char_length(name) <= 200),
  drop constraint host_applications_address_length,
  add constraint host_applications_address_not_blank check (char_length(address) >= 1),
  add constraint host_applications_address_length check (char_length(address) <= 300);

insert into buzz_haven.constraint_messages (constraint_name, message) values
  ('host_applications_name_not_blank', 'Name is required'),
  ('host_applications_name_length', 'Name is too long (200 characters at most)'),
  ('host_applications_phone_length', 'Phone is too long (40 characters at most)'),
  ('host_applications_address_not_blank', 'Street address is required'),
  ('host_applications_address_length', 'Street address is too long (300 characters at most)'),
  ('host_applications_yard_length_range', 'The yard''s length and width must be between 1 and 10000 feet'),
  ('host_applications_yard_width_range', 'The yard''s length and width must be between 1 and 10000 feet'),
  ('host_applications_sun_known', 'Sun must be full, partial or shade'),
  ('host_applications_sun_not_null', 'Sun must be full, partial or shade'),
  ('host_applications_water_known', 'Water must be on_site, nearby or none'),
  ('host_applications_water_not_null', 'Water must be on_site, nearby or none'),
  ('host_applications_access_known', 'Access must be level, steps or difficult'),
  ('host_applications_access_not_null', 'Access must be level, steps or difficult'),
  ('host_applications_yard_photo_url_format', 'The yard photo must be a web address'),
  ('host_applications_message_length', 'Message is too long (1000 characters at most)')
on conflict (constraint_name) do update set message = excluded.message;
select buzz_haven.explain_constraints_of('buzz_haven.host_applications');

create or replace function public.submit_buzz_haven_host_application(
  p_name text default null,
  p_email text default null,
  p_phone text default null,
  p_address text default null,
  p_zip text default null,
  p_yard_length_ft integer default null,
  p_yard_width_ft integer default null,
  p_sun text default null,
  p_water text default null,
  p_access text default null,
  p_pets boolean default null,
  p_children boolean default null,
  p_hive_style text default null,
  p_yard_photo_url text default null,
  p_message text default null,
  p_website text default null
)
returns jsonb
language plpgsql
security definer -- inserts into buzz_haven.host_applications, which anon has no grant on
set search_path = ''
as $$
declare
  v_zip text := btrim(p_zip);
  v_area text;
  v_min buzz_haven.host_yard_minimum;
  v buzz_haven.host_applications;
  v_short integer;
  v_long integer;
begin
  perform buzz_haven.check_required(p_name, 'Name');
  perform buzz_haven.check_input(buzz_haven.is_email(btrim(p_email)), 'A valid email is required');
  perform buzz_haven.check_required(p_address, 'Street address');
  perform buzz_haven.check_input(coalesce(v_zip ~ '^[0-9]{5}$', false), 'ZIP code must be 5 digits');
  perform buzz_haven.check_input(p_yard_length_ft is not null and p_yard_width_ft is not null,
    'The yard''s length and width are required (in feet)');
  perform buzz_haven.check_input(p_pets is not null, 'Tell us whether pets use the yard');
  perform buzz_haven.check_input(p_children is not null, 'Tell us whether children use the yard');
  perform buzz_haven.check_input(exists (select 1 from buzz_haven.hosting_plans as p where p.slug = p_hive_style),
    'Hive must be one of the hosting plans (' || (select string_agg(p.slug, ', ' order by p.sort_order, p.slug) from buzz_haven.hosting_plans as p) || ')');
  -- the row as it is stored; host_applications' CHECKs explain a value they refuse (lengths, the
  -- yard's bounds, sun, water, access, the photo's address) before anything else is decided
  v.name := btrim(p_name);
  v.email := lower(btrim(p_email));
  v.phone := nullif(btrim(p_phone), '');
  v.address := btrim(p_address);
  v.zip := v_zip;
  v.yard_length_ft := p_yard_length_ft;
  v.yard_width_ft := p_yard_width_ft;
  v.sun := p_sun;
  v.water := p_water;
  v.access := p_access;
  v.pets := p_pets;
  v.children := p_children;
  v.hive_style := p_hive_style;
  v.yard_photo_url := nullif(btrim(p_yard_photo_url), '');
  v.message := nullif(btrim(p_message), '');
  perform buzz_haven.explain_row(v);
  -- the yard: its shorter side against the minimum's shorter side, its longer against the longer
  select * into strict v_min from buzz_haven.host_yard_minimum;
  v_short := least(p_yard_length_ft, p_yard_width_ft);
  v_long := greatest(p_yard_length_ft, p_yard_width_ft);
  if v_short < least(v_min.length_ft, v_min.width_ft) or v_long < greatest(v_min.length_ft, v_min.width_ft) then
    raise exception '%', format(
      'A hive needs a yard of at least %s ft x %s ft: room for the hive, a water source and our beekeepers to work around it. '
      || '%s ft x %s ft is smaller. If another spot is larger, measure it and apply again, or adopt a hive instead.',
      v_min.length_ft, v_min.width_ft, p_yard_length_ft, p_yard_width_ft) using errcode = '22023';
  end if;
  if nullif(btrim(p_website), '') is not null then
    return jsonb_build_object('id', gen_random_uuid(), 'in_area', true, 'status', 'new', 'area', null, 'areas', '[]'::jsonb);
  end if;
  perform buzz_haven.guard_request('host_application', btrim(p_email));
  select z.area into v_area from buzz_haven.service_area_zips as z where z.zip = v_zip;
  insert into buzz_haven.host_applications (name, email, phone, address, zip, in_area, yard_length_ft, yard_width_ft,
    sun, water, access, pets, children, hive_style, yard_photo_url, message, status)
  values (v.name, v.email, v.phone, v.address, v.zip, v_area is not null,
    v.yard_length_ft, v.yard_width_ft, v.sun, v.water, v.access, v.pets, v.children, v.hive_style,
    v.yard_photo_url, v.message, case when v_area is null then 'waitlist' else 'new' end)
  returning * into v;
  return jsonb_build_object('id', v.id, 'in_area', v.in_area, 'status', v.status, 'area', v_area,
    'areas', public.get_buzz_haven_service_area() -> 'areas');
end;
$$;
