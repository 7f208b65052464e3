-- Buzz Haven: limits on what a visitor can make the site do, and what staff can read of it.
-- 1. The newsletter sign-up counts against a per-client and per-mailbox limit like every other
--    visitor request (buzz_haven.guard_request, action 'newsletter'): each sign-up may queue a
--    confirmation e-mail to any address, so without it one client could mail any list of strangers.
-- 2. The art ballot counts one vote per mailbox, not per spelling of an address: a '+tag' in the
--    local part, and the dots Gmail ignores, name the same mailbox (buzz_haven.mailbox_key).
-- 3. The public's tokens (newsletter confirm/unsubscribe, art upload and vote, adoption manage)
--    leave the database only in the e-mail itself: the outbox as staff list it carries neither
--    the tokens in its data nor the links made of them in the rendered bodies. The sender (service
--    role) still claims whole rows (claim_buzz_haven_outbox_messages) to render the e-mail.

-- 1. The newsletter's limits, tunable like the others (set_buzz_haven_rate_limit).
insert into buzz_haven.rate_limits (action, max_per_client, max_per_contact) values ('newsletter', 10, 5)
on conflict (action) do nothing;

-- The mailbox an address delivers to, as one key: lower case, the local part's '+tag' dropped
-- (sub-addressing: name+anything@ reaches name@ at the large providers), and for Gmail its dots
-- dropped and googlemail.com read as gmail.com. Used wherever "one per person" is counted by
-- address: the art ballot's one vote per mailbox and the visitor forms' per-contact limits.
create or replace function buzz_haven.mailbox_key(p_email text) returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  with address as (
    select lower(btrim(p_email)) as email
  ), parts as (
    select
      -- an address that is all tag ('+x@...') keeps its local part: there is no mailbox name to keep
      coalesce(nullif(split_part(split_part(a.email, '@', 1), '+', 1), ''), split_part(a.email, '@', 1)) as local,
      split_part(a.email, '@', 2) as domain
    from address as a
  )
  select case
    when p.domain in ('gmail.com', 'googlemail.com') then replace(p.local, '.', '') || '@gmail.com'
    else p.local || '@' || p.domain
  end
  from parts as p
$$;
revoke all on function buzz_haven.mailbox_key(text) from public, anon, authenticated;

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
  -- Every sign-up counts, whatever the address's state, so the answer still tells nobody who is
  -- subscribed; the per-mailbox count keeps '+tag' spellings from flooding one inbox.
  perform buzz_haven.guard_request('newsletter', buzz_haven.mailbox_key(v_email));
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

-- 2. One vote per mailbox and month. Votes cast before this rule under several spellings of one
-- mailbox keep the latest (a later vote replaces an earlier one, as for a single address).
delete from buzz_haven.art_votes as v
using (
  select x.month, x.email, row_number() over (
    partition by x.month, buzz_haven.mailbox_key(x.email) order by x.updated_at desc, x.email) as n
  from buzz_haven.art_votes as x
) as d
where d.month = v.month and d.email = v.email and d.n > 1;

-- The mailbox is the key: the primary key moves from the address to its mailbox, so the one
-- index that makes a vote unique is the one ON CONFLICT replaces the vote through.
alter table buzz_haven.art_votes
  add column mailbox text generated always as (buzz_haven.mailbox_key(email)) stored,
  drop constraint art_votes_pkey,
  add primary key (month, mailbox);
comment on table buzz_haven.art_votes is
  'The confirmed votes: one per mailbox (buzz_haven.mailbox_key of the address) per month (a later one replaces it).';

create or replace function public.vote_buzz_haven_art(p_design_id uuid default null, p_email text default null, p_website text default null)
returns boolean
language plpgsql
security definer -- writes art_vote_requests and outbox_messages
set search_path = ''
as $$
declare
  v_email text := lower(btrim(p_email));
  v_month date := buzz_haven.art_current_month();
  d buzz_haven.art_designs;
  v_token uuid;
