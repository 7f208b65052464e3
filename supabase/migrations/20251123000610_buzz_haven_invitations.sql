-- Buzz Haven: invitations and the first owner.
-- 1. An owner or admin invites a person by e-mail with a role (the invite-user Edge Function
--    records it here, then sends the invitation with auth.admin.inviteUserByEmail). When the
--    invitee's profile is created, the pending invitation grants the role: no approval step.
--    Only an account that auth created by invitation (auth.users.invited_at) can take it up, so a
--    stranger signing up with the address later gets nothing.
-- 2. Nobody becomes owner by signing up first any more: a profile starts without a role unless
--    an invitation grants one. The operator makes the first owner with make_buzz_haven_owner
--    (service key or SQL editor; README "The first owner").
-- Replaces create_buzz_haven_user (same signature; keeps the caller and name-length checks of
-- 20251123000110).

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

-- Records (or renews) an invitation. Owners and admins only, with the second factor when they
-- have one; only an owner invites an owner; someone who already has a profile is managed in Users.
create function public.create_buzz_haven_invitation(p_email text, p_role text)
returns buzz_haven.invitations
language plpgsql
security definer -- writes buzz_haven.invitations, which the caller has no grant on
set search_path = ''
as $$
declare
  v_caller text;
  v_email text := lower(btrim(p_email));
  v_row buzz_haven.invitations;
begin
  v_caller := buzz_haven.require_role(array['owner', 'admin'], 'Only an owner or admin can invite users');
  perform buzz_haven.require_second_factor();
  perform buzz_haven.check_input(buzz_haven.is_email(v_email), 'A valid email is required');
  perform buzz_haven.check_input(p_role in ('owner', 'admin', 'staff'), 'Role must be owner, admin or staff');
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

-- The caller's own profile (idempotent). Its role comes from a pending invitation of an account
-- auth created by invitation; otherwise it is pending (null) until an owner or admin grants one.
create or replace function public.create_buzz_haven_user(p_email text, p_name text, p_auth_user_id uuid)
returns buzz_haven.users
language plpgsql
security definer -- inserts into buzz_haven.users, which the caller has no grant on
set search_path = ''
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
  perform buzz_haven.check_length(v_name, 200, 'Name');

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

-- The operator's step for the first owner (and for recovering a business whose owners are gone):
-- the account with this e-mail (signed up already) becomes an active owner. Service key or SQL
-- editor only: the API roles get no EXECUTE.
create function public.make_buzz_haven_owner(p_email text)
returns buzz_haven.users
language plpgsql
security definer -- reads auth.users and writes buzz_haven.users
set search_path = ''
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

select buzz_haven.grant_api_execute('public.create_buzz_haven_invitation(text, text)');
revoke all on function public.make_buzz_haven_owner(text) from public, anon, authenticated, service_role;
grant execute on function public.make_buzz_haven_owner(text) to service_role;
