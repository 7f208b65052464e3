-- Buzz Haven: a campaign's subject and body bounds live in campaigns' CHECKs only (issue 23,
-- item 2), as 20251128030010 did for inspections. create_buzz_haven_campaign and
-- update_buzz_haven_campaign (20251125002070) repeated them with the admin form's messages; the
-- messages become buzz_haven.constraint_messages rows (same words), and campaigns gets the check
-- that raises them (23514, PostgREST's `details` naming the field). campaigns_subject_line held the
-- length and the one-line rule in one CHECK, so one message could not say which: it is split in two.
-- What no one-column CHECK holds stays in the functions: a required subject and body, a sent
-- campaign never changed, who may send.

alter table buzz_haven.campaigns
  drop constraint campaigns_subject_line,
  add constraint campaigns_subject_length check (char_length(subject) between 1 and 200),
  add constraint campaigns_subject_line check (subject !~ '[[:cntrl:]]');

insert into buzz_haven.constraint_messages (constraint_name, message) values
  ('campaigns_subject_length', 'Subject is too long (200 characters at most)'),
  ('campaigns_subject_line', 'A subject is one line'),
  ('campaigns_body_length', 'Body is too long (10000 characters at most)')
on conflict (constraint_name) do update set message = excluded.message;
select buzz_haven.explain_constraints_of('buzz_haven.campaigns');

create or replace function public.create_buzz_haven_campaign(p_subject text default null, p_body text default null)
returns buzz_haven.campaigns
language plpgsql
security definer -- writes buzz_haven.campaigns
set search_path = ''
as $$
declare
  v buzz_haven.campaigns;
begin
  perform buzz_haven.require_role();
  perform buzz_haven.check_required(p_subject, 'Subject');
  perform buzz_haven.check_required(p_body, 'Body');
  insert into buzz_haven.campaigns (subject, body) values (btrim(p_subject), p_body) returning * into v;
  return v;
end;
$$;

create or replace function public.update_buzz_haven_campaign(
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
