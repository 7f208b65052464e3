-- Messages: the contact form, the outbox and its sender, message wording, the newsletter,
-- campaigns, staff alerts and digests, workshop reminders; constraint_messages (the words of each
-- table rule).
-- Declared whole: this file says what the database holds for its area; supabase/migrations
-- carries it to databases in reviewed steps (docs/database.md). Function bodies are checked when
-- they run, not here (as pg_dump writes it): some name objects of a later file.
set check_function_bodies = false;

create table buzz_haven.contact_messages (
  id uuid primary key default gen_random_uuid(),
  name text not null constraint contact_messages_name_not_blank check (btrim(name) <> ''),
  email buzz_haven.email not null,
  phone text,
  subject text not null constraint contact_messages_subject_not_blank check (btrim(subject) <> ''),
  message text not null constraint contact_messages_message_not_blank check (btrim(message) <> ''),
  hear_about text,
  handled boolean not null default false,
  created_at timestamptz not null default now(),
  constraint contact_messages_name_length check (char_length(name) <= 200),
  constraint contact_messages_phone_length check (char_length(phone) <= 40),
  constraint contact_messages_subject_length check (char_length(subject) <= 200),
  constraint contact_messages_message_length check (char_length(message) <= 5000),
  constraint contact_messages_hear_about_length check (char_length(hear_about) <= 200),
  -- the language of the page the request was made on: what is sent back to this person is in it
  locale text not null default 'en' references buzz_haven.languages (code)
);
comment on table buzz_haven.contact_messages is 'Messages sent with the public contact form.';
-- Contact messages (MessageList): order=created_at.desc,id.asc
create index contact_messages_list_created_idx on buzz_haven.contact_messages (created_at desc, id);
select buzz_haven.manage_resource('buzz_haven.contact_messages', 'message', 'subject', false);

-- A sign-up is 'pending' until the link of its confirmation e-mail (token) is opened; 'unsubscribed'
-- is kept (never deleted). See the double opt-in below.

create table buzz_haven.newsletter_subscribers (
  id uuid primary key default gen_random_uuid(),
  email buzz_haven.email not null,
  created_at timestamptz not null default now(),
  status text not null default 'pending'
    constraint newsletter_subscribers_status_known check (status in ('pending', 'confirmed', 'unsubscribed')),
  token uuid not null default gen_random_uuid(),
  confirmed_at timestamptz,
  unsubscribed_at timestamptz,
  -- the language of the page the request was made on: what is sent back to this person is in it
  locale text not null default 'en' references buzz_haven.languages (code)
);
revoke all on all tables in schema buzz_haven from public, anon, authenticated;
create unique index newsletter_subscribers_email_key on buzz_haven.newsletter_subscribers (lower(email));
-- A confirmation or unsubscribe link's token.
create unique index newsletter_subscribers_token_key on buzz_haven.newsletter_subscribers (token);
-- Newsletter subscribers (SubscriberList): order=created_at.desc,id.asc
create index newsletter_subscribers_list_created_idx on buzz_haven.newsletter_subscribers (created_at desc, id);
comment on table buzz_haven.newsletter_subscribers is 'Newsletter sign-ups; one row per e-mail, case-insensitively.';
alter table buzz_haven.contact_messages enable row level security;
alter table buzz_haven.newsletter_subscribers enable row level security;

-- Buzz Haven: the public site's forms (contact message, newsletter sign-up) and their back-office
-- lists. Submitting is open to anon (the site posts with the anon key); the database validates and
-- answers with messages the site shows as is. Reading and handling them needs a back-office role.

-- Limits against abuse of an open endpoint.
create function public.submit_buzz_haven_contact_message(
  p_name text default null,
  p_email text default null,
  p_phone text default null,
  p_subject text default null,
  p_message text default null,
  p_hear_about text default null,
  p_locale text default 'en'
)
returns uuid
language plpgsql security definer set search_path = '' -- inserts into buzz_haven.contact_messages, which anon has no grant on
as $$
declare
  v_id uuid;
