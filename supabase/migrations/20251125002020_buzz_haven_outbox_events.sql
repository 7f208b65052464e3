-- Buzz Haven: the events that queue e-mail (issue 24), as triggers on the request tables, so the
-- submit RPCs (20251125000110_buzz_haven_honeypot_answers.sql, 20251123000750/0770/0780) stay as
-- they are and the message commits or rolls back with the row. Each trigger freezes the values the
-- message shows (placeholders of content/schema/messages.ts) into outbox_messages.data.
-- - a new order: 'order_received' to the customer, with its lines. A deferred constraint trigger,
--   so it runs at commit, after the RPC inserted the order's lines.
-- - a new swarm report: 'swarm_report_received' to the reporter (when they gave an e-mail) and
--   'staff_swarm_alert' to every active staff member who wants swarm alerts (alert_preferences).
-- - a new workshop registration: 'registration_confirmed' or 'registration_waitlisted'.
-- - a new Adopt-a-Hive request: 'adoption_received'.
-- Rows written outside an API request (seed.sql, a migration, psql maintenance: no
-- request.jwt.claims, which PostgREST and the embedded backend set on every request) queue nothing:
-- loading demo data or repairing a table must not e-mail anyone.

create function buzz_haven.in_api_request() returns boolean
language sql
stable
set search_path = ''
as $$
  select coalesce(current_setting('request.jwt.claims', true), '') not in ('', '{}')
$$;

create function buzz_haven.queue_order_received() returns trigger
language plpgsql
security definer -- reads order_items and writes outbox_messages
set search_path = ''
as $$
begin
  if not buzz_haven.in_api_request() then return null; end if;
  perform buzz_haven.enqueue_message('order_received', new.customer_email, new.customer_name,
    jsonb_build_object('customer', jsonb_build_object('name', new.customer_name),
      'order', jsonb_build_object('id', new.id, 'number', new.number, 'delivery', new.delivery,
        'subtotal', new.subtotal, 'shipping', new.shipping, 'total', new.total,
        'address', concat_ws(', ', new.address_line1, new.address_line2, new.city,
          nullif(concat_ws(' ', new.state, new.zip), '')),
        'lines', coalesce((select jsonb_agg(jsonb_build_object('name', i.name, 'quantity', i.quantity,
            'unit_price', i.unit_price, 'line_total', i.line_total) order by i.name, i.id)
          from buzz_haven.order_items as i where i.order_id = new.id), '[]'))),
    'order_received.' || new.id, 'orders', new.id);
  return null;
end;
$$;
create constraint trigger orders_queue_message after insert on buzz_haven.orders
  deferrable initially deferred
  for each row execute function buzz_haven.queue_order_received();

create function buzz_haven.queue_swarm_report_messages() returns trigger
language plpgsql
security definer -- reads users and writes outbox_messages
set search_path = ''
as $$
declare
  v_report jsonb := jsonb_build_object('id', new.id, 'location', new.location, 'formed_when', new.formed_when,
    'size', new.size, 'height', new.height, 'in_structure', new.in_structure, 'qualifies', new.qualifies,
    'name', new.name, 'phone', new.phone, 'email', new.email, 'notes', new.notes, 'photo_url', new.photo_url);
  v_staff record;
begin
  if not buzz_haven.in_api_request() then return null; end if;
  if new.email is not null then
    perform buzz_haven.enqueue_message('swarm_report_received', new.email, new.name,
      jsonb_build_object('customer', jsonb_build_object('name', new.name), 'report', v_report),
      'swarm_report_received.' || new.id, 'swarm_reports', new.id);
  end if;
  for v_staff in
    select u.id, u.name, u.email from buzz_haven.users as u
    left join buzz_haven.alert_preferences as p on p.user_id = u.id
    where u.is_active and u.role is not null
      and (case when p.alerts is null then u.role in ('owner', 'admin') else 'swarm_report' = any (p.alerts) end)
  loop
    perform buzz_haven.enqueue_message('staff_swarm_alert', v_staff.email, v_staff.name,
      jsonb_build_object('staff', jsonb_build_object('name', v_staff.name), 'report', v_report),
      'staff_swarm_alert.' || new.id || '.' || v_staff.id, 'swarm_reports', new.id);
  end loop;
  return null;
end;
$$;
create trigger swarm_reports_queue_messages after insert on buzz_haven.swarm_reports
  for each row execute function buzz_haven.queue_swarm_report_messages();

create function buzz_haven.queue_registration_message() returns trigger
language plpgsql
security definer -- reads events and writes outbox_messages
set search_path = ''
as $$
declare
  v_event buzz_haven.events;
begin
  if not buzz_haven.in_api_request() or new.status not in ('confirmed', 'waitlisted') then return null; end if;
  select * into v_event from buzz_haven.events as e where e.id = new.event_id;
  perform buzz_haven.enqueue_message('registration_' || new.status, new.email, new.name,
    jsonb_build_object('customer', jsonb_build_object('name', new.name),
      'registration', jsonb_build_object('id', new.id, 'places', new.places, 'position', new.position),
      'event', jsonb_build_object('id', v_event.id, 'title', v_event.title, 'location', v_event.location,
        'start_time', v_event.start_time, 'end_time', v_event.end_time)),
    'registration_' || new.status || '.' || new.id, 'event_registrations', new.id);
  return null;
end;
$$;
create trigger event_registrations_queue_message after insert on buzz_haven.event_registrations
  for each row execute function buzz_haven.queue_registration_message();

create function buzz_haven.queue_adoption_received() returns trigger
language plpgsql
security definer -- writes outbox_messages
set search_path = ''
as $$
begin
  if not buzz_haven.in_api_request() then return null; end if;
  perform buzz_haven.enqueue_message('adoption_received', new.email, new.name,
    jsonb_build_object('customer', jsonb_build_object('name', new.name),
      'adoption', jsonb_build_object('id', new.id, 'tier', new.tier, 'plan', new.plan,
        'monthly_price', new.monthly_price, 'recipient_name', new.recipient_name)),
    'adoption_received.' || new.id, 'adoption_requests', new.id);
  return null;
end;
$$;
create trigger adoption_requests_queue_message after insert on buzz_haven.adoption_requests
  for each row execute function buzz_haven.queue_adoption_received();

revoke all on function buzz_haven.in_api_request(), buzz_haven.queue_order_received(),
  buzz_haven.queue_swarm_report_messages(), buzz_haven.queue_registration_message(),
  buzz_haven.queue_adoption_received() from public, anon, authenticated;
