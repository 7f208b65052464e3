-- The designs a wrap can use, the hive wraps' grants, and a design's status following its wraps.
set check_function_bodies = false;

create view buzz_haven_lists.wrap_designs as
select d.id, d.title, d.artist_name, d.status, d.vote_month, d.printed_at
from buzz_haven.art_designs as d
where d.status in ('printed', 'installed') and buzz_haven_lists.staff_only();

revoke all on buzz_haven_lists.hive_wraps, buzz_haven_lists.wrap_designs from public, anon, authenticated, service_role;
grant select on buzz_haven_lists.hive_wraps, buzz_haven_lists.wrap_designs to anon, authenticated, service_role;
create function public.get_buzz_haven_wrap_designs() returns setof buzz_haven_lists.wrap_designs
language sql stable as $$ select * from buzz_haven_lists.wrap_designs $$;

select buzz_haven.grant_api_execute('get_buzz_haven_hive_wraps', 'get_buzz_haven_wrap_designs',
  'create_buzz_haven_hive_wrap', 'update_buzz_haven_hive_wrap', 'delete_buzz_haven_hive_wrap');

-- A design on a hive is 'installed'; with no hive left, back to 'printed'.
create function buzz_haven.sync_wrap_design_status(p_design_id uuid) returns void
language sql set search_path = ''
as $$
  update buzz_haven.art_designs as d
  set status = case when exists (select 1 from buzz_haven.hive_wraps as w where w.design_id = d.id)
    then 'installed' else 'printed' end
  where d.id = p_design_id and d.status in ('printed', 'installed');
$$;
revoke all on function buzz_haven.sync_wrap_design_status(uuid) from public, anon, authenticated;
