-- Buzz Haven: going back to one's role default of alerts no longer deletes a row. Every table the
-- back office deletes from needs the second factor for deletes
-- (20251125000200_buzz_haven_second_factor_everywhere.sql, tests/sql/second-factor-deletes.test.ts),
-- which choosing one's own e-mail alerts should not: alerts null now means the role default, as a
-- missing row does, and set_buzz_haven_my_alerts(null) writes null.

alter table buzz_haven.alert_preferences alter column alerts drop not null;

create or replace function public.set_buzz_haven_my_alerts(p_alerts text[] default null)
returns text[]
language plpgsql
security definer -- writes buzz_haven.alert_preferences for the caller's own profile
set search_path = ''
as $$
declare
  v_user buzz_haven.users;
begin
  perform buzz_haven.require_role();
  perform buzz_haven.check_input(p_alerts is null or p_alerts <@ array['swarm_report']::text[],
    'Alerts can be: swarm_report');
  select * into v_user from buzz_haven.users as u where u.auth_user_id = buzz_haven.caller_id();
  insert into buzz_haven.alert_preferences (user_id, alerts) values (v_user.id, p_alerts)
  on conflict (user_id) do update set alerts = excluded.alerts;
  return coalesce(p_alerts,
    case when v_user.role in ('owner', 'admin') then array['swarm_report'] else array[]::text[] end);
end;
$$;
