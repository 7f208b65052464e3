-- Buzz Haven: the hive-wrap art collective's submissions, moderation and monthly vote (issue 26).
--
-- Submit (anon): submit_buzz_haven_art_design stores an 'unconfirmed' design and queues the
--   'art_confirm' e-mail (its link opens /art/upload?token=...). confirm_buzz_haven_art_design marks
--   the address confirmed; the art Edge Function then issues a signed upload URL to the private
--   bucket and, once the file is there, measures it (type from its bytes, size, pixel dimensions)
--   and calls record_buzz_haven_art_upload (service role): a file failing the print checks is
--   refused (the function removes it) and the design stays as it was; one passing them moves it to
--   'pending'. The print checks are one SQL function (art_print_problem), also asked at approval.
-- Moderate (staff): approve for a month's vote (never a file failing the checks), decline with a
--   reason (the art Edge Function removes the file), then to_print (winners, at the close) ->
--   printed. The artist gets an e-mail at approval and at decline.
-- Vote (anon): vote_buzz_haven_art queues an 'art_vote_confirm' e-mail (rate limited per client
--   and per address); its link's token (confirm_buzz_haven_art_vote) records the vote: one per
--   address per month, a second confirmed vote replaces the first. Votes are kept in a table
--   nobody reads through the API; tallies are written on the designs only when the month closes
--   (staff's Close vote, or close_buzz_haven_art_votes_due on a schedule), which records the
--   winners (every design with the most votes, when any were cast) and requests a site build.

-- The business is in California: a month is its month there.
create function buzz_haven.art_current_month() returns date
language sql
stable
set search_path = ''
as $$
  select date_trunc('month', pg_catalog.timezone('America/Los_Angeles', now()))::date
$$;

-- Null when a file can be printed, else why not (the words the artist and staff see).
create function buzz_haven.art_print_problem(p_type text, p_bytes bigint, p_width integer, p_height integer)
returns text
language sql
immutable
set search_path = ''
as $$
  select case
    when p_type is null or p_type not in ('image/png', 'image/jpeg', 'image/webp')
      then 'The file is not a PNG, JPEG or WebP image'
    when p_bytes is null or p_bytes <= 0 then 'The file is empty'
    when p_bytes > 20971520 then 'The file is larger than 20 MB'
    when p_width is null or p_height is null then 'The image''s size in pixels could not be read'
    when greatest(p_width, p_height) < 2000
      then format('The image is %s x %s px; print needs at least 2000 px on its long side', p_width, p_height)
    when greatest(p_width, p_height) > 30000
      then format('The image is %s x %s px; at most 30000 px on a side', p_width, p_height)
  end
$$;

create table buzz_haven.art_ballots (
  month date primary key constraint art_ballots_month_first_day check (extract(day from month) = 1),
  closed_at timestamptz,
  closed_by uuid references buzz_haven.users (id) on delete set null,
  total_votes integer constraint art_ballots_total_not_negative check (total_votes >= 0),
  created_at timestamptz not null default now()
);
comment on table buzz_haven.art_ballots is 'One row per month with designs on its ballot; closed_at set when the vote closed.';

create table buzz_haven.art_vote_requests (
  token uuid primary key default gen_random_uuid(),
  month date not null,
  email text not null constraint art_vote_requests_email check (buzz_haven.is_email(email) and email = lower(email)),
  design_id uuid not null references buzz_haven.art_designs (id) on delete cascade,
  created_at timestamptz not null default now(),
  confirmed_at timestamptz
);
comment on table buzz_haven.art_vote_requests is 'A vote asked for from /art/vote, waiting for its e-mail link (token).';
create index art_vote_requests_created on buzz_haven.art_vote_requests (created_at);

create table buzz_haven.art_votes (
  month date not null,
  email text not null constraint art_votes_email check (buzz_haven.is_email(email) and email = lower(email)),
  design_id uuid not null references buzz_haven.art_designs (id) on delete cascade,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (month, email)
);
comment on table buzz_haven.art_votes is 'The confirmed votes: one per address per month (a later one replaces it).';

alter table buzz_haven.art_ballots enable row level security;
alter table buzz_haven.art_vote_requests enable row level security;
alter table buzz_haven.art_votes enable row level security;
revoke all on buzz_haven.art_ballots, buzz_haven.art_vote_requests, buzz_haven.art_votes from public, anon, authenticated;

insert into buzz_haven.rate_limits (action, max_per_client, max_per_contact) values
  ('art_submission', 10, 3),
  ('art_vote', 20, 5)
on conflict (action) do nothing;

alter table buzz_haven.outbox_messages drop constraint outbox_messages_kind_known;
alter table buzz_haven.outbox_messages add constraint outbox_messages_kind_known check (kind in (
  'order_received', 'swarm_report_received', 'registration_confirmed', 'registration_waitlisted',
  'adoption_received', 'staff_swarm_alert', 'order_confirmed', 'order_ready', 'order_shipped', 'order_cancelled',
  'registration_promoted', 'registration_cancelled', 'newsletter_confirm', 'newsletter_campaign',
  'registration_reminder', 'adoption_accepted', 'staff_order_alert', 'staff_registration_alert', 'staff_digest',
  'art_confirm', 'art_approved', 'art_declined', 'art_vote_confirm'));

-- The message data of a design (the placeholders art.*).
create function buzz_haven.art_message_data(d buzz_haven.art_designs, p_extra jsonb default '{}')
returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object('art', jsonb_build_object('id', d.id, 'title', d.title, 'artist', d.artist_name,
    'month', d.vote_month, 'reason', d.decline_reason) || p_extra)
$$;

----------------------------------------------------------------------------------------------------
-- Submit

create function public.submit_buzz_haven_art_design(
  p_title text default null,
  p_statement text default null,
  p_artist_name text default null,
  p_email text default null,
  p_link text default null,
  p_consent boolean default false,
  p_website text default null
)
returns boolean
language plpgsql
security definer -- writes art_designs and outbox_messages, which anon has no grant on
set search_path = ''
as $$
declare
  v_email text := lower(btrim(p_email));
  v_link text := nullif(btrim(p_link), '');
  d buzz_haven.art_designs;
begin
  if nullif(btrim(p_website), '') is not null then return true; end if; -- the honeypot: stores nothing
  perform buzz_haven.check_input(nullif(btrim(p_title), '') is not null, 'A title is required');
  perform buzz_haven.check_input(char_length(btrim(p_title)) <= 120 and btrim(p_title) !~ '[[:cntrl:]]',
    'The title is one line of at most 120 characters');
  perform buzz_haven.check_input(nullif(btrim(p_statement), '') is not null, 'A statement is required');
  perform buzz_haven.check_length(btrim(p_statement), 2000, 'The statement');
  perform buzz_haven.check_input(nullif(btrim(p_artist_name), '') is not null, 'The name to credit is required');
  perform buzz_haven.check_input(char_length(btrim(p_artist_name)) <= 120 and btrim(p_artist_name) !~ '[[:cntrl:]]',
    'The name to credit is one line of at most 120 characters');
  perform buzz_haven.check_input(buzz_haven.is_email(v_email), 'A valid email is required');
  perform buzz_haven.check_input(v_link is null or (char_length(v_link) <= 500 and buzz_haven.is_http_url(v_link)),
    'The link must be an https:// or http:// address');
  perform buzz_haven.check_input(p_consent is true, 'Please accept the collective''s licence terms');
  perform buzz_haven.guard_request('art_submission', v_email);

  insert into buzz_haven.art_designs (title, statement, artist_name, email, link, consent_at)
  values (btrim(p_title), btrim(p_statement), btrim(p_artist_name), v_email, v_link, now())
  returning * into d;
  perform buzz_haven.enqueue_message('art_confirm', d.email, d.artist_name,
    buzz_haven.art_message_data(d, jsonb_build_object('upload_token', d.token)), 'art_confirm.' || d.id,
    'art_designs', d.id);
  return true;
end;
$$;

-- The e-mail's link: confirms the address. The answer says what the upload page needs: 'unknown'
-- (no such token), else the design's title and whether the image is still to upload.
create function public.confirm_buzz_haven_art_design(p_token uuid)
returns jsonb
language plpgsql
security definer -- updates art_designs
set search_path = ''
as $$
declare
  d buzz_haven.art_designs;
begin
  update buzz_haven.art_designs as a
  set email_confirmed_at = coalesce(a.email_confirmed_at, now())
  where a.token = p_token and a.status <> 'declined'
  returning * into d;
  if not found then return jsonb_build_object('outcome', 'unknown'); end if;
  return jsonb_build_object('outcome', 'confirmed', 'title', d.title, 'needs_upload', d.status = 'unconfirmed');
end;
$$;

-- The art Edge Function's view of a design by its token (service role): where its upload may go.
create function public.get_buzz_haven_art_upload(p_token uuid)
returns table (id uuid, status text, email_confirmed boolean)
language sql
stable
security definer -- reads art_designs
set search_path = ''
as $$
  select a.id, a.status, a.email_confirmed_at is not null from buzz_haven.art_designs as a where a.token = p_token
$$;

-- The measured file (service role, after the art Edge Function read it back from Storage):
-- refused (22023, the reason) when it fails the print checks or the design is not waiting for it.
create function public.record_buzz_haven_art_upload(
  p_token uuid, p_path text, p_type text, p_bytes bigint, p_width integer, p_height integer
)
returns void
language plpgsql
security definer -- updates art_designs
set search_path = ''
as $$
declare
  d buzz_haven.art_designs;
  v_problem text := buzz_haven.art_print_problem(p_type, p_bytes, p_width, p_height);
begin
  select * into d from buzz_haven.art_designs as a where a.token = p_token for update;
  perform buzz_haven.check_input(found, 'Unknown submission');
  perform buzz_haven.check_input(d.email_confirmed_at is not null, 'Please confirm your e-mail address first');
  perform buzz_haven.check_input(d.status = 'unconfirmed', 'This submission already has its image');
  perform buzz_haven.check_input(p_path like d.id || '/%' and char_length(p_path) <= 300, 'Wrong storage path');
  perform buzz_haven.check_input(v_problem is null, v_problem);
  update buzz_haven.art_designs as a
  set storage_path = p_path, file_type = p_type, file_bytes = p_bytes, width = p_width, height = p_height,
    checks_passed = true, check_error = null, uploaded_at = now(), status = 'pending'
  where a.id = d.id;
end;
$$;

----------------------------------------------------------------------------------------------------
-- Moderate (staff)

-- Staff's list: every design past the e-mail confirmation, with its print-check verdict.
create function public.get_buzz_haven_art_designs()
returns table (
  id uuid, status text, vote_month date, title text, statement text, artist_name text, email text, link text,
  storage_path text, file_type text, file_bytes bigint, width integer, height integer, print_check text,
  decline_reason text, votes integer, winner boolean, approved_at timestamptz, declined_at timestamptz,
  to_print_at timestamptz, printed_at timestamptz, uploaded_at timestamptz, created_at timestamptz, updated_at timestamptz
)
language plpgsql
stable
security definer -- reads art_designs
set search_path = ''
as $$
begin
  perform buzz_haven.require_role();
  return query
  select a.id, a.status, a.vote_month, a.title, a.statement, a.artist_name, a.email::text, a.link,
    a.storage_path, a.file_type, a.file_bytes, a.width, a.height,
    coalesce(buzz_haven.art_print_problem(a.file_type, a.file_bytes, a.width, a.height), 'passed'),
    a.decline_reason, a.votes, a.winner, a.approved_at, a.declined_at, a.to_print_at, a.printed_at,
    a.uploaded_at, a.created_at, a.updated_at
  from buzz_haven.art_designs as a
  where a.status <> 'unconfirmed';
end;
$$;

create function buzz_haven.lock_art_design(p_id uuid) returns buzz_haven.art_designs
language plpgsql
set search_path = ''
as $$
declare
  d buzz_haven.art_designs;
begin
  select * into d from buzz_haven.art_designs as a where a.id = p_id and a.status <> 'unconfirmed' for update;
  if not found then raise exception 'Design not found' using errcode = 'PT404'; end if;
  return d;
end;
$$;

create function public.approve_buzz_haven_art_design(p_id uuid, p_month date default null)
returns void
language plpgsql
security definer -- updates art_designs, art_ballots, outbox_messages
set search_path = ''
as $$
declare
  d buzz_haven.art_designs;
  v_month date := date_trunc('month', coalesce(p_month, buzz_haven.art_current_month()))::date;
  v_problem text;
begin
  perform buzz_haven.require_role();
  d := buzz_haven.lock_art_design(p_id);
  perform buzz_haven.check_input(d.status = 'pending', 'Only a pending design can be approved (this one is ' || d.status || ')');
  v_problem := buzz_haven.art_print_problem(d.file_type, d.file_bytes, d.width, d.height);
  perform buzz_haven.check_input(v_problem is null and d.checks_passed and d.storage_path is not null,
    'This file fails the print checks: ' || coalesce(v_problem, 'no checked file'));
  perform buzz_haven.check_input(v_month >= buzz_haven.art_current_month(), 'Choose this month or a later one');
  insert into buzz_haven.art_ballots (month) values (v_month) on conflict (month) do nothing;
  perform buzz_haven.check_input(
    not exists (select 1 from buzz_haven.art_ballots as b where b.month = v_month and b.closed_at is not null),
    'The vote of that month is closed');
  update buzz_haven.art_designs as a
  set status = 'approved', vote_month = v_month, approved_at = now(),
    moderated_by = (select profile_id from buzz_haven.caller_profile())
  where a.id = d.id returning * into d;
  perform buzz_haven.enqueue_message('art_approved', d.email, d.artist_name, buzz_haven.art_message_data(d),
    'art_approved.' || d.id, 'art_designs', d.id);
end;
$$;

-- Declines a pending (or approved, not yet voted on) design; answers the path of its file, which the
-- caller (the art Edge Function) removes from Storage. The design keeps no path from then on.
create function public.decline_buzz_haven_art_design(p_id uuid, p_reason text default null)
returns text
language plpgsql
security definer -- updates art_designs, outbox_messages
set search_path = ''
as $$
declare
  d buzz_haven.art_designs;
  v_path text;
begin
  perform buzz_haven.require_role();
  perform buzz_haven.check_input(nullif(btrim(p_reason), '') is not null, 'A reason is required: the artist reads it');
  perform buzz_haven.check_length(btrim(p_reason), 1000, 'The reason');
  d := buzz_haven.lock_art_design(p_id);
  perform buzz_haven.check_input(d.status in ('pending', 'approved'),
    'Only a pending or approved design can be declined (this one is ' || replace(d.status, '_', ' ') || ')');
  perform buzz_haven.check_input(d.status = 'pending' or not exists (
      select 1 from buzz_haven.art_ballots as b where b.month = d.vote_month and b.closed_at is not null),
    'Its month''s vote is closed');
  v_path := d.storage_path;
  update buzz_haven.art_designs as a
  set status = 'declined', decline_reason = btrim(p_reason), declined_at = now(), storage_path = null,
    vote_month = null, moderated_by = (select profile_id from buzz_haven.caller_profile())
  where a.id = d.id returning * into d;
  delete from buzz_haven.art_votes as v where v.design_id = d.id;
  perform buzz_haven.enqueue_message('art_declined', d.email, d.artist_name, buzz_haven.art_message_data(d),
    'art_declined.' || d.id, 'art_designs', d.id);
  return v_path;
end;
$$;

create function public.mark_buzz_haven_art_printed(p_id uuid)
returns void
language plpgsql
security definer -- updates art_designs
set search_path = ''
as $$
declare
  d buzz_haven.art_designs;
begin
  perform buzz_haven.require_role();
  d := buzz_haven.lock_art_design(p_id);
  perform buzz_haven.check_input(d.status = 'to_print', 'Only a design to print can be marked printed');
  update buzz_haven.art_designs as a set status = 'printed', printed_at = now() where a.id = d.id;
end;
$$;

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

create function public.vote_buzz_haven_art(p_design_id uuid default null, p_email text default null, p_website text default null)
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
  perform buzz_haven.guard_request('art_vote', v_email);
  delete from buzz_haven.art_vote_requests as r where r.created_at < now() - interval '40 days';
  insert into buzz_haven.art_vote_requests (month, email, design_id) values (v_month, v_email, d.id)
  returning token into v_token;
  perform buzz_haven.enqueue_message('art_vote_confirm', v_email, null,
    buzz_haven.art_message_data(d, jsonb_build_object('vote_token', v_token)), 'art_vote_confirm.' || v_token,
    'art_designs', d.id);
  return true;
end;
$$;

-- The vote e-mail's link: 'voted' (first vote this month), 'replaced' (a vote of this address this
-- month now counts for this design instead), 'closed' (the vote closed first), 'unknown' (no such
-- token, or its design left the ballot). Confirming the same link again answers 'voted' again.
create function public.confirm_buzz_haven_art_vote(p_token uuid)
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
  select v.design_id into v_before from buzz_haven.art_votes as v where v.month = r.month and v.email = r.email;
  insert into buzz_haven.art_votes as v (month, email, design_id) values (r.month, r.email, r.design_id)
  on conflict (month, email) do update set design_id = excluded.design_id, updated_at = now();
  update buzz_haven.art_vote_requests as q set confirmed_at = coalesce(q.confirmed_at, now()) where q.token = r.token;
  return jsonb_build_object('outcome', case when v_before is null or v_before = r.design_id then 'voted' else 'replaced' end,
    'title', d.title);
