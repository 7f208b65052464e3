-- Buzz Haven: host applications (issue 27, item 5), replacing the free-text hosting inquiry.
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
--   when it had none), so the new host signs in to /my-hive (20251127060010).

create table buzz_haven.service_area_zips (
  id uuid primary key default gen_random_uuid(),
  zip text not null constraint service_area_zips_zip_unique unique
    constraint service_area_zips_zip_format check (zip ~ '^[0-9]{5}$'),
  area text not null constraint service_area_zips_area_length check (char_length(btrim(area)) between 1 and 100),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table buzz_haven.service_area_zips is 'ZIP codes of the service area (host applications are checked against them), each with its area''s name.';
alter table buzz_haven.service_area_zips enable row level security;
revoke all on buzz_haven.service_area_zips from public, anon, authenticated;
create trigger service_area_zips_set_updated_at before update on buzz_haven.service_area_zips
  for each row execute function buzz_haven.set_updated_at();
create trigger service_area_zips_log_activity after insert or update or delete on buzz_haven.service_area_zips
  for each row execute function buzz_haven.log_activity('service area ZIP', 'zip');
select buzz_haven.require_second_factor_for_deletes('buzz_haven.service_area_zips');

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
create trigger host_yard_minimum_set_updated_at before update on buzz_haven.host_yard_minimum
  for each row execute function buzz_haven.set_updated_at();
create trigger host_yard_minimum_log_activity after insert or update or delete on buzz_haven.host_yard_minimum
  for each row execute function buzz_haven.log_activity('yard minimum', 'length_ft');
insert into buzz_haven.host_yard_minimum (length_ft, width_ft) values (10, 10);

create table buzz_haven.host_applications (
  id uuid primary key default gen_random_uuid(),
  name text not null constraint host_applications_name_length check (char_length(name) between 1 and 200),
  email buzz_haven.email not null,
  phone text constraint host_applications_phone_length check (char_length(phone) <= 40),
  address text not null constraint host_applications_address_length check (char_length(address) between 1 and 300),
  zip text not null constraint host_applications_zip_format check (zip ~ '^[0-9]{5}$'),
  in_area boolean not null,
  yard_length_ft integer not null constraint host_applications_yard_length_range check (yard_length_ft between 1 and 10000),
  yard_width_ft integer not null constraint host_applications_yard_width_range check (yard_width_ft between 1 and 10000),
  sun text not null constraint host_applications_sun_known check (sun in ('full', 'partial', 'shade')),
  water text not null constraint host_applications_water_known check (water in ('on_site', 'nearby', 'none')),
  access text not null constraint host_applications_access_known check (access in ('level', 'steps', 'difficult')),
  pets boolean not null,
  children boolean not null,
  -- a hosting plan's slug (buzz_haven.hosting_plans: standard, artistic)
  hive_style text not null constraint host_applications_hive_style_length check (char_length(hive_style) <= 60),
  yard_photo_url text constraint host_applications_yard_photo_url_format
    check (char_length(yard_photo_url) <= 1000 and yard_photo_url ~ '^https?://'),
  message text constraint host_applications_message_length check (char_length(message) <= 1000),
  status text not null default 'new' constraint host_applications_status_known
    check (status in ('waitlist', 'new', 'site_visit_booked', 'approved', 'installed', 'declined')),
  site_visit_at timestamptz,
  hive_id uuid references buzz_haven.hives (id) on delete set null,
  decline_reason text constraint host_applications_decline_reason_length check (char_length(decline_reason) <= 1000),
  staff_notes text constraint host_applications_staff_notes_length check (char_length(staff_notes) <= 5000),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint host_applications_declined_has_reason check (status <> 'declined' or decline_reason is not null)
);
create index host_applications_status_idx on buzz_haven.host_applications (status, created_at desc);
comment on table buzz_haven.host_applications is
  'Hive hosting applications: waitlist (outside the service area), new, site_visit_booked, approved, installed (hive_id) or declined (decline_reason).';
alter table buzz_haven.host_applications enable row level security;
revoke all on buzz_haven.host_applications from public, anon, authenticated;
create trigger host_applications_set_updated_at before update on buzz_haven.host_applications
  for each row execute function buzz_haven.set_updated_at();
create trigger host_applications_log_activity after insert or update or delete on buzz_haven.host_applications
  for each row execute function buzz_haven.log_activity('host application by', 'name');

insert into buzz_haven.rate_limits (action, max_per_client, max_per_contact) values ('host_application', 10, 5)
on conflict (action) do nothing;

-- The service area and the yard minimum, public: the form says them before anyone applies.
create function public.get_buzz_haven_service_area()
returns jsonb
language sql
stable
security definer -- reads buzz_haven.service_area_zips and host_yard_minimum, which anon has no grant on
set search_path = ''
as $$
  select jsonb_build_object(
    'areas', coalesce((select jsonb_agg(jsonb_build_object('area', a.area, 'zips', a.zips) order by a.area)
      from (select z.area, jsonb_agg(z.zip order by z.zip) as zips from buzz_haven.service_area_zips as z group by z.area) as a), '[]'::jsonb),
    'min_length_ft', (select m.length_ft from buzz_haven.host_yard_minimum as m),
    'min_width_ft', (select m.width_ft from buzz_haven.host_yard_minimum as m))
$$;

-- A visitor's application. Returns {id, in_area, status, area (the ZIP's area, or null), areas (the
-- service area's names and ZIPs, for the message of an outside ZIP)}.
create function public.submit_buzz_haven_host_application(
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
  perform buzz_haven.check_text(p_name, 'Name', 200, true);
  perform buzz_haven.check_input(buzz_haven.is_email(btrim(p_email)), 'A valid email is required');
  perform buzz_haven.check_text(p_phone, 'Phone', 40);
  perform buzz_haven.check_text(p_address, 'Street address', 300, true);
  perform buzz_haven.check_input(coalesce(v_zip ~ '^[0-9]{5}$', false), 'ZIP code must be 5 digits');
  perform buzz_haven.check_input(p_yard_length_ft is not null and p_yard_width_ft is not null,
    'The yard''s length and width are required (in feet)');
  perform buzz_haven.check_input(p_yard_length_ft between 1 and 10000 and p_yard_width_ft between 1 and 10000,
    'The yard''s length and width must be between 1 and 10000 feet');
  perform buzz_haven.check_input(p_sun in ('full', 'partial', 'shade'), 'Sun must be full, partial or shade');
  perform buzz_haven.check_input(p_water in ('on_site', 'nearby', 'none'), 'Water must be on_site, nearby or none');
  perform buzz_haven.check_input(p_access in ('level', 'steps', 'difficult'), 'Access must be level, steps or difficult');
  perform buzz_haven.check_input(p_pets is not null, 'Tell us whether pets use the yard');
  perform buzz_haven.check_input(p_children is not null, 'Tell us whether children use the yard');
  perform buzz_haven.check_input(exists (select 1 from buzz_haven.hosting_plans as p where p.slug = p_hive_style),
    'Hive must be one of the hosting plans (' || (select string_agg(p.slug, ', ' order by p.sort_order, p.slug) from buzz_haven.hosting_plans as p) || ')');
  perform buzz_haven.check_input(nullif(btrim(p_yard_photo_url), '') is null
    or (char_length(btrim(p_yard_photo_url)) <= 1000 and btrim(p_yard_photo_url) ~ '^https?://'), 'The yard photo must be a web address');
  perform buzz_haven.check_text(p_message, 'Message', 1000);
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
  values (btrim(p_name), lower(btrim(p_email)), nullif(btrim(p_phone), ''), btrim(p_address), v_zip, v_area is not null,
    p_yard_length_ft, p_yard_width_ft, p_sun, p_water, p_access, p_pets, p_children, p_hive_style,
    nullif(btrim(p_yard_photo_url), ''), nullif(btrim(p_message), ''),
    case when v_area is null then 'waitlist' else 'new' end)
  returning * into v;
  return jsonb_build_object('id', v.id, 'in_area', v.in_area, 'status', v.status, 'area', v_area,
    'areas', public.get_buzz_haven_service_area() -> 'areas');
end;
$$;

-- Staff: every application, newest first.
create function public.get_buzz_haven_host_applications()
returns setof buzz_haven.host_applications
language plpgsql
stable
security definer -- reads buzz_haven.host_applications, which the caller has no grant on
set search_path = ''
as $$
begin
  perform buzz_haven.require_role();
  return query select * from buzz_haven.host_applications as a order by a.created_at desc, a.id;
end;
$$;

-- The workflow: one step forward at a time (waitlist -> new -> site_visit_booked -> approved ->
-- installed), declined from any step before installed (with a reason). A null argument keeps the
-- value; p_clear empties site_visit_at, hive_id or staff_notes.
create function public.update_buzz_haven_host_application(
  p_id uuid,
  p_status text default null,
  p_site_visit_at timestamptz default null,
  p_hive_id uuid default null,
  p_decline_reason text default null,
  p_staff_notes text default null,
  p_clear text[] default '{}'
)
returns buzz_haven.host_applications
language plpgsql
security definer -- writes buzz_haven.host_applications and hives, which the caller has no grant on
set search_path = ''
as $$
declare
  v buzz_haven.host_applications;
  v_was text;
  c text[] := coalesce(p_clear, '{}');
  v_next text;
begin
  perform buzz_haven.require_role();
  perform buzz_haven.check_clear(c, array['site_visit_at', 'hive_id', 'staff_notes', 'decline_reason'],
    array_remove(array[
      case when p_site_visit_at is not null then 'site_visit_at' end,
      case when p_hive_id is not null then 'hive_id' end,
      case when p_decline_reason is not null then 'decline_reason' end,
      case when p_staff_notes is not null then 'staff_notes' end], null));
  select * into v from buzz_haven.host_applications as a where a.id = p_id for update;
  if not found then
    raise exception 'Host application not found' using errcode = 'PT404';
  end if;
  v_was := v.status;
  v.status := coalesce(p_status, v.status);
  v.site_visit_at := case when 'site_visit_at' = any (c) then null else coalesce(p_site_visit_at, v.site_visit_at) end;
  v.hive_id := case when 'hive_id' = any (c) then null else coalesce(p_hive_id, v.hive_id) end;
  v.decline_reason := case when 'decline_reason' = any (c) then null
    when p_decline_reason is null then v.decline_reason else nullif(btrim(p_decline_reason), '') end;
  v.staff_notes := case when 'staff_notes' = any (c) then null
    when p_staff_notes is null then v.staff_notes else nullif(btrim(p_staff_notes), '') end;
  perform buzz_haven.check_input(v.status in ('waitlist', 'new', 'site_visit_booked', 'approved', 'installed', 'declined'),
    'Status must be waitlist, new, site_visit_booked, approved, installed or declined');
  if v.status <> v_was then
    v_next := case v_was when 'waitlist' then 'new' when 'new' then 'site_visit_booked'
      when 'site_visit_booked' then 'approved' when 'approved' then 'installed' end;
    perform buzz_haven.check_input(v.status = v_next or (v.status = 'declined' and v_was <> 'installed'),
      format('An application that is %s can only become %s', replace(v_was, '_', ' '),
        coalesce(replace(v_next, '_', ' ') || ' or declined', case when v_was = 'declined' then 'nothing else: it is declined' else 'nothing else' end)));
  end if;
  perform buzz_haven.check_input(v.status <> 'declined' or v.decline_reason is not null, 'Give the reason the application is declined');
  perform buzz_haven.check_input(v.status <> 'installed' or v.hive_id is not null, 'Choose the hive that was installed');
  perform buzz_haven.check_text(v.decline_reason, 'Decline reason', 1000);
  perform buzz_haven.check_text(v.staff_notes, 'Staff notes', 5000);
  if v.hive_id is not null and not exists (select 1 from buzz_haven.hives as h where h.id = v.hive_id) then
    raise exception 'Hive not found' using errcode = 'PT404';
  end if;
  update buzz_haven.host_applications as a
  set status = v.status, site_visit_at = v.site_visit_at, hive_id = v.hive_id, decline_reason = v.decline_reason,
    staff_notes = v.staff_notes
  where a.id = p_id returning a.* into v;
  if v.status = 'installed' then
    update buzz_haven.hives as h set host_email = v.email, host = coalesce(h.host, v.name) where h.id = v.hive_id;
  end if;
  return v;
end;
$$;

create function public.get_buzz_haven_service_area_zips()
returns setof buzz_haven.service_area_zips
language plpgsql
stable
security definer -- reads buzz_haven.service_area_zips, which the caller has no grant on
set search_path = ''
as $$
begin
  perform buzz_haven.require_role();
  return query select * from buzz_haven.service_area_zips as z order by z.zip;
end;
$$;

create function buzz_haven.check_service_area_zip(v buzz_haven.service_area_zips) returns void
language plpgsql
stable
set search_path = ''
as $$
begin
  perform buzz_haven.check_input(coalesce(v.zip ~ '^[0-9]{5}$', false), 'ZIP code must be 5 digits');
  perform buzz_haven.check_input(char_length(coalesce(btrim(v.area), '')) between 1 and 100, 'Area is required (100 characters at most)');
  perform buzz_haven.check_input(not exists (select 1 from buzz_haven.service_area_zips as z where z.zip = v.zip and z.id <> v.id),
    'This ZIP code is already in the service area');
end;
$$;
revoke all on function buzz_haven.check_service_area_zip(buzz_haven.service_area_zips) from public, anon, authenticated;

create function public.create_buzz_haven_service_area_zip(p_zip text, p_area text)
returns buzz_haven.service_area_zips
language plpgsql
security definer -- writes buzz_haven.service_area_zips, which the caller has no grant on
set search_path = ''
as $$
declare
  v buzz_haven.service_area_zips;
begin
  perform buzz_haven.require_role();
  v.id := gen_random_uuid();
  v.zip := btrim(p_zip);
  v.area := btrim(p_area);
  perform buzz_haven.check_service_area_zip(v);
  insert into buzz_haven.service_area_zips (id, zip, area) values (v.id, v.zip, v.area) returning * into v;
  return v;
end;
$$;

create function public.update_buzz_haven_service_area_zip(p_id uuid, p_zip text default null, p_area text default null,
  p_clear text[] default '{}')
returns buzz_haven.service_area_zips
language plpgsql
security definer -- writes buzz_haven.service_area_zips, which the caller has no grant on
set search_path = ''
as $$
declare
  v buzz_haven.service_area_zips;
begin
  perform buzz_haven.require_role();
  perform buzz_haven.check_clear(coalesce(p_clear, '{}'), '{}', '{}');
  select * into v from buzz_haven.service_area_zips as z where z.id = p_id for update;
  if not found then
    raise exception 'Service area ZIP not found' using errcode = 'PT404';
  end if;
  v.zip := coalesce(btrim(p_zip), v.zip);
  v.area := coalesce(btrim(p_area), v.area);
  perform buzz_haven.check_service_area_zip(v);
  update buzz_haven.service_area_zips as z set zip = v.zip, area = v.area where z.id = p_id returning z.* into v;
  return v;
end;
$$;

create function public.delete_buzz_haven_service_area_zip(p_id uuid)
returns buzz_haven.service_area_zips
language plpgsql
security definer -- deletes from buzz_haven.service_area_zips, which the caller has no grant on
set search_path = ''
as $$
declare
  v buzz_haven.service_area_zips;
begin
  perform buzz_haven.require_role(array['owner', 'admin'], 'Only an owner or admin can remove a ZIP code from the service area');
  delete from buzz_haven.service_area_zips as z where z.id = p_id returning z.* into v;
  if not found then
    raise exception 'Service area ZIP not found' using errcode = 'PT404';
  end if;
  return v;
end;
$$;

create function public.get_buzz_haven_host_yard_minimum()
returns setof buzz_haven.host_yard_minimum
language sql
stable
security definer -- reads buzz_haven.host_yard_minimum, which the caller has no grant on
set search_path = ''
as $$
  select * from buzz_haven.host_yard_minimum
$$;

create function public.update_buzz_haven_host_yard_minimum(p_id uuid, p_length_ft integer default null,
  p_width_ft integer default null, p_clear text[] default '{}')
returns buzz_haven.host_yard_minimum
language plpgsql
security definer -- writes buzz_haven.host_yard_minimum, which the caller has no grant on
set search_path = ''
as $$
declare
  v buzz_haven.host_yard_minimum;
begin
  perform buzz_haven.require_role();
  perform buzz_haven.check_clear(coalesce(p_clear, '{}'), '{}', '{}');
  perform buzz_haven.check_input(coalesce(p_length_ft between 1 and 100, true) and coalesce(p_width_ft between 1 and 100, true),
    'Length and width must be between 1 and 100 feet');
  update buzz_haven.host_yard_minimum as m
  set length_ft = coalesce(p_length_ft, m.length_ft), width_ft = coalesce(p_width_ft, m.width_ft)
  where m.id = p_id returning m.* into v;
  if not found then
    raise exception 'Yard minimum not found' using errcode = 'PT404';
  end if;
  return v;
end;
$$;

select buzz_haven.grant_api_execute(
  'public.get_buzz_haven_service_area()',
  'public.submit_buzz_haven_host_application(text, text, text, text, text, integer, integer, text, text, text, boolean, boolean, text, text, text, text)',
  'public.get_buzz_haven_host_applications()',
  'public.update_buzz_haven_host_application(uuid, text, timestamptz, uuid, text, text, text[])',
  'public.get_buzz_haven_service_area_zips()',
  'public.create_buzz_haven_service_area_zip(text, text)',
  'public.update_buzz_haven_service_area_zip(uuid, text, text, text[])',
  'public.delete_buzz_haven_service_area_zip(uuid)',
  'public.get_buzz_haven_host_yard_minimum()',
  'public.update_buzz_haven_host_yard_minimum(uuid, integer, integer, text[])'
);
