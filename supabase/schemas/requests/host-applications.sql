-- An adoption's customer portal from its manage link, and the adoption requests' e-mail indexes;
-- host applications: the table, the visitor's form, staff's list and update.
set check_function_bodies = false;

-- The customer whose portal a manage link opens (service key: stripe-portal).
create function public.get_buzz_haven_adoption_portal(p_token text default null) returns jsonb
language plpgsql stable security definer set search_path = '' -- reads buzz_haven.adoption_billing; the service key only
as $$
declare
  v jsonb;
begin
  perform buzz_haven.check_input(coalesce(p_token, '') ~ '^[0-9a-f]{64}$', 'A manage link is required');
  select jsonb_build_object('adoption_id', b.adoption_id, 'customer', b.stripe_customer, 'state', b.state) into v
  from buzz_haven.adoption_billing as b where b.manage_token = p_token and b.stripe_customer is not null;
  perform buzz_haven.check_found(v is not null, 'This link does not open an adoption');
  return v;
end;
$$;
create index adoption_requests_email_idx on buzz_haven.adoption_requests (lower(email));
create index adoption_requests_recipient_email_idx on buzz_haven.adoption_requests (lower(recipient_email));

create table buzz_haven.host_applications (
  id uuid primary key default gen_random_uuid(),
  name text not null constraint host_applications_name_not_blank check (char_length(name) >= 1)
    constraint host_applications_name_length check (char_length(name) <= 200),
  email buzz_haven.email not null,
  phone text constraint host_applications_phone_length check (char_length(phone) <= 40),
  address text not null constraint host_applications_address_not_blank check (char_length(address) >= 1)
    constraint host_applications_address_length check (char_length(address) <= 300),
  zip text not null constraint host_applications_zip_format check (zip ~ '^[0-9]{5}$')
    constraint host_applications_zip_length check (char_length(zip) <= 5),
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
  constraint host_applications_declined_has_reason check (status <> 'declined' or decline_reason is not null),
  -- open: staff still have work on it (new, a site visit booked, approved but not installed); the
  -- back office lists open ones first (order=is_open.desc,created_at.desc). A waitlisted one waits
  -- for the service area to grow, not for staff. Derived from the status, so it never disagrees
  -- with it; the activity summary leaves it out (the status change is named there)
  is_open boolean generated always as (status in ('new', 'site_visit_booked', 'approved')) stored,
  -- the language of the page the request was made on: what is sent back to this person is in it
  locale text not null default 'en' references buzz_haven.languages (code)
);
create index host_applications_status_idx on buzz_haven.host_applications (status, created_at desc);
-- Host applications (host_applications resource): order=is_open.desc,created_at.desc,id.asc
create index host_applications_list_open_created_idx on buzz_haven.host_applications (is_open desc, created_at desc, id);
comment on column buzz_haven.host_applications.is_open is 'True while staff still have work on the application (derived from the status).';
comment on table buzz_haven.host_applications is
  'Hive hosting applications: waitlist (outside the service area), new, site_visit_booked, approved, installed (hive_id) or declined (decline_reason).';
alter table buzz_haven.host_applications enable row level security;
revoke all on buzz_haven.host_applications from public, anon, authenticated;
select buzz_haven.manage_resource('buzz_haven.host_applications', 'host application by', 'name', false);

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
  p_website text default null,
  p_locale text default 'en'
)
returns jsonb
language plpgsql security definer set search_path = '' -- inserts into buzz_haven.host_applications, which anon has no grant on
as $$
declare
  v_zip text := btrim(p_zip);
  v_area text;
  v_min buzz_haven.host_yard_minimum;
  v buzz_haven.host_applications;
  v_short integer;
  v_long integer;
