-- Hives and their inspections: the tables, the hive and inspection lists with the varroa
-- counts, their indexes. The first of the hives files, which apply in config.toml's order.
-- Hives: hives, inspections (and the shared ones), the hive map, honey harvests and batches, my
-- hives.
-- Declared whole: this folder says what the database holds for its area; supabase/migrations
-- carries it to databases in reviewed steps (docs/database.md). Function bodies are checked when
-- they run, not here (as pg_dump writes it): some name objects of a later file.
set check_function_bodies = false;

-- A hive: its host (free text), the queen's source and colour mark, notes; its status one of a known
-- set (retiring is status 'retired'). For the public map: its neighbourhood, its stored
-- coordinates (the host's yard: staff only, never public) and its host's choices of what the public
-- sees (each off by default). host_email: the host who signs in with it sees the hive on /my-hive.
create table buzz_haven.hives (
  id uuid primary key default gen_random_uuid(),
  name text not null constraint hives_name_not_blank check (btrim(name) <> '')
    constraint hives_name_length check (char_length(name) <= 200),
  location text constraint hives_location_length check (char_length(location) <= 500),
  status text not null default 'active'
    constraint hives_status_length check (char_length(status) <= 100)
    constraint hives_status_known check (status in ('active', 'queenless', 'swarmed', 'dead_out', 'retired')),
  queen_installed_date date,
  created_at timestamptz not null default now(),
  host text constraint hives_host_length check (char_length(host) <= 200),
  queen_source text constraint hives_queen_source_length check (char_length(queen_source) <= 200),
  queen_marking text constraint hives_queen_marking_length check (char_length(queen_marking) <= 50),
  notes text constraint hives_notes_length check (char_length(notes) <= 5000),
  updated_at timestamptz not null default now(),
  neighbourhood text
    constraint hives_neighbourhood_length check (char_length(neighbourhood) <= 100),
  latitude numeric(9, 6)
    constraint hives_latitude_range check (latitude between -85 and 85),
  longitude numeric(9, 6)
    constraint hives_longitude_range check (longitude between -180 and 180),
  on_map boolean not null default false,
  host_display_name text
    constraint hives_host_display_name_length check (char_length(host_display_name) <= 100),
  show_host_name boolean not null default false,
  show_adopter_names boolean not null default false,
  host_email buzz_haven.email,
  -- the code of the hive's QR label and public sign page (/hive/<sign_code>): random, so it says
  -- nothing of the hive's place
  sign_code text not null default upper(left(replace(gen_random_uuid()::text, '-', ''), 8))
    constraint hives_sign_code_key unique constraint hives_sign_code_format check (sign_code ~ '^[A-Z0-9]{4,12}$')
    constraint hives_sign_code_length check (char_length(sign_code) <= 12),
  -- the name on the Spanish pages (map, sign, my-hive) and in Spanish e-mails; null: the English shows
  name_es text constraint hives_name_es_length check (char_length(name_es) <= 200),
  constraint hives_coordinates_together check ((latitude is null) = (longitude is null)),
  constraint hives_on_map_placed check (not on_map or (latitude is not null and neighbourhood is not null))
);
comment on table buzz_haven.hives is
  'Managed beehives, hosted or at the sanctuary; status active, queenless, swarmed, dead_out or retired.';
comment on column buzz_haven.hives.latitude is 'The hive''s own position (WGS 84), staff only; the public map shows an approximate one.';
comment on column buzz_haven.hives.on_map is 'The host lets the public see this hive on /hives (at an approximate position).';
comment on column buzz_haven.hives.host_email is 'The host''s e-mail: signed in with it (confirmed), the host sees the hive on /my-hive.';
alter table buzz_haven.hives enable row level security;
-- The hives a host who signed in sees (/my-hive).
create index hives_host_email_idx on buzz_haven.hives (lower(host_email));
select buzz_haven.manage_resource('buzz_haven.hives', 'hive', 'name');

-- Buzz Haven: hives fully managed. Create and update for any back-office role, delete for
-- owners and admins. Updates: a null argument keeps the value, p_clear lists the nullable columns
-- to set to null (buzz_haven.check_clear). The hive list with its inspection-due flag follows the
-- inspections (it reads them).

create or replace function buzz_haven.check_hive(v buzz_haven.hives) returns void
language plpgsql stable set search_path = ''
as $$
begin
  perform buzz_haven.check_input(nullif(btrim(v.name), '') is not null, 'Name is required');
  perform buzz_haven.check_input((v.latitude is null) = (v.longitude is null), 'Latitude and longitude go together: give both or neither');
  perform buzz_haven.check_input(
    not v.on_map or (v.latitude is not null and v.neighbourhood is not null),
    'A hive on the map needs its neighbourhood, latitude and longitude'
  );
  perform buzz_haven.check_input(
    not v.show_host_name or v.host_display_name is not null,
    'Showing the host''s name needs a host display name'
  );
end;
$$;
revoke all on function buzz_haven.check_hive(buzz_haven.hives) from public, anon, authenticated;

-- Buzz Haven: hive inspections and the hive list with its inspection-due flag.
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
  updated_at timestamptz not null default now(),
  -- shared with the hive's adopters and host on /my-hive: the sentence they read
  -- and a photo from the media library: its public URL or, as the seeded library's, an image data URL
  share boolean not null default false,
  share_note text constraint hive_inspections_share_note_length check (char_length(share_note) <= 300),
  share_photo_url text constraint hive_inspections_share_photo_url_format
    check (char_length(share_photo_url) <= 10000 and (share_photo_url ~ '^https?://' or share_photo_url like 'data:image/%')),
  -- how the varroa count was taken, and how many bees it stands for (mites per 100 bees = count
  -- * 100 / sample size; compared with varroa_settings.threshold_per_100)
  varroa_method text constraint hive_inspections_varroa_method_known
    check (varroa_method in ('alcohol_wash', 'sugar_roll', 'sticky_board')),
  varroa_sample_size integer not null default 300
    constraint hive_inspections_varroa_sample_size_range check (varroa_sample_size between 50 and 1000),
  constraint hive_inspections_share_has_note check (not share or share_note is not null)
);
comment on table buzz_haven.hive_inspections is
  'Hive inspection log; varroa_count = mites in varroa_sample_size bees (by varroa_method); created_by = the recording buzz_haven.users id.';
