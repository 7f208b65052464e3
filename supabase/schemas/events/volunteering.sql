-- Volunteering: sign-ups for volunteer shifts, the shifts with places left, staff's list.
set check_function_bodies = false;

-- Buzz Haven: volunteering. A volunteer shift is an event of kind 'volunteer'
-- with a capacity (its number of volunteers); a visitor signs up with name, e-mail and phone
-- (/impact#join). The event row is locked while the signed-up volunteers are counted, so
-- simultaneous sign-ups never overfill a shift; a full shift is refused ('This shift is full'),
-- there is no waitlist. Staff see each shift's roster (get_buzz_haven_volunteer_signups, shown on
-- the event's page).

create table buzz_haven.volunteer_signups (
  id uuid primary key default gen_random_uuid(),
  event_id uuid not null references buzz_haven.events (id) on delete cascade,
  name text not null constraint volunteer_signups_name_length check (char_length(name) between 1 and 200),
  email buzz_haven.email not null,
  phone text not null constraint volunteer_signups_phone_length check (char_length(phone) between 1 and 40),
  status text not null default 'confirmed' constraint volunteer_signups_status_known check (status in ('confirmed', 'cancelled')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- the language of the page the request was made on: what is sent back to this person is in it
  locale text not null default 'en' references buzz_haven.languages (code)
);
create index volunteer_signups_event_idx on buzz_haven.volunteer_signups (event_id, status);
create unique index volunteer_signups_one_per_email on buzz_haven.volunteer_signups (event_id, lower(email)) where status = 'confirmed';
comment on table buzz_haven.volunteer_signups is 'Volunteers signed up for a volunteer shift (an event of kind volunteer).';
alter table buzz_haven.volunteer_signups enable row level security;
revoke all on buzz_haven.volunteer_signups from public, anon, authenticated;
select buzz_haven.manage_resource('buzz_haven.volunteer_signups', 'volunteer', 'name', false);

-- Upcoming public volunteer shifts with their places left (anon: the site shows them).
create function public.get_buzz_haven_volunteer_shifts()
returns table (id uuid, title text, start_time timestamptz, end_time timestamptz, location text, description text,
  capacity integer, places_left integer)
language sql
stable
security definer -- reads buzz_haven.events and volunteer_signups, which anon has no grant on
set search_path = ''
as $$
  select e.id, e.title, e.start_time, e.end_time, e.location, e.description, e.capacity,
    greatest(e.capacity - (select count(*)::integer from buzz_haven.volunteer_signups as s
      where s.event_id = e.id and s.status = 'confirmed'), 0)
  from buzz_haven.events as e
  where e.is_public and e.kind = 'volunteer' and e.status = 'scheduled' and e.start_time > now()
  order by e.start_time, e.title, e.id
$$;

create or replace function public.submit_buzz_haven_volunteer_signup(
  p_event_id uuid default null,
  p_name text default null,
  p_email text default null,
  p_phone text default null,
  p_website text default null,
  p_locale text default 'en'
)
returns jsonb
language plpgsql security definer set search_path = '' -- inserts into buzz_haven.volunteer_signups, which anon has no grant on
as $$
declare
  v_event buzz_haven.events;
  v_taken integer;
  v buzz_haven.volunteer_signups;
begin
  perform buzz_haven.set_request_locale(p_locale);
  perform buzz_haven.check_rule(p_event_id is not null, 'volunteer_shift_required');
  perform buzz_haven.check_rule(nullif(btrim(p_name), '') is not null, 'name_required');
  perform buzz_haven.check_rule(buzz_haven.is_email(btrim(p_email)), 'email_valid');
  perform buzz_haven.check_rule(nullif(btrim(p_phone), '') is not null, 'phone_required');
  if nullif(btrim(p_website), '') is not null then
    return jsonb_build_object('id', gen_random_uuid(), 'event_id', p_event_id, 'places_left', 0);
  end if;
  select * into v_event from buzz_haven.events as e
  where e.id = p_event_id and e.is_public and e.kind = 'volunteer' and e.status = 'scheduled' and e.start_time > now()
  for update;
  if not found then
    raise exception '%', buzz_haven.rule_message('volunteer_not_open') using errcode = 'PT404';
  end if;
  perform buzz_haven.guard_request('volunteer', btrim(p_email));
  if exists (select 1 from buzz_haven.volunteer_signups as s
    where s.event_id = p_event_id and s.status = 'confirmed' and lower(s.email) = lower(btrim(p_email))) then
    raise exception '%', buzz_haven.rule_message('volunteer_already') using errcode = '22023';
  end if;
  select count(*)::integer into v_taken from buzz_haven.volunteer_signups as s where s.event_id = p_event_id and s.status = 'confirmed';
  if v_taken >= v_event.capacity then
    raise exception '%', buzz_haven.rule_message('volunteer_full') using errcode = '22023';
  end if;
  insert into buzz_haven.volunteer_signups (event_id, name, email, phone, locale)
  values (p_event_id, btrim(p_name), btrim(p_email), btrim(p_phone), buzz_haven.request_locale())
  returning * into v;
  return jsonb_build_object('id', v.id, 'event_id', v.event_id, 'places_left', v_event.capacity - v_taken - 1);
end;
$$;

-- Staff: every sign-up with its shift; the admin narrows it to one shift with event_id=eq.
create function public.get_buzz_haven_volunteer_signups()
returns table (id uuid, event_id uuid, event_title text, event_start_time timestamptz, name text, email text, phone text,
  status text, created_at timestamptz, updated_at timestamptz)
language plpgsql
stable
security definer -- reads buzz_haven.volunteer_signups and events, which the caller has no grant on
set search_path = ''
as $$
begin
  perform buzz_haven.require_role();
  return query
    select s.id, s.event_id, e.title, e.start_time, s.name, s.email::text, s.phone, s.status, s.created_at, s.updated_at
    from buzz_haven.volunteer_signups as s join buzz_haven.events as e on e.id = s.event_id
    order by e.start_time, s.created_at, s.id;
end;
$$;

select buzz_haven.grant_api_execute('get_buzz_haven_volunteer_shifts', 'submit_buzz_haven_volunteer_signup',
  'get_buzz_haven_volunteer_signups');
