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
  ('swarm_report', 10, 5);

create table buzz_haven.request_log (
  id bigint generated always as identity primary key,
  action text not null references buzz_haven.rate_limits (action) on delete cascade,
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

-- The client's IP address as the gateway reports it, or null outside an HTTP request.
create function buzz_haven.client_address() returns text
language sql
stable
set search_path = ''
as $$
  with h as (select nullif(current_setting('request.headers', true), '')::jsonb as j)
  select nullif(btrim(coalesce(
    h.j ->> 'cf-connecting-ip',
    h.j ->> 'x-real-ip',
    split_part(h.j ->> 'x-forwarded-for', ',', 1)
  )), '')
  from h
$$;

create function buzz_haven.sha256_hex(value text) returns text
language sql
immutable
set search_path = ''
as $$
  select encode(pg_catalog.sha256(convert_to(value, 'UTF8')), 'hex')
$$;

-- Counts one submission of `p_action` for this client and contact, or raises PT429 when either has
-- reached its limit. Submissions of one client or contact are serialised (advisory lock), so a burst
-- cannot slip past the count.
create function buzz_haven.guard_request(p_action text, p_contact text) returns void
language plpgsql
set search_path = ''
as $$
declare
  v_limit buzz_haven.rate_limits;
  v_client text := buzz_haven.sha256_hex(buzz_haven.client_address());
  v_contact text := buzz_haven.sha256_hex(lower(btrim(coalesce(p_contact, ''))));
  v_since timestamptz;
begin
  select * into strict v_limit from buzz_haven.rate_limits where action = p_action;
  v_since := now() - make_interval(mins => v_limit.window_minutes);
  if v_client is not null then
    perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtext('client:' || v_client));
  end if;
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtext('contact:' || v_contact));
  if (v_client is not null and (
        select count(*) from buzz_haven.request_log as r
        where r.action = p_action and r.client_hash = v_client and r.created_at > v_since
      ) >= v_limit.max_per_client)
    or (
        select count(*) from buzz_haven.request_log as r
        where r.action = p_action and r.contact_hash = v_contact and r.created_at > v_since
      ) >= v_limit.max_per_contact then
    raise exception 'Too many requests; please try again later' using errcode = 'PT429';
  end if;
  delete from buzz_haven.request_log as r where r.created_at < now() - interval '1 day';
  insert into buzz_haven.request_log (action, client_hash, contact_hash) values (p_action, v_client, v_contact);
end;
$$;

revoke all on function buzz_haven.client_address(), buzz_haven.sha256_hex(text),
  buzz_haven.guard_request(text, text) from public, anon, authenticated;

-- Owners and admins tune a limit (the bench raises them to measure throughput).
create function public.set_buzz_haven_rate_limit(
  p_action text,
  p_max_per_client integer default null,
  p_max_per_contact integer default null,
  p_window_minutes integer default null
)
returns buzz_haven.rate_limits
language plpgsql
security definer -- updates buzz_haven.rate_limits, which the caller has no grant on
set search_path = ''
as $$
declare
  v buzz_haven.rate_limits;
begin
  perform buzz_haven.require_role(array['owner', 'admin'], 'Only an owner or admin can change rate limits');
  perform buzz_haven.check_input(p_max_per_client is null or p_max_per_client between 1 and 1000000,
    'Limits must be between 1 and 1000000');
  perform buzz_haven.check_input(p_max_per_contact is null or p_max_per_contact between 1 and 1000000,
    'Limits must be between 1 and 1000000');
  perform buzz_haven.check_input(p_window_minutes is null or p_window_minutes between 1 and 1440,
    'The window must be between 1 and 1440 minutes');
  update buzz_haven.rate_limits as l
  set max_per_client = coalesce(p_max_per_client, l.max_per_client),
    max_per_contact = coalesce(p_max_per_contact, l.max_per_contact),
    window_minutes = coalesce(p_window_minutes, l.window_minutes)
  where l.action = p_action
  returning l.* into v;
  if not found then
    raise exception 'Unknown action (order, registration, adoption or swarm_report)' using errcode = 'PT404';
  end if;
  return v;
end;
$$;

select buzz_haven.grant_api_execute('public.set_buzz_haven_rate_limit(text, integer, integer, integer)');
