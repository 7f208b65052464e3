-- GoTrue's OAuth 2.1 server clients (auth.admin.oauth.*, GET/POST/PUT/DELETE
-- /auth/v1/admin/oauth/clients): the table as GoTrue's migrations leave it
-- (20250731150234_add_oauth_clients_table, 20250901200500_add_oauth_client_type,
-- 20250903112500_remove_oauth_client_id_column, 20260121000000_add_token_endpoint_auth_method):
-- `id` is the public client_id, the secret is stored only as sha256 (base64url), lists are
-- comma-separated text, deletes are soft (deleted_at). Owned by supabase_auth_admin through
-- 90_hosted_roles.sql, like the other auth tables. Idempotent.
do $$ begin
  create type auth.oauth_registration_type as enum ('dynamic', 'manual');
exception when duplicate_object then null;
end $$;
do $$ begin
  create type auth.oauth_client_type as enum ('public', 'confidential');
exception when duplicate_object then null;
end $$;

create table if not exists auth.oauth_clients (
  id uuid not null,
  client_secret_hash text null,
  registration_type auth.oauth_registration_type not null,
  redirect_uris text not null,
  grant_types text not null,
  client_name text null,
  client_uri text null,
  logo_uri text null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz null,
  client_type auth.oauth_client_type not null default 'confidential',
  token_endpoint_auth_method text not null
    check (token_endpoint_auth_method in ('client_secret_basic', 'client_secret_post', 'none')),
  constraint oauth_clients_pkey primary key (id),
  constraint oauth_clients_client_name_length check (char_length(client_name) <= 1024),
  constraint oauth_clients_client_uri_length check (char_length(client_uri) <= 2048),
  constraint oauth_clients_logo_uri_length check (char_length(logo_uri) <= 2048)
);
create index if not exists oauth_clients_deleted_at_idx on auth.oauth_clients (deleted_at);
