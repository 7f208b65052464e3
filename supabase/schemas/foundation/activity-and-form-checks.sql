-- The activity log's trigger (who changed what, in one line); the checks the request forms
-- share (check_text, is_us_state) and a profile's display name.
set check_function_bodies = false;

-- The caller's profile id and a display name: 'Visitor' for anon, 'Service key' for service_role,
-- 'System' outside an API request.
create function buzz_haven.caller_profile(out profile_id uuid, out display_name text)
language sql
stable
set search_path = ''
as $$
  select u.id, coalesce(u.name,
    case when auth.role() is null then 'System' when auth.role() = 'anon' then 'Visitor'
      when auth.role() = 'service_role' then 'Service key' end,
    auth.email(), 'Unknown')
  from (select 1) as one
  left join buzz_haven.users as u on u.auth_user_id = auth.uid() and auth.role() = 'authenticated'
$$;

create or replace function buzz_haven.activity_summary(p_verb text, p_label text, p_old jsonb, p_new jsonb) returns text
language sql immutable set search_path = ''
as $$
  select left(p_verb || ' ' || coalesce(left(p_label, 200), '') || coalesce(': ' || (
    select string_agg(
      case when k in ('status', 'role', 'is_active', 'handled', 'is_public')
        then format('%s %s → %s', k, coalesce(p_old ->> k, 'none'), coalesce(p_new ->> k, 'none'))
        else k end,
      ', ' order by k)
    from jsonb_object_keys(p_new) as k
    where p_old is not null and k not in ('updated_at', 'is_open') and (p_old -> k) is distinct from (p_new -> k)
  ), ''), 500)
$$;

-- TG_ARGV[0]: the resource's name in the summary ('order'); TG_ARGV[1]: the column naming the row.
create function buzz_haven.log_activity() returns trigger
language plpgsql security definer set search_path = '' -- inserts into buzz_haven.activity_log whoever made the change
as $$
declare
  v_role text := auth.role();
  v_old jsonb := case when tg_op in ('UPDATE', 'DELETE') then to_jsonb(old) end;
  v_new jsonb := case when tg_op in ('INSERT', 'UPDATE') then to_jsonb(new) end;
  v_row jsonb := coalesce(v_new, v_old);
  v_label text := tg_argv[0] || ' ' || coalesce(v_row ->> tg_argv[1], '');
  v_actor record;
  v_action text;
begin
  if v_role is null or (tg_op = 'UPDATE' and v_old - 'updated_at' = v_new - 'updated_at') then
    return null;
  end if;
  select * into v_actor from buzz_haven.caller_profile();
  v_action := case tg_op when 'INSERT' then 'create' when 'DELETE' then 'delete'
    else case when (v_old -> 'status') is distinct from (v_new -> 'status') then 'status' else 'update' end end;
  insert into buzz_haven.activity_log (actor_id, actor_name, action, resource, record_id, summary)
  values (
    v_actor.profile_id,
    v_actor.display_name,
    v_action,
    tg_table_name,
    (v_row ->> 'id')::uuid,
    buzz_haven.activity_summary(
      case tg_op when 'INSERT' then 'Created' when 'DELETE' then 'Deleted' else 'Updated' end, v_label, v_old, v_new)
  );
  return null;
end;
$$;
revoke all on function buzz_haven.caller_profile(), buzz_haven.activity_summary(text, text, jsonb, jsonb),
  buzz_haven.log_activity()
  from public, anon, authenticated;

-- Buzz Haven: sending an order request from the site's cart (anon). The server prices every line
-- from buzz_haven.products and adds shipping by the shop's rules (standard $5.95, free over $50;
-- express $12.95; pickup free): a price the cart sends that differs, or a product that is unknown
-- or hidden, is refused (PT409, HTTP 409) with a message the cart shows, so the visitor can review
-- the cart. Bad input is refused 22023 (HTTP 400), a flood PT429 (buzz_haven.guard_request), and a
-- filled honeypot (p_website, a field people never see) gets a fake success and stores nothing.

-- Shared checks of the request forms: a required or optional text within its bound (the bound
-- and its message are buzz_haven.check_length's).
create function buzz_haven.check_text(p_value text, p_label text, p_max integer, p_required boolean default false)
returns void language plpgsql immutable set search_path = ''
as $$
begin
  if p_required and nullif(btrim(p_value), '') is null then
    raise exception '% is required', p_label using errcode = '22023';
  end if;
  perform buzz_haven.check_length(btrim(p_value), p_max, p_label);
end;
$$;

create function buzz_haven.is_us_state(p_code text) returns boolean
language sql immutable set search_path = ''
as $$
  select p_code = any (string_to_array(
    'AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND '
    'OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY PR VI GU AS MP', ' '))
$$;

-- Display name of a profile id (null stays null).
create function buzz_haven.profile_name(p_id uuid) returns text
language sql stable set search_path = ''
as $$
  select u.name from buzz_haven.users as u where u.id = p_id
$$;
revoke all on function buzz_haven.profile_name(uuid) from public, anon, authenticated;
revoke all on function buzz_haven.activity_summary(text, text, jsonb, jsonb) from public, anon, authenticated;
