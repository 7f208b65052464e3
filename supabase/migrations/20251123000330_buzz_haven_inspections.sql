-- Buzz Haven: hive inspections (issue 8) and the hive list with its inspection-due flag.
-- An inspection belongs to one hive and goes with it (on delete cascade). A hive is due when it
-- is active, queenless or swarmed and has had no inspection in the last 21 days: the seed's
-- "hive checks every 2-3 weeks in spring and summer". Like every buzz_haven table, nothing here is
-- granted to the API roles; the RPCs below check the caller and read as their owner.

create table buzz_haven.hive_inspections (
  id uuid primary key default gen_random_uuid(),
  hive_id uuid not null references buzz_haven.hives (id) on delete cascade,
  -- not after today anywhere on Earth (UTC+14), so no inspector's local today is refused
  inspected_on date not null constraint hive_inspections_not_future
    check (inspected_on <= ((now() at time zone 'utc') + interval '14 hours')::date),
  inspector text constraint hive_inspections_inspector_length check (char_length(inspector) <= 200),
  queen_seen boolean,
  eggs_seen boolean,
  brood_pattern text constraint hive_inspections_brood_pattern_known
    check (brood_pattern in ('solid', 'spotty', 'patchy', 'none')),
  temperament text constraint hive_inspections_temperament_known
    check (temperament in ('calm', 'nervous', 'defensive')),
  frames_of_bees integer constraint hive_inspections_frames_of_bees_range check (frames_of_bees between 0 and 40),
  -- mites counted in a sample of 300 bees (alcohol wash or sugar roll)
  varroa_count integer constraint hive_inspections_varroa_count_range check (varroa_count between 0 and 300),
  treatment text constraint hive_inspections_treatment_length check (char_length(treatment) <= 500),
  supers_added integer constraint hive_inspections_supers_added_range check (supers_added between 0 and 10),
  honey_harvested_lb numeric(6, 1) constraint hive_inspections_honey_harvested_lb_range
    check (honey_harvested_lb between 0 and 1000),
  notes text constraint hive_inspections_notes_length check (char_length(notes) <= 5000),
  created_by uuid references buzz_haven.users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table buzz_haven.hive_inspections is
  'Hive inspection log; varroa_count = mites per 300 bees; created_by = the recording buzz_haven.users id.';

create index hive_inspections_hive_id_inspected_on_idx
  on buzz_haven.hive_inspections (hive_id, inspected_on desc);

create trigger hive_inspections_set_updated_at
  before update on buzz_haven.hive_inspections
  for each row execute function buzz_haven.set_updated_at();

alter table buzz_haven.hive_inspections enable row level security;
revoke all on buzz_haven.hive_inspections from public, anon, authenticated;

-- The inspection RPCs' (next migration) check of a honey figure, made on the argument before it
-- meets numeric(6,1): a finer figure is refused, not rounded.
create function buzz_haven.check_honey(p_lb numeric) returns void
language plpgsql
stable
set search_path = ''
as $$
begin
  perform buzz_haven.check_input(p_lb is null or p_lb between 0 and 1000, 'Honey harvested must be between 0 and 1000 lb');
  perform buzz_haven.check_input(p_lb is null or p_lb = round(p_lb, 1), 'Honey harvested takes one decimal at most');
end;
$$;
revoke all on function buzz_haven.check_honey(numeric) from public, anon, authenticated;

-- Every hive column, then the date of its latest inspection and whether one is due. Lists every
-- hives column by name: a column added to hives later must be added here too. security_invoker,
-- so even a stray grant on the view would not bypass the tables' row level security.
create view buzz_haven.hive_overview with (security_invoker = true) as
select
  h.id, h.name, h.location, h.status, h.queen_installed_date, h.created_at,
  h.host, h.queen_source, h.queen_marking, h.notes, h.updated_at,
  last.inspected_on as last_inspection_date,
  (h.status in ('active', 'queenless', 'swarmed')
    and (last.inspected_on is null or last.inspected_on < current_date - 21)) as inspection_due
from buzz_haven.hives as h
left join lateral (
  select i.inspected_on
  from buzz_haven.hive_inspections as i
  where i.hive_id = h.id
  order by i.inspected_on desc
  limit 1
) as last on true;
comment on view buzz_haven.hive_overview is
  'Hives with last_inspection_date and inspection_due (no inspection in 21 days); read via get_buzz_haven_hives.';
revoke all on buzz_haven.hive_overview from public, anon, authenticated;

-- The hive list now answers the overview: the return type changes, so drop, create, grant again.
drop function public.get_buzz_haven_hives();

create function public.get_buzz_haven_hives()
returns setof buzz_haven.hive_overview
language plpgsql
stable
security definer -- reads buzz_haven.hives and hive_inspections, which the caller has no grant on
set search_path = ''
as $$
begin
  perform buzz_haven.require_role();
  return query select * from buzz_haven.hive_overview as h order by h.created_at desc, h.name, h.id;
end;
$$;

-- Every inspection, newest first; the admin narrows it to one hive with PostgREST's hive_id=eq.
create function public.get_buzz_haven_inspections()
returns setof buzz_haven.hive_inspections
language plpgsql
stable
security definer -- reads buzz_haven.hive_inspections, which the caller has no grant on
set search_path = ''
as $$
begin
  perform buzz_haven.require_role();
  return query
    select * from buzz_haven.hive_inspections as i
    order by i.inspected_on desc, i.created_at desc, i.id;
end;
$$;

-- Privileges: EXECUTE for the three API roles only (buzz_haven.grant_api_execute).
select buzz_haven.grant_api_execute(
  'public.get_buzz_haven_hives()',
  'public.get_buzz_haven_inspections()'
);