comment on column buzz_haven.hive_inspections.share is 'Shown to the hive''s adopters and host on /my-hive (with share_note and share_photo_url).';

alter table buzz_haven.hive_inspections enable row level security;
revoke all on buzz_haven.hive_inspections from public, anon, authenticated;
select buzz_haven.manage_resource('buzz_haven.hive_inspections', 'inspection of', 'inspected_on');

-- An inspection's arguments as given (create_row's p_check_values): a create's hive, and the honey
-- before it is stored in numeric(6, 1): one decimal at most (the column would round it), and a
-- value the column cannot even hold fails with its range's message.
create or replace function buzz_haven.check_inspection_values(p_values jsonb) returns void
language plpgsql stable set search_path = ''
as $$
declare
  v_lb numeric := (p_values ->> 'honey_harvested_lb')::numeric;
begin
  perform buzz_haven.check_input(not p_values ? 'hive_id' or p_values ->> 'hive_id' is not null, 'Hive is required');
  if abs(v_lb) >= 100000 then
    raise exception using errcode = '23514', constraint = 'hive_inspections_honey_harvested_lb_range',
      message = (select buzz_haven.constraint_message(c.oid) from pg_catalog.pg_constraint as c
                 where c.conrelid = 'buzz_haven.hive_inspections'::regclass and c.conname = 'hive_inspections_honey_harvested_lb_range'),
      detail = pg_catalog.json_build_object('field', 'honey_harvested_lb', 'constraint', 'hive_inspections_honey_harvested_lb_range')::text;
  end if;
  perform buzz_haven.check_input(v_lb is null or v_lb = round(v_lb, 1), 'Honey harvested takes one decimal at most');
end;
$$;
revoke all on function buzz_haven.check_inspection_values(jsonb) from public, anon, authenticated;

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

-- Every inspection, newest first; the admin narrows it to one hive with PostgREST's hive_id=eq.

-- The rules of one inspection row that no CHECK holds; its hive must be there (PT404).
create or replace function buzz_haven.check_inspection(v buzz_haven.hive_inspections) returns void
language plpgsql stable set search_path = ''
as $$
begin
  perform buzz_haven.check_input(v.inspected_on is not null, 'Inspection date is required');
  perform buzz_haven.check_found(exists (select 1 from buzz_haven.hives as h where h.id = v.hive_id), 'Hive not found');
end;
$$;
revoke all on function buzz_haven.check_inspection(buzz_haven.hive_inspections) from public, anon, authenticated;

