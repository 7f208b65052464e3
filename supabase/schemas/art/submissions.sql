-- The ballot and vote tables; submitting a design, confirming the address, and uploading,
-- measuring and cleaning up its file.
set check_function_bodies = false;

create table buzz_haven.art_ballots (
  month date primary key constraint art_ballots_month_first_day check (extract(day from month) = 1),
  closed_at timestamptz,
  closed_by uuid references buzz_haven.users (id) on delete set null,
  total_votes integer constraint art_ballots_total_not_negative check (total_votes >= 0),
  created_at timestamptz not null default now()
);
comment on table buzz_haven.art_ballots is 'One row per month with designs on its ballot; closed_at set when the vote closed.';
alter table buzz_haven.art_ballots enable row level security;
revoke all on buzz_haven.art_ballots from public, anon, authenticated;

create table buzz_haven.art_vote_requests (
  token uuid primary key default gen_random_uuid(),
  month date not null,
  email text not null constraint art_vote_requests_email check (buzz_haven.is_email(email) and email = lower(email))
    constraint art_vote_requests_email_length check (char_length(email) <= 254),
  design_id uuid not null references buzz_haven.art_designs (id) on delete cascade,
  created_at timestamptz not null default now(),
  confirmed_at timestamptz,
  -- the language of the page the request was made on: what is sent back to this person is in it
  locale text not null default 'en' references buzz_haven.languages (code)
);
comment on table buzz_haven.art_vote_requests is 'A vote asked for from /art/vote, waiting for its e-mail link (token).';
alter table buzz_haven.art_vote_requests enable row level security;
revoke all on buzz_haven.art_vote_requests from public, anon, authenticated;
-- The public vote RPC prunes requests older than 40 days (housekeeping, left without a second factor).
create index art_vote_requests_created on buzz_haven.art_vote_requests (created_at);

create table buzz_haven.art_votes (
  month date not null,
  email text not null constraint art_votes_email check (buzz_haven.is_email(email) and email = lower(email))
    constraint art_votes_email_length check (char_length(email) <= 254),
  design_id uuid not null references buzz_haven.art_designs (id) on delete cascade,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- The mailbox is the key, so the one index that makes a vote unique is the one ON CONFLICT
  -- replaces the vote through.
  mailbox text generated always as (buzz_haven.mailbox_key(email)) stored
    constraint art_votes_mailbox_length check (char_length(mailbox) <= 254),
  primary key (month, mailbox),
  -- the language of the page the request was made on: what is sent back to this person is in it
  locale text not null default 'en' references buzz_haven.languages (code)
);
comment on table buzz_haven.art_votes is
  'The confirmed votes: one per mailbox (buzz_haven.mailbox_key of the address) per month (a later one replaces it).';
alter table buzz_haven.art_votes enable row level security;
revoke all on buzz_haven.art_votes from public, anon, authenticated;
-- Declining a design deletes its votes, which nothing brings back: the second factor, as every
-- delete path asks of a caller with a verified factor.
select buzz_haven.require_second_factor_for_deletes('buzz_haven.art_votes');

-- The message data of a design (the placeholders art.*).
create function buzz_haven.art_message_data(d buzz_haven.art_designs, p_extra jsonb default '{}')
returns jsonb language sql stable set search_path = ''
as $$
  select jsonb_build_object('art', jsonb_build_object('id', d.id, 'title', d.title, 'artist', d.artist_name,
    'month', d.vote_month, 'reason', d.decline_reason) || p_extra)
$$;

create or replace function public.submit_buzz_haven_art_design(
  p_title text default null,
  p_statement text default null,
  p_artist_name text default null,
  p_email text default null,
  p_link text default null,
  p_consent boolean default false,
  p_website text default null,
  p_locale text default 'en'
)
returns boolean
language plpgsql security definer set search_path = '' -- writes art_designs and outbox_messages, which anon has no grant on
as $$
declare
  v_email text := lower(btrim(p_email));
  d buzz_haven.art_designs;
begin
  perform buzz_haven.set_request_locale(p_locale);
  if nullif(btrim(p_website), '') is not null then return true; end if; -- the honeypot: stores nothing
  perform buzz_haven.check_rule(nullif(btrim(p_title), '') is not null, 'art_title_required');
  perform buzz_haven.check_rule(nullif(btrim(p_statement), '') is not null, 'art_statement_required');
  perform buzz_haven.check_rule(nullif(btrim(p_artist_name), '') is not null, 'art_artist_name_required');
  perform buzz_haven.check_rule(buzz_haven.is_email(v_email), 'email_valid');
  perform buzz_haven.check_rule(p_consent is true, 'art_consent_required');
  perform buzz_haven.guard_request('art_submission', v_email);

  -- the title's, statement's, name's and link's rules are art_designs' CHECKs: a value breaking one
  -- fails here with its message, and nothing is kept
  insert into buzz_haven.art_designs (title, statement, artist_name, email, link, consent_at, locale)
  values (btrim(p_title), btrim(p_statement), btrim(p_artist_name), v_email, nullif(btrim(p_link), ''), now(),
    buzz_haven.request_locale())
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
returns jsonb language plpgsql security definer set search_path = '' -- updates art_designs
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

