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

-- Columns whose old and new values the summary shows (a status, a role, a flag).
create function buzz_haven.activity_summary(p_verb text, p_label text, p_old jsonb, p_new jsonb) returns text
language sql
immutable
set search_path = ''
as $$
  select left(p_verb || ' ' || coalesce(left(p_label, 200), '') || coalesce(': ' || (
    select string_agg(
      case when k in ('status', 'role', 'is_active', 'handled', 'is_public')
        then format('%s %s → %s', k, coalesce(p_old ->> k, 'none'), coalesce(p_new ->> k, 'none'))
        else k end,
      ', ' order by k)
    from jsonb_object_keys(p_new) as k
    where p_old is not null and k not in ('updated_at') and (p_old -> k) is distinct from (p_new -> k)
  ), ''), 500)
$$;

-- TG_ARGV[0]: the resource's name in the summary ('order'); TG_ARGV[1]: the column naming the row.
create function buzz_haven.log_activity() returns trigger
language plpgsql
security definer -- inserts into buzz_haven.activity_log whoever made the change
set search_path = ''
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

create trigger products_log_activity after insert or update or delete on buzz_haven.products
  for each row execute function buzz_haven.log_activity('product', 'name');
create trigger events_log_activity after insert or update or delete on buzz_haven.events
  for each row execute function buzz_haven.log_activity('event', 'title');
create trigger hives_log_activity after insert or update or delete on buzz_haven.hives
  for each row execute function buzz_haven.log_activity('hive', 'name');
create trigger hive_inspections_log_activity after insert or update or delete on buzz_haven.hive_inspections
  for each row execute function buzz_haven.log_activity('inspection of', 'inspected_on');
create trigger media_log_activity after insert or update or delete on buzz_haven.media
  for each row execute function buzz_haven.log_activity('media', 'title');
create trigger users_log_activity after insert or update or delete on buzz_haven.users
  for each row execute function buzz_haven.log_activity('user', 'name');
create trigger contact_messages_log_activity after insert or update or delete on buzz_haven.contact_messages
  for each row execute function buzz_haven.log_activity('message', 'subject');
create trigger content_log_activity after insert or update or delete on buzz_haven.content
  for each row execute function buzz_haven.log_activity('page', 'title');

-- Newest first. A record's history: filter on record_id (PostgREST `record_id=eq.<id>`).
create function public.get_buzz_haven_activity()
returns setof buzz_haven.activity_log
language plpgsql
stable
security definer -- reads buzz_haven.activity_log, which the caller has no grant on
set search_path = ''
as $$
begin
  perform buzz_haven.require_role();
  return query select * from buzz_haven.activity_log as a order by a.id desc;
end;
$$;

select buzz_haven.grant_api_execute('public.get_buzz_haven_activity()');
