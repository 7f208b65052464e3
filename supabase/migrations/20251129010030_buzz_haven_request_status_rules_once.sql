-- Buzz Haven: the staff's updates of orders, adoption requests, swarm reports and host applications
-- leave a status's values and the staff notes' and decline reason's lengths to the tables' CHECKs
-- (issue 23, item 2), as 20251128030010 did for inspections. update_buzz_haven_order
-- (20251123000740), update_buzz_haven_adoption_request (…0770), update_buzz_haven_swarm_report
-- (…0780) and update_buzz_haven_host_application (20251127060020) repeated them with their
-- messages; the messages become buzz_haven.constraint_messages rows (same words), so a value breaking
-- one fails on the table (23514, PostgREST's `details` naming the field). An order's and an
-- application's next status is the functions' own rule: it is checked once the row is written
-- (an unknown status fails on the table first, with its own message), and a refused move raises,
-- which undoes the write.

insert into buzz_haven.constraint_messages (constraint_name, message) values
  ('orders_status_known', 'Status must be new, confirmed, ready, shipped, completed or cancelled'),
  ('orders_staff_notes_length', 'Staff notes is too long (5000 characters at most)'),
  ('adoption_requests_status_known', 'Status must be new, active, paused or ended'),
  ('adoption_requests_staff_notes_length', 'Staff notes is too long (5000 characters at most)'),
  ('swarm_reports_status_known', 'Status must be new, called_back, collected, not_bees or referred'),
  ('swarm_reports_staff_notes_length', 'Staff notes is too long (5000 characters at most)'),
  ('host_applications_status_known', 'Status must be waitlist, new, site_visit_booked, approved, installed or declined'),
  ('host_applications_staff_notes_length', 'Staff notes is too long (5000 characters at most)'),
  ('host_applications_decline_reason_length', 'Decline reason is too long (1000 characters at most)')
on conflict (constraint_name) do update set message = excluded.message;
select buzz_haven.explain_constraints_of(t::regclass) from unnest(array[
  'buzz_haven.orders', 'buzz_haven.adoption_requests', 'buzz_haven.swarm_reports', 'buzz_haven.host_applications']) as t;

create or replace function public.update_buzz_haven_order(
  p_id uuid,
  p_status text default null,
  p_staff_notes text default null,
  p_clear text[] default '{}'
)
returns buzz_haven.orders
language plpgsql
security definer -- updates buzz_haven.orders, which the caller has no grant on
set search_path = ''
as $$
declare
  v buzz_haven.orders;
  v_was text;
  v_next text[];
begin
  perform buzz_haven.require_role();
  perform buzz_haven.check_clear(p_clear, array['staff_notes'],
    array_remove(array[case when p_staff_notes is not null then 'staff_notes' end], null));
  select * into v from buzz_haven.orders as o where o.id = p_id for update;
  if not found then
    raise exception 'Order not found' using errcode = 'PT404';
  end if;
  v_was := v.status;
  update buzz_haven.orders as o
  set status = coalesce(p_status, o.status),
    staff_notes = case when 'staff_notes' = any (coalesce(p_clear, '{}')) then null
      when p_staff_notes is null then o.staff_notes else nullif(btrim(p_staff_notes), '') end
  where o.id = p_id
  returning o.* into v;
  v_next := buzz_haven.next_order_statuses(v_was, v.delivery);
  if v.status <> v_was and not v.status = any (v_next) then
    raise exception '%', format('An order that is %s cannot become %s (%s)', v_was, v.status,
      case when cardinality(v_next) = 0 then 'it is closed'
        else 'next: ' || array_to_string(v_next, ' or ') end)
      using errcode = '22023';
  end if;
  return v;
end;
$$;

create or replace function public.update_buzz_haven_adoption_request(
  p_id uuid,
  p_status text default null,
  p_hive_id uuid default null,
  p_staff_notes text default null,
  p_clear text[] default '{}'
)
returns buzz_haven.adoption_requests
language plpgsql
security definer -- updates buzz_haven.adoption_requests, which the caller has no grant on
set search_path = ''
as $$
declare
  v buzz_haven.adoption_requests;
  v_clear text[] := coalesce(p_clear, '{}');
begin
  perform buzz_haven.require_role();
  perform buzz_haven.check_clear(v_clear, array['hive_id', 'staff_notes'], array_remove(array[
    case when p_hive_id is not null then 'hive_id' end, case when p_staff_notes is not null then 'staff_notes' end], null));
  perform buzz_haven.check_input(p_hive_id is null or exists (select 1 from buzz_haven.hives as h where h.id = p_hive_id),
    'Hive not found');
  update buzz_haven.adoption_requests as a
  set status = coalesce(p_status, a.status),
    hive_id = case when 'hive_id' = any (v_clear) then null else coalesce(p_hive_id, a.hive_id) end,
    staff_notes = case when 'staff_notes' = any (v_clear) then null
      when p_staff_notes is null then a.staff_notes else nullif(btrim(p_staff_notes), '') end
  where a.id = p_id
  returning a.* into v;
  if not found then
    raise exception 'Adoption request not found' using errcode = 'PT404';
  end if;
  return v;
end;
$$;

create or replace function public.update_buzz_haven_swarm_report(
  p_id uuid,
  p_status text default null,
  p_staff_notes text default null,
  p_clear text[] default '{}'
)
returns buzz_haven.swarm_reports
language plpgsql
security definer -- updates buzz_haven.swarm_reports, which the caller has no grant on
set search_path = ''
as $$
declare
  v buzz_haven.swarm_reports;
begin
  perform buzz_haven.require_role();
  perform buzz_haven.check_clear(p_clear, array['staff_notes'],
    array_remove(array[case when p_staff_notes is not null then 'staff_notes' end], null));
  update buzz_haven.swarm_reports as s
  set status = coalesce(p_status, s.status),
    staff_notes = case when 'staff_notes' = any (coalesce(p_clear, '{}')) then null
      when p_staff_notes is null then s.staff_notes else nullif(btrim(p_staff_notes), '') end
  where s.id = p_id
  returning s.* into v;
  if not found then
    raise exception 'Swarm report not found' using errcode = 'PT404';
  end if;
  return v;
end;
$$;

create or replace function public.update_buzz_haven_host_application(
  p_id uuid,
  p_status text default null,
  p_site_visit_at timestamptz default null,
  p_hive_id uuid default null,
  p_decline_reason text default null,
  p_staff_notes text default null,
  p_clear text[] default '{}'
)
returns buzz_haven.host_applications
language plpgsql
security definer -- writes buzz_haven.host_applications and hives, which the caller has no grant on
set search_path = ''
as $$
declare
  v buzz_haven.host_applications;
  v_was text;
  c text[] := coalesce(p_clear, '{}');
  v_next text;
begin
  perform buzz_haven.require_role();
  perform buzz_haven.check_clear(c, array['site_visit_at', 'hive_id', 'staff_notes', 'decline_reason'],
    array_remove(array[
      case when p_site_visit_at is not null then 'site_visit_at' end,
      case when p_hive_id is not null then 'hive_id' end,
      case when p_decline_reason is not null then 'decline_reason' end,
      case when p_staff_notes is not null then 'staff_notes' end], null));
  select * into v from buzz_haven.host_applications as a where a.id = p_id for update;
  if not found then
    raise exception 'Host application not found' using errcode = 'PT404';
  end if;
  v_was := v.status;
  v.status := coalesce(p_status, v.status);
  v.site_visit_at := case when 'site_visit_at' = any (c) then null else coalesce(p_site_visit_at, v.site_visit_at) end;
  v.hive_id := case when 'hive_id' = any (c) then null else coalesce(p_hive_id, v.hive_id) end;
  v.decline_reason := case when 'decline_reason' = any (c) then null
    when p_decline_reason is null then v.decline_reason else nullif(btrim(p_decline_reason), '') end;
  v.staff_notes := case when 'staff_notes' = any (c) then null
    when p_staff_notes is null then v.staff_notes else nullif(btrim(p_staff_notes), '') end;
  perform buzz_haven.check_input(v.status <> 'declined' or v.decline_reason is not null, 'Give the reason the application is declined');
  perform buzz_haven.check_input(v.status <> 'installed' or v.hive_id is not null, 'Choose the hive that was installed');
  if v.hive_id is not null and not exists (select 1 from buzz_haven.hives as h where h.id = v.hive_id) then
    raise exception 'Hive not found' using errcode = 'PT404';
  end if;
  update buzz_haven.host_applications as a
  set status = v.status, site_visit_at = v.site_visit_at, hive_id = v.hive_id, decline_reason = v.decline_reason,
    staff_notes = v.staff_notes
  where a.id = p_id returning a.* into v;
  if v.status <> v_was then
    v_next := case v_was when 'waitlist' then 'new' when 'new' then 'site_visit_booked'
      when 'site_visit_booked' then 'approved' when 'approved' then 'installed' end;
    perform buzz_haven.check_input(v.status = v_next or (v.status = 'declined' and v_was <> 'installed'),
      format('An application that is %s can only become %s', replace(v_was, '_', ' '),
        coalesce(replace(v_next, '_', ' ') || ' or declined', case when v_was = 'declined' then 'nothing else: it is declined' else 'nothing else' end)));
  end if;
  if v.status = 'installed' then
    update buzz_haven.hives as h set host_email = v.email, host = coalesce(h.host, v.name) where h.id = v.hive_id;
  end if;
  return v;
end;
$$;
