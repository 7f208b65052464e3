-- Buzz Haven: swarm reports (issue 10). A visitor reports a swarm: where, when it formed, its size
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
  updated_at timestamptz not null default now()
);
comment on table buzz_haven.swarm_reports is
  'Swarm reports from the site; qualifies = football-sized or larger, formed within 48 hours, not enclosed.';
alter table buzz_haven.swarm_reports enable row level security;
revoke all on buzz_haven.swarm_reports from public, anon, authenticated;

create trigger swarm_reports_set_updated_at
  before update on buzz_haven.swarm_reports
  for each row execute function buzz_haven.set_updated_at();
create trigger swarm_reports_log_activity after insert or update or delete on buzz_haven.swarm_reports
  for each row execute function buzz_haven.log_activity('swarm report at', 'location');

-- Returns {id, qualifies}.
create function public.submit_buzz_haven_swarm_report(
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
  p_website text default null
)
returns jsonb
language plpgsql
security definer -- inserts into buzz_haven.swarm_reports, which anon has no grant on
set search_path = ''
as $$
declare
  v buzz_haven.swarm_reports;
begin
  if nullif(btrim(p_website), '') is not null then
    return jsonb_build_object('id', gen_random_uuid(), 'qualifies',
      p_size in ('football', 'larger') and p_formed_when in ('under_24h', '24_48h') and p_in_structure is false);
  end if;
  perform buzz_haven.check_text(p_location, 'Location', 500, true);
  perform buzz_haven.check_input(p_formed_when in ('under_24h', '24_48h', 'over_48h', 'unknown'),
    'When it formed must be under_24h, 24_48h, over_48h or unknown');
  perform buzz_haven.check_input(p_size in ('smaller', 'football', 'larger'), 'Size must be smaller, football or larger');
  perform buzz_haven.check_input(p_height in ('ground', 'reachable', 'high'), 'Height must be ground, reachable or high');
  perform buzz_haven.check_input(p_in_structure is not null, 'Say whether the swarm is inside a structure');
  perform buzz_haven.check_text(p_phone, 'Phone number', 40, true);
  perform buzz_haven.check_input(regexp_replace(p_phone, '[^0-9]', '', 'g') ~ '^[0-9]{7,15}$',
    'A phone number with 7 to 15 digits is required');
  perform buzz_haven.check_text(p_name, 'Name', 200, true);
  perform buzz_haven.check_input(nullif(btrim(p_email), '') is null or buzz_haven.is_email(btrim(p_email)),
    'A valid email is required');
  perform buzz_haven.check_input(nullif(btrim(p_photo_url), '') is null
    or (char_length(btrim(p_photo_url)) <= 2000 and buzz_haven.is_http_url(btrim(p_photo_url))), 'Must be a valid URL');
  perform buzz_haven.check_text(p_notes, 'Notes', 5000);
  perform buzz_haven.guard_request('swarm_report', regexp_replace(p_phone, '[^0-9]', '', 'g'));
  insert into buzz_haven.swarm_reports (location, formed_when, size, height, in_structure, photo_url, name, phone, email, notes)
  values (btrim(p_location), p_formed_when, p_size, p_height, p_in_structure, nullif(btrim(p_photo_url), ''),
    btrim(p_name), btrim(p_phone), nullif(btrim(p_email), ''), nullif(btrim(p_notes), ''))
  returning * into v;
  return jsonb_build_object('id', v.id, 'qualifies', v.qualifies);
end;
$$;

-- Newest first; open reports (new, called_back) before closed ones.
create function public.get_buzz_haven_swarm_reports()
returns setof buzz_haven.swarm_reports
language plpgsql
stable
security definer -- reads buzz_haven.swarm_reports, which the caller has no grant on
set search_path = ''
as $$
begin
  perform buzz_haven.require_role();
  return query select * from buzz_haven.swarm_reports as s
    order by s.status not in ('new', 'called_back'), s.created_at desc, s.id;
end;
$$;

-- A null argument keeps the value; p_clear => '{staff_notes}' empties the notes.
create function public.update_buzz_haven_swarm_report(
  p_id uuid,
  p_status text default null,
  p_staff_notes text default null,
  p_clear text[] default '{}'
)
returns buzz_haven.swarm_reports
language plpgsql
security definer -- updates buzz_haven.swarm_reports, which the caller has no grant on
set search_path = ''
as $$
declare
  v buzz_haven.swarm_reports;
begin
  perform buzz_haven.require_role();
  perform buzz_haven.check_clear(p_clear, array['staff_notes'],
    array_remove(array[case when p_staff_notes is not null then 'staff_notes' end], null));
  perform buzz_haven.check_input(p_status is null or p_status in ('new', 'called_back', 'collected', 'not_bees', 'referred'),
    'Status must be new, called_back, collected, not_bees or referred');
  perform buzz_haven.check_text(p_staff_notes, 'Staff notes', 5000);
  update buzz_haven.swarm_reports as s
  set status = coalesce(p_status, s.status),
    staff_notes = case when 'staff_notes' = any (coalesce(p_clear, '{}')) then null
      when p_staff_notes is null then s.staff_notes else nullif(btrim(p_staff_notes), '') end
  where s.id = p_id
  returning s.* into v;
  if not found then
    raise exception 'Swarm report not found' using errcode = 'PT404';
  end if;
  return v;
end;
$$;

select buzz_haven.grant_api_execute(
  'public.submit_buzz_haven_swarm_report(text, text, text, text, boolean, text, text, text, text, text, text)',
  'public.get_buzz_haven_swarm_reports()',
  'public.update_buzz_haven_swarm_report(uuid, text, text, text[])'
);
