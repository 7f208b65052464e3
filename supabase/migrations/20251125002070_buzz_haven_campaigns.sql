-- Buzz Haven: newsletter campaigns from the back office (issue 24, item 4; admin/src/resources/campaigns).
-- Staff write a campaign (subject, Markdown body) and send a test to themselves; an owner or admin
-- sends it: one outbox row per confirmed subscriber (20251125002060_buzz_haven_newsletter_opt_in.sql),
-- all in the one transaction, keyed by campaign and subscriber, so a campaign reaches an address
-- once whatever happens. The sender delivers them in batches with List-Unsubscribe and
-- List-Unsubscribe-Post (RFC 8058) headers; each recipient's delivery state is its outbox row.
-- Subject and body are copied into each row: what went out stays as it was sent.

create table buzz_haven.campaigns (
  id uuid primary key default gen_random_uuid(),
  subject text not null constraint campaigns_subject_line
    check (char_length(subject) between 1 and 200 and subject !~ '[[:cntrl:]]'),
  body text not null constraint campaigns_body_length check (char_length(body) between 1 and 10000),
  state text not null default 'draft' constraint campaigns_state_known check (state in ('draft', 'sent')),
  recipients integer,
  sent_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table buzz_haven.campaigns is 'Newsletter campaigns: Markdown body; sent = queued to every confirmed subscriber.';
alter table buzz_haven.campaigns enable row level security;
revoke all on buzz_haven.campaigns from public, anon, authenticated;
create trigger campaigns_set_updated_at before update on buzz_haven.campaigns
  for each row execute function buzz_haven.set_updated_at();

alter table buzz_haven.outbox_messages drop constraint outbox_messages_kind_known;
alter table buzz_haven.outbox_messages add constraint outbox_messages_kind_known check (kind in (
  'order_received', 'swarm_report_received', 'registration_confirmed', 'registration_waitlisted',
  'adoption_received', 'staff_swarm_alert', 'order_confirmed', 'order_ready', 'order_shipped', 'order_cancelled',
  'registration_promoted', 'registration_cancelled', 'newsletter_confirm', 'newsletter_campaign'));

create function public.get_buzz_haven_campaigns()
returns setof buzz_haven.campaigns
language plpgsql
stable
security definer -- reads buzz_haven.campaigns
set search_path = ''
as $$
begin
  perform buzz_haven.require_role();
  return query select * from buzz_haven.campaigns;
end;
$$;

create function public.create_buzz_haven_campaign(p_subject text default null, p_body text default null)
returns buzz_haven.campaigns
language plpgsql
security definer -- writes buzz_haven.campaigns
set search_path = ''
as $$
declare
  v buzz_haven.campaigns;
begin
  perform buzz_haven.require_role();
  perform buzz_haven.check_text(p_subject, 'Subject', 200, true);
  perform buzz_haven.check_input(btrim(p_subject) !~ '[[:cntrl:]]', 'A subject is one line');
  perform buzz_haven.check_text(p_body, 'Body', 10000, true);
  insert into buzz_haven.campaigns (subject, body) values (btrim(p_subject), p_body) returning * into v;
  return v;
end;
$$;

-- Edits a draft (a null argument keeps the value), or with p_send: 'test' queues it to the caller
-- only; 'all' (owners and admins) queues it to every confirmed subscriber and marks it sent.
create function public.update_buzz_haven_campaign(
  p_id uuid, p_subject text default null, p_body text default null, p_send text default null
)
returns buzz_haven.campaigns
language plpgsql
security definer -- writes campaigns and outbox_messages
set search_path = ''
as $$
declare
  v buzz_haven.campaigns;
  v_me buzz_haven.users;
  v_data jsonb;
begin
  perform buzz_haven.require_role();
  perform buzz_haven.check_input(p_send is null or p_send in ('test', 'all'), 'Send must be test or all');
  select * into v from buzz_haven.campaigns as c where c.id = p_id for update;
  if not found then
    raise exception 'Campaign not found' using errcode = 'PT404';
  end if;
  if p_subject is not null or p_body is not null then
    perform buzz_haven.check_input(v.state = 'draft', 'A sent campaign cannot be changed');
    perform buzz_haven.check_text(p_subject, 'Subject', 200);
    perform buzz_haven.check_input(p_subject is null or btrim(p_subject) !~ '[[:cntrl:]]', 'A subject is one line');
    perform buzz_haven.check_text(p_body, 'Body', 10000);
    update buzz_haven.campaigns as c
    set subject = coalesce(nullif(btrim(p_subject), ''), c.subject), body = coalesce(nullif(p_body, ''), c.body)
    where c.id = p_id returning * into v;
  end if;
  v_data := jsonb_build_object('campaign', jsonb_build_object('id', v.id, 'subject', v.subject, 'body', v.body));
  if p_send = 'test' then
    select * into v_me from buzz_haven.users as u where u.auth_user_id = buzz_haven.caller_id();
    perform buzz_haven.enqueue_message('newsletter_campaign', v_me.email, v_me.name, v_data || '{"test": true}',
      'campaign_test.' || v.id || '.' || (extract(epoch from clock_timestamp()) * 1000000)::bigint, 'campaigns', v.id);
  elsif p_send = 'all' then
    perform buzz_haven.require_role(array['owner', 'admin'], 'Only an owner or admin can send a campaign');
    -- As publishing (20251125000200_buzz_haven_second_factor_everywhere.sql): it reaches everyone.
    perform buzz_haven.require_second_factor();
    perform buzz_haven.check_input(v.state = 'draft', 'This campaign was already sent');
    insert into buzz_haven.outbox_messages (kind, recipient, data, idempotency_key, related_table, related_id)
    select 'newsletter_campaign', s.email, v_data || jsonb_build_object('newsletter', jsonb_build_object('token', s.token)),
      'newsletter_campaign.' || v.id || '.' || s.id, 'campaigns', v.id
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
returns buzz_haven.campaigns
language plpgsql
security definer -- deletes from buzz_haven.campaigns
set search_path = ''
as $$
declare
  v buzz_haven.campaigns;
begin
  perform buzz_haven.require_role(array['owner', 'admin']);
  delete from buzz_haven.campaigns as c where c.id = p_id and c.state = 'draft' returning * into v;
  if not found then
    raise exception 'Only a draft campaign can be deleted' using errcode = 'PT404';
  end if;
  return v;
end;
$$;

select buzz_haven.require_second_factor_for_deletes('buzz_haven.campaigns');

select buzz_haven.grant_api_execute(
  'public.get_buzz_haven_campaigns()',
  'public.create_buzz_haven_campaign(text, text)',
  'public.update_buzz_haven_campaign(uuid, text, text, text)',
  'public.delete_buzz_haven_campaign(uuid)'
);
