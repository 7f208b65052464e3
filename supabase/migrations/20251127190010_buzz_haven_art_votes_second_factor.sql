-- Buzz Haven: deleting art votes needs the second factor (issue 22 item 4's rule: every delete path
-- needs aal2 when the caller has a verified factor). decline_buzz_haven_art_design
-- (20251127030010_buzz_haven_art_collective.sql) deletes the declined design's votes, which
-- nothing brings back; a password-only session of an account with a factor may no longer do it.
-- Staff who sign in with their code are at aal2 and decline as before.
-- (art_vote_requests is pruned of requests older than 40 days by the public vote RPC itself:
-- housekeeping, as request_log's pruning is, and left unguarded.)
select buzz_haven.require_second_factor_for_deletes('buzz_haven.art_votes');
