-- The transactional outbox: alert preferences, the outbox table, the language a message is
-- written in, queueing a message, and the sender's RPCs.
set check_function_bodies = false;

-- Buzz Haven: the transactional outbox. Every e-mail the business sends is first a row
-- of buzz_haven.outbox_messages, written in the same transaction as the event that causes it
-- (the triggers below), so a committed order has its message
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
-- alerts null means the role default, as a missing row does (going back to it deletes nothing, so
-- choosing one's own alerts needs no second factor). An order or registration alert is one by one
-- or a daily digest, not both; digest_since is where the next digest starts.
create table buzz_haven.alert_preferences (
  user_id uuid primary key references buzz_haven.users (id) on delete cascade,
  alerts text[] constraint alert_preferences_alerts_known check (
    alerts <@ array['swarm_report', 'order', 'order_digest', 'registration', 'registration_digest']::text[]
    and not alerts @> array['order', 'order_digest']::text[]
    and not alerts @> array['registration', 'registration_digest']::text[]),
  digest_since timestamptz
);
comment on table buzz_haven.alert_preferences is
  'E-mail alerts a staff member wants: swarm_report; order or order_digest; registration or registration_digest. '
  'alerts null = role default (owners and admins get swarm alerts). digest_since: where the next daily digest starts.';
alter table buzz_haven.alert_preferences enable row level security;
revoke all on buzz_haven.alert_preferences from public, anon, authenticated;

create table buzz_haven.outbox_messages (
  id uuid primary key default gen_random_uuid(),
  -- The message kinds in the order staff read them (the back office's Outbox filter lists a table's
  -- values in its CHECK's order, read through admin/src/crud/tableRules.generated.ts): an order's,
  -- then a workshop place's, order status, adoption, staff, newsletter, art and visit report
  -- messages. Each has its wording in the stored 'messages' document (content/messages.yaml).
  kind text not null constraint outbox_messages_kind_known check (kind in (
    'order_received', 'order_received_card', 'swarm_report_received',
    'registration_confirmed', 'registration_waitlisted', 'registration_promoted', 'registration_cancelled',
    'registration_reminder', 'order_confirmed', 'order_ready', 'order_shipped', 'order_cancelled',
    'adoption_received', 'adoption_accepted', 'adoption_paid',
    'staff_swarm_alert', 'staff_order_alert', 'staff_registration_alert', 'staff_digest',
    'newsletter_confirm', 'newsletter_campaign',
    'art_confirm', 'art_approved', 'art_declined', 'art_vote_confirm', 'visit_report', 'visit_report_loss')),
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
    constraint outbox_messages_idempotency_key_format check (idempotency_key ~ '^[a-z0-9_.-]{1,200}$')
    constraint outbox_messages_idempotency_key_length check (char_length(idempotency_key) <= 200),
  related_table text constraint outbox_messages_related_table_length check (char_length(related_table) <= 63),
  related_id uuid,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  sent_at timestamptz,
  -- the language the message is written in: the recipient's request's (staff alerts: English)
  locale text not null default 'en' references buzz_haven.languages (code)
);
create index outbox_messages_due_idx on buzz_haven.outbox_messages (next_attempt_at)
  where state in ('queued', 'sending');
create index outbox_messages_related_idx on buzz_haven.outbox_messages (related_id);
comment on table buzz_haven.outbox_messages is
  'E-mail to send, written with the event that causes it; delivered by supabase/functions/send-messages.';
alter table buzz_haven.outbox_messages enable row level security;
revoke all on buzz_haven.outbox_messages from public, anon, authenticated;

select buzz_haven.keep_updated_at('buzz_haven.outbox_messages');

-- The language a message about a row is written in: the row's locale (the request it was made
-- in) when its table keeps one, else the request being written (buzz_haven.request_locale); a
-- message to staff is in English, the back office's language.
create function buzz_haven.message_locale(p_kind text, p_related_table text, p_related_id uuid) returns text
language plpgsql stable set search_path = ''
as $$
declare
  v_locale text;
begin
  if p_kind like 'staff\_%' then return 'en'; end if;
  if exists (select 1 from pg_catalog.pg_attribute as a
      where a.attrelid = pg_catalog.to_regclass('buzz_haven.' || pg_catalog.quote_ident(p_related_table))
        and a.attname = 'locale' and not a.attisdropped) then
    execute pg_catalog.format('select t.locale from buzz_haven.%I as t where t.id = $1', p_related_table)
      into v_locale using p_related_id;
  end if;
  return coalesce(v_locale, buzz_haven.request_locale());
end;
$$;
revoke all on function buzz_haven.message_locale(text, text, uuid) from public, anon, authenticated;

-- Queues one message; a second call with the same key is a no-op (an event announces itself once).
-- p_locale: the language, when the related row's is not the recipient's (buzz_haven.message_locale).
create function buzz_haven.enqueue_message(
  p_kind text, p_recipient text, p_recipient_name text, p_data jsonb, p_key text,
  p_related_table text default null, p_related_id uuid default null, p_locale text default null
) returns void
language sql set search_path = ''
as $$
  insert into buzz_haven.outbox_messages (kind, recipient, recipient_name, data, idempotency_key, related_table, related_id,
    locale)
  values (p_kind, btrim(p_recipient), left(p_recipient_name, 200), coalesce(p_data, '{}'), p_key, p_related_table, p_related_id,
    coalesce(p_locale, buzz_haven.message_locale(p_kind, p_related_table, p_related_id)))
  on conflict (idempotency_key) do nothing
$$;
revoke all on function buzz_haven.enqueue_message(text, text, text, jsonb, text, text, uuid, text) from public, anon, authenticated;

-- Buzz Haven: the outbox sender's RPCs, callable by the service role only (the sender
-- runs with the service key: supabase/functions/send-messages). claim takes due messages with
-- `for update skip locked`, so two senders never take the same row, and leases them: a row whose
-- sender died is 'sending' with an expired lease and is claimed again. Each claim counts a try;
-- the try number is the fence of mark_failed, so a late answer of a sender whose lease ran out
-- cannot undo a newer try. Failures wait p_retry_base_seconds * 2^(tries-1) (at most 6 hours)
-- before the next try; the p_max_tries-th failure, or a permanent one (an address the SMTP server
-- refuses with 5xx), makes the message 'dead'.

