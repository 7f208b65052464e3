-- Buzz Haven: a reminder e-mail about 24 hours before a workshop (issue 24, item 2), with its .ics.
-- Time, not a request, causes it, so no trigger can: the sender asks for due reminders before each
-- pass (queue_buzz_haven_workshop_reminders, service role only; supabase/functions/send-messages),
-- which queues one per confirmed registration of a scheduled event starting in the next 24 hours
-- and not yet started. The key is the registration's, so a reminder is queued once however often
-- it is asked; a registration confirmed later than 24 hours before still gets one.

alter table buzz_haven.outbox_messages drop constraint outbox_messages_kind_known;
alter table buzz_haven.outbox_messages add constraint outbox_messages_kind_known check (kind in (
  'order_received', 'swarm_report_received', 'registration_confirmed', 'registration_waitlisted',
  'adoption_received', 'staff_swarm_alert', 'order_confirmed', 'order_ready', 'order_shipped', 'order_cancelled',
  'registration_promoted', 'registration_cancelled', 'newsletter_confirm', 'newsletter_campaign',
  'registration_reminder'));

-- Returns how many reminders it queued.
create function public.queue_buzz_haven_workshop_reminders()
returns integer
language plpgsql
security definer -- reads registrations and events, writes outbox_messages
set search_path = ''
as $$
declare
  v_count integer;
begin
  insert into buzz_haven.outbox_messages (kind, recipient, recipient_name, data, idempotency_key, related_table, related_id)
  select 'registration_reminder', r.email, r.name,
    jsonb_build_object('customer', jsonb_build_object('name', r.name),
      'registration', jsonb_build_object('id', r.id, 'places', r.places, 'position', r.position),
      'event', jsonb_build_object('id', e.id, 'title', e.title, 'location', e.location,
        'start_time', e.start_time, 'end_time', e.end_time)),
    'registration_reminder.' || r.id, 'event_registrations', r.id
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
