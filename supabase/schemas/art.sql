-- Art collective: art designs, uploads, ballots and votes, printing; the hive wraps printed from
-- them.
-- Declared whole: this file says what the database holds for its area; supabase/migrations
-- carries it to databases in reviewed steps (docs/database.md). Function bodies are checked when
-- they run, not here (as pg_dump writes it): some name objects of a later file.
set check_function_bodies = false;

-- The cart's lines merged by product: total quantity, and the lowest and highest price it sent.
create function buzz_haven.cart_lines(p_items jsonb)
returns table (product_id uuid, quantity integer, min_sent integer, max_sent integer) language sql immutable set search_path = ''
as $$
  select (e ->> 'product_id')::uuid, sum((e ->> 'quantity')::integer)::integer,
    min((e ->> 'unit_price')::integer), max((e ->> 'unit_price')::integer)
  from jsonb_array_elements(p_items) as e group by 1
$$;

revoke all on function buzz_haven.cart_lines(jsonb), buzz_haven.check_text(text, text, integer, boolean),
  buzz_haven.shipping_cost(text, integer), buzz_haven.is_us_state(text) from public, anon, authenticated;

-- Buzz Haven: the hive-wrap art collective's designs.
-- An artist's submission is one row, from the form to the wrap on a hive:
--   unconfirmed  sent from /art; the e-mail's link not opened yet, or the image not uploaded and
--                checked yet (nothing is shown to staff)
--   pending      e-mail confirmed and image stored and checked: waiting for moderation
--   approved     on the ballot of vote_month (shown on /art/vote while that month's vote is open)
--   declined     with decline_reason; its file is removed from Storage
--   to_print     a winner of its month's vote
--   printed      the wrap is printed
--   installed    on a hive (buzz_haven.hive_wraps, below, links it to the hive)
-- The image lives in the private bucket 'art-submissions' at storage_path; the print checks
-- (type sniffed from the bytes, size, pixel dimensions) are measured on the server and kept here,
-- so staff see them and approval is refused while they fail. Nothing here is readable through the
-- API: anon reads approved designs through RPCs, staff through their own.
-- Each rule is one CHECK with one message (a buzz_haven.constraint_messages row), which
-- buzz_haven.explain_constraints raises on a write (23514, PostgREST's `details` naming the field):
-- a title or credit name is not blank and one line of at most 120 characters, a statement not blank
-- and at most 2000. Every text column also has its plain char_length(<column>) <= N bound
-- (tests/sql/bounds.test.ts), the btrim() ones allowing a value padded with spaces.

create table buzz_haven.art_designs (
  id uuid primary key default gen_random_uuid(),
  status text not null default 'unconfirmed'
    constraint art_designs_status_known
    check (status in ('unconfirmed', 'pending', 'approved', 'declined', 'to_print', 'printed', 'installed')),
  vote_month date constraint art_designs_vote_month_first_day
    check (vote_month is null or extract(day from vote_month) = 1),
  title text not null
    constraint art_designs_title_not_blank check (char_length(btrim(title)) >= 1)
    constraint art_designs_title_line check (char_length(btrim(title)) <= 120 and title !~ '[[:cntrl:]]')
    constraint art_designs_title_max_length check (char_length(title) <= 120),
  statement text not null
    constraint art_designs_statement_not_blank check (char_length(btrim(statement)) >= 1)
    constraint art_designs_statement_max_length check (char_length(statement) <= 2000),
  artist_name text not null
    constraint art_designs_artist_name_not_blank check (char_length(btrim(artist_name)) >= 1)
    constraint art_designs_artist_name_line
      check (char_length(btrim(artist_name)) <= 120 and artist_name !~ '[[:cntrl:]]')
    constraint art_designs_artist_name_max_length check (char_length(artist_name) <= 120),
  email buzz_haven.email not null,
  link text constraint art_designs_link_http
    check (link is null or (char_length(link) <= 500 and buzz_haven.is_http_url(link))),
  consent_at timestamptz not null,
  token uuid not null default gen_random_uuid(),
  email_confirmed_at timestamptz,
  -- the stored image and its print checks
  storage_path text constraint art_designs_storage_path_length check (char_length(storage_path) <= 300),
  file_type text constraint art_designs_file_type_known
    check (file_type is null or file_type in ('image/png', 'image/jpeg', 'image/webp')),
  file_bytes bigint constraint art_designs_file_bytes_positive check (file_bytes is null or file_bytes > 0),
  width integer constraint art_designs_width_positive check (width is null or width > 0),
  height integer constraint art_designs_height_positive check (height is null or height > 0),
  checks_passed boolean not null default false,
  check_error text constraint art_designs_check_error_length check (char_length(check_error) <= 500),
  uploaded_at timestamptz,
  -- moderation and the vote
  decline_reason text constraint art_designs_decline_reason_length
    check (decline_reason is null or char_length(btrim(decline_reason)) between 1 and 1000)
    constraint art_designs_decline_reason_max_length check (char_length(decline_reason) <= 1000),
  moderated_by uuid references buzz_haven.users (id) on delete set null,
  approved_at timestamptz,
  declined_at timestamptz,
  votes integer constraint art_designs_votes_not_negative check (votes is null or votes >= 0),
  winner boolean not null default false,
  to_print_at timestamptz,
  printed_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- the live upload: the one path a signed upload URL may store to, until the upload window ends
  upload_path text constraint art_designs_upload_path_length check (char_length(upload_path) <= 300),
  upload_type text constraint art_designs_upload_type_known
    check (upload_type is null or upload_type in ('image/png', 'image/jpeg', 'image/webp')),
  upload_issued_at timestamptz,
  constraint art_designs_declined_has_reason check (status <> 'declined' or decline_reason is not null),
  constraint art_designs_approved_has_month
    check (status not in ('approved', 'to_print', 'printed', 'installed') or vote_month is not null),
  constraint art_designs_moderated_passed_checks
    check (status in ('unconfirmed', 'pending', 'declined') or checks_passed),
  -- the language of the page the request was made on: what is sent back to this person is in it
  locale text not null default 'en' references buzz_haven.languages (code)
);
comment on table buzz_haven.art_designs is
  'Hive-wrap art submissions: moderation, monthly ballot (vote_month), tally and winner, print and install.';
-- A design by its e-mail link's token; the staff list by status, newest first; a month's ballot.
create unique index art_designs_token_key on buzz_haven.art_designs (token);
create index art_designs_status_created on buzz_haven.art_designs (status, created_at desc);
create index art_designs_vote_month on buzz_haven.art_designs (vote_month) where vote_month is not null;
alter table buzz_haven.art_designs enable row level security;
revoke all on buzz_haven.art_designs from public, anon, authenticated;
select buzz_haven.keep_updated_at('buzz_haven.art_designs');
select buzz_haven.explain_constraints_of('buzz_haven.art_designs');

-- Buzz Haven: installing a winning wrap on a hive (the 'installed' step).
-- Staff link a printed design (buzz_haven.art_designs, above) to a hive with the day it
-- was installed and up to two photos from the media library; the design becomes 'installed'.
-- Removing the last installation of a design puts it back to 'printed'. The public map
-- (get_buzz_haven_hive_map, in the hives area) shows each hive's latest wrap: its title, artist
-- and photo.

create table buzz_haven.hive_wraps (
  id uuid primary key default gen_random_uuid(),
  hive_id uuid not null references buzz_haven.hives (id) on delete cascade,
  design_id uuid not null references buzz_haven.art_designs (id) on delete restrict,
  installed_on date not null,
  -- a media library picture: its public URL (https) or, as the seeded library's, an image data URL
  photo_url text constraint hive_wraps_photo_url_image
    check (photo_url is null or (char_length(photo_url) <= 10000
      and (buzz_haven.is_http_url(photo_url) or photo_url like 'data:image/%'))),
  second_photo_url text constraint hive_wraps_second_photo_url_image
    check (second_photo_url is null or (char_length(second_photo_url) <= 10000
      and (buzz_haven.is_http_url(second_photo_url) or second_photo_url like 'data:image/%'))),
  notes text constraint hive_wraps_notes_length check (char_length(notes) <= 2000),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint hive_wraps_once_per_hive unique (hive_id, design_id)
);
comment on table buzz_haven.hive_wraps is
  'Printed art wraps installed on hives: the design, the hive, the day and photos from the media library.';
create index hive_wraps_design on buzz_haven.hive_wraps (design_id);
alter table buzz_haven.hive_wraps enable row level security;
revoke all on buzz_haven.hive_wraps from public, anon, authenticated;

select buzz_haven.manage_resource('buzz_haven.hive_wraps', 'wrap installed on', 'installed_on');

-- The back office's lists: the installations (with the hive's name and the design's title and
-- artist) and the designs that can be installed (printed, or already installed on another hive).
create view buzz_haven_lists.hive_wraps as
select w.id, w.hive_id, h.name as hive_name, w.design_id, d.title as design_title, d.artist_name,
  w.installed_on, w.photo_url, w.second_photo_url, w.notes, w.created_at, w.updated_at
from buzz_haven.hive_wraps as w
join buzz_haven.hives as h on h.id = w.hive_id
join buzz_haven.art_designs as d on d.id = w.design_id
where buzz_haven_lists.staff_only();

create function public.get_buzz_haven_hive_wraps() returns setof buzz_haven_lists.hive_wraps
language sql stable as $$ select * from buzz_haven_lists.hive_wraps $$;

create or replace function buzz_haven.check_hive_wrap(v buzz_haven.hive_wraps) returns void
language plpgsql stable set search_path = ''
as $$
begin
  perform buzz_haven.check_input(v.hive_id is not null, 'Hive is required');
  perform buzz_haven.check_input(v.design_id is not null, 'Design is required');
  perform buzz_haven.check_input(v.installed_on is not null, 'Installed on is required');
  perform buzz_haven.check_input(exists (select 1 from buzz_haven.hives as h where h.id = v.hive_id), 'Hive not found');
  perform buzz_haven.check_input(
    exists (select 1 from buzz_haven.art_designs as d where d.id = v.design_id and d.status in ('printed', 'installed')),
    'Only a printed design can be installed on a hive'
  );
  perform buzz_haven.check_input(v.installed_on <= current_date + 1, 'Installed on cannot be in the future');
end;
$$;
revoke all on function buzz_haven.check_hive_wrap(buzz_haven.hive_wraps) from public, anon, authenticated;

create function public.create_buzz_haven_hive_wrap(
  p_hive_id uuid default null,
  p_design_id uuid default null,
  p_installed_on date default null,
  p_photo_url text default null,
  p_second_photo_url text default null,
  p_notes text default null
)
returns buzz_haven.hive_wraps
language plpgsql security definer set search_path = '' -- writes hive_wraps and art_designs, which the caller has no grant on
as $$
declare
  v buzz_haven.hive_wraps;
begin
  perform buzz_haven.require_role();
  v.hive_id := p_hive_id;
  v.design_id := p_design_id;
  v.installed_on := p_installed_on;
  v.photo_url := nullif(btrim(p_photo_url), '');
  v.second_photo_url := nullif(btrim(p_second_photo_url), '');
  v.notes := nullif(btrim(p_notes), '');
  -- the design's row first, so two installs of one design queue behind each other
  perform 1 from buzz_haven.art_designs as d where d.id = p_design_id for update;
  perform buzz_haven.check_hive_wrap(v);
  perform buzz_haven.check_input(
    not exists (select 1 from buzz_haven.hive_wraps as w where w.hive_id = v.hive_id and w.design_id = v.design_id),
    'This design is already installed on this hive'
  );
  insert into buzz_haven.hive_wraps (hive_id, design_id, installed_on, photo_url, second_photo_url, notes)
  values (v.hive_id, v.design_id, v.installed_on, v.photo_url, v.second_photo_url, v.notes)
  returning * into v;
  perform buzz_haven.sync_wrap_design_status(v.design_id);
  return v;
end;
$$;

-- A null argument keeps the value; p_clear empties the photos or notes. Moving an installation to
-- another hive or design re-checks it and updates both designs' status.
create function public.update_buzz_haven_hive_wrap(
  p_id uuid,
  p_hive_id uuid default null,
  p_design_id uuid default null,
  p_installed_on date default null,
  p_photo_url text default null,
  p_second_photo_url text default null,
  p_notes text default null,
  p_clear text[] default '{}'
)
returns buzz_haven.hive_wraps
language plpgsql security definer set search_path = '' -- writes hive_wraps, which the caller has no grant on
as $$
declare
  v buzz_haven.hive_wraps;
  v_before buzz_haven.hive_wraps;
  v_clear text[] := coalesce(p_clear, '{}');
begin
  perform buzz_haven.require_role();
  perform buzz_haven.check_clear(v_clear, array['photo_url', 'second_photo_url', 'notes'], array_remove(array[
    case when p_photo_url is not null then 'photo_url' end,
    case when p_second_photo_url is not null then 'second_photo_url' end,
    case when p_notes is not null then 'notes' end], null));
  v := buzz_haven.lock_row(null::buzz_haven.hive_wraps, p_id, 'Wrap installation not found');
  v_before := v;
  v.hive_id := coalesce(p_hive_id, v.hive_id);
  v.design_id := coalesce(p_design_id, v.design_id);
  v.installed_on := coalesce(p_installed_on, v.installed_on);
  v.photo_url := case when 'photo_url' = any (v_clear) then null
    when p_photo_url is null then v.photo_url else nullif(btrim(p_photo_url), '') end;
  v.second_photo_url := case when 'second_photo_url' = any (v_clear) then null
    when p_second_photo_url is null then v.second_photo_url else nullif(btrim(p_second_photo_url), '') end;
  v.notes := case when 'notes' = any (v_clear) then null
    when p_notes is null then v.notes else nullif(btrim(p_notes), '') end;
  perform buzz_haven.check_hive_wrap(v);
  perform buzz_haven.check_input(
    not exists (select 1 from buzz_haven.hive_wraps as w where w.hive_id = v.hive_id and w.design_id = v.design_id and w.id <> v.id),
    'This design is already installed on this hive'
  );
  update buzz_haven.hive_wraps as w
  set hive_id = v.hive_id, design_id = v.design_id, installed_on = v.installed_on, photo_url = v.photo_url, second_photo_url = v.second_photo_url, notes = v.notes
  where w.id = p_id
  returning w.* into v;
  perform buzz_haven.sync_wrap_design_status(v.design_id);
  if v_before.design_id <> v.design_id then
    perform buzz_haven.sync_wrap_design_status(v_before.design_id);
  end if;
  return v;
end;
$$;

create function public.delete_buzz_haven_hive_wrap(p_id uuid) returns buzz_haven.hive_wraps
language sql security definer set search_path = '' -- deletes from hive_wraps, which the caller has no grant on
as $$
  select buzz_haven.delete_row(null::buzz_haven.hive_wraps, p_id, 'Wrap installation not found',
    'Only an owner or admin can remove a wrap installation', p_then => 'buzz_haven.sync_wrap_design_status(t.design_id)')
$$;

-- Buzz Haven: the hive-wrap art collective's submissions, moderation and monthly vote.
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
language sql stable set search_path = ''
as $$
  select date_trunc('month', pg_catalog.timezone('America/Los_Angeles', now()))::date
$$;

-- Null when a file can be printed, else why not (the words the artist and staff see).
create function buzz_haven.art_print_problem(p_type text, p_bytes bigint, p_width integer, p_height integer)
returns text language sql immutable set search_path = ''
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

-- Uploads: one live upload per submission. Each signed upload URL the art Edge Function issues is
-- for a new random path, recorded on the design (upload_path, upload_type, upload_issued_at) by
-- issue_buzz_haven_art_upload, which answers the design's other objects for the function to
-- remove. Only the live path may be stored (a trigger on storage.objects refuses any other object
-- in the bucket, so a URL issued before is useless from then on, and a URL without upsert stores
-- one object at most) and only the live path may be recorded; it lives for
-- art_upload_settings.unchecked_minutes. Objects left unchecked past that window are answered by
-- get_buzz_haven_art_unchecked_uploads for the function to remove (on each of its calls, and on a
-- schedule). Checked whole: the function decodes the whole file and sends its real type, its real
-- pixel size and whether it decoded to the end; record_buzz_haven_art_upload refuses, with
-- art_file_problem's words, a file whose type is not the one it was sent as, one too large to
-- decode within art_upload_settings.max_megapixels, and one that is damaged or cut short, before
-- the print checks of art_print_problem.
create table buzz_haven.art_upload_settings (
  id boolean primary key default true constraint art_upload_settings_one_row check (id),
  unchecked_minutes integer not null default 30
    constraint art_upload_settings_unchecked_minutes_range check (unchecked_minutes between 1 and 120),
  max_megapixels integer not null default 25
    constraint art_upload_settings_max_megapixels_range check (max_megapixels between 1 and 100)
);
comment on table buzz_haven.art_upload_settings is
  'Art uploads (one row): how long an issued upload may stay unchecked, and the largest image the art function decodes.';
insert into buzz_haven.art_upload_settings default values;
alter table buzz_haven.art_upload_settings enable row level security;
revoke all on buzz_haven.art_upload_settings from public, anon, authenticated;
select buzz_haven.explain_constraints_of('buzz_haven.art_upload_settings');

-- How long an issued upload stays live, unchecked.
create function buzz_haven.art_upload_window() returns interval
language sql stable set search_path = ''
as $$
  select make_interval(mins => s.unchecked_minutes) from buzz_haven.art_upload_settings as s
$$;

-- A type's name as the artist knows it (PNG, JPEG, WebP), else the type itself.
create function buzz_haven.art_type_label(p_type text) returns text
language sql immutable set search_path = ''
as $$
  select case p_type when 'image/png' then 'PNG' when 'image/jpeg' then 'JPEG' when 'image/webp' then 'WebP'
    else coalesce(left(p_type, 100), 'unknown') end
$$;

-- Null when the measured file may be recorded, else why not: not an image, another type than it was
-- sent as (the upload URL's type, p_issued, or the stored Content-Type, p_declared), more pixels
-- than the function decodes, damaged or cut short (p_decoded false), then the print checks.
create function buzz_haven.art_file_problem(
  p_issued text, p_declared text, p_type text, p_bytes bigint, p_width integer, p_height integer, p_decoded boolean
)
returns text language sql stable set search_path = ''
as $$
  select coalesce(
    case when p_type is null or p_type not in ('image/png', 'image/jpeg', 'image/webp')
      then buzz_haven.art_print_problem(p_type, p_bytes, p_width, p_height) end,
    case when p_type is distinct from p_issued or (p_declared is not null and p_declared <> p_issued)
      then format('The file is a %s image but was sent as %s: upload it again as %s', buzz_haven.art_type_label(p_type),
        buzz_haven.art_type_label(coalesce(nullif(p_declared, p_issued), p_issued)), buzz_haven.art_type_label(p_type)) end,
    case when p_width::bigint * p_height > (select s.max_megapixels from buzz_haven.art_upload_settings as s) * 1000000::bigint
      then format('The image is %s x %s px; at most %s megapixels can be checked', p_width, p_height,
        (select s.max_megapixels from buzz_haven.art_upload_settings as s)) end,
    case when p_decoded is not true then 'The file is damaged or incomplete: its image could not be read to the end' end,
    buzz_haven.art_print_problem(p_type, p_bytes, p_width, p_height))
$$;

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
language plpgsql set search_path = ''
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
returns void language plpgsql security definer set search_path = '' -- updates art_designs, art_ballots, outbox_messages
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
returns text language plpgsql security definer set search_path = '' -- updates art_designs, outbox_messages
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
returns void language plpgsql security definer set search_path = '' -- updates art_designs
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

-- Storage: an approved design's image may be read by anyone (the site build downloads it with the
-- anon key); staff read every design's image (the moderation gallery). Nothing else: uploads come
-- through signed URLs only, removals through the service role.
create function buzz_haven_storage.art_file_is_public(p_name text) returns boolean
language sql stable security definer set search_path = '' -- reads buzz_haven.art_designs
as $$
  select exists (select 1 from buzz_haven.art_designs as a
    where a.storage_path = p_name and a.status in ('approved', 'to_print', 'printed', 'installed'))
$$;

create policy "buzz_haven art: approved designs are public"
  on storage.objects for select
  to anon, authenticated
  using (bucket_id = 'art-submissions' and buzz_haven_storage.art_file_is_public(name));
revoke all on function buzz_haven_storage.art_file_is_public(text) from public;
grant execute on function buzz_haven_storage.art_file_is_public(text) to anon, authenticated, service_role;

-- Storage writes uploads as itself, whoever signed them, so this trigger is what keeps the bucket to
-- the live uploads: an object in 'art-submissions' is stored only at a design's live upload path
-- (within its window) or its recorded file's path (the seeded designs' pictures). Refused as
-- Storage refuses a policy (42501, 403).
create function buzz_haven_storage.art_upload_is_live() returns trigger
language plpgsql security definer set search_path = '' -- reads art_designs
as $$
begin
  if not exists (select 1 from buzz_haven.art_designs as a
      where (a.upload_path = new.name and a.upload_issued_at > now() - buzz_haven.art_upload_window())
        or a.storage_path = new.name) then
    raise exception 'This upload link was replaced by a newer one or has expired' using errcode = '42501';
  end if;
  return new;
