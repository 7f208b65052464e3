-- The outbox in the back office: its list without the public's tokens and a retry; a staff
-- member's choice of alerts.
set check_function_bodies = false;

-- Buzz Haven: the outbox in the back office (admin/src/resources/outbox). Any staff role
-- lists the messages (they already read the orders, reports and registrations the messages are
-- about) and retries a dead one: update with p_state 'queued' puts it back in line now with its
-- tries reset; no other change is allowed, so staff cannot rewrite what a customer receives.
-- Each staff member sets which alerts they want (set_buzz_haven_my_alerts; null = their role's default).

-- A retry answers the message as the list shows it.
create function public.update_buzz_haven_outbox_message(p_id uuid, p_state text default null)
returns buzz_haven.outbox_messages language plpgsql security definer set search_path = '' -- updates buzz_haven.outbox_messages
as $$
declare
  v buzz_haven.outbox_messages;
begin
  perform buzz_haven.require_role();
  perform buzz_haven.check_input(p_state = 'queued', 'Only a retry (state queued) can be asked for');
  v := buzz_haven.lock_row(null::buzz_haven.outbox_messages, p_id, 'Message not found');
  perform buzz_haven.check_input(v.state = 'dead', 'Only a message that failed for good can be retried');
  update buzz_haven.outbox_messages as m
  set state = 'queued', tries = 0, next_attempt_at = now(), lease_until = null
  where m.id = p_id;
  select * into v from buzz_haven_lists.outbox_messages as l where l.id = p_id;
  return v;
end;
$$;

create or replace function public.set_buzz_haven_my_alerts(p_alerts text[] default null)
returns text[]
language plpgsql security definer set search_path = '' -- writes buzz_haven.alert_preferences for the caller's own profile
as $$
declare
  v_user buzz_haven.users;
  v_digest boolean := p_alerts && array['order_digest', 'registration_digest']::text[];
begin
  perform buzz_haven.require_role();
  perform buzz_haven.check_input(p_alerts is null or (array_position(p_alerts, null) is null
      and p_alerts <@ array['swarm_report', 'order', 'order_digest', 'registration', 'registration_digest']::text[]),
    'Alerts can be: swarm_report, order or order_digest, registration or registration_digest');
  perform buzz_haven.check_input(p_alerts is null or not (p_alerts @> array['order', 'order_digest']::text[]
      or p_alerts @> array['registration', 'registration_digest']::text[]),
    'Choose each order or a daily digest of them, not both (the same for registrations)');
  select * into v_user from buzz_haven.users as u where u.auth_user_id = buzz_haven.caller_id();
  insert into buzz_haven.alert_preferences (user_id, alerts, digest_since)
  values (v_user.id, p_alerts, case when v_digest then now() end)
  on conflict (user_id) do update set alerts = excluded.alerts,
    -- A digest already chosen keeps its start; one chosen again starts now.
    digest_since = case when v_digest then coalesce(buzz_haven.alert_preferences.digest_since, now()) end;
  return coalesce(p_alerts,
    case when v_user.role in ('owner', 'admin') then array['swarm_report'] else array[]::text[] end);
end;
$$;

-- Buzz Haven: the outbox list costs O(page) like the other back-office lists, however long it grows:
-- get_buzz_haven_outbox_messages is a one-line
-- `language sql stable` function over a staff-only view, which PostgreSQL inlines, so the admin's
-- filter (state), order (created_at) and limit reach the table and these indexes. A campaign
-- queues thousands of rows at once; the list must not read them all for a page of 25.
-- The function no longer sorts: the admin always sends `order=`.

-- 3. The outbox without the public's tokens. The one rule of what is a token: a data key named
-- 'token' or ending in '_token' (newsletter.token, art.upload_token, art.vote_token,
-- adoption.manage_token). In this schema, as staff_only: the list view calls them as its reader.
create function buzz_haven_lists.is_token_key(p_key text) returns boolean
language sql immutable parallel safe set search_path = ''
as $$
  select p_key = 'token' or p_key like '%\_token'
$$;

-- The path of every token key of `p_data`, at any depth (`p_path`: where `p_data` sits).
create function buzz_haven_lists.token_paths(p_data jsonb, p_path text[] default '{}')
returns setof text[] language plpgsql immutable parallel safe set search_path = ''
as $$
declare
  v_key text;
  v_value jsonb;
begin
  if jsonb_typeof(p_data) = 'object' then
    for v_key, v_value in select e.key, e.value from jsonb_each(p_data) as e loop
      if buzz_haven_lists.is_token_key(v_key) then
        return next p_path || v_key;
      else
        return query select * from buzz_haven_lists.token_paths(v_value, p_path || v_key);
      end if;
    end loop;
  elsif jsonb_typeof(p_data) = 'array' then
    for v_key, v_value in select (e.n - 1)::text, e.value from jsonb_array_elements(p_data) with ordinality as e(value, n) loop
      return query select * from buzz_haven_lists.token_paths(v_value, p_path || v_key);
    end loop;
  end if;
end;
$$;

-- `p_data` without its token keys.
create function buzz_haven_lists.without_tokens(p_data jsonb) returns jsonb
language plpgsql immutable parallel safe set search_path = ''
as $$
declare
  v_path text[];
  v_data jsonb := p_data;
begin
  for v_path in select * from buzz_haven_lists.token_paths(p_data) loop
    v_data := v_data #- v_path;
  end loop;
  return v_data;
end;
$$;

-- `p_text` (a rendered body, the idempotency key, an SMTP error) with every token of `p_data`
-- replaced. The tokens are UUIDs and hex strings, which URL-encoding and HTML-escaping leave as
-- they are, so a link made of one holds it verbatim.
create function buzz_haven_lists.hide_tokens(p_text text, p_data jsonb) returns text
language plpgsql immutable parallel safe set search_path = ''
as $$
declare
  v_token text;
  v_text text := p_text;
begin
  for v_token in select p_data #>> p.path from buzz_haven_lists.token_paths(p_data) as p(path) loop
    if v_text is not null and nullif(v_token, '') is not null then
      v_text := replace(v_text, v_token, '(hidden)');
    end if;
  end loop;
  return v_text;
end;
$$;

revoke all on function buzz_haven_lists.is_token_key(text), buzz_haven_lists.token_paths(jsonb, text[]),
  buzz_haven_lists.without_tokens(jsonb), buzz_haven_lists.hide_tokens(text, jsonb) from public;
grant execute on function buzz_haven_lists.is_token_key(text), buzz_haven_lists.token_paths(jsonb, text[]),
  buzz_haven_lists.without_tokens(jsonb), buzz_haven_lists.hide_tokens(text, jsonb) to anon, authenticated, service_role;

-- The same columns in the same order as the table (get_buzz_haven_outbox_messages returns this
-- row type); the filtered and ordered columns stay bare, so the list still reads one page.
create view buzz_haven_lists.outbox_messages as
  select m.id, m.kind, m.recipient, m.recipient_name,
    buzz_haven_lists.without_tokens(m.data) as data,
    m.subject,
    buzz_haven_lists.hide_tokens(m.text_body, m.data) as text_body,
    buzz_haven_lists.hide_tokens(m.html_body, m.data) as html_body,
    m.headers, m.attachments, m.state, m.tries, m.next_attempt_at, m.lease_until,
    buzz_haven_lists.hide_tokens(m.last_error, m.data) as last_error,
    buzz_haven_lists.hide_tokens(m.idempotency_key, m.data) as idempotency_key,
    m.related_table, m.related_id, m.created_at, m.updated_at, m.sent_at
  from buzz_haven.outbox_messages as m
  where buzz_haven_lists.staff_only();
revoke all on buzz_haven_lists.outbox_messages from public, anon, authenticated, service_role;
grant select on buzz_haven_lists.outbox_messages to anon, authenticated, service_role;
create function public.get_buzz_haven_outbox_messages() returns setof buzz_haven_lists.outbox_messages
language sql stable as $$ select * from buzz_haven_lists.outbox_messages $$;

select buzz_haven.grant_api_execute('get_buzz_haven_outbox_messages', 'update_buzz_haven_outbox_message',
  'set_buzz_haven_my_alerts');
create index outbox_messages_created_idx on buzz_haven.outbox_messages (created_at desc, id);
create index outbox_messages_state_created_idx on buzz_haven.outbox_messages (state, created_at desc, id);
