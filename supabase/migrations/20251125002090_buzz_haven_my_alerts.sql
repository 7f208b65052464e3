-- Buzz Haven: the signed-in staff member reads the e-mail alerts in force for them (their choice in
-- alert_preferences, or their role's default: owners and admins get swarm alerts), for the switch
-- on /admin/security (admin/src/auth/AlertsCard.tsx) that set_buzz_haven_my_alerts
-- (20251125002080_buzz_haven_alert_preferences_without_deletes.sql) changes.

create function public.get_buzz_haven_my_alerts()
returns text[]
language plpgsql
stable
security definer -- reads buzz_haven.users and alert_preferences, which the caller has no grant on
set search_path = ''
as $$
declare
  v_user buzz_haven.users;
  v_alerts text[];
begin
  perform buzz_haven.require_role();
  select * into v_user from buzz_haven.users as u where u.auth_user_id = buzz_haven.caller_id();
  select p.alerts into v_alerts from buzz_haven.alert_preferences as p where p.user_id = v_user.id;
  return coalesce(v_alerts,
    case when v_user.role in ('owner', 'admin') then array['swarm_report'] else array[]::text[] end);
end;
$$;

select buzz_haven.grant_api_execute('public.get_buzz_haven_my_alerts()');
