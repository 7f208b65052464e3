-- The newsletter: its double opt-in (confirm, unsubscribe) and the campaigns staff write and send.
set check_function_bodies = false;

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
