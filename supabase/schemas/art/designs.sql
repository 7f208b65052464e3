-- The cart's lines merged by product (cart_lines); the art designs table, from the form to the
-- wrap on a hive. The first of the art files, which apply in config.toml's order.
-- Art collective: art designs, uploads, ballots and votes, printing; the hive wraps printed from
-- them.
-- Declared whole: this folder says what the database holds for its area; supabase/migrations
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
