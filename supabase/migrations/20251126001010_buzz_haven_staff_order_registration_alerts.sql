-- Buzz Haven: staff alerts for new orders and new workshop registrations (issue 24, item 3), each
-- staff member choosing per kind: off, one e-mail each, or a daily digest. The choice is part of
-- alert_preferences.alerts (20251125002000_buzz_haven_outbox.sql), read and written with
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

alter table buzz_haven.outbox_messages drop constraint outbox_messages_kind_known;
alter table buzz_haven.outbox_messages add constraint outbox_messages_kind_known check (kind in (
  'order_received', 'swarm_report_received', 'registration_confirmed', 'registration_waitlisted',
  'adoption_received', 'staff_swarm_alert', 'order_confirmed', 'order_ready', 'order_shipped', 'order_cancelled',
  'registration_promoted', 'registration_cancelled', 'newsletter_confirm', 'newsletter_campaign',
  'registration_reminder', 'adoption_accepted', 'staff_order_alert', 'staff_registration_alert', 'staff_digest'));

alter table buzz_haven.alert_preferences drop constraint alert_preferences_alerts_known;
alter table buzz_haven.alert_preferences
  add constraint alert_preferences_alerts_known check (
    alerts <@ array['swarm_report', 'order', 'order_digest', 'registration', 'registration_digest']::text[]
    and not alerts @> array['order', 'order_digest']::text[]
    and not alerts @> array['registration', 'registration_digest']::text[]),
  add column digest_since timestamptz;
comment on table buzz_haven.alert_preferences is
  'E-mail alerts a staff member wants: swarm_report; order or order_digest; registration or registration_digest. '
  'alerts null = role default (owners and admins get swarm alerts). digest_since: where the next daily digest starts.';

create or replace function public.set_buzz_haven_my_alerts(p_alerts text[] default null)
returns text[]
language plpgsql
security definer -- writes buzz_haven.alert_preferences for the caller's own profile
set search_path = ''
as $$
declare
  v_user buzz_haven.users;
  v_digest boolean := p_alerts && array['order_digest', 'registration_digest']::text[];
begin
  perform buzz_haven.require_role();
  perform buzz_haven.check_input(p_alerts is null or (array_position(p_alerts, null) is null
      and p_alerts <@ array['swarm_report', 'order', 'order_digest', 'registration', 'registration_digest']::text[]),
    'Alerts can be: swarm_report, order or order_digest, registration or registration_digest');
  perform buzz_haven.check_input(p_alerts is null or not (p_alerts @> array['order', 'order_digest']::text[]
      or p_alerts @> array['registration', 'registration_digest']::text[]),
    'Choose each order or a daily digest of them, not both (the same for registrations)');
  select * into v_user from buzz_haven.users as u where u.auth_user_id = buzz_haven.caller_id();
  insert into buzz_haven.alert_preferences (user_id, alerts, digest_since)
  values (v_user.id, p_alerts, case when v_digest then now() end)
  on conflict (user_id) do update set alerts = excluded.alerts,
    -- A digest already chosen keeps its start; one chosen again starts now.
    digest_since = case when v_digest then coalesce(buzz_haven.alert_preferences.digest_since, now()) end;
  return coalesce(p_alerts,
    case when v_user.role in ('owner', 'admin') then array['swarm_report'] else array[]::text[] end);
end;
$$;

-- Active staff who chose `p_alert` for themselves (the role default chooses none of these).
create function buzz_haven.staff_choosing(p_alert text)
returns table (id uuid, name text, email text)
language sql
stable
set search_path = ''
as $$
  select u.id, u.name, u.email::text from buzz_haven.users as u
  join buzz_haven.alert_preferences as p on p.user_id = u.id
  where u.is_active and u.role is not null and p_alert = any (p.alerts)
$$;

create function buzz_haven.queue_staff_order_alerts() returns trigger
language plpgsql
security definer -- reads users, alert_preferences and order_items, writes outbox_messages
set search_path = ''
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
language plpgsql
security definer -- reads users, alert_preferences and events, writes outbox_messages
set search_path = ''
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
create trigger event_registrations_queue_staff_alerts after insert on buzz_haven.event_registrations
  for each row execute function buzz_haven.queue_staff_registration_alerts();

-- Returns how many digests it queued.
create function public.queue_buzz_haven_staff_digests()
returns integer
language plpgsql
security definer -- reads users, orders, registrations and events, writes outbox_messages and alert_preferences
set search_path = ''
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

revoke all on function buzz_haven.staff_choosing(text), buzz_haven.queue_staff_order_alerts(),
  buzz_haven.queue_staff_registration_alerts() from public, anon, authenticated;
revoke all on function public.queue_buzz_haven_staff_digests() from public, anon, authenticated;
grant execute on function public.queue_buzz_haven_staff_digests() to service_role;
