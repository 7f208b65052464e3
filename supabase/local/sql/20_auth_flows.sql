-- 20_auth_flows.sql: what the embedded auth server keeps for e-mail links, PKCE and two-factor
-- sign-in. auth.flow_state and the auth.mfa_* tables follow GoTrue's own migrations (names,
-- columns, enum types), so SQL written against hosted Supabase (e.g. a lookup of verified factors
-- in auth.mfa_factors) reads them the same way. auth.local_mailbox is local only: the mail the
-- CLI's Inbucket/Mailpit would catch. Idempotent: runs again whenever this file changes.

do $$
begin
  if not exists (select 1 from pg_type where typname = 'factor_type' and typnamespace = 'auth'::regnamespace) then
    create type auth.factor_type as enum ('totp', 'webauthn', 'phone');
  end if;
  if not exists (select 1 from pg_type where typname = 'factor_status' and typnamespace = 'auth'::regnamespace) then
    create type auth.factor_status as enum ('unverified', 'verified');
  end if;
end;
$$;

-- PKCE: one row per e-mail link sent with a code_challenge; auth_code is what ?code= carries.
create table if not exists auth.flow_state (
  id uuid primary key,
  user_id uuid,
  auth_code text not null,
  code_challenge_method text not null,
  code_challenge text not null,
  provider_type text not null,
  provider_access_token text,
  provider_refresh_token text,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  authentication_method text not null,
  auth_code_issued_at timestamptz
);
comment on table auth.flow_state is 'Auth: PKCE flow state (code challenge and the auth code it pays out).';
create index if not exists idx_auth_code on auth.flow_state (auth_code);
create index if not exists idx_user_id_auth_method on auth.flow_state (user_id, authentication_method);

create table if not exists auth.mfa_factors (
  id uuid primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  friendly_name text,
  factor_type auth.factor_type not null,
  status auth.factor_status not null,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  secret text,
  phone text,
  last_challenged_at timestamptz unique
);
comment on table auth.mfa_factors is 'Auth: stores metadata about factors';
-- Local only (GoTrue has no such column): the last 30 s TOTP time step accepted for the factor, so
-- a code is never accepted twice (supabase/local/src/auth/models/factor.ts). `add column if not
-- exists`: a data directory made before it gets it when this file runs again.
alter table auth.mfa_factors add column if not exists last_totp_step bigint;
create index if not exists factor_id_created_at_idx on auth.mfa_factors (user_id, created_at);
create unique index if not exists mfa_factors_user_friendly_name_unique
  on auth.mfa_factors (friendly_name, user_id) where trim(friendly_name) <> '';

create table if not exists auth.mfa_challenges (
  id uuid primary key,
  factor_id uuid not null references auth.mfa_factors (id) on delete cascade,
  created_at timestamptz not null,
  verified_at timestamptz,
  ip_address inet not null,
  otp_code text
);
comment on table auth.mfa_challenges is 'Auth: stores metadata about challenge requests made';

create table if not exists auth.mfa_amr_claims (
  session_id uuid not null references auth.sessions (id) on delete cascade,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  authentication_method text not null,
  id uuid primary key,
  constraint mfa_amr_claims_session_id_authentication_method_pkey unique (session_id, authentication_method)
);
comment on table auth.mfa_amr_claims is 'auth: stores authenticator method reference claims for multi factor authentication';

-- Local only: every e-mail the auth server would send (Inbucket/Mailpit of the CLI).
create table if not exists auth.local_mailbox (
  id bigserial primary key,
  recipient text not null,
  subject text not null,
  html text not null,
  kind text not null,
  link text,
  created_at timestamptz not null default now()
);
comment on table auth.local_mailbox is 'Local only: e-mails the embedded auth server sent, read at /mailbox.';

-- Only the server (table owner) touches these; the API roles never do. Hosted Supabase lets
-- security-definer functions read auth.mfa_factors the same way.
alter table auth.flow_state enable row level security;
alter table auth.mfa_factors enable row level security;
alter table auth.mfa_challenges enable row level security;
alter table auth.mfa_amr_claims enable row level security;
alter table auth.local_mailbox enable row level security;
revoke all on auth.flow_state, auth.mfa_factors, auth.mfa_challenges, auth.mfa_amr_claims,
  auth.local_mailbox from anon, authenticated;
