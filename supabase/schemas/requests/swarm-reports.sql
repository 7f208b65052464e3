-- Swarm reports: the table, the visitor's report and staff's update; the request lists and
-- their indexes; the swarm collection fee.
set check_function_bodies = false;

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
