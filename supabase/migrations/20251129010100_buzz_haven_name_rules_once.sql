-- Buzz Haven: a profile's and a workshop registration's name bound lives in users' and
-- event_registrations' CHECKs only (issue 23, item 2), as 20251128030010 did for inspections.
-- create_buzz_haven_user (20251123000610) and register_buzz_haven_workshop (20251127020000)
-- repeated it with its message; the message becomes a buzz_haven.constraint_messages row (same
-- words), so a name breaking it fails on the table (23514, PostgREST's `details` naming the field).
-- A blank registration name is still "Name is required" (check_required, 20251129010040); a
-- blank profile name is still the email's local part.

insert into buzz_haven.constraint_messages (constraint_name, message) values
  ('users_name_length', 'Name is too long (200 characters at most)'),
  ('event_registrations_name_length', 'Name is too long (200 characters at most)')
on conflict (constraint_name) do update set message = excluded.message;
select buzz_haven.explain_constraints_of('buzz_haven.users');
select buzz_haven.explain_constraints_of('buzz_haven.event_registrations');

create or replace function public.create_buzz_haven_user(p_email text, p_name text, p_auth_user_id uuid)
returns buzz_haven.users
language plpgsql
security definer -- inserts into buzz_haven.users, which the caller has no grant on
set search_path = ''
as $$
declare
  v_email text := lower(btrim(coalesce(p_email, auth.email())));
  v_name text;
  v_role text;
  v_row buzz_haven.users;
begin
  if buzz_haven.caller_id() is null then
    raise exception 'Not signed in' using errcode = '42501';
  end if;
  if p_auth_user_id is distinct from buzz_haven.caller_id() then
    raise exception 'You can only create your own profile' using errcode = '42501';
  end if;
  perform buzz_haven.check_input(buzz_haven.is_email(v_email), 'A valid email is required');
  if auth.email() is not null and v_email <> lower(auth.email()) then
    raise exception 'The email must be the one you signed up with' using errcode = '22023';
  end if;
  v_name := coalesce(nullif(btrim(p_name), ''), split_part(v_email, '@', 1));

  select * into v_row from buzz_haven.users where auth_user_id = p_auth_user_id;
  if found then
    return v_row;
  end if;
  -- The same lock as set_buzz_haven_user_role: role changes are decided on committed data.
  lock table buzz_haven.users in share row exclusive mode;
  update buzz_haven.invitations as i
  set accepted_at = now()
  where i.email = v_email
    and i.accepted_at is null
    and exists (
      select 1 from auth.users as a
      where a.id = p_auth_user_id and a.invited_at is not null and lower(a.email) = v_email
    )
  returning i.role into v_role;
  insert into buzz_haven.users (auth_user_id, name, email, role)
  values (p_auth_user_id, v_name, v_email, v_role)
  on conflict (auth_user_id) do nothing
  returning * into v_row;
  if v_row.id is null then
    select * into v_row from buzz_haven.users where auth_user_id = p_auth_user_id;
  end if;
  return v_row;
end;
$$;

create or replace function public.register_buzz_haven_workshop(
  p_event_id uuid default null,
  p_name text default null,
  p_email text default null,
  p_places integer default 1,
  p_child_ages integer[] default null,
  p_join_waitlist boolean default false,
  p_website text default null,
  p_pay boolean default false
)
returns jsonb
language plpgsql
security definer -- writes buzz_haven.event_registrations, which anon has no grant on
set search_path = ''
as $$
declare
  v_event buzz_haven.events;
  v_email text := lower(btrim(p_email));
  v_left integer;
  v_price integer;
  v_row buzz_haven.event_registrations;
begin
  if nullif(btrim(p_website), '') is not null then
    return jsonb_build_object('id', gen_random_uuid(), 'status', 'confirmed', 'position', null, 'spots_left', null,
      'amount_due', null, 'hold_expires_at', null);
  end if;
  perform buzz_haven.check_required(p_name, 'Name');
  perform buzz_haven.check_input(buzz_haven.is_email(v_email), 'A valid email is required');
  perform buzz_haven.check_input(coalesce(p_places, 0) between 1 and 10, 'Places must be between 1 and 10');
  perform buzz_haven.guard_request('registration', v_email);
  select * into v_event from buzz_haven.events as e where e.id = p_event_id for update;
  if not found or not v_event.is_public or v_event.kind <> 'workshop' or v_event.status <> 'scheduled'
    or v_event.start_time <= now() then
    raise exception 'This workshop is not open for registration' using errcode = 'PT404';
  end if;
  if v_event.title ~* '^children' then
    perform buzz_haven.check_input(cardinality(p_child_ages) = p_places, 'Give the age of each child (one per place)');
    perform buzz_haven.check_input(5 <= all (p_child_ages) and 12 >= all (p_child_ages),
      'Children must be 5 to 12 years old');
  else
    perform buzz_haven.check_input(coalesce(cardinality(p_child_ages), 0) = 0, 'Ages are only asked for children''s workshops');
  end if;
  perform buzz_haven.expire_event_holds(p_event_id);
  if exists (
    select 1 from buzz_haven.event_registrations as r
    where r.event_id = p_event_id and lower(r.email) = v_email and r.status not in ('cancelled', 'expired')
  ) then
    raise exception 'You are already registered for this workshop' using errcode = 'PT409';
  end if;
  v_left := buzz_haven.spots_left(p_event_id);
  v_price := buzz_haven.workshop_place_price(v_event);
  if v_left is null or p_places <= v_left then
    if coalesce(p_pay, false) and v_price > 0 then
      insert into buzz_haven.event_registrations (event_id, name, email, places, child_ages, status, hold_expires_at, amount_due)
      values (p_event_id, btrim(p_name), v_email, p_places, p_child_ages, 'held',
        now() + make_interval(mins => buzz_haven.workshop_hold_minutes()), v_price * p_places)
      returning * into v_row;
    else
      insert into buzz_haven.event_registrations (event_id, name, email, places, child_ages, status)
      values (p_event_id, btrim(p_name), v_email, p_places, p_child_ages, 'confirmed')
      returning * into v_row;
    end if;
  elsif coalesce(p_join_waitlist, false) then
    insert into buzz_haven.event_registrations (event_id, name, email, places, child_ages, status, position)
    values (p_event_id, btrim(p_name), v_email, p_places, p_child_ages, 'waitlisted', 1 + coalesce((
      select max(r.position) from buzz_haven.event_registrations as r where r.event_id = p_event_id), 0))
    returning * into v_row;
  elsif v_left <= 0 then
    raise exception 'This workshop is full' using errcode = 'PT409';
  else
    raise exception '%', format('Only %s %s left in this workshop', v_left, case when v_left = 1 then 'place' else 'places' end)
      using errcode = 'PT409';
  end if;
  return jsonb_build_object('id', v_row.id, 'status', v_row.status, 'position', v_row.position,
    'spots_left', buzz_haven.spots_left(p_event_id), 'amount_due', v_row.amount_due, 'hold_expires_at', v_row.hold_expires_at);
end;
$$;