begin
  perform buzz_haven.set_request_locale(p_locale);
  perform buzz_haven.check_rule(nullif(btrim(p_name), '') is not null, 'name_required');
  perform buzz_haven.check_rule(buzz_haven.is_email(btrim(p_email)), 'email_valid');
  perform buzz_haven.check_rule(nullif(btrim(p_address), '') is not null, 'street_address_required');
  perform buzz_haven.check_rule(p_yard_length_ft is not null and p_yard_width_ft is not null,
    'host_yard_size_required');
  perform buzz_haven.check_rule(p_pets is not null, 'host_pets_required');
  perform buzz_haven.check_rule(p_children is not null, 'host_children_required');
  perform buzz_haven.check_rule(exists (select 1 from buzz_haven.hosting_plans as p where p.slug = p_hive_style),
    'host_hive_style_known',
    array[(select string_agg(p.slug, ', ' order by p.sort_order, p.slug) from buzz_haven.hosting_plans as p)]);
  -- the row as it is stored; host_applications' CHECKs explain a value they refuse (lengths, the
  -- yard's bounds, sun, water, access, the photo's address, the ZIP's shape) before anything else is decided
  v.name := btrim(p_name);
  v.email := lower(btrim(p_email));
  v.phone := nullif(btrim(p_phone), '');
  v.address := btrim(p_address);
  v.zip := coalesce(v_zip, ''); -- a missing ZIP counts as '', which host_applications_zip_format refuses
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
    perform buzz_haven.refuse('host_yard_too_small', '22023',
      array[v_min.length_ft, v_min.width_ft, p_yard_length_ft, p_yard_width_ft]::text[]);
  end if;
  if nullif(btrim(p_website), '') is not null then
    return jsonb_build_object('id', gen_random_uuid(), 'in_area', true, 'status', 'new', 'area', null, 'areas', '[]'::jsonb);
  end if;
  perform buzz_haven.guard_request('host_application', btrim(p_email));
  select z.area into v_area from buzz_haven.service_area_zips as z where z.zip = v_zip;
  insert into buzz_haven.host_applications (name, email, phone, address, zip, in_area, yard_length_ft, yard_width_ft,
    sun, water, access, pets, children, hive_style, yard_photo_url, message, status, locale)
  values (v.name, v.email, v.phone, v.address, v.zip, v_area is not null,
    v.yard_length_ft, v.yard_width_ft, v.sun, v.water, v.access, v.pets, v.children, v.hive_style,
    v.yard_photo_url, v.message, case when v_area is null then 'waitlist' else 'new' end, buzz_haven.request_locale())
  returning * into v;
  return jsonb_build_object('id', v.id, 'in_area', v.in_area, 'status', v.status, 'area', v_area,
    'areas', public.get_buzz_haven_service_area() -> 'areas');
end;
$$;

-- Staff: every application, newest first.
create function public.get_buzz_haven_host_applications() returns setof buzz_haven.host_applications
language sql stable security definer set search_path = '' -- reads buzz_haven.host_applications through buzz_haven.list_rows
as $$ select * from buzz_haven.list_rows(null::buzz_haven.host_applications, 't.created_at desc, t.id') $$;

create or replace function public.update_buzz_haven_host_application(
  p_id uuid,
  p_status text default null,
  p_site_visit_at timestamptz default null,
  p_hive_id uuid default null,
  p_decline_reason text default null,
  p_staff_notes text default null,
  p_clear text[] default '{}'
)
returns buzz_haven.host_applications
language plpgsql security definer set search_path = '' -- writes buzz_haven.host_applications and hives, which the caller has no grant on
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
  v := buzz_haven.lock_row(null::buzz_haven.host_applications, p_id, 'Host application not found');
  v_was := v.status;
  v.status := coalesce(p_status, v.status);
  v.site_visit_at := case when 'site_visit_at' = any (c) then null else coalesce(p_site_visit_at, v.site_visit_at) end;
  v.hive_id := case when 'hive_id' = any (c) then null else coalesce(p_hive_id, v.hive_id) end;
  v.decline_reason := case when 'decline_reason' = any (c) then null
    when p_decline_reason is null then v.decline_reason else nullif(btrim(p_decline_reason), '') end;
  v.staff_notes := case when 'staff_notes' = any (c) then null
    when p_staff_notes is null then v.staff_notes else nullif(btrim(p_staff_notes), '') end;
  perform buzz_haven.check_input(v.status <> 'declined' or v.decline_reason is not null, 'Give the reason the application is declined');
  perform buzz_haven.check_input(v.status <> 'installed' or v.hive_id is not null, 'Choose the hive that was installed');
  if v.hive_id is not null and not exists (select 1 from buzz_haven.hives as h where h.id = v.hive_id) then
    raise exception 'Hive not found' using errcode = 'PT404';
  end if;
  update buzz_haven.host_applications as a
  set status = v.status, site_visit_at = v.site_visit_at, hive_id = v.hive_id, decline_reason = v.decline_reason,
    staff_notes = v.staff_notes
  where a.id = p_id returning a.* into v;
  if v.status <> v_was then
    v_next := case v_was when 'waitlist' then 'new' when 'new' then 'site_visit_booked'
      when 'site_visit_booked' then 'approved' when 'approved' then 'installed' end;
    perform buzz_haven.check_input(v.status = v_next or (v.status = 'declined' and v_was <> 'installed'),
      format('An application that is %s can only become %s', replace(v_was, '_', ' '),
        coalesce(replace(v_next, '_', ' ') || ' or declined', case when v_was = 'declined' then 'nothing else: it is declined' else 'nothing else' end)));
  end if;
  if v.status = 'installed' then
    update buzz_haven.hives as h set host_email = v.email, host = coalesce(h.host, v.name) where h.id = v.hive_id;
  end if;
  return v;
end;
$$;

select buzz_haven.grant_api_execute('get_buzz_haven_service_area', 'submit_buzz_haven_host_application',
  'get_buzz_haven_host_applications', 'update_buzz_haven_host_application',
  'get_buzz_haven_service_area_zips', 'create_buzz_haven_service_area_zip',
  'update_buzz_haven_service_area_zip', 'delete_buzz_haven_service_area_zip',
  'get_buzz_haven_host_yard_minimum', 'update_buzz_haven_host_yard_minimum');
