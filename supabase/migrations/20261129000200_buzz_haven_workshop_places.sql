-- Buzz Haven: who may take a priced workshop place without paying, and how many places one
-- visitor may hold while paying.
--
-- 1. The server decides how a place of a priced offering is paid, as it does for orders: the
--    browser's p_pay asks for a card hold, and without it the place is confirmed unpaid (paid at
--    the workshop) only while buzz_haven.payment_settings.workshop_pay_later allows it; with it
--    off the request is refused, so a visitor cannot skip Checkout by leaving p_pay out. A place
--    confirmed unpaid (and a waitlisted one, for when it moves up) keeps what it owes in
--    event_registrations.amount_owed, and staff see it 'unpaid' in the registrations list.
-- 2. A hold keeps its places only while its card payment can still happen: until its Checkout
--    Session is open (at most payment_settings.hold_start_minutes after the hold), then for the
--    session's life (the hold's end follows the session's, record_buzz_haven_registration_checkout).
--    A hold that never opened its session is expired as an overdue one is (lazily on the next
--    registration, periodically, or refused at checkout), and its places go to the waitlist.
-- 3. One e-mail and one client (a SHA-256 of buzz_haven.client_address(), as the request log keeps
--    it) hold at most payment_settings.hold_places_per_email / hold_places_per_client places at
--    once across every workshop; past that the visitor is told so in the words of
--    buzz_haven.constraint_messages. The numbers are the one row of payment_settings, which
--    owners and admins edit in the back office (Payment Settings).

alter table buzz_haven.payment_settings
  add column workshop_pay_later boolean not null default true,
  add column hold_places_per_email integer not null default 4
    constraint payment_settings_hold_places_per_email_range check (hold_places_per_email between 1 and 100),
  add column hold_places_per_client integer not null default 6
    constraint payment_settings_hold_places_per_client_range check (hold_places_per_client between 1 and 1000),
  add column hold_start_minutes integer not null default 5
    constraint payment_settings_hold_start_minutes_range check (hold_start_minutes between 1 and 30);
comment on table buzz_haven.payment_settings is
  'How orders and workshop places are paid (one row): pay later allowed besides card payments, and the bounds on card holds.';
comment on column buzz_haven.payment_settings.workshop_pay_later is
  'true: a priced workshop place registered without card payment is confirmed unpaid (paid at the workshop); false: card only.';
comment on column buzz_haven.payment_settings.hold_places_per_email is
  'Workshop places one e-mail address may hold at once while paying by card (every workshop together).';
comment on column buzz_haven.payment_settings.hold_places_per_client is
  'Workshop places one client (IP address hash) may hold at once while paying by card (every workshop together).';
comment on column buzz_haven.payment_settings.hold_start_minutes is
  'Minutes a held place waits for its Checkout Session to open; once open, the hold lasts as long as the session.';
select buzz_haven.explain_constraints_of('buzz_haven.payment_settings');

alter table buzz_haven.event_registrations
  add column amount_owed integer constraint event_registrations_amount_owed_range check (amount_owed between 0 and 10000000),
  add column client_hash text constraint event_registrations_client_hash_length check (char_length(client_hash) <= 64);
comment on column buzz_haven.event_registrations.amount_owed is
  'What the places cost (cents) when they are not paid by card: paid at the workshop; null: free, or paid by card (amount_due).';
comment on column buzz_haven.event_registrations.client_hash is
  'held: a SHA-256 of the client address that asked for the hold, to bound the places one client holds at once.';
-- The holds of one e-mail address (the per-e-mail bound).
create index event_registrations_held_email_idx on buzz_haven.event_registrations (lower(email)) where status = 'held';

