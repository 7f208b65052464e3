-- The rate limits of the visitor forms: their table, the request log, and the mailbox key that
-- counts one person's addresses as one.
set check_function_bodies = false;

-- Buzz Haven: the guard in front of the public request forms (orders, workshop registrations,
-- adoptions, swarm reports). Each anonymous submission is counted per client (a SHA-256 of its IP
-- address, never the address itself) and per contact (e-mail or phone); past the limit of its
-- action the RPC raises SQLSTATE PT429, which PostgREST answers as HTTP 429 (PostgREST docs,
-- "Errors": a PTxyz SQLSTATE sets the status xyz). The limits live in a table owners can tune.
-- The client's address comes from the request headers PostgREST puts in the `request.headers`
-- setting: Cloudflare's cf-connecting-ip on hosted projects, else the gateway's x-real-ip, else the
-- first x-forwarded-for entry. Without headers (SQL called directly) only the contact is counted.

create table buzz_haven.rate_limits (
  action text primary key constraint rate_limits_action_length check (char_length(action) <= 50),
  max_per_client integer not null constraint rate_limits_client_range check (max_per_client between 1 and 1000000),
  max_per_contact integer not null constraint rate_limits_contact_range check (max_per_contact between 1 and 1000000),
  window_minutes integer not null default 10 constraint rate_limits_window_range check (window_minutes between 1 and 1440)
);
comment on table buzz_haven.rate_limits is
  'Submissions allowed per client (IP hash) and per contact (e-mail or phone) within window_minutes, per action.';

insert into buzz_haven.rate_limits (action, max_per_client, max_per_contact) values
  ('order', 10, 5),
  ('registration', 10, 5),
  ('adoption', 10, 5),
  ('swarm_report', 10, 5),
  ('art_submission', 10, 3),
  ('art_vote', 20, 5),
  ('host_application', 10, 5),
  ('volunteer', 10, 5),
  ('newsletter', 10, 5),
  ('contact', 20, 10);

-- The mailbox an address delivers to, as one key: lower case, the local part's '+tag' dropped
-- (sub-addressing: name+anything@ reaches name@ at the large providers), and for Gmail its dots
-- dropped and googlemail.com read as gmail.com. Used wherever "one per person" is counted by
-- address: the art ballot's one vote per mailbox and the visitor forms' per-contact limits.
create function buzz_haven.mailbox_key(p_email text) returns text
language sql immutable parallel safe set search_path = ''
as $$
  with address as (
    select lower(btrim(p_email)) as email
  ), parts as (
    select
      -- an address that is all tag ('+x@...') keeps its local part: there is no mailbox name to keep
      coalesce(nullif(split_part(split_part(a.email, '@', 1), '+', 1), ''), split_part(a.email, '@', 1)) as local,
      split_part(a.email, '@', 2) as domain
    from address as a
  )
  select case
    when p.domain in ('gmail.com', 'googlemail.com') then replace(p.local, '.', '') || '@gmail.com'
    else p.local || '@' || p.domain
  end
  from parts as p
$$;
revoke all on function buzz_haven.mailbox_key(text) from public, anon, authenticated;

create table buzz_haven.request_log (
  id bigint generated always as identity primary key,
  action text not null references buzz_haven.rate_limits (action) on delete cascade
    constraint request_log_action_length check (char_length(action) <= 50),
  client_hash text constraint request_log_client_hash_length check (char_length(client_hash) <= 64),
  contact_hash text not null constraint request_log_contact_hash_length check (char_length(contact_hash) <= 64),
  created_at timestamptz not null default now()
);
create index request_log_client_idx on buzz_haven.request_log (action, client_hash, created_at);
create index request_log_contact_idx on buzz_haven.request_log (action, contact_hash, created_at);
create index request_log_created_idx on buzz_haven.request_log (created_at);
comment on table buzz_haven.request_log is
  'Recent anonymous submissions, hashed, for the rate limits; rows older than a day are pruned.';

alter table buzz_haven.rate_limits enable row level security;
alter table buzz_haven.request_log enable row level security;
revoke all on buzz_haven.rate_limits, buzz_haven.request_log from public, anon, authenticated;