-- Mites per 100 bees, one decimal: what beekeepers compare with the treatment threshold. The
-- list views call these two with the caller's rights (a view's functions run as its reader), so
-- they live beside buzz_haven_lists.staff_only, with its grants.
create function buzz_haven_lists.mites_per_100(p_count integer, p_sample_size integer) returns numeric
language sql
immutable
set search_path = ''
as $$ select round(p_count * 100.0 / p_sample_size, 1) $$;
revoke all on function buzz_haven_lists.mites_per_100(integer, integer) from public;
grant execute on function buzz_haven_lists.mites_per_100(integer, integer) to anon, authenticated, service_role;

-- A hive is flagged while its latest count is over the threshold (buzz_haven.varroa_settings)
-- and no treatment (buzz_haven.hive_treatments) has started since that count. Security definer:
-- it reads those tables, which the caller has no grant on.
create function buzz_haven_lists.varroa_flagged(p_hive_id uuid, p_per_100 numeric, p_counted_on date) returns boolean
language sql stable security definer set search_path = ''
as $$
  select coalesce(p_per_100 > (select s.threshold_per_100 from buzz_haven.varroa_settings as s), false)
    and not exists (select 1 from buzz_haven.hive_treatments as t where t.hive_id = p_hive_id and t.started_on >= p_counted_on)
$$;
revoke all on function buzz_haven_lists.varroa_flagged(uuid, numeric, date) from public;
grant execute on function buzz_haven_lists.varroa_flagged(uuid, numeric, date) to anon, authenticated, service_role;

create view buzz_haven_lists.hive_inspections as
  select i.*, buzz_haven_lists.mites_per_100(i.varroa_count, i.varroa_sample_size) as mites_per_100
  from buzz_haven.hive_inspections as i where buzz_haven_lists.staff_only();

-- buzz_haven.hive_overview's columns, read with the owner's rights, then the map's columns.
create view buzz_haven_lists.hives as
select
  h.id, h.name, h.location, h.status, h.queen_installed_date, h.created_at,
  h.host, h.queen_source, h.queen_marking, h.notes, h.updated_at,
  last.inspected_on as last_inspection_date,
  (h.status in ('active', 'queenless', 'swarmed')
    and (last.inspected_on is null or last.inspected_on < current_date - 21)) as inspection_due,
  h.neighbourhood, h.latitude, h.longitude, h.on_map, h.host_display_name, h.show_host_name, h.show_adopter_names,
  mites.per_100 as mites_per_100,
  buzz_haven_lists.varroa_flagged(h.id, mites.per_100, mites.inspected_on) as varroa_flag,
  h.sign_code, h.name_es, buzz_haven_lists.needs_spanish(h.name, h.name_es) as spanish_missing
from buzz_haven.hives as h
left join lateral (
  select i.inspected_on from buzz_haven.hive_inspections as i
  where i.hive_id = h.id order by i.inspected_on desc limit 1
) as last on true
-- the latest varroa count
left join lateral (
  select i.inspected_on, buzz_haven_lists.mites_per_100(i.varroa_count, i.varroa_sample_size) as per_100
  from buzz_haven.hive_inspections as i
  where i.hive_id = h.id and i.varroa_count is not null order by i.inspected_on desc, i.created_at desc limit 1
) as mites on true
where buzz_haven_lists.staff_only();
create function public.get_buzz_haven_hives() returns setof buzz_haven_lists.hives
language sql stable as $$ select * from buzz_haven_lists.hives $$;
create function public.get_buzz_haven_inspections() returns setof buzz_haven_lists.hive_inspections
language sql stable as $$ select * from buzz_haven_lists.hive_inspections $$;

-- Privileges: EXECUTE for the three API roles only (buzz_haven.grant_api_execute).
select buzz_haven.grant_api_execute('get_buzz_haven_hives', 'get_buzz_haven_inspections');

-- Inspections (inspections resource): order=inspected_on.desc,id.asc
create index hive_inspections_list_inspected_idx on buzz_haven.hive_inspections (inspected_on desc, id);
-- A hive's inspections (hive page): hive_id=eq.<id>&order=inspected_on.desc,id.asc, and the
-- hive list's latest inspection per hive (buzz_haven_lists.hives)
create index hive_inspections_list_hive_idx on buzz_haven.hive_inspections (hive_id, inspected_on desc, id);