end;
$$;
revoke all on function buzz_haven_storage.art_upload_is_live() from public, anon, authenticated;

create trigger art_submissions_live_upload_only before insert or update of bucket_id, name on storage.objects
  for each row when (new.bucket_id = 'art-submissions') execute function buzz_haven_storage.art_upload_is_live();

create function pg_temp.with_art_link(body jsonb) returns jsonb
language sql immutable
as $$
  select case
    when jsonb_typeof(body -> 'nav') <> 'array' or exists (
      select 1 from jsonb_array_elements(body -> 'nav') as n where n ->> 'to' = '/art') then body
    else jsonb_set(body, '{nav}', (
      select jsonb_agg(item order by position)
      from (
        select n as item, (i * 2)::numeric as position from jsonb_array_elements(body -> 'nav') with ordinality as e(n, i)
        union all
        select '{"label": "Art", "to": "/art"}'::jsonb,
          coalesce((select i * 2 + 1 from jsonb_array_elements(body -> 'nav') with ordinality as e(n, i) where n ->> 'to' = '/impact'), 1e9)
      ) as items))
  end
$$;

update buzz_haven.content_documents as d
set draft = pg_temp.with_art_link(d.draft), published = pg_temp.with_art_link(d.published)
where d.key = 'site' and d.published is not null;

