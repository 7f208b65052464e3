-- Users and invitations: the back-office profiles linked to auth.users, their roles, invitations;
-- the activity log (it names the user who acted).
-- Declared whole: this file says what the database holds for its area; supabase/migrations
-- carries it to databases in reviewed steps (docs/database.md). Function bodies are checked when
-- they run, not here (as pg_dump writes it): some name objects of a later file.
set check_function_bodies = false;

create table buzz_haven.users (
  id uuid primary key default gen_random_uuid(),
  auth_user_id uuid not null unique references auth.users (id) on delete cascade,
  name text not null constraint users_name_not_blank check (btrim(name) <> ''),
  email buzz_haven.email not null,
  -- null = pending: signed up, waiting for an owner or admin to grant a role
  role text constraint users_role_known check (role in ('owner', 'admin', 'staff')),
  is_active boolean not null default true,
  created_at timestamptz not null default now(),
  constraint users_name_length check (char_length(name) <= 200)
);
comment on table buzz_haven.users is 'Back-office profiles linked to auth.users; role null means pending approval.';
alter table buzz_haven.users enable row level security;
-- A change of role or of is_active needs the caller's second factor (buzz_haven.second_factor_guard).
create trigger users_role_needs_second_factor
  before update of role, is_active on buzz_haven.users
  for each row
  when (old.role is distinct from new.role or old.is_active is distinct from new.is_active)
  execute function buzz_haven.second_factor_guard();
-- No delete path in the back office (and deletes that cascade from elsewhere stay as they were).
select buzz_haven.manage_resource('buzz_haven.users', 'user', 'name', false);

