-- Buzz Haven: newsletter double opt-in (issue 24, item 4). A sign-up is 'pending' until the person
-- opens the link of the confirmation e-mail (queued in the sign-up's transaction, kind
-- 'newsletter_confirm'); only 'confirmed' addresses are for campaigns. 'unsubscribed' is kept (never
-- deleted) so a later sign-up of the same address must confirm again, with a new token.
-- The token (a random v4 uuid) is the only key of the links; the sign-up still answers true for
-- any address, so it tells nobody who is subscribed. Abuse: a sign-up can make the business mail
-- a stranger, so one address gets at most one confirmation e-mail per hour, whatever is sent.
-- Rows signed up before this migration stay as they were: 'confirmed' (confirmed_at null).

alter table buzz_haven.newsletter_subscribers
  add column status text not null default 'confirmed'
    constraint newsletter_subscribers_status_known check (status in ('pending', 'confirmed', 'unsubscribed')),
  add column token uuid not null default gen_random_uuid(),
  add column confirmed_at timestamptz,
  add column unsubscribed_at timestamptz;
alter table buzz_haven.newsletter_subscribers alter column status set default 'pending';
create unique index newsletter_subscribers_token_key on buzz_haven.newsletter_subscribers (token);

alter table buzz_haven.outbox_messages drop constraint outbox_messages_kind_known;
alter table buzz_haven.outbox_messages add constraint outbox_messages_kind_known check (kind in (
  'order_received', 'swarm_report_received', 'registration_confirmed', 'registration_waitlisted',
  'adoption_received', 'staff_swarm_alert', 'order_confirmed', 'order_ready', 'order_shipped', 'order_cancelled',
  'registration_promoted', 'registration_cancelled', 'newsletter_confirm'));

create or replace function public.subscribe_buzz_haven_newsletter(p_email text default null)
returns boolean
language plpgsql
security definer -- writes newsletter_subscribers and outbox_messages, which anon has no grant on
set search_path = ''
as $$
declare
  v_email text := lower(btrim(p_email));
  v buzz_haven.newsletter_subscribers;
begin
  perform buzz_haven.check_input(buzz_haven.is_email(v_email), 'A valid email is required');
  insert into buzz_haven.newsletter_subscribers (email, status) values (v_email, 'pending')
  on conflict ((lower(email))) do nothing;
  select * into v from buzz_haven.newsletter_subscribers as s where lower(s.email) = v_email for update;
  if v.status = 'confirmed' then return true; end if;
  if v.status = 'unsubscribed' then
    update buzz_haven.newsletter_subscribers as s
    set status = 'pending', token = gen_random_uuid(), unsubscribed_at = null
    where s.id = v.id returning * into v;
  end if;
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

-- The confirmation link's call: 'confirmed' (also when it already was), or 'unknown' for a token
-- that names no pending or confirmed sign-up (mistyped, or unsubscribed since).
create function public.confirm_buzz_haven_newsletter(p_token uuid)
returns text
language plpgsql
security definer -- updates newsletter_subscribers
set search_path = ''
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
returns boolean
language plpgsql
security definer -- updates newsletter_subscribers
set search_path = ''
as $$
begin
  update buzz_haven.newsletter_subscribers as s
  set status = 'unsubscribed', unsubscribed_at = now()
  where s.token = p_token and s.status <> 'unsubscribed';
  return true;
end;
$$;

select buzz_haven.grant_api_execute(
  'public.subscribe_buzz_haven_newsletter(text)',
  'public.confirm_buzz_haven_newsletter(uuid)',
  'public.unsubscribe_buzz_haven_newsletter(uuid)'
);
