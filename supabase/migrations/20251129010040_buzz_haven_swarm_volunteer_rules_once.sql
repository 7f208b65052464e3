-- Buzz Haven: a swarm report's and a volunteer sign-up's bounds and enums live in their tables'
-- CHECKs only (issue 23, item 2), as 20251128030010 did for inspections.
-- submit_buzz_haven_swarm_report (20251123000780) and submit_buzz_haven_volunteer_signup
-- (20251127060030) repeated them with the site forms' messages; the messages become
-- buzz_haven.constraint_messages rows (same words), so a value breaking one fails on the table
-- (23514, PostgREST's `details` naming the field; a missing choice keeps its words through the
-- NOT NULL rows, 23502). The forms show the message whatever the code. What no one-column CHECK
-- holds stays in the functions: the honeypot, the required texts (a blank one is "... is required"
-- before it is stored), the phone's digits, the email, the photo being a web address, the shift
-- being open, not full and not signed up for twice.

insert into buzz_haven.constraint_messages (constraint_name, message) values
  ('swarm_reports_location_length', 'Location is too long (500 characters at most)'),
  ('swarm_reports_formed_when_known', 'When it formed must be under_24h, 24_48h, over_48h or unknown'),
  ('swarm_reports_formed_when_not_null', 'When it formed must be under_24h, 24_48h, over_48h or unknown'),
  ('swarm_reports_size_known', 'Size must be smaller, football or larger'),
  ('swarm_reports_size_not_null', 'Size must be smaller, football or larger'),
  ('swarm_reports_height_known', 'Height must be ground, reachable or high'),
  ('swarm_reports_height_not_null', 'Height must be ground, reachable or high'),
  ('swarm_reports_phone_length', 'Phone number is too long (40 characters at most)'),
  ('swarm_reports_name_length', 'Name is too long (200 characters at most)'),
  ('swarm_reports_photo_url_http', 'Must be a valid URL'),
  ('swarm_reports_notes_length', 'Notes is too long (5000 characters at most)'),
  ('volunteer_signups_name_length', 'Name is too long (200 characters at most)'),
  ('volunteer_signups_phone_length', 'Phone is too long (40 characters at most)')
on conflict (constraint_name) do update set message = excluded.message;
select buzz_haven.explain_constraints_of('buzz_haven.swarm_reports');
select buzz_haven.explain_constraints_of('buzz_haven.volunteer_signups');

-- "<label> is required", as check_text(…, true) said it, without its length.
create function buzz_haven.check_required(p_value text, p_label text) returns void
language plpgsql
immutable
set search_path = ''
as $$
begin
  if nullif(btrim(p_value), '') is null then
    raise exception '% is required', p_label using errcode = '22023';
  end if;
end;
$$;
revoke all on function buzz_haven.check_required(text, text) from public, anon, authenticated;

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
  perform buzz_haven.check_required(p_location, 'Location');
  perform buzz_haven.check_input(p_in_structure is not null, 'Say whether the swarm is inside a structure');
  perform buzz_haven.check_required(p_phone, 'Phone number');
  perform buzz_haven.check_input(regexp_replace(p_phone, '[^0-9]', '', 'g') ~ '^[0-9]{7,15}$',
    'A phone number with 7 to 15 digits is required');
  perform buzz_haven.check_required(p_name, 'Name');
  perform buzz_haven.check_input(nullif(btrim(p_email), '') is null or buzz_haven.is_email(btrim(p_email)),
    'A valid email is required');
  perform buzz_haven.check_input(nullif(btrim(p_photo_url), '') is null or buzz_haven.is_http_url(btrim(p_photo_url)),
    'Must be a valid URL');
  perform buzz_haven.guard_request('swarm_report', regexp_replace(p_phone, '[^0-9]', '', 'g'));
  insert into buzz_haven.swarm_reports (location, formed_when, size, height, in_structure, photo_url, name, phone, email, notes)
  values (btrim(p_location), p_formed_when, p_size, p_height, p_in_structure, nullif(btrim(p_photo_url), ''),
    btrim(p_name), btrim(p_phone), nullif(btrim(p_email), ''), nullif(btrim(p_notes), ''))
  returning * into v;
  return jsonb_build_object('id', v.id, 'qualifies', v.qualifies);
end;
$$;

create or replace function public.submit_buzz_haven_volunteer_signup(
  p_event_id uuid default null,
  p_name text default null,
  p_email text default null,
  p_phone text default null,
  p_website text default null
)
returns jsonb
language plpgsql
security definer -- inserts into buzz_haven.volunteer_signups, which anon has no grant on
set search_path = ''
as $$
declare
  v_event buzz_haven.events;
  v_taken integer;
  v buzz_haven.volunteer_signups;
begin
  perform buzz_haven.check_input(p_event_id is not null, 'Choose a shift');
  perform buzz_haven.check_required(p_name, 'Name');
  perform buzz_haven.check_input(buzz_haven.is_email(btrim(p_email)), 'A valid email is required');
  perform buzz_haven.check_required(p_phone, 'Phone');
  if nullif(btrim(p_website), '') is not null then
    return jsonb_build_object('id', gen_random_uuid(), 'event_id', p_event_id, 'places_left', 0);
  end if;
  select * into v_event from buzz_haven.events as e
  where e.id = p_event_id and e.is_public and e.kind = 'volunteer' and e.status = 'scheduled' and e.start_time > now()
  for update;
  if not found then
    raise exception 'This shift is not open for sign-ups' using errcode = 'PT404';
  end if;
  perform buzz_haven.guard_request('volunteer', btrim(p_email));
  if exists (select 1 from buzz_haven.volunteer_signups as s
    where s.event_id = p_event_id and s.status = 'confirmed' and lower(s.email) = lower(btrim(p_email))) then
    raise exception 'You are already signed up for this shift' using errcode = '22023';
  end if;
  select count(*)::integer into v_taken from buzz_haven.volunteer_signups as s where s.event_id = p_event_id and s.status = 'confirmed';
  if v_taken >= v_event.capacity then
    raise exception 'This shift is full: every place has been taken. Please choose another shift.' using errcode = '22023';
  end if;
  insert into buzz_haven.volunteer_signups (event_id, name, email, phone)
  values (p_event_id, btrim(p_name), btrim(p_email), btrim(p_phone))
  returning * into v;
  return jsonb_build_object('id', v.id, 'event_id', v.event_id, 'places_left', v_event.capacity - v_taken - 1);
end;
$$;
