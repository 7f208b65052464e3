-- The e-mails a new request queues: an order, a swarm report, a workshop registration, an
-- adoption request.
set check_function_bodies = false;

-- The order's acknowledgement, in the wording its payment chooses.
create or replace function buzz_haven.queue_order_received() returns trigger
language plpgsql security definer set search_path = '' -- reads order_items and writes outbox_messages
as $$
begin
  if not buzz_haven.in_api_request() then return null; end if;
  perform buzz_haven.enqueue_message(
    case when new.payment_state = 'offline' then 'order_received' else 'order_received_card' end,
    new.customer_email, new.customer_name,
    jsonb_build_object('customer', jsonb_build_object('name', new.customer_name),
      'order', jsonb_build_object('id', new.id, 'number', new.number, 'delivery', new.delivery,
        'subtotal', new.subtotal, 'shipping', new.shipping, 'total', new.total,
        'payment', case when new.payment_state = 'offline' then 'later' else 'card' end,
        'address', concat_ws(', ', new.address_line1, new.address_line2, new.city,
          nullif(concat_ws(' ', new.state, new.zip), '')),
        -- each line named in the order's language: the product's Spanish name for a Spanish order
        'lines', coalesce((select jsonb_agg(jsonb_build_object('name', coalesce(p.name_es, i.name), 'quantity', i.quantity,
            'unit_price', i.unit_price, 'line_total', i.line_total) order by i.name, i.id)
          from buzz_haven.order_items as i
          left join buzz_haven.products as p on p.id = i.product_id and new.locale = 'es'
          where i.order_id = new.id), '[]'))),
    'order_received.' || new.id, 'orders', new.id);
  return null;
end;
$$;
create constraint trigger orders_queue_message after insert on buzz_haven.orders
  deferrable initially deferred
  for each row execute function buzz_haven.queue_order_received();

create function buzz_haven.queue_swarm_report_messages() returns trigger
language plpgsql security definer set search_path = '' -- reads users and writes outbox_messages
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

-- What a registration's e-mails say: the customer, the registration and its event.
create function buzz_haven.registration_message_data(r buzz_haven.event_registrations) returns jsonb
language sql stable set search_path = ''
as $$
  select jsonb_build_object('customer', jsonb_build_object('name', r.name),
    'registration', jsonb_build_object('id', r.id, 'places', r.places, 'position', r.position),
    'event', jsonb_build_object('id', e.id, 'title', e.title, 'location', e.location,
      'start_time', e.start_time, 'end_time', e.end_time, 'offering', e.offering))
  from (values (1)) as one (n) left join buzz_haven.events as e on e.id = r.event_id
$$;
revoke all on function buzz_haven.registration_message_data(buzz_haven.event_registrations)
  from public, anon, authenticated;

create function buzz_haven.queue_registration_message() returns trigger
language plpgsql security definer set search_path = '' -- reads events and writes outbox_messages
as $$
begin
  if not buzz_haven.in_api_request() or new.status not in ('confirmed', 'waitlisted') then return null; end if;
  perform buzz_haven.enqueue_message('registration_' || new.status, new.email, new.name,
    buzz_haven.registration_message_data(new), 'registration_' || new.status || '.' || new.id,
    'event_registrations', new.id);
  return null;
end;
$$;
create trigger event_registrations_queue_message after insert on buzz_haven.event_registrations
  for each row execute function buzz_haven.queue_registration_message();

create function buzz_haven.queue_adoption_received() returns trigger
language plpgsql security definer set search_path = '' -- writes outbox_messages
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

revoke all on function buzz_haven.in_api_request(), buzz_haven.queue_order_received(),
  buzz_haven.queue_swarm_report_messages(), buzz_haven.queue_registration_message(),
  buzz_haven.queue_adoption_received() from public, anon, authenticated;
create trigger adoption_requests_queue_message after insert on buzz_haven.adoption_requests
  for each row execute function buzz_haven.queue_adoption_received();
