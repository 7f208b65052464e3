-- Buzz Haven: the transactional outbox (issue 24). Every e-mail the business sends is first a row
-- of buzz_haven.outbox_messages, written in the same transaction as the event that causes it
-- (triggers in 20251125002010_buzz_haven_outbox_events.sql), so a committed order has its message
-- and a rolled-back one has none. A sender (supabase/functions/send-messages) claims due rows with
-- `for update skip locked` and a lease, renders them from the published 'messages' document,
-- delivers them over SMTP with Message-ID <idempotency_key@buzz-haven.outbox> and marks them sent,
-- or failed: retried with exponential backoff, 'dead' after the last try (staff can retry it).
-- A sender killed between the SMTP 250 and the mark leaves the row 'sending'; when the lease runs
-- out another claim sends it again with the same Message-ID, which the receiving mailbox dedupes.
-- Named outbox_messages (not messages): the contact form's messages are buzz_haven.contact_messages,
-- shown as 'Messages' in the admin.
-- Staff choose their alerts (alert_preferences: the kinds they want, 'swarm_report'); without a
-- row, the default of their role applies (owners and admins get swarm alerts).

-- A table of its own rather than a column of users: the profile's shape (get_buzz_haven_current_user,
-- the users list) stays as it is.
create table buzz_haven.alert_preferences (
  user_id uuid primary key references buzz_haven.users (id) on delete cascade,
  alerts text[] not null constraint alert_preferences_alerts_known check (alerts <@ array['swarm_report']::text[])
);
comment on table buzz_haven.alert_preferences is
  'E-mail alerts a staff member wants (swarm_report); no row = role default: owners and admins get swarm alerts.';
alter table buzz_haven.alert_preferences enable row level security;
revoke all on buzz_haven.alert_preferences from public, anon, authenticated;

create table buzz_haven.outbox_messages (
  id uuid primary key default gen_random_uuid(),
  kind text not null constraint outbox_messages_kind_known check (kind in (
    'order_received', 'swarm_report_received', 'registration_confirmed', 'registration_waitlisted',
    'adoption_received', 'staff_swarm_alert')),
  -- buzz_haven.email: no spaces or line breaks, so an address can never carry a header.
  recipient buzz_haven.email not null,
  recipient_name text constraint outbox_messages_recipient_name_length check (char_length(recipient_name) <= 200),
  -- The placeholders' values, frozen at the event (the order's lines as they were sent).
  data jsonb not null default '{}',
  -- Filled by the sender when it renders the message (kept so staff see what went out).
  subject text constraint outbox_messages_subject_length check (char_length(subject) <= 500),
  text_body text constraint outbox_messages_text_length check (char_length(text_body) <= 100000),
  html_body text constraint outbox_messages_html_length check (char_length(html_body) <= 200000),
  headers jsonb not null default '{}',
  -- [{filename, content_type, content}] with text content (an .ics).
  attachments jsonb not null default '[]',
  state text not null default 'queued' constraint outbox_messages_state_known
    check (state in ('queued', 'sending', 'sent', 'dead')),
  tries integer not null default 0 constraint outbox_messages_tries_not_negative check (tries >= 0),
  next_attempt_at timestamptz not null default now(),
  lease_until timestamptz,
  last_error text constraint outbox_messages_last_error_length check (char_length(last_error) <= 2000),
  -- Also the Message-ID's left part: dot-atom text only (RFC 5322 3.6.4).
  idempotency_key text not null constraint outbox_messages_idempotency_key_key unique
    constraint outbox_messages_idempotency_key_format check (idempotency_key ~ '^[a-z0-9_.-]{1,200}$'),
  related_table text,
  related_id uuid,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  sent_at timestamptz
);
create index outbox_messages_due_idx on buzz_haven.outbox_messages (next_attempt_at)
  where state in ('queued', 'sending');
create index outbox_messages_related_idx on buzz_haven.outbox_messages (related_id);
comment on table buzz_haven.outbox_messages is
  'E-mail to send, written with the event that causes it; delivered by supabase/functions/send-messages.';
alter table buzz_haven.outbox_messages enable row level security;
revoke all on buzz_haven.outbox_messages from public, anon, authenticated;

create trigger outbox_messages_set_updated_at
  before update on buzz_haven.outbox_messages
  for each row execute function buzz_haven.set_updated_at();

-- Queues one message; a second call with the same key is a no-op (an event announces itself once).
create function buzz_haven.enqueue_message(
  p_kind text, p_recipient text, p_recipient_name text, p_data jsonb, p_key text,
  p_related_table text default null, p_related_id uuid default null
) returns void
language sql
set search_path = ''
as $$
  insert into buzz_haven.outbox_messages (kind, recipient, recipient_name, data, idempotency_key, related_table, related_id)
  values (p_kind, btrim(p_recipient), left(p_recipient_name, 200), coalesce(p_data, '{}'), p_key, p_related_table, p_related_id)
  on conflict (idempotency_key) do nothing
$$;
revoke all on function buzz_haven.enqueue_message(text, text, text, jsonb, text, text, uuid) from public, anon, authenticated;