-- Buzz Haven: the activity log behind the dashboard's Recent Activity and each record's history.
-- One generic row trigger (buzz_haven.log_activity) is attached to every table the RPCs change; it
-- writes who (the caller's profile, 'Visitor' for anon, 'Service key' for service_role), what
-- (create, update, status, delete), which record (table and id) and a one-line summary. It writes
-- only inside an API request (request.jwt.claims set, as PostgREST does): migrations, the seed and
-- maintenance SQL leave no activity. The trigger runs as its owner, so no caller needs a grant.

create table buzz_haven.activity_log (
  id bigint generated always as identity primary key,
  actor_id uuid references buzz_haven.users (id) on delete set null,
  actor_name text not null constraint activity_log_actor_name_length check (char_length(actor_name) <= 200),
  action text not null constraint activity_log_action_known check (action in ('create', 'update', 'status', 'delete')),
  resource text not null constraint activity_log_resource_length check (char_length(resource) <= 50),
  record_id uuid not null,
  summary text not null constraint activity_log_summary_length check (char_length(summary) <= 500),
  created_at timestamptz not null default now()
);
create index activity_log_record_idx on buzz_haven.activity_log (record_id, id desc);
comment on table buzz_haven.activity_log is
  'Every change made through the RPCs: actor, action, table (resource) and record, summary, time.';
alter table buzz_haven.activity_log enable row level security;
revoke all on buzz_haven.activity_log from public, anon, authenticated;

-- Newest first. A record's history: filter on record_id (PostgREST `record_id=eq.<id>`).

create view buzz_haven_lists.activity_log as
  select a.* from buzz_haven.activity_log as a where buzz_haven_lists.staff_only();
create function public.get_buzz_haven_activity() returns setof buzz_haven_lists.activity_log
language sql stable as $$ select * from buzz_haven_lists.activity_log $$;

create or replace function public.get_buzz_haven_current_user() returns buzz_haven.users
language sql stable security definer set search_path = '' -- reads buzz_haven.users, which the caller has no grant on
as $$
  select u.* from buzz_haven.users as u where u.auth_user_id = buzz_haven.caller_id()
$$;

create or replace function public.create_buzz_haven_user(p_email text, p_name text, p_auth_user_id uuid)
returns buzz_haven.users
language plpgsql security definer set search_path = '' -- inserts into buzz_haven.users, which the caller has no grant on
as $$
declare
  v_email text := lower(btrim(coalesce(p_email, auth.email())));
  v_name text;
  v_role text;
  v_row buzz_haven.users;
begin
  if buzz_haven.caller_id() is null then
    raise exception 'Not signed in' using errcode = '42501';
  end if;
  if p_auth_user_id is distinct from buzz_haven.caller_id() then
    raise exception 'You can only create your own profile' using errcode = '42501';
  end if;
  perform buzz_haven.check_input(buzz_haven.is_email(v_email), 'A valid email is required');
  if auth.email() is not null and v_email <> lower(auth.email()) then
    raise exception 'The email must be the one you signed up with' using errcode = '22023';
  end if;
  v_name := coalesce(nullif(btrim(p_name), ''), split_part(v_email, '@', 1));

  select * into v_row from buzz_haven.users where auth_user_id = p_auth_user_id;
  if found then
    return v_row;
  end if;
  -- The same lock as set_buzz_haven_user_role: role changes are decided on committed data.
  lock table buzz_haven.users in share row exclusive mode;
  update buzz_haven.invitations as i
  set accepted_at = now()
  where i.email = v_email
    and i.accepted_at is null
    and exists (
      select 1 from auth.users as a
      where a.id = p_auth_user_id and a.invited_at is not null and lower(a.email) = v_email
    )
  returning i.role into v_role;
  insert into buzz_haven.users (auth_user_id, name, email, role)
  values (p_auth_user_id, v_name, v_email, v_role)
  on conflict (auth_user_id) do nothing
  returning * into v_row;
  if v_row.id is null then
    select * into v_row from buzz_haven.users where auth_user_id = p_auth_user_id;
  end if;
  return v_row;
end;
$$;

-- Grants or revokes a role ('none' = back to pending) and (de)activates a profile; a null argument
-- keeps the value. Owners and admins only; only an owner touches the owner role or an owner's
-- profile; nobody changes their own role or deactivates themselves. Every change takes the same
-- table lock (create_buzz_haven_user takes it too), then reads the caller's role again, so each
-- change is decided on committed data, and it never leaves the business without an active owner.
create or replace function public.set_buzz_haven_user_role(
  p_id uuid,
  p_role text default null,
  p_is_active boolean default null
)
returns buzz_haven.users
language plpgsql security definer set search_path = '' -- updates buzz_haven.users, which the caller has no grant on
as $$
declare
  v_caller text;
  v_target buzz_haven.users;
  v_role text;
  v_active boolean;
begin
  -- A cheap refusal first, so callers without the right never wait for the lock.
  perform buzz_haven.require_role(array['owner', 'admin'], 'Only an owner or admin can manage roles');
  perform buzz_haven.check_input(
    p_role is null or p_role in ('owner', 'admin', 'staff', 'none'),
    'Role must be owner, admin, staff or none'
  );
  lock table buzz_haven.users in share row exclusive mode;
  -- Read committed: this statement sees every change committed before the lock was granted.
  v_caller := buzz_haven.require_role(array['owner', 'admin'], 'Only an owner or admin can manage roles');
  select * into v_target from buzz_haven.users where id = p_id;
  perform buzz_haven.check_found(found, 'User not found');
  v_role := case when p_role is null then v_target.role when p_role = 'none' then null else p_role end;
  v_active := coalesce(p_is_active, v_target.is_active);

  if v_target.auth_user_id = buzz_haven.caller_id() then
    if v_role is distinct from v_target.role then
      raise exception 'You cannot change your own role' using errcode = '42501';
    end if;
    if v_active is distinct from v_target.is_active then
      raise exception 'You cannot deactivate your own account' using errcode = '42501';
    end if;
  end if;
  if v_caller <> 'owner' then
    if v_target.role = 'owner'
      and (v_role is distinct from v_target.role or v_active is distinct from v_target.is_active) then
      raise exception 'Only an owner can change an owner' using errcode = '42501';
    end if;
    if v_role = 'owner' and v_target.role is distinct from 'owner' then
      raise exception 'Only an owner can grant the owner role' using errcode = '42501';
    end if;
  end if;
  if v_target.role = 'owner' and v_target.is_active
    and (v_role is distinct from 'owner' or not v_active)
    and not exists (
      select 1 from buzz_haven.users as u
      where u.role = 'owner' and u.is_active and u.id <> v_target.id
    ) then
    raise exception 'The last active owner must stay an active owner' using errcode = '42501';
  end if;

  update buzz_haven.users
  set role = v_role, is_active = v_active
  where id = p_id
  returning * into v_target;
  return v_target;
end;
$$;

-- Privileges: EXECUTE for the three API roles only (buzz_haven.grant_api_execute).
select buzz_haven.grant_api_execute('count_table_rows', 'get_buzz_haven_current_user',
  'create_buzz_haven_user', 'set_buzz_haven_user_role');

create function public.get_buzz_haven_users() returns setof buzz_haven.users
language sql stable security definer set search_path = '' -- reads buzz_haven.users through buzz_haven.list_rows
as $$ select * from buzz_haven.list_rows(null::buzz_haven.users, 't.created_at desc, t.email, t.id') $$;


-- Buzz Haven: invitations and the first owner.
-- 1. An owner or admin invites a person by e-mail with a role (the invite-user Edge Function
--    records it here, then sends the invitation with auth.admin.inviteUserByEmail). When the
--    invitee's profile is created, the pending invitation grants the role: no approval step.
--    Only an account that auth created by invitation (auth.users.invited_at) can take it up, so a
--    stranger signing up with the address later gets nothing.
-- 2. Nobody becomes owner by signing up first any more: a profile starts without a role unless
--    an invitation grants one. The operator makes the first owner with make_buzz_haven_owner
--    (service key or SQL editor; README "The first owner").
-- create_buzz_haven_user (above) takes up the pending invitation when it creates the profile.

create table buzz_haven.invitations (
  email text primary key check (buzz_haven.is_email(email) and email = lower(email)),
  role text not null check (role in ('owner', 'admin', 'staff')),
  invited_by uuid references buzz_haven.users (id) on delete set null,
  created_at timestamptz not null default now(),
  accepted_at timestamptz,
  constraint invitations_email_length check (char_length(email) <= 254)
);
alter table buzz_haven.invitations enable row level security;
revoke all on buzz_haven.invitations from public, anon, authenticated;
comment on table buzz_haven.invitations is
  'Pending and accepted staff invitations: the role the invitee gets when their profile is created.';

create or replace function public.create_buzz_haven_invitation(p_email text, p_role text) returns buzz_haven.invitations
language plpgsql security definer set search_path = '' -- writes buzz_haven.invitations, which the caller has no grant on
as $$
declare
  v_caller text;
  v_email text := lower(btrim(p_email));
  v_row buzz_haven.invitations;
begin
  v_caller := buzz_haven.require_role(array['owner', 'admin'], 'Only an owner or admin can invite users');
  perform buzz_haven.require_second_factor();
  perform buzz_haven.check_input(buzz_haven.is_email(v_email), 'A valid email is required');
  if p_role = 'owner' and v_caller <> 'owner' then
    raise exception 'Only an owner can grant the owner role' using errcode = '42501';
  end if;
  if exists (select 1 from buzz_haven.users where email = v_email) then
    raise exception 'This person already has an account: change their role in Users' using errcode = '23505';
  end if;
  insert into buzz_haven.invitations (email, role, invited_by)
  values (v_email, p_role, (select id from buzz_haven.users where auth_user_id = buzz_haven.caller_id()))
  on conflict (email) do update
    set role = excluded.role, invited_by = excluded.invited_by, created_at = now(), accepted_at = null
  returning * into v_row;
  return v_row;
end;
$$;

-- The operator's step for the first owner (and for recovering a business whose owners are gone):
-- the account with this e-mail (signed up already) becomes an active owner. Service key or SQL
-- editor only: the API roles get no EXECUTE.
create function public.make_buzz_haven_owner(p_email text)
returns buzz_haven.users language plpgsql security definer set search_path = '' -- reads auth.users and writes buzz_haven.users
as $$
declare
  v_email text := lower(btrim(p_email));
  v_auth_id uuid;
  v_row buzz_haven.users;
begin
  if coalesce(auth.role(), 'service_role') <> 'service_role' then
    raise exception 'Only the operator (service key or SQL) can make an owner' using errcode = '42501';
  end if;
  select id into v_auth_id from auth.users where lower(email) = v_email and deleted_at is null;
  if v_auth_id is null then
    raise exception 'No account uses % yet: sign up first, then run this again', v_email using errcode = 'PT404';
  end if;
  insert into buzz_haven.users (auth_user_id, name, email, role, is_active)
  values (v_auth_id, split_part(v_email, '@', 1), v_email, 'owner', true)
  on conflict (auth_user_id) do update set role = 'owner', is_active = true
  returning * into v_row;
  return v_row;
end;
$$;

select buzz_haven.grant_api_execute('create_buzz_haven_invitation');
revoke all on function public.make_buzz_haven_owner(text) from public, anon, authenticated, service_role;
grant execute on function public.make_buzz_haven_owner(text) to service_role;

-- The messages of this file's table rules (how they are raised: buzz_haven.constraint_messages).
-- A missing role keeps its words through the NOT NULL row (23502); a blank profile name is still the
-- email's local part. An invitation's email and who may grant the owner role stay in the function.
-- These tables' bounds and allowed values say their own messages (buzz_haven.derived_message);
-- the rows below give other words.
select buzz_haven.derive_messages('buzz_haven.invitations', 'buzz_haven.users');
insert into buzz_haven.constraint_messages (constraint_name, message) values
  -- invitations
  ('invitations_role_not_null', 'Role must be owner, admin or staff');
