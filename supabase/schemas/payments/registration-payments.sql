-- Workshop places paid by card: the registrations list's payment columns, the checkout, the
-- Stripe events, what the success page shows, and refunds of a place.
set check_function_bodies = false;

-- Staff see each registration's hold and card payment (awaiting_payment while held, paid,
-- partially_refunded, refunded, expired) and unpaid for a confirmed or attended place that owes
-- its price (amount_owed: registered without card payment); null when nothing is owed.
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
  p.payment_intent, r.amount_owed, r.locale
from buzz_haven.event_registrations as r
join buzz_haven.events as e on e.id = r.event_id
left join lateral (
  select count(*)::integer as payment_count, sum(pm.amount)::integer as amount_paid,
    sum(pm.amount_refunded)::integer as amount_refunded, min(pm.payment_intent) as payment_intent
  from buzz_haven.payments as pm where pm.registration_id = r.id
) as p on true
where buzz_haven_lists.staff_only();

-- A held place to pay (service key: stripe-checkout). p_email must be the registration's. Refuses
-- a place no longer held (paid, expired, or its session never opened in time). open_session: the
-- hold's session, when still open.
create function public.begin_buzz_haven_registration_checkout(p_registration_id uuid default null, p_email text default null)
returns jsonb
language plpgsql security definer set search_path = '' -- reads buzz_haven.event_registrations and events; the service key only
as $$
declare
  v buzz_haven.event_registrations;
  v_event buzz_haven.events;
begin
  perform buzz_haven.check_input(p_registration_id is not null and buzz_haven.is_email(btrim(p_email)),
    'A registration id and its e-mail are required');
  select * into v from buzz_haven.event_registrations as r
  where r.id = p_registration_id and lower(r.email) = lower(btrim(p_email)) for update;
  perform buzz_haven.check_found(found, 'Registration not found');
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

create or replace function public.record_buzz_haven_registration_checkout(
  p_registration_id uuid default null, p_session_id text default null, p_amount integer default null,
  p_currency text default null, p_url text default null, p_expires_at timestamptz default null
)
returns void
language plpgsql security definer set search_path = '' -- writes buzz_haven.checkout_sessions and event_registrations; the service key only
as $$
begin
  perform buzz_haven.store_checkout_session('registration', p_registration_id, p_session_id, p_amount, p_currency, p_url, p_expires_at);
  update buzz_haven.event_registrations
  set hold_expires_at = greatest(hold_expires_at, least(p_expires_at, now() + interval '24 hours'))
  where id = p_registration_id and status = 'held' and p_expires_at is not null;
end;
$$;

-- A Stripe event about a registration's Checkout Session (metadata.kind 'registration'), stored by
-- id in stripe_events with the order events and applied once, in one transaction.
create function public.apply_buzz_haven_registration_stripe_event(p_event jsonb default null) returns jsonb
language plpgsql security definer set search_path = '' -- writes stripe_events, payments, checkout_sessions, event_registrations; the service key only
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
  if not buzz_haven.store_stripe_event(p_event) then
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
      or buzz_haven.is_stripe_id(v_obj ->> 'payment_intent', 'pi') is not true then
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
language plpgsql stable security definer set search_path = '' -- reads buzz_haven.event_registrations and checkout_sessions, which anon has no grant on
as $$
declare
  v jsonb;
begin
  perform buzz_haven.check_input(p_registration_id is not null and buzz_haven.is_stripe_id(p_session_id, 'cs'),
    'A registration id and a Checkout Session id are required');
  select jsonb_build_object('status', r.status, 'places', r.places, 'amount', r.amount_due, 'event_title', e.title,
    'event_start_time', e.start_time) into v
  from buzz_haven.event_registrations as r
  join buzz_haven.events as e on e.id = r.event_id
  join buzz_haven.checkout_sessions as s on s.registration_id = r.id and s.id = p_session_id
  where r.id = p_registration_id;
  perform buzz_haven.check_found(v is not null, 'Registration not found');
  return v;
end;
$$;

create function public.prepare_buzz_haven_registration_refund(
  p_registration_id uuid default null, p_amount integer default null, p_reason text default null, p_note text default null
)
returns jsonb language sql security definer set search_path = '' -- reads buzz_haven.payments and event_registrations
as $$
  select buzz_haven.check_refund_request(p_reason, p_note);
  select jsonb_build_object('registration_id', r.id, 'name', r.name) || buzz_haven.prepare_refund('registration_id',
    r.id, p_amount, p_reason, p_note, format('The registration of %s has no card payment left to refund', r.name))
  from buzz_haven.find_row(null::buzz_haven.event_registrations, p_registration_id, 'Registration not found') as r
$$;
select buzz_haven.grant_api_execute('register_buzz_haven_workshop', 'get_buzz_haven_registration_payment',
  'prepare_buzz_haven_registration_refund');

-- The refund Stripe made (service key): stored once per refund id, logged as the staff member's,
-- and the place is cancelled (its places go to the waitlist, with the cancellation e-mail).
create function public.record_buzz_haven_registration_refund(
  p_refund_id text default null, p_payment_intent text default null, p_registration_id uuid default null,
  p_amount integer default null, p_currency text default null, p_reason text default null, p_note text default null,
  p_status text default null, p_requested_by uuid default null, p_requested_by_name text default null
)
returns void
language plpgsql security definer set search_path = '' -- writes buzz_haven.refunds, event_registrations and activity_log; the service key only
as $$
declare
  v buzz_haven.refunds := buzz_haven.store_refund(null, p_registration_id, p_refund_id, p_payment_intent, p_amount,
    p_currency, p_reason, p_note, p_status, p_requested_by, p_requested_by_name);
  v_reg buzz_haven.event_registrations;
begin
  if v.id is null then return; end if;
  perform 1 from buzz_haven.events as e
  where e.id = (select r.event_id from buzz_haven.event_registrations as r where r.id = p_registration_id) for update;
  select * into v_reg from buzz_haven.event_registrations as r where r.id = p_registration_id for update;
  if not found then return; end if;
  perform buzz_haven.log_refund(v, 'event_registrations', v_reg.id, 'the registration of ' || v_reg.name);
  if v_reg.status in ('confirmed', 'held', 'waitlisted') then
    update buzz_haven.event_registrations set status = 'cancelled', position = null, hold_expires_at = null where id = v_reg.id;
    perform buzz_haven.promote_waitlist(v_reg.event_id);
  end if;
end;
$$;
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
