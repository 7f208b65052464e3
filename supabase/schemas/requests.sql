-- Visitor requests: adoptions, swarm reports and the swarm fee, host applications.
-- Declared whole: this file says what the database holds for its area; supabase/migrations
-- carries it to databases in reviewed steps (docs/database.md). Function bodies are checked when
-- they run, not here (as pg_dump writes it): some name objects of a later file.
set check_function_bodies = false;

-- Buzz Haven: Adopt-a-Hive requests. A visitor chooses a tier (a row of
-- buzz_haven.adopt_tiers, with its monthly price) and a plan
-- (monthly, or a gift of 3, 6 or 12 months with the recipient's name); no payment is taken.
-- The monthly price is copied from the tier at request time. Staff link a request to a hive and
-- mark it active, paused or ended.

create table buzz_haven.adoption_requests (
  id uuid primary key default gen_random_uuid(),
  -- an adoption tier's slug (buzz_haven.adopt_tiers, its price table) and 'monthly' or 'gift-<months>'
  tier text not null
    constraint adoption_requests_tier_fkey references buzz_haven.adopt_tiers (slug) on update cascade
    constraint adoption_requests_tier_length check (char_length(tier) <= 60),
  plan text not null constraint adoption_requests_plan_format check (plan ~ '^(monthly|gift-[0-9]{1,2})$')
    constraint adoption_requests_plan_length check (char_length(plan) <= 10),
  monthly_price integer not null constraint adoption_requests_monthly_price_not_negative check (monthly_price >= 0),
  name text not null constraint adoption_requests_name_length check (char_length(name) between 1 and 200),
  email buzz_haven.email not null,
  recipient_name text constraint adoption_requests_recipient_name_length check (char_length(recipient_name) <= 200),
  recipient_email buzz_haven.email,
  message text constraint adoption_requests_message_length check (char_length(message) <= 500),
  hive_id uuid references buzz_haven.hives (id) on delete set null,
  status text not null default 'new' constraint adoption_requests_status_known check (status in ('new', 'active', 'paused', 'ended')),
  staff_notes text constraint adoption_requests_staff_notes_length check (char_length(staff_notes) <= 5000),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint adoption_requests_gift_recipient check ((plan = 'monthly') = (recipient_name is null)),
  -- the language of the page the request was made on: what is sent back to this person is in it
  locale text not null default 'en' references buzz_haven.languages (code)
);
comment on table buzz_haven.adoption_requests is
  'Adopt-a-Hive requests: tier, plan (monthly or gift months), monthly price in cents, the hive staff link.';
alter table buzz_haven.adoption_requests enable row level security;
revoke all on buzz_haven.adoption_requests from public, anon, authenticated;
select buzz_haven.manage_resource('buzz_haven.adoption_requests', 'adoption by', 'name', false);

create or replace function public.submit_buzz_haven_adoption_request(
  p_tier text default null,
  p_plan text default 'monthly',
  p_name text default null,
  p_email text default null,
  p_recipient_name text default null,
  p_recipient_email text default null,
  p_message text default null,
  p_website text default null,
  p_locale text default 'en'
)
returns jsonb
language plpgsql security definer set search_path = '' -- inserts into buzz_haven.adoption_requests, which anon has no grant on
as $$
declare
  v_gift boolean := p_plan like 'gift-%';
  v_price integer := (select t.monthly_price from buzz_haven.adopt_tiers as t where t.slug = p_tier);
  v_months integer := case when p_plan like 'gift-%' then substr(p_plan, 6)::integer end;
  v buzz_haven.adoption_requests;
begin
  perform buzz_haven.set_request_locale(p_locale);
  perform buzz_haven.check_rule(v_price is not null, 'adoption_tier_known', array[buzz_haven.join_or(array(
    select t.slug from buzz_haven.adopt_tiers as t order by t.sort_order, t.monthly_price, t.slug))]);
  perform buzz_haven.check_rule(p_plan = 'monthly' or exists (select 1 from buzz_haven.adopt_gift_terms as g
    where 'gift-' || g.months = p_plan), 'adoption_plan_known', array[buzz_haven.join_or('{monthly}' || array(
    select 'gift-' || g.months from buzz_haven.adopt_gift_terms as g order by g.months))]);
  if nullif(btrim(p_website), '') is not null then
    return jsonb_build_object('id', gen_random_uuid(), 'tier', p_tier, 'plan', p_plan, 'monthly_price', v_price,
      'months', v_months, 'total', v_price * v_months);
  end if;
  perform buzz_haven.check_rule(nullif(btrim(p_name), '') is not null, 'name_required');
  perform buzz_haven.check_rule(buzz_haven.is_email(btrim(p_email)), 'email_valid');
  if v_gift then
    perform buzz_haven.check_rule(nullif(btrim(p_recipient_name), '') is not null, 'recipient_name_required');
    perform buzz_haven.check_rule(nullif(btrim(p_recipient_email), '') is null or buzz_haven.is_email(btrim(p_recipient_email)),
      'adoption_recipient_email');
  end if;
  perform buzz_haven.guard_request('adoption', btrim(p_email));
  insert into buzz_haven.adoption_requests (tier, plan, monthly_price, name, email, recipient_name, recipient_email, message,
    locale)
  values (p_tier, p_plan, v_price, btrim(p_name), btrim(p_email),
    case when v_gift then btrim(p_recipient_name) end,
    case when v_gift then nullif(btrim(p_recipient_email), '') end,
    nullif(btrim(p_message), ''), buzz_haven.request_locale())
  returning * into v;
  return jsonb_build_object('id', v.id, 'tier', v.tier, 'plan', v.plan, 'monthly_price', v.monthly_price,
    'months', v_months, 'total', v.monthly_price * v_months);
end;
$$;

-- A hive given must be there (22023), checked before the request is read.
create function buzz_haven.check_adoption_request_values(p_values jsonb) returns void
language sql stable set search_path = ''
as $$
  select buzz_haven.check_input(p_values ->> 'hive_id' is null
    or exists (select 1 from buzz_haven.hives as h where h.id = (p_values ->> 'hive_id')::uuid), 'Hive not found')
$$;
revoke all on function buzz_haven.check_adoption_request_values(jsonb) from public, anon, authenticated;

create or replace function public.update_buzz_haven_adoption_request(p_id uuid, p_status text default null,
  p_hive_id uuid default null, p_staff_notes text default null, p_clear text[] default '{}')
returns buzz_haven.adoption_requests
language sql security definer set search_path = '' -- updates buzz_haven.adoption_requests, which the caller has no grant on
as $$
  select buzz_haven.change_row(null::buzz_haven.adoption_requests, p_id, 'Adoption request not found',
    jsonb_build_object('status', p_status, 'hive_id', p_hive_id, 'staff_notes', btrim(p_staff_notes)), p_clear,
    '{hive_id, staff_notes}', p_check_values => 'buzz_haven.check_adoption_request_values')
$$;

-- Buzz Haven: swarm reports. A visitor reports a swarm: where, when it formed, its size
-- against a football, its height, whether it is in or on a structure, an optional photo URL, a
-- phone for the call back. `qualifies` applies the collection criteria (content/catalog/swarm.yaml):
-- football-sized or larger, formed within the last 24-48 hours, not inside an enclosed structure
-- (an unknown formation time does not qualify). Staff triage: new, called_back, collected,
-- not_bees, referred.

create table buzz_haven.swarm_reports (
  id uuid primary key default gen_random_uuid(),
  location text not null constraint swarm_reports_location_length check (char_length(location) between 1 and 500),
  formed_when text not null constraint swarm_reports_formed_when_known
    check (formed_when in ('under_24h', '24_48h', 'over_48h', 'unknown')),
  size text not null constraint swarm_reports_size_known check (size in ('smaller', 'football', 'larger')),
  height text not null constraint swarm_reports_height_known check (height in ('ground', 'reachable', 'high')),
  in_structure boolean not null,
  photo_url text constraint swarm_reports_photo_url_http
    check (char_length(photo_url) <= 2000 and buzz_haven.is_http_url(photo_url)),
  name text not null constraint swarm_reports_name_length check (char_length(name) between 1 and 200),
  phone text not null constraint swarm_reports_phone_length check (char_length(phone) between 1 and 40),
  email buzz_haven.email,
  notes text constraint swarm_reports_notes_length check (char_length(notes) <= 5000),
  qualifies boolean generated always as (
    size in ('football', 'larger') and formed_when in ('under_24h', '24_48h') and not in_structure
  ) stored,
  status text not null default 'new' constraint swarm_reports_status_known
    check (status in ('new', 'called_back', 'collected', 'not_bees', 'referred')),
  staff_notes text constraint swarm_reports_staff_notes_length check (char_length(staff_notes) <= 5000),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- the back office lists open reports (new, called back) first, newest first, as one server-side
  -- sort (PostgREST `order=is_open.desc,created_at.desc`); derived from the status, so it never
  -- disagrees with it; the activity summary leaves it out (the status change is named there)
  is_open boolean generated always as (status in ('new', 'called_back')) stored,
  -- the language of the page the request was made on: what is sent back to this person is in it
  locale text not null default 'en' references buzz_haven.languages (code)
);
comment on table buzz_haven.swarm_reports is
  'Swarm reports from the site; qualifies = football-sized or larger, formed within 48 hours, not enclosed.';
comment on column buzz_haven.swarm_reports.is_open is 'True while the report is new or called back (derived).';
alter table buzz_haven.swarm_reports enable row level security;
revoke all on buzz_haven.swarm_reports from public, anon, authenticated;
select buzz_haven.manage_resource('buzz_haven.swarm_reports', 'swarm report at', 'location', false);

create or replace function public.submit_buzz_haven_swarm_report(
  p_location text default null,
  p_formed_when text default null,
  p_size text default null,
  p_height text default null,
  p_in_structure boolean default null,
  p_phone text default null,
  p_name text default null,
  p_email text default null,
  p_photo_url text default null,
  p_notes text default null,
  p_website text default null,
  p_locale text default 'en'
)
returns jsonb
language plpgsql security definer set search_path = '' -- inserts into buzz_haven.swarm_reports, which anon has no grant on
as $$
declare
  v buzz_haven.swarm_reports;
begin
  perform buzz_haven.set_request_locale(p_locale);
  if nullif(btrim(p_website), '') is not null then
    return jsonb_build_object('id', gen_random_uuid(), 'qualifies',
      p_size in ('football', 'larger') and p_formed_when in ('under_24h', '24_48h') and p_in_structure is false);
  end if;
  perform buzz_haven.check_rule(nullif(btrim(p_location), '') is not null, 'location_required');
  perform buzz_haven.check_rule(p_in_structure is not null, 'swarm_in_structure_required');
  perform buzz_haven.check_rule(nullif(btrim(p_phone), '') is not null, 'phone_number_required');
  perform buzz_haven.check_rule(regexp_replace(p_phone, '[^0-9]', '', 'g') ~ '^[0-9]{7,15}$',
    'swarm_phone_digits');
  perform buzz_haven.check_rule(nullif(btrim(p_name), '') is not null, 'name_required');
  perform buzz_haven.check_rule(nullif(btrim(p_email), '') is null or buzz_haven.is_email(btrim(p_email)),
    'email_valid');
  perform buzz_haven.check_rule(nullif(btrim(p_photo_url), '') is null or buzz_haven.is_http_url(btrim(p_photo_url)),
    'url_valid');
  perform buzz_haven.guard_request('swarm_report', regexp_replace(p_phone, '[^0-9]', '', 'g'));
  insert into buzz_haven.swarm_reports (location, formed_when, size, height, in_structure, photo_url, name, phone, email, notes,
    locale)
  values (btrim(p_location), p_formed_when, p_size, p_height, p_in_structure, nullif(btrim(p_photo_url), ''),
    btrim(p_name), btrim(p_phone), nullif(btrim(p_email), ''), nullif(btrim(p_notes), ''), buzz_haven.request_locale())
  returning * into v;
  return jsonb_build_object('id', v.id, 'qualifies', v.qualifies);
end;
$$;

-- Newest first; open reports (new, called_back) before closed ones.

create or replace function public.update_buzz_haven_swarm_report(p_id uuid, p_status text default null,
  p_staff_notes text default null, p_clear text[] default '{}')
returns buzz_haven.swarm_reports
language sql security definer set search_path = '' -- updates buzz_haven.swarm_reports, which the caller has no grant on
as $$
  select buzz_haven.change_row(null::buzz_haven.swarm_reports, p_id, 'Swarm report not found',
    jsonb_build_object('status', p_status, 'staff_notes', btrim(p_staff_notes)), p_clear, '{staff_notes}')
$$;
create view buzz_haven_lists.adoption_requests as
  select a.* from buzz_haven.adoption_requests as a where buzz_haven_lists.staff_only();
create view buzz_haven_lists.swarm_reports as
  select s.* from buzz_haven.swarm_reports as s where buzz_haven_lists.staff_only();
create function public.get_buzz_haven_adoption_requests() returns setof buzz_haven_lists.adoption_requests
language sql stable as $$ select * from buzz_haven_lists.adoption_requests $$;

select buzz_haven.grant_api_execute('submit_buzz_haven_adoption_request', 'get_buzz_haven_adoption_requests',
  'update_buzz_haven_adoption_request');
create function public.get_buzz_haven_swarm_reports() returns setof buzz_haven_lists.swarm_reports
language sql stable as $$ select * from buzz_haven_lists.swarm_reports $$;

select buzz_haven.grant_api_execute('submit_buzz_haven_swarm_report', 'get_buzz_haven_swarm_reports',
  'update_buzz_haven_swarm_report');

-- Adoption requests (adoption_requests resource): order=created_at.desc,id.asc, and with the
-- status filter: status=eq.<s>&order=created_at.desc,id.asc
create index adoption_requests_list_created_idx on buzz_haven.adoption_requests (created_at desc, id);
create index adoption_requests_list_status_created_idx on buzz_haven.adoption_requests (status, created_at desc, id);
-- Open first (adoption_requests resource): order=is_open.desc,created_at.desc,id.asc, is_open being
-- the list view's status = 'new' (buzz_haven_lists.adoption_requests)
create index adoption_requests_list_open_created_idx on buzz_haven.adoption_requests ((status = 'new') desc, created_at desc, id);

-- Swarm reports (swarm_reports resource, SwarmReportsCard): order=is_open.desc,created_at.desc,id.asc
create index swarm_reports_list_open_created_idx on buzz_haven.swarm_reports (is_open desc, created_at desc, id);

-- Buzz Haven: the swarm collection fee range lives in a table, as the other
-- prices do (shipping_rates, adopt_tiers, in the catalog area): one row, fee_min and fee_max in cents,
-- that staff edit in the back office (Swarm Fee) and the site build reads (get_buzz_haven_swarm_fee,
-- anon: the fee is public; pages quote it as {{swarm.fee}}). The content document catalog/swarm
-- keeps the words (waiver, hotline, season, criteria); its stored bodies lose feeMin and feeMax
-- here, as its schema (content/schema/catalog/swarm.ts) no longer has them.

create table buzz_haven.swarm_fee (
  id uuid primary key default gen_random_uuid(),
  -- one row: the fee range is one fact
  singleton boolean not null default true constraint swarm_fee_one_row unique constraint swarm_fee_singleton check (singleton),
  fee_min integer not null constraint swarm_fee_fee_min_range check (fee_min between 0 and 1000000),
  fee_max integer not null constraint swarm_fee_fee_max_range check (fee_max between 0 and 1000000),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint swarm_fee_min_not_above_max check (fee_min <= fee_max)
);
select buzz_haven.manage_resource('buzz_haven.swarm_fee', 'swarm fee', 'fee_min', false);
comment on table buzz_haven.swarm_fee is 'The swarm collection fee range in cents (one row).';
alter table buzz_haven.swarm_fee enable row level security;
revoke all on buzz_haven.swarm_fee from public, anon, authenticated;

-- seed data: $75-150, as content/catalog/swarm.yaml gave it
insert into buzz_haven.swarm_fee (fee_min, fee_max) values (7500, 15000);

create function public.get_buzz_haven_swarm_fee()
returns setof buzz_haven.swarm_fee
language sql stable security definer set search_path = '' -- reads buzz_haven.swarm_fee, which the caller has no grant on
as $$
  select * from buzz_haven.swarm_fee
$$;

create or replace function public.update_buzz_haven_swarm_fee(
  p_id uuid, p_fee_min integer default null, p_fee_max integer default null, p_clear text[] default '{}'
)
returns buzz_haven.swarm_fee
language plpgsql security definer set search_path = '' -- writes buzz_haven.swarm_fee, which the caller has no grant on
as $$
declare
  v buzz_haven.swarm_fee;
begin
  perform buzz_haven.require_role();
  perform buzz_haven.check_clear(coalesce(p_clear, '{}'), '{}', '{}');
  v := buzz_haven.lock_row(null::buzz_haven.swarm_fee, p_id, 'Swarm fee not found');
  v.fee_min := coalesce(p_fee_min, v.fee_min);
  v.fee_max := coalesce(p_fee_max, v.fee_max);
  perform buzz_haven.check_input(v.fee_min <= v.fee_max, 'The lowest fee cannot be above the highest');
  update buzz_haven.swarm_fee as f set fee_min = v.fee_min, fee_max = v.fee_max where f.id = p_id returning f.* into v;
  return v;
end;
$$;

select buzz_haven.grant_api_execute('get_buzz_haven_swarm_fee', 'update_buzz_haven_swarm_fee');

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

-- Buzz Haven: a host application's lengths, yard bounds, choices and photo address live in
-- host_applications' CHECKs only (one home per rule), their messages in buzz_haven.constraint_messages,
-- so a value breaking one fails on the table (23514, PostgREST's `details` naming the field; a
-- missing choice keeps its words through the NOT NULL rows, 23502). A blank name or address is
-- still "... is required" (buzz_haven.check_required).
-- submit_buzz_haven_host_application checks the row it is about to write with buzz_haven.explain_row
-- before it compares the yard with the minimum and before the honeypot's answer, so a yard of 0 ft
-- is still "must be between 1 and 10000 feet", not "too small", and a bot is refused as before.
-- The ZIP, the email, the yard being given, pets, children and the hosting plan stay in it.

-- The messages of this file's table rules (how they are raised: buzz_haven.constraint_messages).
-- A missing choice keeps its words through the NOT NULL rows (23502). What no one-column CHECK
-- holds stays in the functions: the honeypot, the required texts (a blank one is "... is required"
-- before it is stored), the phone's digits, the email, the lowest fee above the highest, an
-- application's next status (checked once the row is written; a refused move raises and undoes it).
-- These tables' bounds and allowed values say their own messages (buzz_haven.derived_message);
-- the rows below give other words.
select buzz_haven.derive_messages('buzz_haven.adoption_requests', 'buzz_haven.host_applications', 'buzz_haven.swarm_reports');
insert into buzz_haven.constraint_messages (constraint_name, message) values
  -- swarm_fee
  ('swarm_fee_fee_min_range', 'The fee must be between $%s and $%s'),
  ('swarm_fee_fee_max_range', 'The fee must be between $%s and $%s'),
  -- swarm_reports
  ('swarm_reports_formed_when_known', 'When it formed must be under_24h, 24_48h, over_48h or unknown'),
  ('swarm_reports_formed_when_not_null', 'When it formed must be under_24h, 24_48h, over_48h or unknown'),
  ('swarm_reports_size_not_null', 'Size must be smaller, football or larger'),
  ('swarm_reports_height_not_null', 'Height must be ground, reachable or high'),
  ('swarm_reports_phone_length', 'Phone number is too long (%s characters at most)'),
  ('swarm_reports_photo_url_http', 'Must be a valid URL'),
  -- host_applications
  ('host_applications_name_not_blank', 'Name is required'),
  ('host_applications_address_not_blank', 'Street address is required'),
  ('host_applications_address_length', 'Street address is too long (%s characters at most)'),
  ('host_applications_yard_length_range', 'The yard''s length and width must be between %s and %s feet'),
  ('host_applications_yard_width_range', 'The yard''s length and width must be between %s and %s feet'),
  ('host_applications_sun_not_null', 'Sun must be full, partial or shade'),
  ('host_applications_water_not_null', 'Water must be on_site, nearby or none'),
  ('host_applications_access_not_null', 'Access must be level, steps or difficult'),
  ('host_applications_yard_photo_url_format', 'The yard photo must be a web address'),
  ('host_applications_zip_format', 'ZIP code must be 5 digits'),
  ('host_applications_zip_not_null', 'ZIP code must be %s digits');

-- The words of the visitor RPCs' own refusals, keyed by the rule's name (buzz_haven.check_rule,
-- buzz_haven.refuse, buzz_haven.rule_message; format() fills in each %s); other languages' words
-- are in translations.sql.
insert into buzz_haven.constraint_messages (constraint_name, message) values
  ('adoption_tier_known', 'Tier must be %s'),
  ('adoption_plan_known', 'Plan must be %s'),
  ('adoption_recipient_email', 'The recipient''s email must be valid'),
  ('swarm_in_structure_required', 'Say whether the swarm is inside a structure'),
  ('swarm_phone_digits', 'A phone number with 7 to 15 digits is required'),
  ('host_yard_size_required', 'The yard''s length and width are required (in feet)'),
  ('host_pets_required', 'Tell us whether pets use the yard'),
  ('host_children_required', 'Tell us whether children use the yard'),
  ('host_hive_style_known', 'Hive must be one of the hosting plans (%s)'),
  ('host_yard_too_small', 'A hive needs a yard of at least %s ft x %s ft: room for the hive, a water source and our beekeepers to work around it. %s ft x %s ft is smaller. If another spot is larger, measure it and apply again, or adopt a hive instead.');