-- The words a refused registration is told, keyed by the rule's name (format() fills in the number).
insert into buzz_haven.constraint_messages (constraint_name, message) values
  ('payment_settings_hold_places_per_email_range', 'Places held per e-mail must be between 1 and 100'),
  ('payment_settings_hold_places_per_client_range', 'Places held per client must be between 1 and 1000'),
  ('payment_settings_hold_start_minutes_range', 'Minutes to start paying must be between 1 and 30'),
  ('event_registrations_amount_owed_range', 'Amount owed must be between $0 and $100,000'),
  ('event_registrations_card_only', 'Workshop places are paid by card when you register: please reload the page and register again'),
  ('event_registrations_held_per_email',
    'One e-mail address can hold at most %s places at a time while paying. Finish paying for the places you hold, or register fewer places'),
  ('event_registrations_held_per_client',
    'At most %s places can be held at a time from one connection while paying. Please finish the payments you started, or try again in a few minutes');

-- Raises the message of rule p_rule (buzz_haven.constraint_messages, its %s filled with p_args).
create function buzz_haven.refuse(p_rule text, p_errcode text, p_args text[] default '{}') returns void
language plpgsql
stable
set search_path = ''
as $$
declare
  v_message text := (select m.message from buzz_haven.constraint_messages as m where m.constraint_name = p_rule);
begin
  raise exception using errcode = p_errcode, message = format(coalesce(v_message, p_rule), variadic p_args);
end;
$$;
revoke all on function buzz_haven.refuse(text, text, text[]) from public, anon, authenticated;

-- Whether a hold still keeps its places: before its end, and with its Checkout Session open (or
-- still within the minutes it is given to open one).
create function buzz_haven.hold_is_live(r buzz_haven.event_registrations) returns boolean
language sql
stable
set search_path = ''
as $$
  select r.status = 'held' and r.hold_expires_at > now() and (
    exists (select 1 from buzz_haven.checkout_sessions as s where s.registration_id = r.id and s.status = 'open')
    or r.created_at > now() - make_interval(mins => (select p.hold_start_minutes from buzz_haven.payment_settings as p limit 1)))
$$;
revoke all on function buzz_haven.hold_is_live(buzz_haven.event_registrations) from public, anon, authenticated;

-- Refuses a hold of p_places more than one e-mail or one client may hold at once. The caller has
-- taken buzz_haven.guard_request's locks on this client and e-mail, so two holds of one visitor
-- are counted one after the other.
create function buzz_haven.check_hold_bounds(p_email text, p_client text, p_places integer) returns void
language plpgsql
stable
set search_path = ''
as $$
declare
  v buzz_haven.payment_settings;
begin
  select * into v from buzz_haven.payment_settings limit 1;
  if p_places + coalesce((select sum(r.places) from buzz_haven.event_registrations as r
      where r.status = 'held' and lower(r.email) = p_email and buzz_haven.hold_is_live(r)), 0) > v.hold_places_per_email then
    perform buzz_haven.refuse('event_registrations_held_per_email', 'PT409', array[v.hold_places_per_email::text]);
  end if;
  if p_client is not null and p_places + coalesce((select sum(r.places) from buzz_haven.event_registrations as r
      where r.status = 'held' and r.client_hash = p_client and buzz_haven.hold_is_live(r)), 0) > v.hold_places_per_client then
    perform buzz_haven.refuse('event_registrations_held_per_client', 'PT409', array[v.hold_places_per_client::text]);
  end if;
end;
$$;
revoke all on function buzz_haven.check_hold_bounds(text, text, integer) from public, anon, authenticated;

-- Expires the holds of one event (locked by the caller) that no longer keep their places, and
-- moves its waitlist up.
create or replace function buzz_haven.expire_event_holds(p_event_id uuid) returns integer
language plpgsql
set search_path = ''
as $$
declare
  v_count integer;
begin
  update buzz_haven.event_registrations as r set status = 'expired'
  where r.event_id = p_event_id and r.status = 'held' and not buzz_haven.hold_is_live(r);
  get diagnostics v_count = row_count;
  if v_count > 0 then
    perform buzz_haven.promote_waitlist(p_event_id);
  end if;
  return v_count;
end;
$$;

-- Every hold that no longer keeps its places (service role: the outbox sender asks before each pass).
create or replace function public.expire_buzz_haven_workshop_holds()
returns integer
language plpgsql
security definer -- writes buzz_haven.event_registrations; the service key only
set search_path = ''
as $$
declare
  v_event uuid;
  v_total integer := 0;
