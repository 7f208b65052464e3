-- Buzz Haven: "your Adopt-a-Hive request is accepted" (issue 24, item 2). An adoption request is
-- accepted when staff move it from 'new' to 'active' (update_buzz_haven_adoption_request,
-- 20251123000770_buzz_haven_adoptions.sql; the admin's Adoptions page calls the status 'Active').
-- The e-mail to the adopter is queued by a trigger in the transaction of that change, like the
-- other status messages (20251125002050_buzz_haven_outbox_status_messages.sql), with the hive the
-- request is linked to, if any. Keyed on the request: accepted once, so pausing and resuming, or
-- going back to 'new' and accepting again, sends nothing more. Rows changed outside an API request
-- (seed, maintenance) queue nothing. Wording: 'adoption_accepted' in content/messages.yaml.

alter table buzz_haven.outbox_messages drop constraint outbox_messages_kind_known;
alter table buzz_haven.outbox_messages add constraint outbox_messages_kind_known check (kind in (
  'order_received', 'swarm_report_received', 'registration_confirmed', 'registration_waitlisted',
  'adoption_received', 'staff_swarm_alert', 'order_confirmed', 'order_ready', 'order_shipped', 'order_cancelled',
  'registration_promoted', 'registration_cancelled', 'newsletter_confirm', 'newsletter_campaign',
  'registration_reminder', 'adoption_accepted'));

create function buzz_haven.queue_adoption_accepted() returns trigger
language plpgsql
security definer -- reads hives and writes outbox_messages
set search_path = ''
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
