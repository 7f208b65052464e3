-- Buzz Haven: a rate limit's, a site build's reason and an invitation's role rules live in their
-- tables' CHECKs only (issue 23, item 2), as 20251128030010 did for inspections.
-- set_buzz_haven_rate_limit (20251123000700), request_buzz_haven_site_build (20251125000200) and
-- create_buzz_haven_invitation (20251123000610) repeated them with their messages; the messages
-- become buzz_haven.constraint_messages rows (same words), and the three tables get the check that
-- raises them (23514, PostgREST's `details` naming the field; a missing role keeps its words through
-- the NOT NULL row, 23502). What no one-column CHECK holds stays in the functions: who may change
-- them, an invitation's email and who may grant the owner role.

insert into buzz_haven.constraint_messages (constraint_name, message) values
  ('rate_limits_client_range', 'Limits must be between 1 and 1000000'),
  ('rate_limits_contact_range', 'Limits must be between 1 and 1000000'),
  ('rate_limits_window_range', 'The window must be between 1 and 1440 minutes'),
  ('site_builds_reason_length', 'Reason is too long (500 characters at most)'),
  ('invitations_role_check', 'Role must be owner, admin or staff'),
  ('invitations_role_not_null', 'Role must be owner, admin or staff')
on conflict (constraint_name) do update set message = excluded.message;
select buzz_haven.explain_constraints_of(t::regclass)
from unnest(array['buzz_haven.rate_limits', 'buzz_haven.site_builds', 'buzz_haven.invitations']) as t;

create or replace function public.set_buzz_haven_rate_limit(
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

create or replace function public.request_buzz_haven_site_build(p_reason text default null)
returns uuid
language plpgsql
security definer -- writes buzz_haven.site_builds, which the caller has no grant on
set search_path = ''
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

create or replace function public.create_buzz_haven_invitation(p_email text, p_role text)
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
