-- Buzz Haven: the hive-wrap art collective's designs (issue 26, items 1, 2 and 4).
-- An artist's submission is one row, from the form to the wrap on a hive:
--   unconfirmed  sent from /art; the e-mail's link not opened yet, or the image not uploaded and
--                checked yet (nothing is shown to staff)
--   pending      e-mail confirmed and image stored and checked: waiting for moderation
--   approved     on the ballot of vote_month (shown on /art/vote while that month's vote is open)
--   declined     with decline_reason; its file is removed from Storage
--   to_print     a winner of its month's vote
--   printed      the wrap is printed
--   installed    on a hive (the hive link and its columns come with the map's own migration)
-- The image lives in the private bucket 'art-submissions' at storage_path; the print checks
-- (type sniffed from the bytes, size, pixel dimensions) are measured on the server and kept here,
-- so staff see them and approval is refused while they fail. Nothing here is readable through the
-- API: anon reads approved designs through RPCs, staff through their own.

create table buzz_haven.art_designs (
  id uuid primary key default gen_random_uuid(),
  status text not null default 'unconfirmed'
    constraint art_designs_status_known
    check (status in ('unconfirmed', 'pending', 'approved', 'declined', 'to_print', 'printed', 'installed')),
  vote_month date constraint art_designs_vote_month_first_day
    check (vote_month is null or extract(day from vote_month) = 1),
  title text not null constraint art_designs_title_line
    check (char_length(btrim(title)) between 1 and 120 and title !~ '[[:cntrl:]]'),
  statement text not null constraint art_designs_statement_length
    check (char_length(btrim(statement)) between 1 and 2000),
  artist_name text not null constraint art_designs_artist_name_line
    check (char_length(btrim(artist_name)) between 1 and 120 and artist_name !~ '[[:cntrl:]]'),
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
    check (decline_reason is null or char_length(btrim(decline_reason)) between 1 and 1000),
  moderated_by uuid references buzz_haven.users (id) on delete set null,
  approved_at timestamptz,
  declined_at timestamptz,
  votes integer constraint art_designs_votes_not_negative check (votes is null or votes >= 0),
  winner boolean not null default false,
  to_print_at timestamptz,
  printed_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint art_designs_declined_has_reason check (status <> 'declined' or decline_reason is not null),
  constraint art_designs_approved_has_month
    check (status not in ('approved', 'to_print', 'printed', 'installed') or vote_month is not null),
  constraint art_designs_moderated_passed_checks
    check (status in ('unconfirmed', 'pending', 'declined') or checks_passed)
);
comment on table buzz_haven.art_designs is
  'Hive-wrap art submissions: moderation, monthly ballot (vote_month), tally and winner, print and install.';
create unique index art_designs_token_key on buzz_haven.art_designs (token);
create index art_designs_status_created on buzz_haven.art_designs (status, created_at desc);
create index art_designs_vote_month on buzz_haven.art_designs (vote_month) where vote_month is not null;
alter table buzz_haven.art_designs enable row level security;
revoke all on buzz_haven.art_designs from public, anon, authenticated;
create trigger art_designs_set_updated_at before update on buzz_haven.art_designs
  for each row execute function buzz_haven.set_updated_at();

-- The private bucket of the submitted images: only the service role (the art Edge Function)
-- writes and reads it; an approved design's picture reaches the public site through the build.
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('art-submissions', 'art-submissions', false, 20971520, array['image/png', 'image/jpeg', 'image/webp'])
on conflict (id) do nothing;
