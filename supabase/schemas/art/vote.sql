-- The monthly vote: the ballot and results, a vote and its e-mailed confirmation, closing a
-- month, staff's list of ballots; the art RPCs' grants.
set check_function_bodies = false;

----------------------------------------------------------------------------------------------------
-- Vote

-- This month's ballot for the site build and /art/vote (no tallies): empty once closed.
create function public.get_buzz_haven_art_ballot()
returns table (
  month date, id uuid, title text, artist_name text, statement text, link text,
  storage_path text, file_type text, width integer, height integer
)
language sql
stable
security definer -- reads art_designs and art_ballots
set search_path = ''
as $$
  select a.vote_month, a.id, a.title, a.artist_name, a.statement, a.link, a.storage_path, a.file_type, a.width, a.height
  from buzz_haven.art_designs as a
  where a.status = 'approved' and a.vote_month = buzz_haven.art_current_month()
    and not exists (select 1 from buzz_haven.art_ballots as b where b.month = a.vote_month and b.closed_at is not null)
  order by a.approved_at, a.id
$$;

-- The closed months' results, newest first: every design on the ballot with its tally.
create function public.get_buzz_haven_art_results()
returns table (
  month date, closed_at timestamptz, total_votes integer, id uuid, title text, artist_name text, statement text,
  link text, storage_path text, file_type text, width integer, height integer, votes integer, winner boolean
)
language sql
stable
security definer -- reads art_designs and art_ballots
set search_path = ''
as $$
  select b.month, b.closed_at, b.total_votes, a.id, a.title, a.artist_name, a.statement, a.link,
    a.storage_path, a.file_type, a.width, a.height, a.votes, a.winner
  from buzz_haven.art_ballots as b
  join buzz_haven.art_designs as a on a.vote_month = b.month and a.votes is not null
  where b.closed_at is not null and a.status in ('approved', 'to_print', 'printed', 'installed')
  order by b.month desc, a.votes desc, a.title
$$;

create function public.vote_buzz_haven_art(
  p_design_id uuid default null, p_email text default null, p_website text default null, p_locale text default 'en'
)
returns boolean language plpgsql security definer set search_path = '' -- writes art_vote_requests and outbox_messages
as $$
declare
  v_email text := lower(btrim(p_email));
  v_month date := buzz_haven.art_current_month();
  d buzz_haven.art_designs;
  v_token uuid;
begin
  perform buzz_haven.set_request_locale(p_locale);
  if nullif(btrim(p_website), '') is not null then return true; end if;
  perform buzz_haven.check_rule(buzz_haven.is_email(v_email), 'email_valid');
  select * into d from buzz_haven.art_designs as a where a.id = p_design_id;
  perform buzz_haven.check_rule(found and d.status = 'approved' and d.vote_month = v_month,
    'art_not_on_ballot');
  perform buzz_haven.check_rule(
    not exists (select 1 from buzz_haven.art_ballots as b where b.month = v_month and b.closed_at is not null),
    'art_vote_closed');
  perform buzz_haven.guard_request('art_vote', buzz_haven.mailbox_key(v_email));
  delete from buzz_haven.art_vote_requests as r where r.created_at < now() - interval '40 days';
  insert into buzz_haven.art_vote_requests (month, email, design_id, locale)
  values (v_month, v_email, d.id, buzz_haven.request_locale())
  returning token into v_token;
  -- about the design, in the voter's language (not its artist's)
  perform buzz_haven.enqueue_message('art_vote_confirm', v_email, null,
    buzz_haven.art_message_data(d, jsonb_build_object('vote_token', v_token)), 'art_vote_confirm.' || v_token,
    'art_designs', d.id, buzz_haven.request_locale());
  return true;
end;
$$;

-- The vote e-mail's link: 'voted' (first vote of this mailbox this month), 'replaced' (a vote of
-- this mailbox this month, under any spelling, now counts for this design instead), 'closed',
-- 'unknown'. The vote keeps the address it was first confirmed from.
create function public.confirm_buzz_haven_art_vote(p_token uuid)
returns jsonb language plpgsql security definer set search_path = '' -- reads art_vote_requests, writes art_votes
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
  insert into buzz_haven.art_votes as v (month, email, design_id, locale) values (r.month, r.email, r.design_id, r.locale)
  on conflict (month, mailbox) do update set design_id = excluded.design_id, locale = excluded.locale, updated_at = now();
  update buzz_haven.art_vote_requests as q set confirmed_at = coalesce(q.confirmed_at, now()) where q.token = r.token;
  return jsonb_build_object('outcome', case when v_before is null or v_before = r.design_id then 'voted' else 'replaced' end,
    'title', d.title);
end;
$$;

-- Closes a month's vote (staff's Close vote button, or the schedule through close_..._due): the
-- tallies are written on the designs, the designs with the most votes (when any) become winners
-- and move to 'to_print', and a site build is requested so /art announces them.
create function buzz_haven.close_art_vote(p_month date, p_by uuid) returns jsonb language plpgsql set search_path = ''
as $$
declare
  v_month date := date_trunc('month', p_month)::date;
  v_total integer;
  v_best integer;
  v_winners integer;
