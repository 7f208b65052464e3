-- The contact form and the newsletter sign-up: their tables, RPCs and back-office lists.
-- The first of the messages files, which apply in config.toml's order.
-- Messages: the contact form, the outbox and its sender, message wording, the newsletter,
-- campaigns, staff alerts and digests, workshop reminders; constraint_messages (the words of each
-- table rule).
-- Declared whole: this folder says what the database holds for its area; supabase/migrations
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
