-- Buzz Haven: a registration's e-mails name the workshop offering of its event, so the sender
-- can title the workshop (and its .ics) in the language of the message, as the site's schedule does.

set check_function_bodies = false;

CREATE OR REPLACE FUNCTION buzz_haven.registration_message_data (
  r buzz_haven.event_registrations
)
  RETURNS jsonb
  LANGUAGE sql
  STABLE
  SET search_path TO ''
  AS $function$
  select jsonb_build_object('customer', jsonb_build_object('name', r.name),
    'registration', jsonb_build_object('id', r.id, 'places', r.places, 'position', r.position),
    'event', jsonb_build_object('id', e.id, 'title', e.title, 'location', e.location,
      'start_time', e.start_time, 'end_time', e.end_time, 'offering', e.offering))
  from (values (1)) as one (n) left join buzz_haven.events as e on e.id = r.event_id
$function$;

CREATE OR REPLACE FUNCTION public.queue_buzz_haven_workshop_reminders()
  RETURNS integer
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
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
$function$;
