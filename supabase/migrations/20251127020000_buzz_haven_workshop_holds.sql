-- Buzz Haven: paid workshop places (issue 25, workshops). With card payments on, the site registers
-- with p_pay => true: a place whose workshop has a price (the event's offering in
-- buzz_haven.workshop_offerings, else the event's own price) is 'held' for 30 minutes while the
-- registrant pays through Stripe Checkout (the stripe-checkout function, kind 'registration':
-- begin_buzz_haven_registration_checkout prices it from the tables, never from the browser). The
-- signed checkout.session.completed webhook (apply_buzz_haven_registration_stripe_event, routed by
-- the session's metadata.kind) records the payment and confirms the place, which queues the
-- usual 'registration_confirmed' e-mail. A hold that is not paid in time becomes 'expired': its
-- places are free again and the waitlist moves up with its 'registration_promoted' e-mail
-- (buzz_haven.promote_waitlist, 20251123000760). A held place counts as taken until it expires,
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
-- (prepare_/record_buzz_haven_registration_refund). Amounts in integer cents, usd.

alter table buzz_haven.event_registrations drop constraint event_registrations_status_known;
alter table buzz_haven.event_registrations
  add constraint event_registrations_status_known
    check (status in ('confirmed', 'waitlisted', 'cancelled', 'attended', 'held', 'expired')),
  add column hold_expires_at timestamptz,
  add column amount_due integer constraint event_registrations_amount_due_range check (amount_due between 0 and 10000000),
  add constraint event_registrations_held_until check (status <> 'held' or (hold_expires_at is not null and amount_due > 0));
comment on column buzz_haven.event_registrations.hold_expires_at is
  'held: the place is kept for the registrant until then, while they pay by card; expired after it.';
comment on column buzz_haven.event_registrations.amount_due is
  'The card payment asked for the places (cents), priced by the server when the place was held; null: not paid by card.';
create index event_registrations_held_idx on buzz_haven.event_registrations (hold_expires_at) where status = 'held';

-- Card payments, Checkout Sessions and refunds may be for a registration instead of an order.
alter table buzz_haven.payments
  add column registration_id uuid references buzz_haven.event_registrations (id) on delete set null;
create index payments_registration_idx on buzz_haven.payments (registration_id) where registration_id is not null;
alter table buzz_haven.checkout_sessions alter column order_id drop not null;
alter table buzz_haven.checkout_sessions
  add column registration_id uuid references buzz_haven.event_registrations (id) on delete cascade;
create index checkout_sessions_registration_idx on buzz_haven.checkout_sessions (registration_id, created_at desc)
  where registration_id is not null;
alter table buzz_haven.refunds
  add column registration_id uuid references buzz_haven.event_registrations (id) on delete set null;

-- The price of one place: the offering's (workshop_offerings, by the event's offering), else the event's.
create function buzz_haven.workshop_place_price(p_event buzz_haven.events) returns integer
language sql
stable
set search_path = ''
as $$
  select coalesce((select w.price from buzz_haven.workshop_offerings as w where w.slug = p_event.offering), p_event.price, 0)
$$;
revoke all on function buzz_haven.workshop_place_price(buzz_haven.events) from public, anon, authenticated;

-- How long a place is held while its registrant pays (Stripe's shortest Checkout Session is 30 minutes).
create function buzz_haven.workshop_hold_minutes() returns integer
language sql immutable set search_path = '' as $$ select 30 $$;

-- Places still free: confirmed, attended and held places (until the hold is expired) are taken.
create or replace function buzz_haven.spots_left(p_event_id uuid) returns integer
language sql
stable
set search_path = ''
as $$
  select e.capacity - coalesce((
    select sum(r.places) from buzz_haven.event_registrations as r
    where r.event_id = e.id and r.status in ('confirmed', 'attended', 'held')
  ), 0)::integer
  from buzz_haven.events as e where e.id = p_event_id
$$;

-- Expires the overdue holds of one event (locked by the caller) and moves its waitlist up.
create function buzz_haven.expire_event_holds(p_event_id uuid) returns integer
language plpgsql
set search_path = ''
as $$
declare
  v_count integer;
begin
  update buzz_haven.event_registrations set status = 'expired'
  where event_id = p_event_id and status = 'held' and hold_expires_at <= now();
  get diagnostics v_count = row_count;
  if v_count > 0 then
    perform buzz_haven.promote_waitlist(p_event_id);
  end if;
  return v_count;
end;
$$;
revoke all on function buzz_haven.expire_event_holds(uuid) from public, anon, authenticated;

-- Every overdue hold (service role: the outbox sender asks before each pass). Returns how many expired.
create function public.expire_buzz_haven_workshop_holds()
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
    select distinct r.event_id from buzz_haven.event_registrations as r where r.status = 'held' and r.hold_expires_at <= now()
  loop
    perform 1 from buzz_haven.events as e where e.id = v_event for update;
    v_total := v_total + buzz_haven.expire_event_holds(v_event);
  end loop;
  return v_total;
end;
$$;
revoke all on function public.expire_buzz_haven_workshop_holds() from public, anon, authenticated;
grant execute on function public.expire_buzz_haven_workshop_holds() to service_role;

-- Registering: as 20251123000760, plus p_pay (the site sends it when card payments are on): a
-- priced place that fits is 'held' for the hold time with its amount due; the answer adds
-- amount_due and hold_expires_at. Overdue holds of the workshop expire first.
drop function public.register_buzz_haven_workshop(uuid, text, text, integer, integer[], boolean, text);
create function public.register_buzz_haven_workshop(
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
  perform buzz_haven.check_text(p_name, 'Name', 200, true);
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

-- A held place to pay (service key: stripe-checkout). p_email must be the registration's. Refuses
-- a place no longer held (paid, expired). open_session: the hold's session, when still open.
create function public.begin_buzz_haven_registration_checkout(p_registration_id uuid default null, p_email text default null)
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
  if v.status <> 'held' or v.hold_expires_at <= now() then
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

create function public.record_buzz_haven_registration_checkout(
  p_registration_id uuid default null, p_session_id text default null, p_amount integer default null,
  p_currency text default null, p_url text default null, p_expires_at timestamptz default null
)
returns void
language plpgsql
security definer -- writes buzz_haven.checkout_sessions; the service key only
set search_path = ''
as $$
begin
  perform buzz_haven.check_input(coalesce(p_session_id, '') ~ '^cs_[A-Za-z0-9_]{1,250}$', 'A Checkout Session id is required');
  insert into buzz_haven.checkout_sessions (id, registration_id, amount, currency, url, expires_at)
  values (p_session_id, p_registration_id, p_amount, p_currency, p_url, p_expires_at)
  on conflict (id) do nothing;
end;
$$;

-- A Stripe event about a registration's Checkout Session (metadata.kind 'registration'), stored by
-- id in stripe_events with the order events and applied once, in one transaction.
create function public.apply_buzz_haven_registration_stripe_event(p_event jsonb default null)
returns jsonb
language plpgsql
security definer -- writes stripe_events, payments, checkout_sessions, event_registrations; the service key only
set search_path = ''
as $$
declare
  v_id text := p_event ->> 'id';
  v_type text := p_event ->> 'type';
  v_obj jsonb := p_event -> 'data' -> 'object';
  v_reg buzz_haven.event_registrations;
  v_reg_id uuid;
  v_outcome text := 'ignored';
  v_detail text;
  v_amount integer;
begin
  perform buzz_haven.check_input(jsonb_typeof(p_event) = 'object' and coalesce(v_id, '') ~ '^evt_[A-Za-z0-9_]{1,250}$'
    and coalesce(v_type, '') <> '' and jsonb_typeof(v_obj) = 'object', 'A Stripe event (id evt_…, type, data.object) is required');
  insert into buzz_haven.stripe_events (id, type, object_id, livemode, stripe_created, payload)
  values (v_id, left(v_type, 100), left(v_obj ->> 'id', 255), coalesce((p_event ->> 'livemode')::boolean, false),
    to_timestamp((p_event ->> 'created')::double precision), p_event)
  on conflict (id) do nothing;
  if not found then
    return jsonb_build_object('id', v_id, 'outcome', 'duplicate');
  end if;
  if (v_obj -> 'metadata' ->> 'registration_id') ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
    v_reg_id := (v_obj -> 'metadata' ->> 'registration_id')::uuid;
    -- The event row first, as registering does: no overbooking against a registration in flight.
    perform 1 from buzz_haven.events as e
    where e.id = (select r.event_id from buzz_haven.event_registrations as r where r.id = v_reg_id) for update;
    select * into v_reg from buzz_haven.event_registrations as r where r.id = v_reg_id for update;
  end if;

  if v_type in ('checkout.session.completed', 'checkout.session.async_payment_succeeded') then
    v_amount := (v_obj ->> 'amount_total')::integer;
    if v_reg.id is null then
      v_outcome := 'rejected';
      v_detail := 'No registration ' || coalesce(v_reg_id::text, '(none named)');
    elsif v_obj ->> 'payment_status' <> 'paid' then
      v_detail := 'Checkout completed, payment not yet received (' || coalesce(v_obj ->> 'payment_status', '?') || ')';
    elsif v_amount is distinct from v_reg.amount_due or v_obj ->> 'currency' is distinct from 'usd'
      or coalesce(v_obj ->> 'payment_intent', '') !~ '^pi_[A-Za-z0-9_]{1,250}$' then
      v_outcome := 'rejected';
      v_detail := format('Paid %s %s, but the places of %s come to %s usd: not confirmed', coalesce(v_amount::text, '?'),
        coalesce(v_obj ->> 'currency', '?'), v_reg.name, coalesce(v_reg.amount_due::text, '?'));
      insert into buzz_haven.activity_log (actor_name, action, resource, record_id, summary)
      values ('Stripe', 'update', 'event_registrations', v_reg.id, left('Card payment refused: ' || v_detail || ' (' || v_id || ')', 500));
    else
      insert into buzz_haven.payments (registration_id, payment_intent, checkout_session, amount, currency, livemode)
      values (v_reg.id, v_obj ->> 'payment_intent', v_obj ->> 'id', v_amount, 'usd', coalesce((v_obj ->> 'livemode')::boolean, false))
      on conflict (payment_intent) do update
        set registration_id = coalesce(buzz_haven.payments.registration_id, excluded.registration_id),
          checkout_session = coalesce(buzz_haven.payments.checkout_session, excluded.checkout_session);
      update buzz_haven.checkout_sessions set status = 'complete' where id = v_obj ->> 'id';
      v_outcome := 'applied';
      if v_reg.status = 'held' then
        update buzz_haven.event_registrations set status = 'confirmed', hold_expires_at = null where id = v_reg.id;
      elsif v_reg.status = 'expired' and v_reg.places <= coalesce(buzz_haven.spots_left(v_reg.event_id), v_reg.places) then
        -- Paid just after the hold ran out, and the places are still free: they are theirs.
        update buzz_haven.event_registrations set status = 'confirmed', hold_expires_at = null where id = v_reg.id;
      elsif v_reg.status in ('expired', 'cancelled') then
        v_detail := format('%s paid for %s place(s) of a hold that had %s and the places are gone: refund it', v_reg.name,
          v_reg.places, case v_reg.status when 'expired' then 'expired' else 'been cancelled' end);
        insert into buzz_haven.activity_log (actor_name, action, resource, record_id, summary)
        values ('Stripe', 'update', 'event_registrations', v_reg.id, left(v_detail || ' (' || v_id || ')', 500));
      end if;
    end if;
  elsif v_type in ('checkout.session.expired', 'checkout.session.async_payment_failed') then
    update buzz_haven.checkout_sessions set status = 'expired' where id = v_obj ->> 'id' and status = 'open';
    if v_reg.status = 'held' then
      update buzz_haven.event_registrations set status = 'expired' where id = v_reg.id;
      perform buzz_haven.promote_waitlist(v_reg.event_id);
    end if;
    v_outcome := 'applied';
  end if;

  update buzz_haven.stripe_events set outcome = v_outcome, detail = left(v_detail, 500) where id = v_id;
  return jsonb_build_object('id', v_id, 'outcome', v_outcome, 'detail', v_detail);
end;
$$;

-- A paid place as Checkout's success page may show it: only to a caller holding its session id.
create function public.get_buzz_haven_registration_payment(p_registration_id uuid default null, p_session_id text default null)
returns jsonb
language plpgsql
stable
security definer -- reads buzz_haven.event_registrations and checkout_sessions, which anon has no grant on
set search_path = ''
as $$
declare
  v jsonb;
begin
  perform buzz_haven.check_input(p_registration_id is not null and coalesce(p_session_id, '') ~ '^cs_[A-Za-z0-9_]{1,250}$',
    'A registration id and a Checkout Session id are required');
  select jsonb_build_object('status', r.status, 'places', r.places, 'amount', r.amount_due, 'event_title', e.title,
    'event_start_time', e.start_time) into v
  from buzz_haven.event_registrations as r
  join buzz_haven.events as e on e.id = r.event_id
  join buzz_haven.checkout_sessions as s on s.registration_id = r.id and s.id = p_session_id
  where r.id = p_registration_id;
  if v is null then
    raise exception 'Registration not found' using errcode = 'PT404';
  end if;
  return v;
end;
$$;

-- Staff cancel a paid place and refund all or part of it (owner or admin, second factor): checked
-- here as the caller; stripe-refund then refunds through Stripe and records it.
create function public.prepare_buzz_haven_registration_refund(
  p_registration_id uuid default null, p_amount integer default null, p_reason text default null, p_note text default null
)
returns jsonb
language plpgsql
security definer -- reads buzz_haven.payments and event_registrations, which the caller has no grant on
set search_path = ''
as $$
declare
  v_pay buzz_haven.payments;
  v_reg buzz_haven.event_registrations;
  v_left integer;
  v_amount integer;
  v_who record;
begin
  perform buzz_haven.require_role(array['owner', 'admin'], 'Only an owner or admin can refund a payment');
  perform buzz_haven.require_second_factor();
  perform buzz_haven.check_input(p_reason is null or p_reason in ('requested_by_customer', 'duplicate', 'fraudulent'),
    'Reason must be requested_by_customer, duplicate or fraudulent');
  perform buzz_haven.check_text(p_note, 'Note', 500);
  select * into v_reg from buzz_haven.event_registrations as r where r.id = p_registration_id;
  if not found then
    raise exception 'Registration not found' using errcode = 'PT404';
  end if;
  select * into v_pay from buzz_haven.payments as p
  where p.registration_id = p_registration_id and buzz_haven.refundable(p) > 0
  order by p.created_at, p.id limit 1
  for update;
  if not found then
    raise exception 'The registration of % has no card payment left to refund', v_reg.name using errcode = 'PT409';
  end if;
  v_left := buzz_haven.refundable(v_pay);
  v_amount := coalesce(p_amount, v_left);
  perform buzz_haven.check_input(v_amount between 1 and v_left,
    format('A refund of this payment is between $0.01 and $%s', to_char(v_left / 100.0, 'FM999999990.00')));
  select * into v_who from buzz_haven.caller_profile();
  return jsonb_build_object('registration_id', v_reg.id, 'name', v_reg.name, 'payment_intent', v_pay.payment_intent,
    'amount', v_amount, 'currency', v_pay.currency, 'refunded_before', v_pay.amount - v_left,
    'reason', p_reason, 'note', nullif(btrim(p_note), ''),
    'requested_by', v_who.profile_id, 'requested_by_name', v_who.display_name);
end;
$$;

-- The refund Stripe made (service key): stored once per refund id, logged as the staff member's,
-- and the place is cancelled (its places go to the waitlist, with the cancellation e-mail).
create function public.record_buzz_haven_registration_refund(
  p_refund_id text default null, p_payment_intent text default null, p_registration_id uuid default null,
  p_amount integer default null, p_currency text default null, p_reason text default null, p_note text default null,
  p_status text default null, p_requested_by uuid default null, p_requested_by_name text default null
)
returns void
language plpgsql
security definer -- writes buzz_haven.refunds, event_registrations and activity_log; the service key only
set search_path = ''
as $$
declare
  v_reg buzz_haven.event_registrations;
begin
  insert into buzz_haven.refunds (id, payment_intent, registration_id, amount, currency, reason, note, status, requested_by,
    requested_by_name)
  values (p_refund_id, p_payment_intent, p_registration_id, p_amount, p_currency, p_reason, nullif(btrim(p_note), ''), p_status,
    p_requested_by, coalesce(left(p_requested_by_name, 200), 'Unknown'))
  on conflict (id) do nothing;
  if not found then
    update buzz_haven.refunds set status = p_status where id = p_refund_id;
    return;
  end if;
  perform 1 from buzz_haven.events as e
  where e.id = (select r.event_id from buzz_haven.event_registrations as r where r.id = p_registration_id) for update;
  select * into v_reg from buzz_haven.event_registrations as r where r.id = p_registration_id for update;
  if not found then return; end if;
  insert into buzz_haven.activity_log (actor_id, actor_name, action, resource, record_id, summary)
  values (p_requested_by, coalesce(left(p_requested_by_name, 200), 'Unknown'), 'update', 'event_registrations', v_reg.id,
    left(format('Refund of $%s %s for the registration of %s%s%s (%s)', to_char(p_amount / 100.0, 'FM999999990.00'), p_status,
      v_reg.name, coalesce(', ' || replace(p_reason, '_', ' '), ''), coalesce(': ' || nullif(btrim(p_note), ''), ''),
      p_refund_id), 500));
  if v_reg.status in ('confirmed', 'held', 'waitlisted') then
    update buzz_haven.event_registrations set status = 'cancelled', position = null, hold_expires_at = null where id = v_reg.id;
    perform buzz_haven.promote_waitlist(v_reg.event_id);
  end if;
end;
$$;

-- A held place paid later becomes confirmed: the registrant gets the 'registration_confirmed'
-- e-mail then (registering queued nothing for a hold), keyed on the registration as before.
create trigger event_registrations_queue_paid after update of status on buzz_haven.event_registrations
  for each row when (old.status in ('held', 'expired') and new.status = 'confirmed')
  execute function buzz_haven.queue_registration_message();

-- Staff see each registration's hold and card payment (payment_state: held while paying, paid,
-- partially_refunded, refunded, expired; null when no card payment was asked).
create or replace view buzz_haven_lists.event_registrations as
select r.id, r.event_id, e.title as event_title, e.start_time as event_start_time, r.name, r.email::text as email,
  r.places, r.child_ages, r.status, r.position, r.created_at, r.updated_at,
  r.hold_expires_at, r.amount_due,
  case when p.payment_count > 0 then case when p.amount_refunded >= p.amount_paid then 'refunded'
      when p.amount_refunded > 0 then 'partially_refunded' else 'paid' end
    when r.status = 'held' and r.hold_expires_at > now() then 'awaiting_payment'
    when r.status in ('held', 'expired') then 'expired'
    when r.amount_due is not null then 'unpaid' end as payment_state,
  coalesce(p.amount_paid, 0) as amount_paid, coalesce(p.amount_refunded, 0) as amount_refunded,
  p.payment_intent
from buzz_haven.event_registrations as r
join buzz_haven.events as e on e.id = r.event_id
left join lateral (
  select count(*)::integer as payment_count, sum(pm.amount)::integer as amount_paid,
    sum(pm.amount_refunded)::integer as amount_refunded, min(pm.payment_intent) as payment_intent
  from buzz_haven.payments as pm where pm.registration_id = r.id
) as p on true
where buzz_haven_lists.staff_only();

revoke all on function buzz_haven.workshop_hold_minutes() from public, anon, authenticated;
select buzz_haven.grant_api_execute(
  'public.register_buzz_haven_workshop(uuid, text, text, integer, integer[], boolean, text, boolean)',
  'public.get_buzz_haven_registration_payment(uuid, text)',
  'public.prepare_buzz_haven_registration_refund(uuid, integer, text, text)'
);
revoke all on function public.begin_buzz_haven_registration_checkout(uuid, text),
  public.record_buzz_haven_registration_checkout(uuid, text, integer, text, text, timestamptz),
  public.apply_buzz_haven_registration_stripe_event(jsonb),
  public.record_buzz_haven_registration_refund(text, text, uuid, integer, text, text, text, text, uuid, text)
  from public, anon, authenticated;
grant execute on function public.begin_buzz_haven_registration_checkout(uuid, text),
  public.record_buzz_haven_registration_checkout(uuid, text, integer, text, text, timestamptz),
  public.apply_buzz_haven_registration_stripe_event(jsonb),
  public.record_buzz_haven_registration_refund(text, text, uuid, integer, text, text, text, text, uuid, text)
  to service_role;