begin
  perform buzz_haven.set_request_locale(p_locale);
  perform buzz_haven.check_rule(nullif(btrim(p_name), '') is not null, 'name_required');
  perform buzz_haven.check_rule(length(btrim(p_name)) <= 200, 'contact_name_too_long');
  perform buzz_haven.check_rule(buzz_haven.is_email(btrim(p_email)), 'email_valid');
  perform buzz_haven.check_rule(coalesce(length(btrim(p_phone)), 0) <= 40, 'contact_phone_too_long');
  perform buzz_haven.check_rule(nullif(btrim(p_subject), '') is not null, 'contact_subject_required');
  perform buzz_haven.check_rule(length(btrim(p_subject)) <= 200, 'contact_subject_too_long');
  perform buzz_haven.check_rule(nullif(btrim(p_message), '') is not null, 'contact_message_required');
  perform buzz_haven.check_rule(length(btrim(p_message)) <= 5000, 'contact_message_too_long');
  perform buzz_haven.check_rule(coalesce(length(btrim(p_hear_about)), 0) <= 200, 'contact_hear_about_too_long');
  perform buzz_haven.guard_request('contact', buzz_haven.mailbox_key(btrim(p_email)));
  insert into buzz_haven.contact_messages (name, email, phone, subject, message, hear_about, locale)
  values (
    btrim(p_name),
    btrim(p_email),
    nullif(btrim(p_phone), ''),
    btrim(p_subject),
    btrim(p_message),
    nullif(btrim(p_hear_about), ''),
    buzz_haven.request_locale()
  )
  returning id into v_id;
  return v_id;
end;
$$;

create function public.subscribe_buzz_haven_newsletter(p_email text default null, p_locale text default 'en') returns boolean
language plpgsql security definer set search_path = '' -- writes newsletter_subscribers and outbox_messages, which anon has no grant on
as $$
declare
  v_email text := lower(btrim(p_email));
  v buzz_haven.newsletter_subscribers;
begin
  perform buzz_haven.set_request_locale(p_locale);
  perform buzz_haven.check_rule(buzz_haven.is_email(v_email), 'email_valid');
  -- Every sign-up counts, whatever the address's state, so the answer still tells nobody who is
  -- subscribed; the per-mailbox count keeps '+tag' spellings from flooding one inbox.
  perform buzz_haven.guard_request('newsletter', buzz_haven.mailbox_key(v_email));
  insert into buzz_haven.newsletter_subscribers (email, status, locale) values (v_email, 'pending', buzz_haven.request_locale())
  on conflict ((lower(email))) do nothing;
  select * into v from buzz_haven.newsletter_subscribers as s where lower(s.email) = v_email for update;
  if v.status = 'confirmed' then return true; end if;
  -- a sign-up not yet confirmed takes the language of the latest one
  update buzz_haven.newsletter_subscribers as s
  set status = 'pending', locale = buzz_haven.request_locale(),
    token = case when s.status = 'unsubscribed' then gen_random_uuid() else s.token end, unsubscribed_at = null
  where s.id = v.id returning * into v;
  if not exists (select 1 from buzz_haven.outbox_messages as m
      where m.kind = 'newsletter_confirm' and m.related_id = v.id and m.created_at > now() - interval '1 hour') then
    perform buzz_haven.enqueue_message('newsletter_confirm', v.email, null,
      jsonb_build_object('newsletter', jsonb_build_object('token', v.token)),
      'newsletter_confirm.' || v.id || '.' || (extract(epoch from clock_timestamp()) * 1000000)::bigint,
      'newsletter_subscribers', v.id);
  end if;
  return true;
end;
$$;

create function public.set_buzz_haven_contact_message_handled(p_id uuid, p_handled boolean)
returns buzz_haven.contact_messages language sql security definer set search_path = '' -- updates buzz_haven.contact_messages
as $$ select buzz_haven.set_flag(null::buzz_haven.contact_messages, p_id, 'Message not found', 'handled', p_handled,
  'Handled must be true or false') $$;
create view buzz_haven_lists.contact_messages as
  select m.* from buzz_haven.contact_messages as m where buzz_haven_lists.staff_only();
-- Each address's opt-in state; the confirmation token stays out (it lets whoever holds it confirm
-- or unsubscribe the address).
create view buzz_haven_lists.newsletter_subscribers as
  select s.id, s.email, s.created_at, s.status, s.confirmed_at, s.unsubscribed_at, s.locale
  from buzz_haven.newsletter_subscribers as s
  where buzz_haven_lists.staff_only();

