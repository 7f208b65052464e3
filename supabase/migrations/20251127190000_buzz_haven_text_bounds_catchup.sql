-- Buzz Haven: an explicit length bound on the text columns that this wave's tables bounded only
-- indirectly (tests/sql/bounds.test.ts: every text column of every buzz_haven table has one, in the
-- form char_length(<column>) <= N, as 20251123000610_buzz_haven_invitations.sql did for its e-mail).
-- - art_designs' title, statement, artist_name and decline_reason were bounded on btrim(<column>):
--   a value padded with spaces could be any length. Their RPCs store trimmed values, so the same
--   limits hold for every row they write.
-- - art_vote_requests.email and art_votes.email: is_email() allows 254 characters; now said here.
-- - honey_batches.code, service_area_zips.zip, host_applications.zip: their anchored formats already
--   fix the length (12 and 5 at most); the bound states it where the catalog looks for it.
-- - service_area_zips.area: bounded on btrim(area), as the art texts were.
-- The existing checks (and their messages in constraint_messages) stay as they are.

alter table buzz_haven.art_designs
  add constraint art_designs_title_max_length check (char_length(title) <= 120),
  add constraint art_designs_statement_max_length check (char_length(statement) <= 2000),
  add constraint art_designs_artist_name_max_length check (char_length(artist_name) <= 120),
  add constraint art_designs_decline_reason_max_length check (char_length(decline_reason) <= 1000);

alter table buzz_haven.art_vote_requests
  add constraint art_vote_requests_email_length check (char_length(email) <= 254);
alter table buzz_haven.art_votes
  add constraint art_votes_email_length check (char_length(email) <= 254);

alter table buzz_haven.honey_batches
  add constraint honey_batches_code_length check (char_length(code) <= 12);

alter table buzz_haven.service_area_zips
  add constraint service_area_zips_zip_length check (char_length(zip) <= 5),
  add constraint service_area_zips_area_max_length check (char_length(area) <= 100);
alter table buzz_haven.host_applications
  add constraint host_applications_zip_length check (char_length(zip) <= 5);
