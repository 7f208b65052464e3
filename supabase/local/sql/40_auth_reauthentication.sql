-- GoTrue's auth.users.reauthentication_sent_at (GoTrue
-- migrations/20220323170000_add_user_reauthentication.up.sql): when the last reauthentication
-- nonce (GET /auth/v1/reauthenticate) was sent, for its expiry and max_frequency. Hosted Supabase
-- already has it; data directories created before this file get it here. Idempotent.
alter table auth.users add column if not exists reauthentication_sent_at timestamptz;
