-- Paid workshop places: the price of a place, holds while paying and their limits, expiring
-- holds, and registering for a workshop.
set check_function_bodies = false;

-- Buzz Haven: paid workshop places. With card payments on, the site registers
-- with p_pay => true: a place whose workshop has a price (the event's offering in
-- buzz_haven.workshop_offerings, else the event's own price) is 'held' for 30 minutes while the
-- registrant pays through Stripe Checkout (the stripe-checkout function, kind 'registration':
-- begin_buzz_haven_registration_checkout prices it from the tables, never from the browser). The
-- signed checkout.session.completed webhook (apply_buzz_haven_registration_stripe_event, routed by
-- the session's metadata.kind) records the payment and confirms the place, which queues the
-- usual 'registration_confirmed' e-mail. A hold that is not paid in time becomes 'expired': its
-- places are free again and the waitlist moves up with its 'registration_promoted' e-mail
-- (buzz_haven.promote_waitlist, above). A held place counts as taken until it expires,
-- which happens whichever way comes first:
--   - periodically: expire_buzz_haven_workshop_holds() (service role) is asked by the outbox sender
--     before each pass (supabase/functions/send-messages/sender.ts; every second under `npm start`,
--     on the sender's schedule when hosted), as the 24 h reminders and the staff digests are;
--   - Stripe's checkout.session.expired for the hold's session (the session ends with the hold);
--   - lazily: a registration for the workshop first expires its overdue holds and promotes the
--     waitlist (kept when that registration succeeds; a refused one rolls it back with itself, and
--     the next periodic pass does it).
-- Without p_pay (payments off, or a free workshop) registering is exactly as before. Staff cancel a
-- paid place and refund all or part of it through the stripe-refund function
-- (prepare_/record_buzz_haven_registration_refund). Amounts in integer cents, usd. The hold is
-- event_registrations' status 'held' with hold_expires_at and amount_due.


-- Buzz Haven: paid workshop places, two refinements.
-- 1. The price of a place is its offering's in buzz_haven.workshop_offerings, the price table, and
--    only that: an event with no offering (or an offering without a row) has no price to pay by
--    card, and registering for it is exactly as before card payments (the event's own legacy
--    `price` column is not charged).
-- 2. A held workshop place lasts as long as its Checkout Session.
--    Stripe opens a session for at least 30 minutes from its creation, a few seconds after the place
--    was held (register_buzz_haven_workshop), so recording the session moves the
--    hold's end to the session's: the registrant never pays into a session whose place has already
--    gone, and Stripe's checkout.session.expired arrives as the hold ends.
--
-- Buzz Haven: who may take a priced workshop place without paying, and how many places one
-- visitor may hold while paying.
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

create or replace function buzz_haven.workshop_place_price(p_event buzz_haven.events) returns integer
language sql stable set search_path = ''
as $$
  select coalesce((select w.price from buzz_haven.workshop_offerings as w where w.slug = p_event.offering), 0)
$$;
revoke all on function buzz_haven.workshop_place_price(buzz_haven.events) from public, anon, authenticated;

-- How long a place is held while its registrant pays (Stripe's shortest Checkout Session is 30 minutes).
create function buzz_haven.workshop_hold_minutes() returns integer
language sql immutable set search_path = '' as $$ select 30 $$;

-- Whether a hold still keeps its places: before its end, and with its Checkout Session open (or
-- still within the minutes it is given to open one).
create function buzz_haven.hold_is_live(r buzz_haven.event_registrations) returns boolean
language sql stable set search_path = ''
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
language plpgsql stable set search_path = ''
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
create function buzz_haven.expire_event_holds(p_event_id uuid) returns integer
language plpgsql set search_path = ''
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
revoke all on function buzz_haven.expire_event_holds(uuid) from public, anon, authenticated;

-- Every hold that no longer keeps its places (service role: the outbox sender asks before each pass).
create function public.expire_buzz_haven_workshop_holds() returns integer
language plpgsql security definer set search_path = '' -- writes buzz_haven.event_registrations; the service key only
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
revoke all on function public.expire_buzz_haven_workshop_holds() from public, anon, authenticated;
grant execute on function public.expire_buzz_haven_workshop_holds() to service_role;

create or replace function public.register_buzz_haven_workshop(
  p_event_id uuid default null,
  p_name text default null,
  p_email text default null,
  p_places integer default 1,
  p_child_ages integer[] default null,
  p_join_waitlist boolean default false,
  p_website text default null,
  p_pay boolean default false,
  p_locale text default 'en'
)
returns jsonb
language plpgsql security definer set search_path = '' -- writes buzz_haven.event_registrations, which anon has no grant on
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
  perform buzz_haven.set_request_locale(p_locale);
  if nullif(btrim(p_website), '') is not null then
    return jsonb_build_object('id', gen_random_uuid(), 'status', 'confirmed', 'position', null, 'spots_left', null,
      'amount_due', null, 'hold_expires_at', null, 'amount_owed', null);
  end if;
  perform buzz_haven.check_rule(nullif(btrim(p_name), '') is not null, 'name_required');
  perform buzz_haven.check_rule(buzz_haven.is_email(v_email), 'email_valid');
  perform buzz_haven.check_rule(coalesce(p_places, 0) between 1 and 10, 'registration_places_range');
  perform buzz_haven.guard_request('registration', v_email);
  select * into v_event from buzz_haven.events as e where e.id = p_event_id for update;
  if not found or not v_event.is_public or v_event.kind <> 'workshop' or v_event.status <> 'scheduled'
    or v_event.start_time <= now() then
    raise exception '%', buzz_haven.rule_message('registration_not_open') using errcode = 'PT404';
  end if;
  if exists (select 1 from buzz_haven.workshop_offerings as w
      where w.slug = v_event.offering and (w.min_age is not null or w.max_age is not null)) then
    perform buzz_haven.check_rule(cardinality(p_child_ages) = p_places, 'registration_child_ages');
    perform buzz_haven.check_rule(5 <= all (p_child_ages) and 12 >= all (p_child_ages),
      'registration_child_age_range');
  else
    perform buzz_haven.check_rule(coalesce(cardinality(p_child_ages), 0) = 0, 'registration_ages_children_only');
  end if;
  perform buzz_haven.expire_event_holds(p_event_id);
  if exists (
    select 1 from buzz_haven.event_registrations as r
    where r.event_id = p_event_id and lower(r.email) = v_email and r.status not in ('cancelled', 'expired')
  ) then
    raise exception '%', buzz_haven.rule_message('registration_already') using errcode = 'PT409';
  end if;
  v_left := buzz_haven.spots_left(p_event_id);
  v_price := buzz_haven.workshop_place_price(v_event);
  v_owed := nullif(v_price * p_places, 0);
  if v_left is null or p_places <= v_left then
    if coalesce(p_pay, false) and v_price > 0 then
      perform buzz_haven.check_hold_bounds(v_email, v_client, p_places);
      insert into buzz_haven.event_registrations (event_id, name, email, places, child_ages, status, hold_expires_at, amount_due,
        client_hash, locale)
      values (p_event_id, btrim(p_name), v_email, p_places, p_child_ages, 'held',
        now() + make_interval(mins => buzz_haven.workshop_hold_minutes()), v_owed, v_client, buzz_haven.request_locale())
      returning * into v_row;
    elsif v_price > 0 and not coalesce((select s.workshop_pay_later from buzz_haven.payment_settings as s limit 1), true) then
      perform buzz_haven.refuse('event_registrations_card_only', '22023');
    else
      insert into buzz_haven.event_registrations (event_id, name, email, places, child_ages, status, amount_owed, locale)
      values (p_event_id, btrim(p_name), v_email, p_places, p_child_ages, 'confirmed', v_owed, buzz_haven.request_locale())
      returning * into v_row;
    end if;
  elsif coalesce(p_join_waitlist, false) then
    -- what the places will cost when they move up (staff then see them unpaid)
    insert into buzz_haven.event_registrations (event_id, name, email, places, child_ages, status, position, amount_owed, locale)
    values (p_event_id, btrim(p_name), v_email, p_places, p_child_ages, 'waitlisted', 1 + coalesce((
      select max(r.position) from buzz_haven.event_registrations as r where r.event_id = p_event_id), 0), v_owed,
      buzz_haven.request_locale())
    returning * into v_row;
  elsif v_left <= 0 then
    raise exception '%', buzz_haven.rule_message('registration_full') using errcode = 'PT409';
  else
    perform buzz_haven.refuse('registration_places_left', 'PT409',
      array[v_left::text, case when v_left = 1 then 'place' else 'places' end]);
  end if;
  return jsonb_build_object('id', v_row.id, 'status', v_row.status, 'position', v_row.position,
    'spots_left', buzz_haven.spots_left(p_event_id), 'amount_due', v_row.amount_due, 'hold_expires_at', v_row.hold_expires_at,
    'amount_owed', v_row.amount_owed);
end;
$$;

revoke all on function buzz_haven.workshop_hold_minutes() from public, anon, authenticated;