-- Buzz Haven: a design entering or leaving a ballot (approved, declined after approval, a winner
-- moved to 'to print' at the close) requests a site build, so the static /art/vote and /art catch
-- up (the pages' idle-time islands show the change meanwhile). Requests made while one is queued
-- join it (site_builds_one_queued).
create function buzz_haven.request_build_on_ballot_change() returns trigger
language plpgsql set search_path = ''
as $$
begin
  if (old.status = 'approved') <> (new.status = 'approved') then
    insert into buzz_haven.site_builds (reason, requested_by)
    values ('Art ballot changed: ' || left(new.title, 200), new.moderated_by)
    on conflict (state) where state = 'queued' do nothing;
  end if;
  return null;
end;
$$;
revoke all on function buzz_haven.request_build_on_ballot_change() from public, anon, authenticated;

create trigger art_designs_ballot_build after update of status on buzz_haven.art_designs
  for each row execute function buzz_haven.request_build_on_ballot_change();

create view buzz_haven_lists.wrap_designs as
select d.id, d.title, d.artist_name, d.status, d.vote_month, d.printed_at
from buzz_haven.art_designs as d
where d.status in ('printed', 'installed') and buzz_haven_lists.staff_only();

revoke all on buzz_haven_lists.hive_wraps, buzz_haven_lists.wrap_designs from public, anon, authenticated, service_role;
grant select on buzz_haven_lists.hive_wraps, buzz_haven_lists.wrap_designs to anon, authenticated, service_role;
create function public.get_buzz_haven_wrap_designs() returns setof buzz_haven_lists.wrap_designs
language sql stable as $$ select * from buzz_haven_lists.wrap_designs $$;

select buzz_haven.grant_api_execute('get_buzz_haven_hive_wraps', 'get_buzz_haven_wrap_designs',
  'create_buzz_haven_hive_wrap', 'update_buzz_haven_hive_wrap', 'delete_buzz_haven_hive_wrap');

-- A design on a hive is 'installed'; with no hive left, back to 'printed'.
create function buzz_haven.sync_wrap_design_status(p_design_id uuid) returns void
language sql set search_path = ''
as $$
  update buzz_haven.art_designs as d
  set status = case when exists (select 1 from buzz_haven.hive_wraps as w where w.design_id = d.id)
    then 'installed' else 'printed' end
  where d.id = p_design_id and d.status in ('printed', 'installed');
$$;
revoke all on function buzz_haven.sync_wrap_design_status(uuid) from public, anon, authenticated;

-- The messages of this file's table rules (how they are raised: buzz_haven.constraint_messages).
-- A blank title, statement or name is still refused by the submit function first with the same
-- words; the email, the consent, the honeypot and the rate limit stay in it.
insert into buzz_haven.constraint_messages (constraint_name, message) values
  -- hive_wraps
  ('hive_wraps_photo_url_image', 'Photo must be a picture from the media library (an https URL)'),
  ('hive_wraps_second_photo_url_image', 'Second photo must be a picture from the media library (an https URL)'),
  ('hive_wraps_notes_length', 'Notes are too long (%s characters at most)'),
  -- art_designs
  ('art_designs_title_not_blank', 'A title is required'),
  ('art_designs_title_line', 'The title is one line of at most %s characters'),
  ('art_designs_title_max_length', 'The title is one line of at most %s characters'),
  ('art_designs_statement_not_blank', 'A statement is required'),
  ('art_designs_statement_max_length', 'The statement is too long (%s characters at most)'),
  ('art_designs_artist_name_not_blank', 'The name to credit is required'),
  ('art_designs_artist_name_line', 'The name to credit is one line of at most %s characters'),
  ('art_designs_artist_name_max_length', 'The name to credit is one line of at most %s characters'),
  ('art_designs_link_http', 'The link must be an https:// or http:// address'),
  ('art_designs_upload_path_length', 'Wrong storage path'),
  ('art_designs_upload_type_known', 'The file must be a PNG, JPEG or WebP image'),
  -- art_upload_settings
  ('art_upload_settings_one_row', 'There is one art upload settings row'),
  ('art_upload_settings_unchecked_minutes_range', 'An upload stays unchecked %s to %s minutes'),
  ('art_upload_settings_max_megapixels_range', 'The largest image to check is %s to %s megapixels');

-- The words of the visitor RPCs' own refusals, keyed by the rule's name (buzz_haven.check_rule,
-- buzz_haven.refuse, buzz_haven.rule_message; format() fills in each %s); other languages' words
-- are in translations.sql.
insert into buzz_haven.constraint_messages (constraint_name, message) values
  ('art_title_required', 'A title is required'),
  ('art_statement_required', 'A statement is required'),
  ('art_artist_name_required', 'The name to credit is required'),
  ('art_consent_required', 'Please accept the collective''s licence terms'),
  ('art_not_on_ballot', 'This design is not on this month''s ballot'),
  ('art_vote_closed', 'This month''s vote is closed');