revoke all on all tables in schema buzz_haven_lists from public, anon, authenticated, service_role;
grant select on all tables in schema buzz_haven_lists to anon, authenticated, service_role;
create function public.get_buzz_haven_contact_messages() returns setof buzz_haven_lists.contact_messages
language sql stable as $$ select * from buzz_haven_lists.contact_messages $$;
create function public.get_buzz_haven_newsletter_subscribers() returns setof buzz_haven_lists.newsletter_subscribers
language sql stable as $$ select * from buzz_haven_lists.newsletter_subscribers $$;

select buzz_haven.grant_api_execute('get_buzz_haven_contact_messages',
  'get_buzz_haven_newsletter_subscribers', 'get_buzz_haven_activity');

-- Privileges: EXECUTE for the three API roles only (buzz_haven.grant_api_execute).
select buzz_haven.grant_api_execute('submit_buzz_haven_contact_message', 'subscribe_buzz_haven_newsletter',
  'set_buzz_haven_contact_message_handled');

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

-- Buzz Haven: the outbox in the back office (admin/src/resources/outbox). Any staff role
-- lists the messages (they already read the orders, reports and registrations the messages are
-- about) and retries a dead one: update with p_state 'queued' puts it back in line now with its
-- tries reset; no other change is allowed, so staff cannot rewrite what a customer receives.
-- Each staff member sets which alerts they want (set_buzz_haven_my_alerts; null = their role's default).

-- A retry answers the message as the list shows it.
create function public.update_buzz_haven_outbox_message(p_id uuid, p_state text default null)
returns buzz_haven.outbox_messages language plpgsql security definer set search_path = '' -- updates buzz_haven.outbox_messages
as $$
declare
  v buzz_haven.outbox_messages;
begin
  perform buzz_haven.require_role();
  perform buzz_haven.check_input(p_state = 'queued', 'Only a retry (state queued) can be asked for');
  v := buzz_haven.lock_row(null::buzz_haven.outbox_messages, p_id, 'Message not found');
  perform buzz_haven.check_input(v.state = 'dead', 'Only a message that failed for good can be retried');
  update buzz_haven.outbox_messages as m
  set state = 'queued', tries = 0, next_attempt_at = now(), lease_until = null
  where m.id = p_id;
  select * into v from buzz_haven_lists.outbox_messages as l where l.id = p_id;
  return v;
end;
$$;

create or replace function public.set_buzz_haven_my_alerts(p_alerts text[] default null)
returns text[]
language plpgsql security definer set search_path = '' -- writes buzz_haven.alert_preferences for the caller's own profile
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

-- Buzz Haven: the outbox list costs O(page) like the other back-office lists, however long it grows:
-- get_buzz_haven_outbox_messages is a one-line
-- `language sql stable` function over a staff-only view, which PostgreSQL inlines, so the admin's
-- filter (state), order (created_at) and limit reach the table and these indexes. A campaign
-- queues thousands of rows at once; the list must not read them all for a page of 25.
-- The function no longer sorts: the admin always sends `order=`.

-- 3. The outbox without the public's tokens. The one rule of what is a token: a data key named
-- 'token' or ending in '_token' (newsletter.token, art.upload_token, art.vote_token,
-- adoption.manage_token). In this schema, as staff_only: the list view calls them as its reader.
create function buzz_haven_lists.is_token_key(p_key text) returns boolean
language sql immutable parallel safe set search_path = ''
as $$
  select p_key = 'token' or p_key like '%\_token'
$$;

-- The path of every token key of `p_data`, at any depth (`p_path`: where `p_data` sits).
create function buzz_haven_lists.token_paths(p_data jsonb, p_path text[] default '{}')
returns setof text[] language plpgsql immutable parallel safe set search_path = ''
as $$
declare
  v_key text;
  v_value jsonb;
begin
  if jsonb_typeof(p_data) = 'object' then
    for v_key, v_value in select e.key, e.value from jsonb_each(p_data) as e loop
      if buzz_haven_lists.is_token_key(v_key) then
        return next p_path || v_key;
      else
        return query select * from buzz_haven_lists.token_paths(v_value, p_path || v_key);
      end if;
    end loop;
  elsif jsonb_typeof(p_data) = 'array' then
    for v_key, v_value in select (e.n - 1)::text, e.value from jsonb_array_elements(p_data) with ordinality as e(value, n) loop
      return query select * from buzz_haven_lists.token_paths(v_value, p_path || v_key);
    end loop;
  end if;
end;
$$;

-- `p_data` without its token keys.
create function buzz_haven_lists.without_tokens(p_data jsonb) returns jsonb
language plpgsql immutable parallel safe set search_path = ''
as $$
declare
  v_path text[];
  v_data jsonb := p_data;
begin
  for v_path in select * from buzz_haven_lists.token_paths(p_data) loop
    v_data := v_data #- v_path;
  end loop;
  return v_data;
end;
$$;

-- `p_text` (a rendered body, the idempotency key, an SMTP error) with every token of `p_data`
-- replaced. The tokens are UUIDs and hex strings, which URL-encoding and HTML-escaping leave as
-- they are, so a link made of one holds it verbatim.
create function buzz_haven_lists.hide_tokens(p_text text, p_data jsonb) returns text
language plpgsql immutable parallel safe set search_path = ''
as $$
declare
  v_token text;
  v_text text := p_text;
begin
  for v_token in select p_data #>> p.path from buzz_haven_lists.token_paths(p_data) as p(path) loop
    if v_text is not null and nullif(v_token, '') is not null then
      v_text := replace(v_text, v_token, '(hidden)');
    end if;
  end loop;
  return v_text;
end;
$$;

revoke all on function buzz_haven_lists.is_token_key(text), buzz_haven_lists.token_paths(jsonb, text[]),
  buzz_haven_lists.without_tokens(jsonb), buzz_haven_lists.hide_tokens(text, jsonb) from public;
grant execute on function buzz_haven_lists.is_token_key(text), buzz_haven_lists.token_paths(jsonb, text[]),
  buzz_haven_lists.without_tokens(jsonb), buzz_haven_lists.hide_tokens(text, jsonb) to anon, authenticated, service_role;

-- The same columns in the same order as the table (get_buzz_haven_outbox_messages returns this
-- row type); the filtered and ordered columns stay bare, so the list still reads one page.
create view buzz_haven_lists.outbox_messages as
  select m.id, m.kind, m.recipient, m.recipient_name,
    buzz_haven_lists.without_tokens(m.data) as data,
    m.subject,
    buzz_haven_lists.hide_tokens(m.text_body, m.data) as text_body,
    buzz_haven_lists.hide_tokens(m.html_body, m.data) as html_body,
    m.headers, m.attachments, m.state, m.tries, m.next_attempt_at, m.lease_until,
    buzz_haven_lists.hide_tokens(m.last_error, m.data) as last_error,
    buzz_haven_lists.hide_tokens(m.idempotency_key, m.data) as idempotency_key,
    m.related_table, m.related_id, m.created_at, m.updated_at, m.sent_at
  from buzz_haven.outbox_messages as m
  where buzz_haven_lists.staff_only();
revoke all on buzz_haven_lists.outbox_messages from public, anon, authenticated, service_role;
grant select on buzz_haven_lists.outbox_messages to anon, authenticated, service_role;
create function public.get_buzz_haven_outbox_messages() returns setof buzz_haven_lists.outbox_messages
language sql stable as $$ select * from buzz_haven_lists.outbox_messages $$;

select buzz_haven.grant_api_execute('get_buzz_haven_outbox_messages', 'update_buzz_haven_outbox_message',
  'set_buzz_haven_my_alerts');
create index outbox_messages_created_idx on buzz_haven.outbox_messages (created_at desc, id);
create index outbox_messages_state_created_idx on buzz_haven.outbox_messages (state, created_at desc, id);

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

-- Buzz Haven: newsletter double opt-in. A sign-up is 'pending' until the person
-- opens the link of the confirmation e-mail (queued in the sign-up's transaction, kind
-- 'newsletter_confirm'); only 'confirmed' addresses are for campaigns. 'unsubscribed' is kept (never
-- deleted) so a later sign-up of the same address must confirm again, with a new token.
-- The token (a random v4 uuid) is the only key of the links; the sign-up still answers true for
-- any address, so it tells nobody who is subscribed. Abuse: a sign-up can make the business mail
-- a stranger, so one address gets at most one confirmation e-mail per hour, whatever is sent.


-- The confirmation link's call: 'confirmed' (also when it already was), or 'unknown' for a token
-- that names no pending or confirmed sign-up (mistyped, or unsubscribed since).
create function public.confirm_buzz_haven_newsletter(p_token uuid)
returns text language plpgsql security definer set search_path = '' -- updates newsletter_subscribers
as $$
begin
  update buzz_haven.newsletter_subscribers as s
  set status = 'confirmed', confirmed_at = coalesce(s.confirmed_at, now())
  where s.token = p_token and s.status in ('pending', 'confirmed');
  return case when found then 'confirmed' else 'unknown' end;
end;
$$;

-- One-click unsubscribe (RFC 8058); true for any token, so it tells nothing.
create function public.unsubscribe_buzz_haven_newsletter(p_token uuid)
returns boolean language plpgsql security definer set search_path = '' -- updates newsletter_subscribers
as $$
begin
  update buzz_haven.newsletter_subscribers as s
  set status = 'unsubscribed', unsubscribed_at = now()
  where s.token = p_token and s.status <> 'unsubscribed';
  return true;
end;
$$;

select buzz_haven.grant_api_execute('confirm_buzz_haven_newsletter', 'unsubscribe_buzz_haven_newsletter');

-- Buzz Haven: newsletter campaigns from the back office (admin/src/resources/campaigns).
-- Staff write a campaign (subject, Markdown body) and send a test to themselves; an owner or admin
-- sends it: one outbox row per confirmed subscriber (newsletter_subscribers.status),
-- all in the one transaction, keyed by campaign and subscriber, so a campaign reaches an address
-- once whatever happens. The sender delivers them in batches with List-Unsubscribe and
-- List-Unsubscribe-Post (RFC 8058) headers; each recipient's delivery state is its outbox row.
-- Subject and body are copied into each row: what went out stays as it was sent.

create table buzz_haven.campaigns (
  id uuid primary key default gen_random_uuid(),
  subject text not null
    constraint campaigns_subject_length check (char_length(subject) between 1 and 200)
    constraint campaigns_subject_line check (subject !~ '[[:cntrl:]]'),
  body text not null constraint campaigns_body_length check (char_length(body) between 1 and 10000),
  state text not null default 'draft' constraint campaigns_state_known check (state in ('draft', 'sent')),
  recipients integer,
  sent_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- the Spanish subject and body, for the subscribers who signed up on a Spanish page; either left
  -- empty falls back to the English one
  subject_es text
    constraint campaigns_subject_es_length check (char_length(subject_es) <= 200)
    constraint campaigns_subject_es_line check (subject_es !~ '[[:cntrl:]]'),
  body_es text constraint campaigns_body_es_length check (char_length(body_es) <= 10000)
);
comment on table buzz_haven.campaigns is 'Newsletter campaigns: Markdown body; sent = queued to every confirmed subscriber.';
alter table buzz_haven.campaigns enable row level security;
revoke all on buzz_haven.campaigns from public, anon, authenticated;
select buzz_haven.keep_updated_at('buzz_haven.campaigns');
select buzz_haven.explain_constraints_of('buzz_haven.campaigns');


create function public.get_buzz_haven_campaigns() returns setof buzz_haven.campaigns
language sql stable security definer set search_path = '' -- reads buzz_haven.campaigns through buzz_haven.list_rows
as $$ select * from buzz_haven.list_rows(null::buzz_haven.campaigns) $$;

create function public.create_buzz_haven_campaign(
  p_subject text default null, p_body text default null, p_subject_es text default null, p_body_es text default null
)
returns buzz_haven.campaigns language sql security definer set search_path = '' -- writes buzz_haven.campaigns
as $$ select buzz_haven.create_row(null::buzz_haven.campaigns, jsonb_build_object('subject', btrim(p_subject),
  'body', p_body, 'subject_es', nullif(btrim(p_subject_es), ''), 'body_es', nullif(p_body_es, '')),
  p_check => 'buzz_haven.check_campaign') $$;

create function buzz_haven.check_campaign(v buzz_haven.campaigns) returns void
language sql stable set search_path = ''
as $$
  select buzz_haven.check_required(v.subject, 'Subject');
  select buzz_haven.check_required(v.body, 'Body')
$$;
revoke all on function buzz_haven.check_campaign(buzz_haven.campaigns) from public, anon, authenticated;

-- p_clear names the Spanish fields to empty (subject_es, body_es): the English is sent instead.
create or replace function public.update_buzz_haven_campaign(
  p_id uuid, p_subject text default null, p_body text default null, p_send text default null,
  p_subject_es text default null, p_body_es text default null, p_clear text[] default '{}'
)
returns buzz_haven.campaigns language plpgsql security definer set search_path = '' -- writes campaigns and outbox_messages
as $$
declare
  v buzz_haven.campaigns;
  v_me buzz_haven.users;
  v_data jsonb;
begin
  perform buzz_haven.require_role();
  perform buzz_haven.check_input(p_send is null or p_send in ('test', 'all'), 'Send must be test or all');
  v := buzz_haven.lock_row(null::buzz_haven.campaigns, p_id, 'Campaign not found');
  if p_subject is not null or p_body is not null or p_subject_es is not null or p_body_es is not null
      or cardinality(p_clear) > 0 then
    perform buzz_haven.check_input(v.state = 'draft', 'A sent campaign cannot be changed');
    update buzz_haven.campaigns as c
    set subject = coalesce(nullif(btrim(p_subject), ''), c.subject), body = coalesce(nullif(p_body, ''), c.body),
      subject_es = case when 'subject_es' = any (p_clear) then null else coalesce(nullif(btrim(p_subject_es), ''), c.subject_es) end,
      body_es = case when 'body_es' = any (p_clear) then null else coalesce(nullif(p_body_es, ''), c.body_es) end
    where c.id = p_id returning * into v;
  end if;
  -- each language's words ride along; the sender writes each subscriber's in their language
  v_data := jsonb_build_object('campaign', jsonb_build_object('id', v.id, 'subject', v.subject, 'body', v.body,
    'translations', jsonb_build_object('es', jsonb_strip_nulls(jsonb_build_object('subject', v.subject_es, 'body', v.body_es)))));
  if p_send = 'test' then
    select * into v_me from buzz_haven.users as u where u.auth_user_id = buzz_haven.caller_id();
    perform buzz_haven.enqueue_message('newsletter_campaign', v_me.email, v_me.name, v_data || '{"test": true}',
      'campaign_test.' || v.id || '.' || (extract(epoch from clock_timestamp()) * 1000000)::bigint, 'campaigns', v.id);
  elsif p_send = 'all' then
    perform buzz_haven.require_role(array['owner', 'admin'], 'Only an owner or admin can send a campaign');
    -- As publishing does (buzz_haven.require_second_factor): it reaches everyone.
    perform buzz_haven.require_second_factor();
    perform buzz_haven.check_input(v.state = 'draft', 'This campaign was already sent');
    insert into buzz_haven.outbox_messages (kind, recipient, data, idempotency_key, related_table, related_id, locale)
    select 'newsletter_campaign', s.email, v_data || jsonb_build_object('newsletter', jsonb_build_object('token', s.token)),
      'newsletter_campaign.' || v.id || '.' || s.id, 'campaigns', v.id, s.locale
    from buzz_haven.newsletter_subscribers as s where s.status = 'confirmed'
    on conflict (idempotency_key) do nothing;
    update buzz_haven.campaigns as c
    set state = 'sent', sent_at = now(),
      recipients = (select count(*) from buzz_haven.newsletter_subscribers as s where s.status = 'confirmed')
    where c.id = p_id returning * into v;
  end if;
  return v;
end;
$$;

create function public.delete_buzz_haven_campaign(p_id uuid)
returns buzz_haven.campaigns language plpgsql security definer set search_path = '' -- deletes from buzz_haven.campaigns
as $$
declare
  v buzz_haven.campaigns;
begin
  perform buzz_haven.require_role(array['owner', 'admin']);
  delete from buzz_haven.campaigns as c where c.id = p_id and c.state = 'draft' returning * into v;
  perform buzz_haven.check_found(found, 'Only a draft campaign can be deleted');
  return v;
end;
$$;

select buzz_haven.require_second_factor_for_deletes('buzz_haven.campaigns');

select buzz_haven.grant_api_execute('get_buzz_haven_campaigns', 'create_buzz_haven_campaign',
  'update_buzz_haven_campaign', 'delete_buzz_haven_campaign');

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

-- Buzz Haven: the e-mails of card payments, queued through the outbox like every other e-mail.
-- 1. 'order_received_card': an order the visitor chose to pay by card (Pay now; it starts 'unpaid',
--    submit_buzz_haven_order_request) is acknowledged with wording that says its card
--    payment is awaited, not 'order_received''s "No payment has been taken" (which stays the wording
--    of an order paid at pickup or by invoice, payment_state 'offline'). Same trigger, same key
--    'order_received.<id>': one acknowledgement per order, whichever wording.
-- 2. 'adoption_paid': once an adoption's card payment makes it active (adoption_billing.state
--    becomes 'active': checkout completed, a subscription event, a gift paid;
--    apply_buzz_haven_adoption_stripe_event, payments area), the
--    adopter gets the link that opens Stripe's customer portal (a subscription with its customer:
--    the manage_token, as get_buzz_haven_adoption_payment shows it after payment) or a gift's end
--    date. Key 'adoption_paid.<adoption id>': a replayed event, a renewal or a past_due -> active
--    change queues nothing more.
-- Both are kinds of outbox_messages_kind_known; their wording is content/messages.yaml's (the
-- 'messages' document's schema requires every kind).