begin
  for v_event in
    select distinct r.event_id from buzz_haven.event_registrations as r where r.status = 'held' and not buzz_haven.hold_is_live(r)
  loop
    perform 1 from buzz_haven.events as e where e.id = v_event for update;
    v_total := v_total + buzz_haven.expire_event_holds(v_event);
  end loop;
  return v_total;
end;
$$;

-- A held place to pay (service key: stripe-checkout). p_email must be the registration's. Refuses
-- a place no longer held (paid, expired, or its session never opened in time). open_session: the
-- hold's session, when still open.
create or replace function public.begin_buzz_haven_registration_checkout(p_registration_id uuid default null, p_email text default null)
returns jsonb
language plpgsql
security definer -- reads buzz_haven.event_registrations and events; the service key only
set search_path = ''
as $$
declare
  v buzz_haven.event_registrations;
  v_event buzz_haven.events;
begin
  perform buzz_haven.check_input(p_registration_id is not null and buzz_haven.is_email(btrim(p_email)),
    'A registration id and its e-mail are required');
  select * into v from buzz_haven.event_registrations as r
  where r.id = p_registration_id and lower(r.email) = lower(btrim(p_email)) for update;
  if not found then
    raise exception 'Registration not found' using errcode = 'PT404';
  end if;
  if not buzz_haven.hold_is_live(v) then
    raise exception '%', case when v.status in ('confirmed', 'attended') then 'This place is already confirmed'
      else 'This place is no longer held; please register again' end using errcode = 'PT409';
  end if;
  select * into v_event from buzz_haven.events as e where e.id = v.event_id;
  return jsonb_build_object('registration_id', v.id, 'email', v.email, 'currency', 'usd', 'places', v.places,
    'unit_price', v.amount_due / v.places, 'amount', v.amount_due, 'hold_expires_at', v.hold_expires_at,
    'event_id', v_event.id, 'event_title', v_event.title, 'event_start_time', v_event.start_time,
    'open_session', (select jsonb_build_object('id', s.id, 'url', s.url) from buzz_haven.checkout_sessions as s
      where s.registration_id = v.id and s.status = 'open' and s.amount = v.amount_due and s.url is not null
      order by s.created_at desc limit 1));
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
  v_owed integer;
  v_client text := buzz_haven.sha256_hex(buzz_haven.client_address());
  v_row buzz_haven.event_registrations;
begin
  if nullif(btrim(p_website), '') is not null then
    return jsonb_build_object('id', gen_random_uuid(), 'status', 'confirmed', 'position', null, 'spots_left', null,
      'amount_due', null, 'hold_expires_at', null, 'amount_owed', null);
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
  v_owed := nullif(v_price * p_places, 0);
  if v_left is null or p_places <= v_left then
    if coalesce(p_pay, false) and v_price > 0 then
      perform buzz_haven.check_hold_bounds(v_email, v_client, p_places);
      insert into buzz_haven.event_registrations (event_id, name, email, places, child_ages, status, hold_expires_at, amount_due,
        client_hash)
      values (p_event_id, btrim(p_name), v_email, p_places, p_child_ages, 'held',
        now() + make_interval(mins => buzz_haven.workshop_hold_minutes()), v_owed, v_client)
      returning * into v_row;
    elsif v_price > 0 and not coalesce((select s.workshop_pay_later from buzz_haven.payment_settings as s limit 1), true) then
      perform buzz_haven.refuse('event_registrations_card_only', '22023');
    else
      insert into buzz_haven.event_registrations (event_id, name, email, places, child_ages, status, amount_owed)
      values (p_event_id, btrim(p_name), v_email, p_places, p_child_ages, 'confirmed', v_owed)
      returning * into v_row;
    end if;
  elsif coalesce(p_join_waitlist, false) then
    -- what the places will cost when they move up (staff then see them unpaid)
    insert into buzz_haven.event_registrations (event_id, name, email, places, child_ages, status, position, amount_owed)
    values (p_event_id, btrim(p_name), v_email, p_places, p_child_ages, 'waitlisted', 1 + coalesce((
      select max(r.position) from buzz_haven.event_registrations as r where r.event_id = p_event_id), 0), v_owed)
    returning * into v_row;
  elsif v_left <= 0 then
    raise exception 'This workshop is full' using errcode = 'PT409';
  else
    raise exception '%', format('Only %s %s left in this workshop', v_left, case when v_left = 1 then 'place' else 'places' end)
      using errcode = 'PT409';
  end if;
  return jsonb_build_object('id', v_row.id, 'status', v_row.status, 'position', v_row.position,
    'spots_left', buzz_haven.spots_left(p_event_id), 'amount_due', v_row.amount_due, 'hold_expires_at', v_row.hold_expires_at,
    'amount_owed', v_row.amount_owed);
