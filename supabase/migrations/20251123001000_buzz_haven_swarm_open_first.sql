-- Buzz Haven: the back office lists swarm reports open first (new, called back), newest first, as
-- one server-side sort (PostgREST `order=is_open.desc,created_at.desc`). `is_open` is derived
-- from the status, so it never disagrees with it; the activity summary leaves it out (the status
-- change is already named there).

alter table buzz_haven.swarm_reports
  add column is_open boolean generated always as (status in ('new', 'called_back')) stored;
comment on column buzz_haven.swarm_reports.is_open is 'True while the report is new or called back (derived).';

create or replace function buzz_haven.activity_summary(p_verb text, p_label text, p_old jsonb, p_new jsonb) returns text
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
    where p_old is not null and k not in ('updated_at', 'is_open') and (p_old -> k) is distinct from (p_new -> k)
  ), ''), 500)
$$;
revoke all on function buzz_haven.activity_summary(text, text, jsonb, jsonb) from public, anon, authenticated;