end;
$$;

-- Closes a month's vote (staff's Close vote button, or the schedule through close_..._due): the
-- tallies are written on the designs, the designs with the most votes (when any) become winners
-- and move to 'to_print', and a site build is requested so /art announces them.
create function buzz_haven.close_art_vote(p_month date, p_by uuid)
returns jsonb
language plpgsql
set search_path = ''
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
returns jsonb
language plpgsql
security definer -- updates art_designs, art_ballots, site_builds
set search_path = ''
as $$
begin
  perform buzz_haven.require_role();
  return buzz_haven.close_art_vote(coalesce(p_month, buzz_haven.art_current_month()),
    (select profile_id from buzz_haven.caller_profile()));
end;
$$;

-- The schedule's call (service role; pg_cron, see README): closes every past month still open.
create function public.close_buzz_haven_art_votes_due()
returns integer
language plpgsql
security definer -- updates art_designs, art_ballots, site_builds
set search_path = ''
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
language plpgsql
stable
security definer -- reads art_designs and art_ballots
set search_path = ''
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

select buzz_haven.grant_api_execute(
  'public.submit_buzz_haven_art_design(text, text, text, text, text, boolean, text)',
  'public.confirm_buzz_haven_art_design(uuid)',
  'public.get_buzz_haven_art_designs()',
  'public.approve_buzz_haven_art_design(uuid, date)',
  'public.decline_buzz_haven_art_design(uuid, text)',
  'public.mark_buzz_haven_art_printed(uuid)',
  'public.get_buzz_haven_art_ballot()',
  'public.get_buzz_haven_art_results()',
  'public.vote_buzz_haven_art(uuid, text, text)',
  'public.confirm_buzz_haven_art_vote(uuid)',
  'public.close_buzz_haven_art_vote(date)',
  'public.get_buzz_haven_art_ballots()'
);
revoke all on function public.get_buzz_haven_art_upload(uuid), public.record_buzz_haven_art_upload(uuid, text, text, bigint, integer, integer),
  public.close_buzz_haven_art_votes_due() from public, anon, authenticated;