end;
$$;

-- Staff see each registration's hold and card payment (awaiting_payment while held, paid,
-- partially_refunded, refunded, expired) and, new here, unpaid for a confirmed or attended place
-- that owes its price (amount_owed: registered without card payment); null when nothing is owed.
create or replace view buzz_haven_lists.event_registrations as
select r.id, r.event_id, e.title as event_title, e.start_time as event_start_time, r.name, r.email::text as email,
  r.places, r.child_ages, r.status, r.position, r.created_at, r.updated_at,
  r.hold_expires_at, r.amount_due,
  case when p.payment_count > 0 then case when p.amount_refunded >= p.amount_paid then 'refunded'
      when p.amount_refunded > 0 then 'partially_refunded' else 'paid' end
    when r.status = 'held' and r.hold_expires_at > now() then 'awaiting_payment'
    when r.status in ('held', 'expired') then 'expired'
    when r.amount_due is not null then 'unpaid'
    when r.amount_owed is not null and r.status in ('confirmed', 'attended') then 'unpaid' end as payment_state,
  coalesce(p.amount_paid, 0) as amount_paid, coalesce(p.amount_refunded, 0) as amount_refunded,
  p.payment_intent, r.amount_owed
from buzz_haven.event_registrations as r
join buzz_haven.events as e on e.id = r.event_id
left join lateral (
  select count(*)::integer as payment_count, sum(pm.amount)::integer as amount_paid,
    sum(pm.amount_refunded)::integer as amount_refunded, min(pm.payment_intent) as payment_intent
  from buzz_haven.payments as pm where pm.registration_id = r.id
) as p on true
where buzz_haven_lists.staff_only();

-- Owners and admins only: how orders and workshop places are paid changes how every customer pays.
drop function public.update_buzz_haven_payment_settings(uuid, boolean, text[]);
create function public.update_buzz_haven_payment_settings(
  p_id uuid, p_pay_later boolean default null, p_clear text[] default '{}', p_workshop_pay_later boolean default null,
  p_hold_places_per_email integer default null, p_hold_places_per_client integer default null,
  p_hold_start_minutes integer default null
)
returns buzz_haven.payment_settings
language plpgsql
security definer -- writes buzz_haven.payment_settings, which the caller has no grant on
set search_path = ''
as $$
declare
  v buzz_haven.payment_settings;
begin
  perform buzz_haven.require_role(array['owner', 'admin'], 'Only an owner or admin can change how orders are paid');
  perform buzz_haven.check_clear(coalesce(p_clear, '{}'), '{}', '{}');
  update buzz_haven.payment_settings as s
  set pay_later = coalesce(p_pay_later, s.pay_later),
    workshop_pay_later = coalesce(p_workshop_pay_later, s.workshop_pay_later),
    hold_places_per_email = coalesce(p_hold_places_per_email, s.hold_places_per_email),
    hold_places_per_client = coalesce(p_hold_places_per_client, s.hold_places_per_client),
    hold_start_minutes = coalesce(p_hold_start_minutes, s.hold_start_minutes)
  where s.id = p_id returning s.* into v;
  if not found then
    raise exception 'Payment settings not found' using errcode = 'PT404';
  end if;
  return v;
end;
$$;
select buzz_haven.grant_api_execute(
  'public.update_buzz_haven_payment_settings(uuid, boolean, text[], boolean, integer, integer, integer)'
);