create function public.claim_buzz_haven_outbox_messages(p_limit integer default 20, p_lease_seconds integer default 120)
returns setof buzz_haven.outbox_messages
language plpgsql security definer set search_path = '' -- updates buzz_haven.outbox_messages, which no API role has a grant on
as $$
begin
  return query
  with due as (
    select m.id from buzz_haven.outbox_messages as m
    where (m.state = 'queued' and m.next_attempt_at <= now())
      or (m.state = 'sending' and m.lease_until <= now())
    order by m.next_attempt_at, m.created_at, m.id
    limit greatest(1, least(coalesce(p_limit, 20), 500))
    for update skip locked
  )
  update buzz_haven.outbox_messages as m
  set state = 'sending', tries = m.tries + 1,
    lease_until = now() + make_interval(secs => greatest(5, least(coalesce(p_lease_seconds, 120), 3600)))
  from due
  where m.id = due.id
  returning m.*;
end;
$$;

-- Sent is the truth whatever the row's state (a sender may learn it after its lease ran out).
-- The rendered subject and bodies are kept so staff see what went out.
create function public.mark_buzz_haven_outbox_message_sent(
  p_id uuid, p_subject text default null, p_text text default null, p_html text default null
)
returns buzz_haven.outbox_messages language plpgsql security definer set search_path = '' -- updates buzz_haven.outbox_messages
as $$
declare
  v buzz_haven.outbox_messages;
begin
  update buzz_haven.outbox_messages as m
  set state = 'sent', sent_at = coalesce(m.sent_at, now()), lease_until = null, last_error = null,
    subject = coalesce(p_subject, m.subject), text_body = coalesce(p_text, m.text_body),
    html_body = coalesce(p_html, m.html_body)
  where m.id = p_id
  returning m.* into v;
  perform buzz_haven.check_found(found, 'Message not found');
  return v;
end;
$$;

create function public.mark_buzz_haven_outbox_message_failed(
  p_id uuid, p_try integer, p_error text, p_permanent boolean default false,
  p_max_tries integer default 8, p_retry_base_seconds integer default 30
)
returns buzz_haven.outbox_messages language plpgsql security definer set search_path = '' -- updates buzz_haven.outbox_messages
as $$
declare
  v buzz_haven.outbox_messages;
begin
  update buzz_haven.outbox_messages as m
  set state = case when coalesce(p_permanent, false) or m.tries >= greatest(1, coalesce(p_max_tries, 8))
      then 'dead' else 'queued' end,
    next_attempt_at = now() + least(
      make_interval(secs => greatest(0, coalesce(p_retry_base_seconds, 30)) * power(2, least(m.tries - 1, 20))),
      interval '6 hours'),
    lease_until = null,
    last_error = left(coalesce(p_error, 'unknown error'), 2000)
  where m.id = p_id and m.state = 'sending' and m.tries = p_try
  returning m.* into v;
  if not found then
    select * into v from buzz_haven.outbox_messages as m where m.id = p_id;
  end if;
  return v;
end;
$$;

revoke all on function public.claim_buzz_haven_outbox_messages(integer, integer) from public, anon, authenticated;
revoke all on function public.mark_buzz_haven_outbox_message_sent(uuid, text, text, text) from public, anon, authenticated;
revoke all on function public.mark_buzz_haven_outbox_message_failed(uuid, integer, text, boolean, integer, integer)
  from public, anon, authenticated;
grant execute on function public.claim_buzz_haven_outbox_messages(integer, integer) to service_role;
grant execute on function public.mark_buzz_haven_outbox_message_sent(uuid, text, text, text) to service_role;
grant execute on function public.mark_buzz_haven_outbox_message_failed(uuid, integer, text, boolean, integer, integer)
  to service_role;
