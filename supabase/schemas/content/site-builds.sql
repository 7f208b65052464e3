-- Builds of the public site: the queue (one queued build at a time) and its RPCs.
set check_function_bodies = false;

-- Buzz Haven: builds of the public site. Publishing a document, or 'Publish site' in
-- the admin, requests a build: one queued build at a time (a second request reuses it). Locally
-- scripts/publisher.mjs claims queued builds, rebuilds the site from the database and records the
-- outcome; in production the publish-content Edge Function posts the static host's build hook and
-- marks the build 'triggered'.

create table buzz_haven.site_builds (
  id uuid primary key default gen_random_uuid(),
  state text not null default 'queued'
    constraint site_builds_state_known check (state in ('queued', 'running', 'succeeded', 'failed', 'triggered')),
  reason text constraint site_builds_reason_length check (char_length(reason) <= 500),
  requested_by uuid references buzz_haven.users (id) on delete set null,
  requested_at timestamptz not null default now(),
  started_at timestamptz,
  finished_at timestamptz,
  duration_ms integer constraint site_builds_duration_not_negative check (duration_ms >= 0),
  error text constraint site_builds_error_length check (char_length(error) <= 4000)
);
comment on table buzz_haven.site_builds is 'Requested, running and finished builds of the public site.';
-- At most one queued build: requests made meanwhile join it.
create unique index site_builds_one_queued on buzz_haven.site_builds (state) where state = 'queued';
create index site_builds_requested_at on buzz_haven.site_builds (requested_at desc);

alter table buzz_haven.site_builds enable row level security;
revoke all on buzz_haven.site_builds from public, anon, authenticated;

create or replace function public.request_buzz_haven_site_build(p_reason text default null) returns uuid
language plpgsql security definer set search_path = '' -- writes buzz_haven.site_builds, which the caller has no grant on
as $$
declare
  v_id uuid;
begin
  perform buzz_haven.require_role();
  perform buzz_haven.require_second_factor();
  insert into buzz_haven.site_builds (reason, requested_by)
  values (nullif(btrim(p_reason), ''), (select profile_id from buzz_haven.caller_profile()))
  on conflict (state) where state = 'queued' do nothing
  returning id into v_id;
  if v_id is null then
    select b.id into v_id from buzz_haven.site_builds as b where b.state = 'queued';
  end if;
  return v_id;
end;
$$;

create function public.get_buzz_haven_site_builds()
returns table (
  id uuid, state text, reason text, requested_by_name text, requested_at timestamptz,
  started_at timestamptz, finished_at timestamptz, duration_ms integer, error text
)
language plpgsql
stable
security definer -- reads buzz_haven.site_builds, which the caller has no grant on
set search_path = ''
as $$
begin
  perform buzz_haven.require_role();
  return query
    select b.id, b.state, b.reason, buzz_haven.profile_name(b.requested_by), b.requested_at,
      b.started_at, b.finished_at, b.duration_ms, b.error
    from buzz_haven.site_builds as b order by b.requested_at desc, b.id limit 100;
end;
$$;

-- Service role only (the local publisher): takes the queued build, if any, and marks it running.
create function public.claim_buzz_haven_site_build()
returns table (id uuid, reason text, requested_at timestamptz)
language plpgsql security definer set search_path = '' -- writes buzz_haven.site_builds
as $$
begin
  return query
    update buzz_haven.site_builds as b set state = 'running', started_at = now()
    where b.id = (select q.id from buzz_haven.site_builds as q where q.state = 'queued' for update skip locked limit 1)
    returning b.id, b.reason, b.requested_at;
end;
$$;

-- Service role only: the outcome of a build ('succeeded' | 'failed' from running, 'triggered'
-- from queued when a build hook was called). The error keeps its last 4000 characters.
create function public.finish_buzz_haven_site_build(p_id uuid, p_state text, p_error text default null)
returns buzz_haven.site_builds language plpgsql security definer set search_path = '' -- writes buzz_haven.site_builds
as $$
declare
  v buzz_haven.site_builds;
begin
  perform buzz_haven.check_input(p_state in ('succeeded', 'failed', 'triggered'), 'State must be succeeded, failed or triggered');
  update buzz_haven.site_builds as b
  set state = p_state,
    started_at = coalesce(b.started_at, now()),
    finished_at = now(),
    duration_ms = greatest(0, (extract(epoch from (now() - coalesce(b.started_at, now()))) * 1000)::integer),
    error = right(nullif(btrim(p_error), ''), 4000)
  where b.id = p_id and b.state in ('queued', 'running')
  returning b.* into v;
  perform buzz_haven.check_found(found, 'Build not found or already finished');
  return v;
end;
$$;

select buzz_haven.grant_api_execute('request_buzz_haven_site_build', 'get_buzz_haven_site_builds');
revoke all on function public.claim_buzz_haven_site_build() from public, anon, authenticated;
revoke all on function public.finish_buzz_haven_site_build(uuid, text, text) from public, anon, authenticated;
grant execute on function public.claim_buzz_haven_site_build() to service_role;
grant execute on function public.finish_buzz_haven_site_build(uuid, text, text) to service_role;
