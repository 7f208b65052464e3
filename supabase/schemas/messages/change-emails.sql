-- The e-mails a change queues: an order's new status, a registration's new status.
set check_function_bodies = false;

-- Buzz Haven: e-mail when a request changes, queued like the first messages
-- (above) in the transaction of the change:
-- - an order's status (each row of order_status_history, written for every change by
--   buzz_haven.record_order_status): confirmed, ready for pickup, shipped, cancelled;
-- - a workshop registration moved up from the waitlist (waitlisted -> confirmed, by
--   buzz_haven.promote_waitlist when a place frees up) or cancelled.
-- One message per change: the history row's id, or the registration's updated_at, is in the key.


create function buzz_haven.queue_order_status_message() returns trigger
language plpgsql security definer set search_path = '' -- reads orders and writes outbox_messages
as $$
declare
  v_order buzz_haven.orders;
begin
  if not buzz_haven.in_api_request() or new.from_status is null
    or new.to_status not in ('confirmed', 'ready', 'shipped', 'cancelled') then
    return null;
  end if;
  select * into v_order from buzz_haven.orders as o where o.id = new.order_id;
  perform buzz_haven.enqueue_message('order_' || new.to_status, v_order.customer_email, v_order.customer_name,
    jsonb_build_object('customer', jsonb_build_object('name', v_order.customer_name),
      'order', jsonb_build_object('id', v_order.id, 'number', v_order.number, 'delivery', v_order.delivery,
        'total', v_order.total, 'status', new.to_status)),
    'order_' || new.to_status || '.' || new.id, 'orders', v_order.id);
  return null;
end;
$$;
create trigger order_status_history_queue_message after insert on buzz_haven.order_status_history
  for each row execute function buzz_haven.queue_order_status_message();

create function buzz_haven.queue_registration_change() returns trigger
language plpgsql security definer set search_path = '' -- reads events and writes outbox_messages
as $$
declare
  v_kind text := case
    when old.status = 'waitlisted' and new.status = 'confirmed' then 'registration_promoted'
    when old.status in ('confirmed', 'waitlisted') and new.status = 'cancelled' then 'registration_cancelled' end;
begin
  if v_kind is null or not buzz_haven.in_api_request() then return null; end if;
  perform buzz_haven.enqueue_message(v_kind, new.email, new.name, buzz_haven.registration_message_data(new),
    v_kind || '.' || new.id || '.' || (extract(epoch from new.updated_at) * 1000000)::bigint,
    'event_registrations', new.id);
  return null;
end;
$$;
create trigger event_registrations_queue_change after update of status on buzz_haven.event_registrations
  for each row when (old.status is distinct from new.status)
  execute function buzz_haven.queue_registration_change();

revoke all on function buzz_haven.queue_order_status_message(), buzz_haven.queue_registration_change()
  from public, anon, authenticated;