-- The art Edge Function's view of a design by its token (service role): where its upload may go,
-- and the largest image it decodes.
create function public.get_buzz_haven_art_upload(p_token uuid)
returns table (id uuid, status text, email_confirmed boolean, max_megapixels integer)
language sql stable security definer set search_path = '' -- reads art_designs and art_upload_settings
as $$
  select a.id, a.status, a.email_confirmed_at is not null, s.max_megapixels
  from buzz_haven.art_designs as a cross join buzz_haven.art_upload_settings as s
  where a.token = p_token
$$;

-- A new upload URL's path becomes the design's live upload (service role, before signing it); the
-- answer is every other object of the design, for the function to remove: an upload replaced is
-- never checked, so it is not kept.
create function public.issue_buzz_haven_art_upload(p_token uuid, p_path text, p_type text)
returns setof text language plpgsql security definer set search_path = '' -- updates art_designs, reads storage.objects
as $$
declare
  d buzz_haven.art_designs;
begin
  select * into d from buzz_haven.art_designs as a where a.token = p_token for update;
  perform buzz_haven.check_input(found, 'Unknown submission');
  perform buzz_haven.check_input(d.email_confirmed_at is not null, 'Please confirm your e-mail address first');
  perform buzz_haven.check_input(d.status = 'unconfirmed', 'This submission already has its image');
  perform buzz_haven.check_input(starts_with(p_path, d.id || '/') and char_length(p_path) <= 300, 'Wrong storage path');
  update buzz_haven.art_designs as a
  set upload_path = p_path, upload_type = p_type, upload_issued_at = now()
  where a.id = d.id;
  return query
  select o.name from storage.objects as o
  where o.bucket_id = 'art-submissions' and starts_with(o.name, d.id || '/') and o.name <> p_path
    and o.name is distinct from d.storage_path;
end;
$$;

-- The measured file (service role, after the art Edge Function read it back from Storage and
-- decoded it): refused (22023, the reason) unless it is the design's live upload and passes
-- art_file_problem. A design that has its image answers PT409 (409): the file checked is then
-- not removed, as it may be the one recorded by a check that ran at the same time.
create function public.record_buzz_haven_art_upload(
  p_token uuid, p_path text, p_type text, p_bytes bigint, p_width integer, p_height integer,
  p_declared_type text default null, p_decoded boolean default false
)
returns void language plpgsql security definer set search_path = '' -- updates art_designs
as $$
declare
  d buzz_haven.art_designs;
  v_problem text;
begin
  select * into d from buzz_haven.art_designs as a where a.token = p_token for update;
  perform buzz_haven.check_input(found, 'Unknown submission');
  perform buzz_haven.check_input(d.email_confirmed_at is not null, 'Please confirm your e-mail address first');
  if d.status <> 'unconfirmed' then
    raise exception 'This submission already has its image' using errcode = 'PT409';
  end if;
  perform buzz_haven.check_input(p_path like d.id || '/%' and char_length(p_path) <= 300, 'Wrong storage path');
  perform buzz_haven.check_input(p_path = d.upload_path and d.upload_issued_at > now() - buzz_haven.art_upload_window(),
    'This upload was replaced by a newer one or waited too long: please upload your file again');
  v_problem := buzz_haven.art_file_problem(d.upload_type, p_declared_type, p_type, p_bytes, p_width, p_height, p_decoded);
  perform buzz_haven.check_input(v_problem is null, v_problem);
  update buzz_haven.art_designs as a
  set storage_path = p_path, file_type = p_type, file_bytes = p_bytes, width = p_width, height = p_height,
    checks_passed = true, check_error = null, uploaded_at = now(), status = 'pending',
    upload_path = null, upload_type = null, upload_issued_at = null
  where a.id = d.id;
end;
$$;

-- The bucket's objects nobody checked in time (service role, for the art function to remove):
-- neither a design's recorded file nor its live upload, and older than the upload window.
create function public.get_buzz_haven_art_unchecked_uploads(p_limit integer default 100)
returns setof text language sql stable security definer set search_path = '' -- reads art_designs and storage.objects
as $$
  select o.name from storage.objects as o
  where o.bucket_id = 'art-submissions' and o.created_at < now() - buzz_haven.art_upload_window()
    and not exists (select 1 from buzz_haven.art_designs as a where a.storage_path = o.name)
    and not exists (select 1 from buzz_haven.art_designs as a
      where a.upload_path = o.name and a.upload_issued_at > now() - buzz_haven.art_upload_window())
  order by o.created_at
  limit least(greatest(coalesce(p_limit, 100), 1), 1000)
$$;