begin
  if nullif(btrim(p_website), '') is not null then return true; end if;
  perform buzz_haven.check_input(buzz_haven.is_email(v_email), 'A valid email is required');
  select * into d from buzz_haven.art_designs as a where a.id = p_design_id;
  perform buzz_haven.check_input(found and d.status = 'approved' and d.vote_month = v_month,
    'This design is not on this month''s ballot');
  perform buzz_haven.check_input(
    not exists (select 1 from buzz_haven.art_ballots as b where b.month = v_month and b.closed_at is not null),
    'This month''s vote is closed');
  perform buzz_haven.guard_request('art_vote', buzz_haven.mailbox_key(v_email));
  delete from buzz_haven.art_vote_requests as r where r.created_at < now() - interval '40 days';
  insert into buzz_haven.art_vote_requests (month, email, design_id) values (v_month, v_email, d.id)
  returning token into v_token;
  perform buzz_haven.enqueue_message('art_vote_confirm', v_email, null,
    buzz_haven.art_message_data(d, jsonb_build_object('vote_token', v_token)), 'art_vote_confirm.' || v_token,
    'art_designs', d.id);
  return true;
end;
$$;

-- The vote e-mail's link: 'voted' (first vote of this mailbox this month), 'replaced' (a vote of
-- this mailbox this month, under any spelling, now counts for this design instead), 'closed',
-- 'unknown'. The vote keeps the address it was first confirmed from.
create or replace function public.confirm_buzz_haven_art_vote(p_token uuid)
returns jsonb
language plpgsql
security definer -- reads art_vote_requests, writes art_votes
set search_path = ''
as $$
declare
  r buzz_haven.art_vote_requests;
  d buzz_haven.art_designs;
  v_before uuid;
begin
  select * into r from buzz_haven.art_vote_requests as q where q.token = p_token;
  if not found then return jsonb_build_object('outcome', 'unknown'); end if;
  select * into d from buzz_haven.art_designs as a where a.id = r.design_id;
  insert into buzz_haven.art_ballots (month) values (r.month) on conflict (month) do nothing;
  -- shared with other votes, exclusive with the close: a vote is counted, or refused as closed
  perform 1 from buzz_haven.art_ballots as b where b.month = r.month for share;
  if exists (select 1 from buzz_haven.art_ballots as b where b.month = r.month and b.closed_at is not null)
     or r.month <> buzz_haven.art_current_month() then
    return jsonb_build_object('outcome', 'closed', 'title', d.title);
  end if;
  if d.status <> 'approved' or d.vote_month is distinct from r.month then
    return jsonb_build_object('outcome', 'unknown');
  end if;
  select v.design_id into v_before from buzz_haven.art_votes as v
  where v.month = r.month and v.mailbox = buzz_haven.mailbox_key(r.email);
  insert into buzz_haven.art_votes as v (month, email, design_id) values (r.month, r.email, r.design_id)
  on conflict (month, mailbox) do update set design_id = excluded.design_id, updated_at = now();
  update buzz_haven.art_vote_requests as q set confirmed_at = coalesce(q.confirmed_at, now()) where q.token = r.token;
  return jsonb_build_object('outcome', case when v_before is null or v_before = r.design_id then 'voted' else 'replaced' end,
    'title', d.title);
end;
$$;

-- 3. The outbox without the public's tokens. The one rule of what is a token: a data key named
-- 'token' or ending in '_token' (newsletter.token, art.upload_token, art.vote_token,
-- adoption.manage_token). In this schema, as staff_only: the list view calls them as its reader.
create or replace function buzz_haven_lists.is_token_key(p_key text) returns boolean
language sql
immutable
parallel safe
set search_path = ''
as $$
  select p_key = 'token' or p_key like '%\_token'
$$;

-- The path of every token key of `p_data`, at any depth (`p_path`: where `p_data` sits).
create or replace function buzz_haven_lists.token_paths(p_data jsonb, p_path text[] default '{}')
returns setof text[]
language plpgsql
immutable
parallel safe
set search_path = ''
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
create or replace function buzz_haven_lists.without_tokens(p_data jsonb) returns jsonb
language plpgsql
immutable
parallel safe
set search_path = ''
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
create or replace function buzz_haven_lists.hide_tokens(p_text text, p_data jsonb) returns text
language plpgsql
immutable
parallel safe
set search_path = ''
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
create or replace view buzz_haven_lists.outbox_messages as
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

-- A retry answers the message as the list shows it.
create or replace function public.update_buzz_haven_outbox_message(p_id uuid, p_state text default null)
returns buzz_haven.outbox_messages
language plpgsql
security definer -- updates buzz_haven.outbox_messages
set search_path = ''
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