begin
  insert into buzz_haven.art_ballots (month) values (v_month) on conflict (month) do nothing;
  perform 1 from buzz_haven.art_ballots as b where b.month = v_month for update;
  perform buzz_haven.check_input(
    not exists (select 1 from buzz_haven.art_ballots as b where b.month = v_month and b.closed_at is not null),
    'This month''s vote is already closed');
  perform buzz_haven.check_input(
    exists (select 1 from buzz_haven.art_designs as a where a.status = 'approved' and a.vote_month = v_month),
    'No design is on that month''s ballot');
  update buzz_haven.art_designs as a
  set votes = (select count(*) from buzz_haven.art_votes as v where v.month = v_month and v.design_id = a.id)
  where a.status = 'approved' and a.vote_month = v_month;
  select coalesce(sum(a.votes), 0), coalesce(max(a.votes), 0) into v_total, v_best
  from buzz_haven.art_designs as a where a.status = 'approved' and a.vote_month = v_month;
  update buzz_haven.art_designs as a
  set winner = true, status = 'to_print', to_print_at = now()
  where a.status = 'approved' and a.vote_month = v_month and v_best > 0 and a.votes = v_best;
  get diagnostics v_winners = row_count;
  update buzz_haven.art_ballots as b set closed_at = now(), closed_by = p_by, total_votes = v_total where b.month = v_month;
  insert into buzz_haven.site_builds (reason, requested_by)
  values ('The art vote of ' || to_char(v_month, 'FMMonth YYYY') || ' closed', p_by)
  on conflict (state) where state = 'queued' do nothing;
  return jsonb_build_object('month', v_month, 'total_votes', v_total, 'winners', v_winners);
end;
$$;

create function public.close_buzz_haven_art_vote(p_month date default null)
returns jsonb language plpgsql security definer set search_path = '' -- updates art_designs, art_ballots, site_builds
as $$
begin
  perform buzz_haven.require_role();
  return buzz_haven.close_art_vote(coalesce(p_month, buzz_haven.art_current_month()),
    (select profile_id from buzz_haven.caller_profile()));
end;
$$;

-- The schedule's call (service role; pg_cron, see README): closes every past month still open.
create function public.close_buzz_haven_art_votes_due()
returns integer language plpgsql security definer set search_path = '' -- updates art_designs, art_ballots, site_builds
as $$
declare
  v_month date;
  v_count integer := 0;
begin
  for v_month in
    select distinct a.vote_month from buzz_haven.art_designs as a
    where a.status = 'approved' and a.vote_month < buzz_haven.art_current_month()
      and not exists (select 1 from buzz_haven.art_ballots as b where b.month = a.vote_month and b.closed_at is not null)
    order by 1
  loop
    perform buzz_haven.close_art_vote(v_month, null);
    v_count := v_count + 1;
  end loop;
  return v_count;
end;
$$;

-- Staff's view of the ballots: months, whether closed, and (after the close only) the total.
create function public.get_buzz_haven_art_ballots()
returns table (month date, designs bigint, closed_at timestamptz, total_votes integer)
language plpgsql stable security definer set search_path = '' -- reads art_designs and art_ballots
as $$
begin
  perform buzz_haven.require_role();
  return query
  select b.month, (select count(*) from buzz_haven.art_designs as a where a.vote_month = b.month), b.closed_at, b.total_votes
  from buzz_haven.art_ballots as b;
end;
$$;

revoke all on function buzz_haven.art_current_month(), buzz_haven.art_print_problem(text, bigint, integer, integer),
  buzz_haven.art_message_data(buzz_haven.art_designs, jsonb), buzz_haven.lock_art_design(uuid),
  buzz_haven.close_art_vote(date, uuid) from public, anon, authenticated;

select buzz_haven.grant_api_execute('submit_buzz_haven_art_design', 'confirm_buzz_haven_art_design',
  'get_buzz_haven_art_designs', 'approve_buzz_haven_art_design', 'decline_buzz_haven_art_design',
  'mark_buzz_haven_art_printed', 'get_buzz_haven_art_ballot', 'get_buzz_haven_art_results',
  'vote_buzz_haven_art', 'confirm_buzz_haven_art_vote', 'close_buzz_haven_art_vote',
  'get_buzz_haven_art_ballots');
revoke all on function buzz_haven.art_upload_window(), buzz_haven.art_type_label(text),
  buzz_haven.art_file_problem(text, text, text, bigint, integer, integer, boolean) from public, anon, authenticated;
revoke all on function public.get_buzz_haven_art_upload(uuid), public.issue_buzz_haven_art_upload(uuid, text, text),
  public.record_buzz_haven_art_upload(uuid, text, text, bigint, integer, integer, text, boolean),
  public.get_buzz_haven_art_unchecked_uploads(integer), public.close_buzz_haven_art_votes_due()
  from public, anon, authenticated;
grant execute on function public.get_buzz_haven_art_upload(uuid), public.issue_buzz_haven_art_upload(uuid, text, text),
  public.record_buzz_haven_art_upload(uuid, text, text, bigint, integer, integer, text, boolean),
  public.get_buzz_haven_art_unchecked_uploads(integer), public.close_buzz_haven_art_votes_due() to service_role;
