-- Buzz Haven: the outbox in the back office (issue 24; admin/src/resources/outbox). Any staff role
-- lists the messages (they already read the orders, reports and registrations the messages are
-- about) and retries a dead one: update with p_state 'queued' puts it back in line now with its
-- tries reset; no other change is allowed, so staff cannot rewrite what a customer receives.
-- Each staff member sets which alerts they want (set_buzz_haven_my_alerts; null = their role's default).

create function public.get_buzz_haven_outbox_messages()
returns setof buzz_haven.outbox_messages
language plpgsql
stable
security definer -- reads buzz_haven.outbox_messages, which the caller has no grant on
set search_path = ''
as $$
begin
  perform buzz_haven.require_role();
  return query select * from buzz_haven.outbox_messages as m order by m.created_at desc, m.id;
end;
$$;

create function public.update_buzz_haven_outbox_message(p_id uuid, p_state text default null)
returns buzz_haven.outbox_messages
language plpgsql
security definer -- updates buzz_haven.outbox_messages
set search_path = ''
as $$
declare
  v buzz_haven.outbox_messages;
begin
  perform buzz_haven.require_role();
  perform buzz_haven.check_input(p_state = 'queued', 'Only a retry (state queued) can be asked for');
  select * into v from buzz_haven.outbox_messages as m where m.id = p_id for update;
  if not found then
    raise exception 'Message not found' using errcode = 'PT404';
  end if;
  perform buzz_haven.check_input(v.state = 'dead', 'Only a message that failed for good can be retried');
  update buzz_haven.outbox_messages as m
  set state = 'queued', tries = 0, next_attempt_at = now(), lease_until = null
  where m.id = p_id
  returning m.* into v;
  return v;
end;
$$;

-- Returns the alerts now in force for the caller (their choice, or their role's default).
create function public.set_buzz_haven_my_alerts(p_alerts text[] default null)
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
  if p_alerts is null then
    delete from buzz_haven.alert_preferences as p where p.user_id = v_user.id;
    return case when v_user.role in ('owner', 'admin') then array['swarm_report'] else array[]::text[] end;
  end if;
  insert into buzz_haven.alert_preferences (user_id, alerts) values (v_user.id, p_alerts)
  on conflict (user_id) do update set alerts = excluded.alerts;
  return p_alerts;
end;
$$;

select buzz_haven.grant_api_execute(
  'public.get_buzz_haven_outbox_messages()',
  'public.update_buzz_haven_outbox_message(uuid, text)',
  'public.set_buzz_haven_my_alerts(text[])'
);
