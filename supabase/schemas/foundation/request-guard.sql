-- The guard in front of the visitor forms: the client's address, guard_request counting each
-- submission against the rate limits, and set_buzz_haven_rate_limit.
set check_function_bodies = false;

-- The client's address as the deployment's own gateway reports it (IPv6: its /64), or null
-- outside an HTTP request or when the chosen header does not hold one.
create or replace function buzz_haven.client_address() returns text
language plpgsql stable set search_path = ''
as $$
declare
  v_headers jsonb := nullif(current_setting('request.headers', true), '')::jsonb;
  v_header text;
  v_hops integer;
  v_hops_list text[];
  v_raw text;
  v_address inet;
begin
  select s.client_address_header, s.forwarded_for_hops into v_header, v_hops from buzz_haven.request_settings as s;
  v_header := coalesce(v_header, 'x-forwarded-for');
  if v_header = 'x-forwarded-for' then
    v_hops_list := string_to_array(v_headers ->> 'x-forwarded-for', ',');
    v_raw := v_hops_list[cardinality(v_hops_list) - coalesce(v_hops, 1)];
  else
    v_raw := v_headers ->> v_header;
  end if;
  v_raw := nullif(btrim(v_raw), '');
  if v_raw is null then
    return null;
  end if;
  begin
    v_address := v_raw::inet;
  exception when invalid_text_representation then
    return v_raw; -- not an address: still one client of its own, never an error for the visitor
  end;
  if family(v_address) = 6 and not v_address <<= '::ffff:0:0/96'::inet then
    return network(set_masklen(v_address, 64))::text;
  end if;
  return host(v_address);
end;
$$;

create function buzz_haven.sha256_hex(value text) returns text
language sql immutable set search_path = ''
as $$
  select encode(pg_catalog.sha256(convert_to(value, 'UTF8')), 'hex')
$$;

-- Counts one submission of `p_action` for this client and contact, or raises PT429 when either has
-- reached its limit. Submissions of one client or contact are serialised (advisory lock), so a burst
-- cannot slip past the count.
create function buzz_haven.guard_request(p_action text, p_contact text) returns void
language plpgsql set search_path = ''
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

create or replace function public.set_buzz_haven_rate_limit(
  p_action text,
  p_max_per_client integer default null,
  p_max_per_contact integer default null,
  p_window_minutes integer default null
)
returns buzz_haven.rate_limits
language plpgsql security definer set search_path = '' -- updates buzz_haven.rate_limits, which the caller has no grant on
as $$
declare
  v buzz_haven.rate_limits;
begin
  perform buzz_haven.require_role(array['owner', 'admin'], 'Only an owner or admin can change rate limits');
  update buzz_haven.rate_limits as l
  set max_per_client = coalesce(p_max_per_client, l.max_per_client),
    max_per_contact = coalesce(p_max_per_contact, l.max_per_contact),
    window_minutes = coalesce(p_window_minutes, l.window_minutes)
  where l.action = p_action
  returning l.* into v;
  perform buzz_haven.check_found(found, 'Unknown action (order, registration, adoption or swarm_report)');
  return v;
end;
$$;

select buzz_haven.grant_api_execute('set_buzz_haven_rate_limit');
