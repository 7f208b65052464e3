-- Staff alerts and daily digests, the alerts in force for a staff member, workshop reminders,
-- and the e-mails of an accepted adoption and of a held place paid.
set check_function_bodies = false;

-- Buzz Haven: the signed-in staff member reads the e-mail alerts in force for them (their choice in
-- alert_preferences, or their role's default: owners and admins get swarm alerts), for the switch
-- on /admin/security (admin/src/auth/AlertsCard.tsx) that set_buzz_haven_my_alerts
-- changes.

create function public.get_buzz_haven_my_alerts()
returns text[]
language plpgsql stable security definer set search_path = '' -- reads buzz_haven.users and alert_preferences, which the caller has no grant on
as $$
declare
  v_user buzz_haven.users;
  v_alerts text[];
begin
  perform buzz_haven.require_role();
  select * into v_user from buzz_haven.users as u where u.auth_user_id = buzz_haven.caller_id();
  select p.alerts into v_alerts from buzz_haven.alert_preferences as p where p.user_id = v_user.id;
  return coalesce(v_alerts,
    case when v_user.role in ('owner', 'admin') then array['swarm_report'] else array[]::text[] end);
end;
$$;

select buzz_haven.grant_api_execute('get_buzz_haven_my_alerts');

-- Buzz Haven: a reminder e-mail about 24 hours before a workshop, with its .ics.
-- Time, not a request, causes it, so no trigger can: the sender asks for due reminders before each
-- pass (queue_buzz_haven_workshop_reminders, service role only; supabase/functions/send-messages),
-- which queues one per confirmed registration of a scheduled event starting in the next 24 hours
-- and not yet started. The key is the registration's, so a reminder is queued once however often
-- it is asked; a registration confirmed later than 24 hours before still gets one.


-- Returns how many reminders it queued.
create function public.queue_buzz_haven_workshop_reminders()
returns integer language plpgsql security definer set search_path = '' -- reads registrations and events, writes outbox_messages
as $$
declare
  v_count integer;
begin
  insert into buzz_haven.outbox_messages (kind, recipient, recipient_name, data, idempotency_key, related_table, related_id,
    locale)
  select 'registration_reminder', r.email, r.name,
    jsonb_build_object('customer', jsonb_build_object('name', r.name),
      'registration', jsonb_build_object('id', r.id, 'places', r.places, 'position', r.position),
      'event', jsonb_build_object('id', e.id, 'title', e.title, 'location', e.location,
        'start_time', e.start_time, 'end_time', e.end_time, 'offering', e.offering)),
    'registration_reminder.' || r.id, 'event_registrations', r.id, r.locale
  from buzz_haven.event_registrations as r
  join buzz_haven.events as e on e.id = r.event_id
  where r.status = 'confirmed' and e.status = 'scheduled'
    and e.start_time > now() and e.start_time <= now() + interval '24 hours'
  on conflict (idempotency_key) do nothing;
  get diagnostics v_count = row_count;
  return v_count;
end;
$$;
revoke all on function public.queue_buzz_haven_workshop_reminders() from public, anon, authenticated;
grant execute on function public.queue_buzz_haven_workshop_reminders() to service_role;

-- Buzz Haven: "your Adopt-a-Hive request is accepted". An adoption request is
-- accepted when staff move it from 'new' to 'active' (update_buzz_haven_adoption_request,
-- requests area; the admin's Adoptions page calls the status 'Active').
-- The e-mail to the adopter is queued by a trigger in the transaction of that change, like the
-- other status messages (above), with the hive the
-- request is linked to, if any. Keyed on the request: accepted once, so pausing and resuming, or
-- going back to 'new' and accepting again, sends nothing more. Rows changed outside an API request
-- (seed, maintenance) queue nothing. Wording: 'adoption_accepted' in content/messages.yaml.


create function buzz_haven.queue_adoption_accepted() returns trigger
language plpgsql security definer set search_path = '' -- reads hives and writes outbox_messages
as $$
begin
  if not buzz_haven.in_api_request() then return null; end if;
  perform buzz_haven.enqueue_message('adoption_accepted', new.email, new.name,
    jsonb_build_object('customer', jsonb_build_object('name', new.name),
      'adoption', jsonb_build_object('id', new.id, 'tier', new.tier, 'plan', new.plan,
        'monthly_price', new.monthly_price, 'recipient_name', new.recipient_name,
        'hive', (select h.name from buzz_haven.hives as h where h.id = new.hive_id))),
    'adoption_accepted.' || new.id, 'adoption_requests', new.id);
  return null;
end;
$$;
create trigger adoption_requests_queue_accepted after update of status on buzz_haven.adoption_requests
  for each row when (old.status = 'new' and new.status = 'active')
  execute function buzz_haven.queue_adoption_accepted();

revoke all on function buzz_haven.queue_adoption_accepted() from public, anon, authenticated;

-- Buzz Haven: staff alerts for new orders and new workshop registrations, each
-- staff member choosing per kind: off, one e-mail each, or a daily digest. The choice is part of
-- alert_preferences.alerts (above), read and written with
-- get/set_buzz_haven_my_alerts as before (admin/src/auth/AlertsCard.tsx on /admin/security):
--   'order'        an e-mail for each new order          'order_digest'        new orders in the daily digest
--   'registration' an e-mail for each new registration   'registration_digest' new registrations in it
-- (at most one of each pair; neither = off). The role default (alerts null) keeps what it was:
-- swarm alerts for owners and admins, no order or registration e-mails for anyone.
-- - One by one: queued in the transaction of the event, like the swarm alerts: a deferred
--   constraint trigger on orders (it runs at commit, after the order's lines are written) and a
--   trigger on event_registrations. Keyed per event and staff member.
-- - The digest: caused by time, so the sender asks for it before each pass, as for the workshop
--   reminders (queue_buzz_haven_staff_digests, service role only; supabase/functions/send-messages).
--   A staff member's digest is due once their last one is a day old; it lists the orders and
--   registrations created since then (at most 100 of each listed, all counted) and is skipped when
--   there are none. alert_preferences.digest_since is where the next digest starts: set when a
--   digest is first chosen, moved on by each digest, cleared when no digest is chosen. The key holds
--   that start, so two senders asking at once queue it once.
-- Rows written outside an API request (seed, maintenance) queue no one-by-one alert.


create function buzz_haven.queue_staff_order_alerts() returns trigger
language plpgsql security definer set search_path = '' -- reads users, alert_preferences and order_items, writes outbox_messages
as $$
declare
  v_staff record;
  v_order jsonb;
begin
  if not buzz_haven.in_api_request() then return null; end if;
  for v_staff in select * from buzz_haven.staff_choosing('order') loop
    if v_order is null then
      v_order := jsonb_build_object('id', new.id, 'number', new.number, 'delivery', new.delivery,
        'subtotal', new.subtotal, 'shipping', new.shipping, 'total', new.total,
        'address', concat_ws(', ', new.address_line1, new.address_line2, new.city,
          nullif(concat_ws(' ', new.state, new.zip), '')),
        'lines', coalesce((select jsonb_agg(jsonb_build_object('name', i.name, 'quantity', i.quantity,
            'unit_price', i.unit_price, 'line_total', i.line_total) order by i.name, i.id)
          from buzz_haven.order_items as i where i.order_id = new.id), '[]'));
    end if;
    perform buzz_haven.enqueue_message('staff_order_alert', v_staff.email, v_staff.name,
      jsonb_build_object('staff', jsonb_build_object('name', v_staff.name),
        'customer', jsonb_build_object('name', new.customer_name, 'email', new.customer_email), 'order', v_order),
      'staff_order_alert.' || new.id || '.' || v_staff.id, 'orders', new.id);
  end loop;
  return null;
end;
$$;
create constraint trigger orders_queue_staff_alerts after insert on buzz_haven.orders
  deferrable initially deferred
  for each row execute function buzz_haven.queue_staff_order_alerts();

create function buzz_haven.queue_staff_registration_alerts() returns trigger
language plpgsql security definer set search_path = '' -- reads users, alert_preferences and events, writes outbox_messages
as $$
declare
  v_staff record;
  v_event buzz_haven.events;
begin
  if not buzz_haven.in_api_request() or new.status not in ('confirmed', 'waitlisted') then return null; end if;
  select * into v_event from buzz_haven.events as e where e.id = new.event_id;
  for v_staff in select * from buzz_haven.staff_choosing('registration') loop
    perform buzz_haven.enqueue_message('staff_registration_alert', v_staff.email, v_staff.name,
      jsonb_build_object('staff', jsonb_build_object('name', v_staff.name),
        'customer', jsonb_build_object('name', new.name, 'email', new.email),
        'registration', jsonb_build_object('id', new.id, 'places', new.places, 'status', new.status, 'position', new.position),
        'event', jsonb_build_object('id', v_event.id, 'title', v_event.title, 'location', v_event.location,
          'start_time', v_event.start_time, 'end_time', v_event.end_time)),
      'staff_registration_alert.' || new.id || '.' || v_staff.id, 'event_registrations', new.id);
  end loop;
  return null;
end;
$$;

revoke all on function buzz_haven.staff_choosing(text), buzz_haven.queue_staff_order_alerts(),
  buzz_haven.queue_staff_registration_alerts() from public, anon, authenticated;
create trigger event_registrations_queue_staff_alerts after insert on buzz_haven.event_registrations
  for each row execute function buzz_haven.queue_staff_registration_alerts();

-- Returns how many digests it queued.
create function public.queue_buzz_haven_staff_digests() returns integer
language plpgsql security definer set search_path = '' -- reads users, orders, registrations and events, writes outbox_messages and alert_preferences
as $$
declare
  v_now timestamptz := now();
  v_pref record;
  v_orders jsonb;
  v_registrations jsonb;
  v_order_count integer;
  v_registration_count integer;
  v_count integer := 0;
begin
  for v_pref in
    select p.user_id, p.alerts, p.digest_since, u.name, u.email::text as email
    from buzz_haven.alert_preferences as p
    join buzz_haven.users as u on u.id = p.user_id
    where p.digest_since <= v_now - interval '1 day'
      and p.alerts && array['order_digest', 'registration_digest']::text[]
      and u.is_active and u.role is not null
    for update of p skip locked
  loop
    v_orders := null;
    v_registrations := null;
    v_order_count := 0;
    v_registration_count := 0;
    if 'order_digest' = any (v_pref.alerts) then
      select count(*) into v_order_count from buzz_haven.orders as o
      where o.created_at > v_pref.digest_since and o.created_at <= v_now;
      select coalesce(jsonb_agg(x order by x.created_at, x.number), '[]') into v_orders from (
        select o.id, o.number, o.customer_name, o.total, o.delivery, o.created_at from buzz_haven.orders as o
        where o.created_at > v_pref.digest_since and o.created_at <= v_now
        order by o.created_at, o.number limit 100) as x;
    end if;
    if 'registration_digest' = any (v_pref.alerts) then
      select count(*) into v_registration_count from buzz_haven.event_registrations as r
      where r.created_at > v_pref.digest_since and r.created_at <= v_now;
      select coalesce(jsonb_agg(x order by x.created_at, x.id), '[]') into v_registrations from (
        select r.id, r.name, r.places, r.status, r.created_at, e.title as event_title, e.start_time as event_start
        from buzz_haven.event_registrations as r join buzz_haven.events as e on e.id = r.event_id
        where r.created_at > v_pref.digest_since and r.created_at <= v_now
        order by r.created_at, r.id limit 100) as x;
    end if;
    if v_order_count + v_registration_count > 0 then
      perform buzz_haven.enqueue_message('staff_digest', v_pref.email, v_pref.name,
        jsonb_build_object('staff', jsonb_build_object('name', v_pref.name),
          'digest', jsonb_strip_nulls(jsonb_build_object('since', v_pref.digest_since, 'until', v_now,
            'orders', v_orders, 'order_count', case when v_orders is not null then v_order_count end,
            'registrations', v_registrations,
            'registration_count', case when v_registrations is not null then v_registration_count end))),
        'staff_digest.' || v_pref.user_id || '.' || (extract(epoch from v_pref.digest_since) * 1000000)::bigint,
        'users', v_pref.user_id);
      v_count := v_count + 1;
    end if;
    update buzz_haven.alert_preferences as p set digest_since = v_now where p.user_id = v_pref.user_id;
  end loop;
  return v_count;
end;
$$;
revoke all on function public.queue_buzz_haven_staff_digests() from public, anon, authenticated;
grant execute on function public.queue_buzz_haven_staff_digests() to service_role;

-- A held place paid later becomes confirmed: the registrant gets the 'registration_confirmed'
-- e-mail then (registering queued nothing for a hold), keyed on the registration as before.
create trigger event_registrations_queue_paid after update of status on buzz_haven.event_registrations
  for each row when (old.status in ('held', 'expired') and new.status = 'confirmed')
  execute function buzz_haven.queue_registration_message();
