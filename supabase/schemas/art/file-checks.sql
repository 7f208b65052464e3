-- The art collective's steps; the checks a submitted file passes (print size, type, decoding)
-- and the upload settings.
set check_function_bodies = false;

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
