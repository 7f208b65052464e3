-- 10_auth_server.sql: the tables the embedded auth server (supabase/local/src/auth) keeps beside
-- auth.users. Shapes follow GoTrue's own migrations (auth.identities, auth.sessions,
-- auth.refresh_tokens) so that anything written against hosted Supabase reads them the same way.
-- Local only: hosted Supabase already has these tables. Idempotent: runs on every start.

create table if not exists auth.identities (
  provider_id text not null,
  user_id uuid not null references auth.users (id) on delete cascade,
  identity_data jsonb not null,
  provider text not null,
  last_sign_in_at timestamptz,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  email text generated always as (lower(identity_data ->> 'email')) stored,
  id uuid not null default gen_random_uuid() primary key,
  constraint identities_provider_id_provider_unique unique (provider_id, provider)
);
comment on table auth.identities is 'Auth: identities of a user (one per provider), as in GoTrue.';
create index if not exists identities_user_id_idx on auth.identities (user_id);

create table if not exists auth.sessions (
  id uuid not null primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  factor_id uuid,
  aal text default 'aal1',
  not_after timestamptz,
  refreshed_at timestamp,
  user_agent text,
  ip text,
  tag text
);
comment on table auth.sessions is 'Auth: one row per signed-in session; the access token carries its id.';
create index if not exists sessions_user_id_idx on auth.sessions (user_id);

create table if not exists auth.refresh_tokens (
  instance_id uuid,
  id bigserial primary key,
  token varchar(255) unique,
  user_id varchar(255),
  revoked boolean default false,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  parent varchar(255),
  session_id uuid references auth.sessions (id) on delete cascade
);
comment on table auth.refresh_tokens is
  'Auth: rotating refresh tokens; parent links a token to the one it replaced (its family).';
create index if not exists refresh_tokens_session_id_revoked_idx
  on auth.refresh_tokens (session_id, revoked);
create index if not exists refresh_tokens_parent_idx on auth.refresh_tokens (parent);

-- Only the server (table owner) touches these; the API roles never do.
alter table auth.identities enable row level security;
alter table auth.sessions enable row level security;
alter table auth.refresh_tokens enable row level security;
revoke all on auth.identities, auth.sessions, auth.refresh_tokens from anon, authenticated;