grant execute on function public.get_buzz_haven_art_upload(uuid), public.record_buzz_haven_art_upload(uuid, text, text, bigint, integer, integer),
  public.close_buzz_haven_art_votes_due() to service_role;

-- Storage: an approved design's image may be read by anyone (the site build downloads it with the
-- anon key); staff read every design's image (the moderation gallery). Nothing else: uploads come
-- through signed URLs only, removals through the service role.
create function buzz_haven_storage.art_file_is_public(p_name text) returns boolean
language sql
stable
security definer -- reads buzz_haven.art_designs
set search_path = ''
as $$
  select exists (select 1 from buzz_haven.art_designs as a
    where a.storage_path = p_name and a.status in ('approved', 'to_print', 'printed', 'installed'))
$$;
revoke all on function buzz_haven_storage.art_file_is_public(text) from public;
grant execute on function buzz_haven_storage.art_file_is_public(text) to anon, authenticated, service_role;

create policy "buzz_haven art: approved designs are public"
  on storage.objects for select
  to anon, authenticated
  using (bucket_id = 'art-submissions' and buzz_haven_storage.art_file_is_public(name));

create policy "buzz_haven art: staff read submissions"
  on storage.objects for select
  to authenticated
  using (bucket_id = 'art-submissions' and buzz_haven_storage.caller_has_role(array['owner', 'admin', 'staff']));