create function buzz_haven.queue_adoption_paid() returns trigger
language plpgsql security definer set search_path = '' -- reads adoption_requests and writes outbox_messages
as $$
declare
  a buzz_haven.adoption_requests;
begin
  if not buzz_haven.in_api_request() then return null; end if;
  select * into a from buzz_haven.adoption_requests as r where r.id = new.adoption_id;
  if a.id is null then return null; end if;
  perform buzz_haven.enqueue_message('adoption_paid', a.email, a.name,
    jsonb_build_object('customer', jsonb_build_object('name', a.name),
      'adoption', jsonb_build_object('id', a.id, 'tier', a.tier, 'plan', a.plan, 'monthly_price', a.monthly_price,
        'recipient_name', a.recipient_name, 'mode', new.mode, 'amount', new.amount, 'paid_until', new.paid_until,
        -- a subscription's portal (get_buzz_haven_adoption_portal, once checkout has recorded its customer);
        -- a gift has none to manage
        'manage_token', case when new.mode = 'subscription' then new.manage_token end)),
    'adoption_paid.' || a.id, 'adoption_requests', a.id);
  return null;
end;
$$;
revoke all on function buzz_haven.queue_adoption_paid() from public, anon, authenticated;

-- The messages of this file's table rules (how they are raised: buzz_haven.constraint_messages).
-- What no one-column CHECK holds stays in the functions: a required subject and body, a sent
-- campaign never changed, who may send.
-- These tables' bounds and allowed values say their own messages (buzz_haven.derived_message);
-- the rows below give other words.
select buzz_haven.derive_messages('buzz_haven.campaigns');
insert into buzz_haven.constraint_messages (constraint_name, message) values
  -- campaigns
  ('campaigns_subject_line', 'A subject is one line');

-- The words of the visitor RPCs' own refusals, keyed by the rule's name (buzz_haven.check_rule,
-- buzz_haven.refuse, buzz_haven.rule_message; format() fills in each %s); other languages' words
-- are in translations.sql.
insert into buzz_haven.constraint_messages (constraint_name, message) values
  ('contact_name_too_long', 'Name is too long (200 characters at most)'),
  ('contact_phone_too_long', 'Phone number is too long (40 characters at most)'),
  ('contact_subject_required', 'Subject is required'),
  ('contact_subject_too_long', 'Subject is too long (200 characters at most)'),
  ('contact_message_required', 'Message is required'),
  ('contact_message_too_long', 'Message is too long (5000 characters at most)'),
  ('contact_hear_about_too_long', 'How you heard about us is too long (200 characters at most)');
