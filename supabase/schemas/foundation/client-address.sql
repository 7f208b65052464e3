-- Which request header holds the client address the rate limits count (request_settings),
-- and get_buzz_haven_client_address for an owner or admin to check it.
set check_function_bodies = false;

-- Buzz Haven: the per-client limit of the visitor forms counts an address the client cannot choose.
-- buzz_haven.client_address() once took CF-Connecting-IP,
-- else X-Real-IP, else the first X-Forwarded-For entry. Any of them can come from the client: the
-- embedded backend passed them on as sent, Kong passes on a CF-Connecting-IP it did not set, and
-- Cloudflare appends to an X-Forwarded-For the client sent, so that header's first entry is the
-- client's to choose (developers.cloudflare.com/fundamentals/reference/http-headers). One rotated
-- header made every request a new client.
--
-- Now the address comes from ONE header, chosen in buzz_haven.request_settings:
--   x-forwarded-for (default), read from the RIGHT: forwarded_for_hops entries, appended by the
--     deployment's own proxies after the one that saw the client, are skipped and the next entry
--     is the client; a shorter list counts no client (only the contact). Default 1, the shape of
--     hosted projects: "<visitor>, <hop in front of the gateway>" (a hosted dump of request.headers
--     in github.com/burggraf/postgrest-header-hacking; supabase/postgres PR #1593: Envoy passes the
--     header on as it comes, the load balancer appends, the client is the entry before the last).
--     The embedded backend sends the same shape: "<socket peer, or what a proxy listed in
--     BUZZ_TRUSTED_PROXIES reports>, <its own address>", dropping every address header the client
--     sent (supabase/local/src/rest/clientAddress.ts). Supabase's docs (guides/api/securing-your-api)
--     take the first entry instead, which is the client's choice as said above.
--   x-real-ip: for a gateway that sets it from its own connection and is the only way in (the CLI's
--     and self-hosted Kong: X-Real-IP $remote_addr; the embedded backend also sets it).
--   cf-connecting-ip: for a deployment reached only through Cloudflare, which sets it.
-- An owner checks what is counted with public.get_buzz_haven_client_address() (their own address
-- expected) and changes the setting in the SQL editor, e.g.
--   update buzz_haven.request_settings set client_address_header = 'x-real-ip';
-- IPv6 addresses count by their /64 (one subscriber's usual allocation), so stepping through the
-- addresses of one's own prefix does not escape the limit either.

create table buzz_haven.request_settings (
  id boolean primary key default true constraint request_settings_one_row check (id),
  client_address_header text not null default 'x-forwarded-for' constraint request_settings_header
    check (client_address_header in ('x-forwarded-for', 'x-real-ip', 'cf-connecting-ip')),
  forwarded_for_hops integer not null default 1 constraint request_settings_hops check (forwarded_for_hops between 0 and 10)
);
comment on table buzz_haven.request_settings is
  'Which request header holds the client address the rate limits count (one row; see its migration).';
insert into buzz_haven.request_settings default values;
alter table buzz_haven.request_settings enable row level security;
revoke all on buzz_haven.request_settings from public, anon, authenticated;
revoke all on function buzz_haven.client_address() from public, anon, authenticated;

-- For an owner or admin to check the setting through the API (supabase-js signed in): what the
-- request guard counts for this very request, and the headers it could be read from.
create function public.get_buzz_haven_client_address() returns jsonb
language plpgsql stable security definer set search_path = '' -- reads buzz_haven.request_settings, which the caller has no grant on
as $$
declare
  v_headers jsonb := nullif(current_setting('request.headers', true), '')::jsonb;
begin
  perform buzz_haven.require_role(array['owner', 'admin'], 'Only an owner or admin can see how clients are counted');
  return (
    select jsonb_build_object('address', buzz_haven.client_address(), 'header', s.client_address_header,
      'forwarded_for_hops', s.forwarded_for_hops, 'x_forwarded_for', v_headers ->> 'x-forwarded-for',
      'x_real_ip', v_headers ->> 'x-real-ip', 'cf_connecting_ip', v_headers ->> 'cf-connecting-ip')
    from buzz_haven.request_settings as s
  );
end;
$$;

select buzz_haven.grant_api_execute('get_buzz_haven_client_address');
