-- Hives: hives, inspections (and the shared ones), the hive map, honey harvests and batches, my
-- hives.
-- Declared whole: this file says what the database holds for its area; supabase/migrations
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

-- Buzz Haven: the map of the city's hives.
-- Each hive has its neighbourhood, its stored coordinates (the host's yard: staff only, never
-- public) and its host's choices of what the public sees (columns of buzz_haven.hives).
-- The public map reads get_buzz_haven_hive_map() (anon): one row per hive its host shows, at an
-- APPROXIMATE position computed here, on the server: the centre of the ~300 m grid cell holding
-- the hive, or, when that centre is less than 100 m from the hive, the centre of the cell north of
-- it; never the stored coordinates, never the address (buzz_haven.hives.location).

-- The grid: rows of 0.0027 degrees of latitude (about 300 m); in each row, columns of about 300 m
-- (0.0027 degrees divided by the cosine of the row's middle latitude). Immutable and exact in
-- numeric for the latitude; the longitude is rounded to 6 digits like the stored one.
create function buzz_haven.approximate_position(p_latitude numeric, p_longitude numeric,
  out latitude numeric, out longitude numeric)
language plpgsql
immutable
set search_path = ''
as $$
declare
  v_step constant numeric := 0.0027;
  v_row numeric := floor(p_latitude / v_step);
  v_lat numeric;
  v_lng_step numeric;
  v_lng numeric;
  v_metres double precision;
begin
  if p_latitude is null or p_longitude is null then
    return;
  end if;
  for v_attempt in 0..1 loop
    v_lat := (v_row + 0.5) * v_step;
    v_lng_step := v_step / cos(radians(v_lat::double precision))::numeric;
    v_lng := round((floor(p_longitude / v_lng_step) + 0.5) * v_lng_step, 6);
    -- equirectangular distance in metres (exact enough at 300 m)
    v_metres := 111320 * sqrt(power((v_lat - p_latitude)::double precision, 2)
      + power(((v_lng - p_longitude) * cos(radians(v_lat::double precision))::numeric)::double precision, 2));
    exit when v_metres >= 100;
    v_row := v_row + 1; -- too near the hive: the centre of the cell to the north
  end loop;
  latitude := round(v_lat, 6);
  longitude := v_lng;
end;
$$;
revoke all on function buzz_haven.approximate_position(numeric, numeric) from public, anon, authenticated;

create function public.create_buzz_haven_hive(
  p_name text, p_location text default null, p_host text default null, p_status text default 'active',
  p_queen_installed_date date default null, p_queen_source text default null, p_queen_marking text default null,
  p_notes text default null, p_neighbourhood text default null, p_latitude numeric default null,
  p_longitude numeric default null, p_on_map boolean default false, p_host_display_name text default null,
  p_show_host_name boolean default false, p_show_adopter_names boolean default false,
  p_name_es text default null
)
returns buzz_haven.hives
language sql security definer set search_path = '' -- writes buzz_haven.hives, which the caller has no grant on
as $$
  select buzz_haven.create_row(null::buzz_haven.hives, jsonb_build_object('name', btrim(p_name),
    'location', nullif(btrim(p_location), ''), 'host', nullif(btrim(p_host), ''), 'status', coalesce(p_status, 'active'),
    'queen_installed_date', p_queen_installed_date, 'queen_source', nullif(btrim(p_queen_source), ''),
    'queen_marking', nullif(btrim(p_queen_marking), ''), 'notes', nullif(btrim(p_notes), ''),
    'neighbourhood', nullif(btrim(p_neighbourhood), ''), 'latitude', p_latitude, 'longitude', p_longitude,
    'on_map', coalesce(p_on_map, false), 'host_display_name', nullif(btrim(p_host_display_name), ''),
    'show_host_name', coalesce(p_show_host_name, false), 'show_adopter_names', coalesce(p_show_adopter_names, false),
    'name_es', nullif(btrim(p_name_es), '')
  ), p_check => 'buzz_haven.check_hive')
$$;

create function public.update_buzz_haven_hive(
  p_id uuid, p_name text default null, p_location text default null, p_host text default null,
  p_status text default null, p_queen_installed_date date default null, p_queen_source text default null,
  p_queen_marking text default null, p_notes text default null, p_neighbourhood text default null,
  p_latitude numeric default null, p_longitude numeric default null, p_on_map boolean default null,
  p_host_display_name text default null, p_show_host_name boolean default null,
  p_show_adopter_names boolean default null, p_clear text[] default '{}', p_name_es text default null
)
returns buzz_haven.hives
language sql security definer set search_path = '' -- writes buzz_haven.hives, which the caller has no grant on
as $$
  select buzz_haven.change_row(null::buzz_haven.hives, p_id, 'Hive not found', jsonb_build_object('name', btrim(p_name),
    'location', btrim(p_location), 'host', btrim(p_host), 'status', p_status, 'queen_installed_date', p_queen_installed_date,
    'queen_source', btrim(p_queen_source), 'queen_marking', btrim(p_queen_marking), 'notes', btrim(p_notes),
    'neighbourhood', btrim(p_neighbourhood), 'latitude', p_latitude, 'longitude', p_longitude, 'on_map', p_on_map,
    'host_display_name', btrim(p_host_display_name), 'show_host_name', p_show_host_name,
    'show_adopter_names', p_show_adopter_names, 'name_es', btrim(p_name_es)
  ), p_clear, '{location, host, queen_installed_date, queen_source, queen_marking, notes, neighbourhood, latitude,
    longitude, host_display_name, name_es}', p_check => 'buzz_haven.check_hive')
$$;

-- Deleting a hive deletes its inspections (on delete cascade).
create function public.delete_buzz_haven_hive(p_id uuid) returns buzz_haven.hives
language sql security definer set search_path = '' -- deletes from buzz_haven.hives, which the caller has no grant on
as $$
  select buzz_haven.delete_row(null::buzz_haven.hives, p_id, 'Hive not found', 'Only an owner or admin can delete hives')
$$;

select buzz_haven.grant_api_execute('create_buzz_haven_hive', 'update_buzz_haven_hive', 'delete_buzz_haven_hive');

-- The public map with each hive's latest wrap (the columns the map page reads).
create or replace function public.get_buzz_haven_hive_map()
returns table (
  id uuid,
  name text,
  neighbourhood text,
  latitude numeric,
  longitude numeric,
  host_name text,
  adopter_names text[],
  wrap_title text,
  wrap_artist text,
  wrap_image_url text,
  wrap_installed_on date,
  name_es text
)
language sql
stable
security definer -- reads buzz_haven.hives, adoption_requests, hive_wraps and art_designs, which anon has no grant on
set search_path = ''
as $$
  select h.id, h.name, h.neighbourhood, p.latitude, p.longitude,
    case when h.show_host_name then h.host_display_name end,
    case when h.show_adopter_names then coalesce((
      select array_agg(distinct split_part(btrim(coalesce(a.recipient_name, a.name)), ' ', 1))
      from buzz_haven.adoption_requests as a
      where a.hive_id = h.id and a.status = 'active'
    ), '{}') else '{}' end,
    w.title, w.artist_name, w.photo_url, w.installed_on, h.name_es
  from buzz_haven.hives as h
  cross join lateral buzz_haven.approximate_position(h.latitude, h.longitude) as p
  left join lateral (
    select d.title, d.artist_name, x.photo_url, x.installed_on
    from buzz_haven.hive_wraps as x
    join buzz_haven.art_designs as d on d.id = x.design_id
    where x.hive_id = h.id
    order by x.installed_on desc, x.created_at desc
    limit 1
  ) as w on true
  where h.on_map and h.status <> 'retired' and h.latitude is not null
  order by h.neighbourhood, h.name, h.id
$$;
select buzz_haven.grant_api_execute('get_buzz_haven_hive_map');

-- Buzz Haven: honey you can trace. A harvest records where and when honey
-- came off a hive: the hive, the date and season, the neighbourhood (approximate: a
-- neighbourhood's name, never an address), weight, moisture and floral notes, and optionally the
-- inspection that recorded the pounds harvested (its hive must be the harvest's; its pounds are
-- the weight when none is given). A batch groups harvests (each harvest names its batch) into jars
-- of a product, with a short code printed on the label (EH-24F-07: 2-4 capital letters, the year's
-- two digits and a season letter, a 2-3 digit number), a jar count, and a published flag: a
-- published batch of a public product with at least one harvest has a page on the site
-- (/honey/<code>, get_buzz_haven_public_honey_batches, anon) and is its product's current batch on
-- /shop (the latest bottled). Staff edit both in the back office (Harvests, Honey Batches);
-- deleting needs an owner or admin, and the second factor when they have one; every change is in
-- the activity log.

create table buzz_haven.honey_batches (
  id uuid primary key default gen_random_uuid(),
  code text not null
    constraint honey_batches_code_unique unique
    constraint honey_batches_code_format check (code ~ '^[A-Z]{2,4}-[0-9]{2}[A-Z]-[0-9]{2,3}$')
    constraint honey_batches_code_length check (char_length(code) <= 12),
  product_id uuid not null references buzz_haven.products (id) on delete restrict,
  jar_count integer not null constraint honey_batches_jar_count_range check (jar_count between 1 and 100000),
  bottled_on date,
  net_weight text constraint honey_batches_net_weight_length check (char_length(net_weight) <= 60),
  notes text constraint honey_batches_notes_length check (char_length(notes) <= 2000),
  published boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- the notes on the Spanish batch page; null: the English shows
  notes_es text constraint honey_batches_notes_es_length check (char_length(notes_es) <= 2000)
);
comment on table buzz_haven.honey_batches is
  'Jars of one product filled from some harvests; code on the label (EH-24F-07); published = has a page at /honey/<code>.';
create index honey_batches_product_id_idx on buzz_haven.honey_batches (product_id);

-- The neighbourhoods staff define. A harvest's neighbourhood is printed on its honey
-- labels and shown on /honey/<code>, so it is chosen from this list, never typed: a free-text
-- value such as "Secret Lane by the Lemon Tree" would publish where a hive stands. Owners and
-- admins keep the list (Neighbourhoods in the back office); a name is a neighbourhood's, with no
-- numbers. Renaming one renames it on every harvest (on update cascade); one in use cannot be
-- removed.
create table buzz_haven.neighbourhoods (
  id uuid primary key default gen_random_uuid(),
  name text not null constraint neighbourhoods_name_unique unique
    constraint neighbourhoods_name_not_blank check (btrim(name) <> '')
    constraint neighbourhoods_name_length check (char_length(name) <= 100)
    constraint neighbourhoods_name_no_numbers check (name !~ '[0-9]'),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table buzz_haven.neighbourhoods is
  'The neighbourhoods harvests are placed in (a name, never an address); owners and admins keep the list.';
alter table buzz_haven.neighbourhoods enable row level security;
revoke all on buzz_haven.neighbourhoods from public, anon, authenticated;
select buzz_haven.manage_resource('buzz_haven.neighbourhoods', 'neighbourhood', 'name');
-- The list starts with the service area's neighbourhood (buzz_haven.service_area_zips).
insert into buzz_haven.neighbourhoods (name) values ('East Hills');

create table buzz_haven.honey_harvests (
  id uuid primary key default gen_random_uuid(),
  hive_id uuid not null references buzz_haven.hives (id) on delete restrict,
  inspection_id uuid references buzz_haven.hive_inspections (id) on delete set null,
  batch_id uuid references buzz_haven.honey_batches (id) on delete set null,
  harvested_on date not null,
  season text not null constraint honey_harvests_season_known check (season in ('spring', 'summer', 'fall', 'winter')),
  -- not blank, 100 characters at most, no numbers: three CHECKs, so each has its own message
  -- (constraint_messages); check_honey_harvest keeps only that one is given (null passes a CHECK)
  neighbourhood text not null
    constraint honey_harvests_neighbourhood_not_blank check (btrim(neighbourhood) <> '')
    constraint honey_harvests_neighbourhood_length check (char_length(neighbourhood) <= 100)
    constraint honey_harvests_neighbourhood_no_numbers check (neighbourhood !~ '[0-9]')
    constraint honey_harvests_neighbourhood_fkey references buzz_haven.neighbourhoods (name) on update cascade,
  weight_lb numeric(7, 1) constraint honey_harvests_weight_range check (weight_lb between 0 and 10000),
  moisture_pct numeric(4, 1) constraint honey_harvests_moisture_range check (moisture_pct between 10 and 30),
  floral_notes text constraint honey_harvests_floral_notes_length check (char_length(floral_notes) <= 1000),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table buzz_haven.honey_harvests is
  'Honey taken off a hive: date, season, neighbourhood (never an address), weight (lb), moisture (%), floral notes; its batch.';
create index honey_harvests_batch_id_idx on buzz_haven.honey_harvests (batch_id);
create index honey_harvests_hive_id_idx on buzz_haven.honey_harvests (hive_id);
create index honey_harvests_neighbourhood_idx on buzz_haven.honey_harvests (neighbourhood);

alter table buzz_haven.honey_batches enable row level security;
alter table buzz_haven.honey_harvests enable row level security;
revoke all on buzz_haven.honey_batches, buzz_haven.honey_harvests from public, anon, authenticated;

select buzz_haven.manage_resource('buzz_haven.honey_batches', 'honey batch', 'code');
select buzz_haven.manage_resource('buzz_haven.honey_harvests', 'harvest of', 'harvested_on');

create function public.get_buzz_haven_neighbourhoods() returns setof buzz_haven.neighbourhoods
language sql stable security definer set search_path = '' -- reads buzz_haven.neighbourhoods through buzz_haven.list_rows
as $$ select * from buzz_haven.list_rows(null::buzz_haven.neighbourhoods, 't.name') $$;

create function public.create_buzz_haven_neighbourhood(p_name text) returns buzz_haven.neighbourhoods
language sql security definer set search_path = '' -- writes buzz_haven.neighbourhoods, which the caller has no grant on
as $$
  select buzz_haven.create_row(null::buzz_haven.neighbourhoods, jsonb_build_object('name', btrim(p_name)), 'name',
    'This neighbourhood is already in the list', p_refusal => 'Only an owner or admin can add a neighbourhood')
$$;

create function public.update_buzz_haven_neighbourhood(p_id uuid, p_name text default null, p_clear text[] default '{}')
returns buzz_haven.neighbourhoods
language sql security definer set search_path = '' -- writes buzz_haven.neighbourhoods (and, by cascade, harvests)
as $$
  select buzz_haven.change_row(null::buzz_haven.neighbourhoods, p_id, 'Neighbourhood not found',
    jsonb_build_object('name', btrim(p_name)), p_clear, p_unique => 'name', p_taken => 'This neighbourhood is already in the list',
    p_refusal => 'Only an owner or admin can rename a neighbourhood')
$$;

create function public.delete_buzz_haven_neighbourhood(p_id uuid) returns buzz_haven.neighbourhoods
language plpgsql security definer set search_path = '' -- deletes from buzz_haven.neighbourhoods, which the caller has no grant on
as $$
begin
  perform buzz_haven.require_role(array['owner', 'admin'], 'Only an owner or admin can remove a neighbourhood');
  if exists (select 1 from buzz_haven.neighbourhoods as n join buzz_haven.honey_harvests as h on h.neighbourhood = n.name
             where n.id = p_id) then
    raise exception 'This neighbourhood has harvests, so it cannot be removed: rename it instead'
      using errcode = 'PT409';
  end if;
  return buzz_haven.delete_row(null::buzz_haven.neighbourhoods, p_id, 'Neighbourhood not found', p_roles => null);
end;
$$;

select buzz_haven.grant_api_execute('get_buzz_haven_neighbourhoods', 'create_buzz_haven_neighbourhood',
  'update_buzz_haven_neighbourhood', 'delete_buzz_haven_neighbourhood');

-- 'fall', 2024-10-02 -> 'Fall 2024'
create function buzz_haven.season_label(p_season text, p_on date) returns text
language sql immutable set search_path = ''
as $$
  select initcap(p_season) || ' ' || extract(year from p_on)::integer::text
$$;
revoke all on function buzz_haven.season_label(text, date) from public, anon, authenticated;

create or replace function buzz_haven.check_honey_batch(v buzz_haven.honey_batches) returns void
language plpgsql stable set search_path = ''
as $$
begin
  perform buzz_haven.explain_row(v); -- the code's shape and the lengths: honey_batches' CHECKs
  perform buzz_haven.check_input(not exists (select 1 from buzz_haven.honey_batches as b where b.code = v.code and b.id <> v.id),
    'Another batch has this code');
  perform buzz_haven.check_input(v.product_id is not null, 'Product is required');
  perform buzz_haven.check_input(exists (select 1 from buzz_haven.products as p where p.id = v.product_id), 'Product not found');
  perform buzz_haven.check_input(
    not v.published or exists (select 1 from buzz_haven.honey_harvests as h where h.batch_id = v.id),
    'A batch needs at least one harvest before it is published: record its harvests first');
end;
$$;
revoke all on function buzz_haven.check_honey_batch(buzz_haven.honey_batches) from public, anon, authenticated;

-- The back-office lists, read page by page as the other lists are (a staff-only view behind a
-- one-line inlinable function, as every list RPC is).
create view buzz_haven_lists.honey_batches as
  select b.*, buzz_haven_lists.needs_spanish(b.notes, b.notes_es) as spanish_missing
  from buzz_haven.honey_batches as b where buzz_haven_lists.staff_only();
create view buzz_haven_lists.honey_harvests as
  select h.* from buzz_haven.honey_harvests as h where buzz_haven_lists.staff_only();
grant select on buzz_haven_lists.honey_batches, buzz_haven_lists.honey_harvests to anon, authenticated, service_role;
create function public.get_buzz_haven_honey_batches() returns setof buzz_haven_lists.honey_batches
language sql stable as $$ select * from buzz_haven_lists.honey_batches $$;
create function public.get_buzz_haven_honey_harvests() returns setof buzz_haven_lists.honey_harvests
language sql stable as $$ select * from buzz_haven_lists.honey_harvests $$;
create index honey_harvests_list_harvested_idx on buzz_haven.honey_harvests (harvested_on desc, id);

-- Texts are trimmed (the code is upper-cased); an empty optional text is no text.
create function public.create_buzz_haven_honey_batch(p_code text, p_product_id uuid, p_jar_count integer,
  p_bottled_on date default null, p_net_weight text default null, p_notes text default null,
  p_published boolean default false, p_notes_es text default null)
returns buzz_haven.honey_batches
language sql security definer set search_path = '' -- writes buzz_haven.honey_batches, which the caller has no grant on
as $$
  select buzz_haven.create_row(null::buzz_haven.honey_batches, jsonb_build_object('code', upper(btrim(p_code)),
    'product_id', p_product_id, 'jar_count', p_jar_count, 'bottled_on', p_bottled_on,
    'net_weight', nullif(btrim(p_net_weight), ''), 'notes', nullif(btrim(p_notes), ''),
    'published', coalesce(p_published, false),
    'notes_es', nullif(btrim(p_notes_es), '')), p_check => 'buzz_haven.check_honey_batch')
$$;

-- A null argument keeps the value; p_clear names the optional columns to empty.
create function public.update_buzz_haven_honey_batch(p_id uuid, p_code text default null,
  p_product_id uuid default null, p_jar_count integer default null, p_bottled_on date default null,
  p_net_weight text default null, p_notes text default null, p_published boolean default null,
  p_clear text[] default '{}', p_notes_es text default null)
returns buzz_haven.honey_batches
language sql security definer set search_path = '' -- writes buzz_haven.honey_batches, which the caller has no grant on
as $$
  select buzz_haven.change_row(null::buzz_haven.honey_batches, p_id, 'Honey batch not found', jsonb_build_object(
    'code', upper(btrim(p_code)), 'product_id', p_product_id, 'jar_count', p_jar_count, 'bottled_on', p_bottled_on,
    'net_weight', btrim(p_net_weight), 'notes', btrim(p_notes), 'published', p_published,
    'notes_es', btrim(p_notes_es)), p_clear, '{bottled_on, net_weight, notes, notes_es}', p_check => 'buzz_haven.check_honey_batch')
$$;

-- Its harvests stay (their batch is emptied).
create function public.delete_buzz_haven_honey_batch(p_id uuid) returns buzz_haven.honey_batches
language sql security definer set search_path = '' -- deletes from buzz_haven.honey_batches, which the caller has no grant on
as $$
  select buzz_haven.delete_row(null::buzz_haven.honey_batches, p_id, 'Honey batch not found', 'Only an owner or admin can delete honey batches')
$$;

create or replace function buzz_haven.check_honey_harvest(v buzz_haven.honey_harvests) returns void
language plpgsql stable set search_path = ''
as $$
begin
  perform buzz_haven.check_input(v.hive_id is not null, 'Hive is required');
  perform buzz_haven.check_input(exists (select 1 from buzz_haven.hives as h where h.id = v.hive_id), 'Hive not found');
  perform buzz_haven.check_input(v.harvested_on is not null, 'Harvest date is required');
  perform buzz_haven.check_input(v.harvested_on <= current_date + 1, 'Harvest date cannot be in the future');
  perform buzz_haven.check_input(v.season is not null, 'Season must be spring, summer, fall or winter');
  perform buzz_haven.check_input(nullif(btrim(v.neighbourhood), '') is not null, 'Neighbourhood is required');
  perform buzz_haven.check_input(
    v.inspection_id is null or exists (select 1 from buzz_haven.hive_inspections as i where i.id = v.inspection_id),
    'Inspection not found');
  perform buzz_haven.check_input(
    v.inspection_id is null or exists (
      select 1 from buzz_haven.hive_inspections as i where i.id = v.inspection_id and i.hive_id = v.hive_id),
    'The inspection is of another hive: link an inspection of this harvest''s hive');
  perform buzz_haven.check_input(
    v.batch_id is null or exists (select 1 from buzz_haven.honey_batches as b where b.id = v.batch_id), 'Batch not found');
end;
$$;
revoke all on function buzz_haven.check_honey_harvest(buzz_haven.honey_harvests) from public, anon, authenticated;


-- Buzz Haven: a harvest's neighbourhood defaults to its hive's (hives.neighbourhood, which the
-- map of the hives shows), so staff type it only for a hive
-- without one or to name it otherwise. The rest of create_buzz_haven_honey_harvest checks
-- the harvest as typed; a hive's neighbourhood with digits is
-- refused for the harvest as a typed one is (the label and the batch page show it).

create or replace function public.create_buzz_haven_honey_harvest(p_hive_id uuid, p_harvested_on date,
  p_season text, p_neighbourhood text, p_weight_lb numeric default null, p_moisture_pct numeric default null,
  p_floral_notes text default null, p_inspection_id uuid default null, p_batch_id uuid default null)
returns buzz_haven.honey_harvests
language sql security definer set search_path = '' -- writes buzz_haven.honey_harvests, which the caller has no grant on
as $$
  select buzz_haven.create_row(null::buzz_haven.honey_harvests, jsonb_build_object('hive_id', p_hive_id,
    'harvested_on', p_harvested_on, 'season', lower(btrim(p_season)),
    'neighbourhood', coalesce(nullif(btrim(p_neighbourhood), ''),
      (select h.neighbourhood from buzz_haven.hives as h where h.id = p_hive_id)),
    'moisture_pct', p_moisture_pct, 'floral_notes', nullif(btrim(p_floral_notes), ''),
    'inspection_id', p_inspection_id, 'batch_id', p_batch_id,
    'weight_lb', coalesce(p_weight_lb, (select i.honey_harvested_lb from buzz_haven.hive_inspections as i
      where i.id = p_inspection_id and i.hive_id = p_hive_id))
  ), p_check => 'buzz_haven.check_honey_harvest')
$$;

create function public.update_buzz_haven_honey_harvest(
  p_id uuid,
  p_hive_id uuid default null,
  p_harvested_on date default null,
  p_season text default null,
  p_neighbourhood text default null,
  p_weight_lb numeric default null,
  p_moisture_pct numeric default null,
  p_floral_notes text default null,
  p_inspection_id uuid default null,
  p_batch_id uuid default null,
  p_clear text[] default '{}'
)
returns buzz_haven.honey_harvests
language plpgsql security definer set search_path = '' -- writes buzz_haven.honey_harvests, which the caller has no grant on
as $$
declare
  v buzz_haven.honey_harvests;
  v_old_batch uuid;
  c text[] := coalesce(p_clear, '{}');
begin
  perform buzz_haven.require_role();
  perform buzz_haven.check_clear(c, array['weight_lb', 'moisture_pct', 'floral_notes', 'inspection_id', 'batch_id'],
    array_remove(array[
      case when p_weight_lb is not null then 'weight_lb' end,
      case when p_moisture_pct is not null then 'moisture_pct' end,
      case when p_floral_notes is not null then 'floral_notes' end,
      case when p_inspection_id is not null then 'inspection_id' end,
      case when p_batch_id is not null then 'batch_id' end
    ], null));
  v := buzz_haven.lock_row(null::buzz_haven.honey_harvests, p_id, 'Harvest not found');
  v_old_batch := v.batch_id;
  v.hive_id := coalesce(p_hive_id, v.hive_id);
  v.harvested_on := coalesce(p_harvested_on, v.harvested_on);
  v.season := coalesce(lower(btrim(p_season)), v.season);
  v.neighbourhood := coalesce(btrim(p_neighbourhood), v.neighbourhood);
  v.weight_lb := case when 'weight_lb' = any (c) then null else coalesce(p_weight_lb, v.weight_lb) end;
  v.moisture_pct := case when 'moisture_pct' = any (c) then null else coalesce(p_moisture_pct, v.moisture_pct) end;
  v.floral_notes := case when 'floral_notes' = any (c) then null
    when p_floral_notes is null then v.floral_notes else nullif(btrim(p_floral_notes), '') end;
  v.inspection_id := case when 'inspection_id' = any (c) then null else coalesce(p_inspection_id, v.inspection_id) end;
  v.batch_id := case when 'batch_id' = any (c) then null else coalesce(p_batch_id, v.batch_id) end;
  perform buzz_haven.check_honey_harvest(v);
  update buzz_haven.honey_harvests as h
  set hive_id = v.hive_id, harvested_on = v.harvested_on, season = v.season, neighbourhood = v.neighbourhood,
    weight_lb = v.weight_lb, moisture_pct = v.moisture_pct, floral_notes = v.floral_notes,
    inspection_id = v.inspection_id, batch_id = v.batch_id
  where h.id = p_id returning h.* into v;
  if v_old_batch is distinct from v.batch_id then
    perform buzz_haven.check_published_batch_keeps_harvest(v_old_batch);
  end if;
  return v;
end;
$$;

-- A published batch keeps one harvest at least.
create function public.delete_buzz_haven_honey_harvest(p_id uuid) returns buzz_haven.honey_harvests
language sql security definer set search_path = '' -- deletes from buzz_haven.honey_harvests, which the caller has no grant on
as $$
  select buzz_haven.delete_row(null::buzz_haven.honey_harvests, p_id, 'Harvest not found',
    'Only an owner or admin can delete harvests', p_then => 'buzz_haven.check_published_batch_keeps_harvest(t.batch_id)')
$$;

-- Buzz Haven: a honey batch's page shows its hives "with their wrap art". Each
-- hive of buzz_haven.honey_batch_story (above), which
-- get_buzz_haven_public_honey_batches returns to the site build, gains its latest wrap: the
-- design's title and artist and the installation's photo (the same one the public map shows,
-- buzz_haven.hive_wraps in the art area), or null for a hive without one. A wrap is public art,
-- shown whether or not the host puts the hive on the map; nothing else of the hive is added: never
-- its coordinates, its address (location) or its host. The rest of the function is unchanged.

create or replace function buzz_haven.honey_batch_story(p_batch_id uuid)
returns table (harvested_in text, season text, harvested_on date, hives jsonb, harvests jsonb)
language sql stable set search_path = ''
as $$
  select
    (select string_agg(n.neighbourhood, ' & ' order by n.first_on, n.neighbourhood) from (
      select h.neighbourhood, min(h.harvested_on) as first_on from buzz_haven.honey_harvests as h
      where h.batch_id = p_batch_id group by h.neighbourhood) as n),
    (select string_agg(s.label, ' & ' order by s.first_on) from (
      select buzz_haven.season_label(h.season, h.harvested_on) as label, min(h.harvested_on) as first_on
      from buzz_haven.honey_harvests as h where h.batch_id = p_batch_id
      group by buzz_haven.season_label(h.season, h.harvested_on)) as s),
    (select max(h.harvested_on) from buzz_haven.honey_harvests as h where h.batch_id = p_batch_id),
    coalesce((select jsonb_agg(jsonb_build_object('id', x.id, 'name', x.name, 'name_es', x.name_es, 'neighbourhood', x.neighbourhood,
        'wrap', (select jsonb_build_object('title', d.title, 'artist', d.artist_name, 'photo_url', w.photo_url)
          from buzz_haven.hive_wraps as w
          join buzz_haven.art_designs as d on d.id = w.design_id
          where w.hive_id = x.id
          order by w.installed_on desc, w.created_at desc
          limit 1))
        order by x.name) from (
      select distinct on (hv.id) hv.id, hv.name, hv.name_es, h.neighbourhood
      from buzz_haven.honey_harvests as h join buzz_haven.hives as hv on hv.id = h.hive_id
      where h.batch_id = p_batch_id order by hv.id, h.harvested_on desc) as x), '[]'::jsonb),
    coalesce((select jsonb_agg(jsonb_build_object(
        'harvested_on', h.harvested_on, 'season', buzz_haven.season_label(h.season, h.harvested_on),
        'neighbourhood', h.neighbourhood, 'hive', hv.name, 'hive_es', hv.name_es, 'weight_lb', h.weight_lb,
        'moisture_pct', h.moisture_pct, 'floral_notes', h.floral_notes) order by h.harvested_on, hv.name)
      from buzz_haven.honey_harvests as h join buzz_haven.hives as hv on hv.id = h.hive_id
      where h.batch_id = p_batch_id), '[]'::jsonb)
$$;
revoke all on function buzz_haven.honey_batch_story(uuid) from public, anon, authenticated;

-- The label sheet's facts (back office): net weight is the batch's, else the product's size label.
create function public.get_buzz_haven_honey_batch_label(p_id uuid)
returns table (
  id uuid, code text, product_name text, net_weight text, harvested_in text, season text, published boolean
)
language plpgsql
stable
security definer -- reads buzz_haven.honey_batches and harvests, which the caller has no grant on
set search_path = ''
as $$
begin
  perform buzz_haven.require_role();
  if not exists (select 1 from buzz_haven.honey_batches as b where b.id = p_id) then
    raise exception 'Honey batch not found' using errcode = 'PT404';
  end if;
  return query
  select b.id, b.code, p.name, coalesce(b.net_weight, p.size_label), s.harvested_in, s.season, b.published
  from buzz_haven.honey_batches as b
  join buzz_haven.products as p on p.id = b.product_id
  cross join lateral buzz_haven.honey_batch_story(b.id) as s
  where b.id = p_id;
end;
$$;

-- The site's batch pages (anon): published batches of public products with at least one harvest,
-- newest bottled first. Neighbourhoods only: never a hive's location or host.
create function public.get_buzz_haven_public_honey_batches()
returns table (
  code text, product_slug text, product_name text, net_weight text, jar_count integer, bottled_on date,
  notes text, harvested_in text, season text, harvested_on date, hives jsonb, harvests jsonb,
  product_name_es text, notes_es text
)
language sql
stable
security definer -- reads buzz_haven.honey_batches, harvests and hives, which anon has no grant on
set search_path = ''
as $$
  select b.code, p.slug, p.name, coalesce(b.net_weight, p.size_label), b.jar_count, b.bottled_on, b.notes,
    s.harvested_in, s.season, s.harvested_on, s.hives, s.harvests, p.name_es, b.notes_es
  from buzz_haven.honey_batches as b
  join buzz_haven.products as p on p.id = b.product_id
  cross join lateral buzz_haven.honey_batch_story(b.id) as s
  where b.published and p.is_public and s.harvested_on is not null
  order by coalesce(b.bottled_on, s.harvested_on) desc, b.code
$$;

select buzz_haven.grant_api_execute('get_buzz_haven_honey_batches', 'create_buzz_haven_honey_batch',
  'update_buzz_haven_honey_batch', 'delete_buzz_haven_honey_batch', 'get_buzz_haven_honey_harvests',
  'create_buzz_haven_honey_harvest', 'update_buzz_haven_honey_harvest', 'delete_buzz_haven_honey_harvest',
  'get_buzz_haven_honey_batch_label', 'get_buzz_haven_public_honey_batches');

-- Buzz Haven: inspection highlights shared with a hive's people. Staff mark an
-- inspection to share with the hive's adopters and host (share), write the sentence they will read
-- (share_note) and may add a photo from the Media Library (share_photo_url: its URL, or the image
-- data URL of a seeded picture; columns of buzz_haven.hive_inspections); the /my-hive page
-- shows them (get_buzz_haven_my_hives, below). A hive's host_email is set when a host application
-- is marked installed (update_buzz_haven_host_application, in the requests area).

-- p_id: an id the client made (a phone's queue): the same id sent again returns the stored row.
create function public.create_buzz_haven_inspection(
  p_hive_id uuid, p_inspected_on date, p_inspector text default null, p_queen_seen boolean default null,
  p_eggs_seen boolean default null, p_brood_pattern text default null, p_temperament text default null,
  p_frames_of_bees integer default null, p_varroa_count integer default null, p_treatment text default null,
  p_supers_added integer default null, p_honey_harvested_lb numeric default null, p_notes text default null,
  p_share boolean default null, p_share_note text default null, p_share_photo_url text default null,
  p_varroa_method text default null, p_varroa_sample_size integer default null, p_id uuid default null
)
returns buzz_haven.hive_inspections
language sql security definer set search_path = '' -- writes buzz_haven.hive_inspections, which the caller has no grant on
as $$
  select buzz_haven.create_row(null::buzz_haven.hive_inspections, jsonb_build_object(
    'hive_id', p_hive_id, 'inspected_on', p_inspected_on, 'inspector', nullif(btrim(p_inspector), ''),
    'queen_seen', p_queen_seen, 'eggs_seen', p_eggs_seen, 'brood_pattern', p_brood_pattern, 'temperament', p_temperament,
    'frames_of_bees', p_frames_of_bees, 'varroa_count', p_varroa_count, 'treatment', nullif(btrim(p_treatment), ''),
    'supers_added', p_supers_added, 'honey_harvested_lb', p_honey_harvested_lb, 'notes', nullif(btrim(p_notes), ''),
    'share', p_share, 'share_note', nullif(btrim(p_share_note), ''), 'share_photo_url', nullif(btrim(p_share_photo_url), ''),
    'varroa_method', p_varroa_method, 'varroa_sample_size', p_varroa_sample_size,
    'created_by', (select u.id from buzz_haven.users as u where u.auth_user_id = auth.uid())
  ), p_check => 'buzz_haven.check_inspection', p_id => p_id, p_check_values => 'buzz_haven.check_inspection_values')
$$;

-- A null argument keeps the value; p_clear lists the columns to empty (any but the date and share).
create function public.update_buzz_haven_inspection(
  p_id uuid, p_inspected_on date default null, p_inspector text default null, p_queen_seen boolean default null,
  p_eggs_seen boolean default null, p_brood_pattern text default null, p_temperament text default null,
  p_frames_of_bees integer default null, p_varroa_count integer default null, p_treatment text default null,
  p_supers_added integer default null, p_honey_harvested_lb numeric default null, p_notes text default null,
  p_share boolean default null, p_share_note text default null, p_share_photo_url text default null,
  p_varroa_method text default null, p_varroa_sample_size integer default null, p_clear text[] default '{}'
)
returns buzz_haven.hive_inspections
language sql security definer set search_path = '' -- writes buzz_haven.hive_inspections, which the caller has no grant on
as $$
  select buzz_haven.change_row(null::buzz_haven.hive_inspections, p_id, 'Inspection not found', jsonb_build_object(
    'inspected_on', p_inspected_on, 'inspector', btrim(p_inspector), 'queen_seen', p_queen_seen, 'eggs_seen', p_eggs_seen,
    'brood_pattern', p_brood_pattern, 'temperament', p_temperament, 'frames_of_bees', p_frames_of_bees,
    'varroa_count', p_varroa_count, 'treatment', btrim(p_treatment), 'supers_added', p_supers_added,
    'honey_harvested_lb', p_honey_harvested_lb, 'notes', btrim(p_notes), 'share', p_share,
    'share_note', btrim(p_share_note), 'share_photo_url', btrim(p_share_photo_url), 'varroa_method', p_varroa_method,
    'varroa_sample_size', p_varroa_sample_size
  ), p_clear, '{inspector, queen_seen, eggs_seen, brood_pattern, temperament, frames_of_bees, varroa_count, treatment,
    supers_added, honey_harvested_lb, notes, share_note, share_photo_url, varroa_method}',
  p_check => 'buzz_haven.check_inspection', p_check_values => 'buzz_haven.check_inspection_values')
$$;

create function public.delete_buzz_haven_inspection(p_id uuid) returns buzz_haven.hive_inspections
language sql security definer set search_path = '' -- deletes from buzz_haven.hive_inspections, which the caller has no grant on
as $$
  select buzz_haven.delete_row(null::buzz_haven.hive_inspections, p_id, 'Inspection not found', 'Only an owner or admin can delete inspections')
$$;

select buzz_haven.grant_api_execute('create_buzz_haven_inspection', 'update_buzz_haven_inspection',
  'delete_buzz_haven_inspection');

-- The hive's latest art wrap and the published honey batches it went into. Their tables come
-- with the art area (hive_wraps, applied after this one) and honey_batches: the queries are dynamic, and a table or column not
-- there (yet) gives no wrap and no batches rather than an error.
create function buzz_haven.my_hive_wrap(p_hive_id uuid) returns jsonb
language plpgsql stable set search_path = ''
as $$
declare
  v jsonb;
begin
  if to_regclass('buzz_haven.hive_wraps') is null or to_regclass('buzz_haven.art_designs') is null then
    return null;
  end if;
  execute $q$
    select jsonb_build_object('title', d.title, 'artist', d.artist_name, 'photo_url', w.photo_url, 'installed_on', w.installed_on)
    from buzz_haven.hive_wraps as w join buzz_haven.art_designs as d on d.id = w.design_id
    where w.hive_id = $1 order by w.installed_on desc, w.created_at desc limit 1 $q$
  into v using p_hive_id;
  return v;
exception when undefined_table or undefined_column then
  return null;
end;
$$;
revoke all on function buzz_haven.my_hive_wrap(uuid) from public, anon, authenticated;

create function buzz_haven.my_hive_batches(p_hive_id uuid) returns jsonb
language plpgsql stable set search_path = ''
as $$
declare
  v jsonb;
begin
  if to_regclass('buzz_haven.honey_batches') is null or to_regclass('buzz_haven.honey_harvests') is null then
    return '[]'::jsonb;
  end if;
  execute $q$
    select coalesce(jsonb_agg(jsonb_build_object('code', b.code, 'product', p.name, 'product_es', p.name_es, 'season', b.season,
        'harvested_on', b.harvested_on) order by b.harvested_on desc, b.code), '[]'::jsonb)
    from (select hb.code, hb.product_id, min(h.season) as season, max(h.harvested_on) as harvested_on
      from buzz_haven.honey_batches as hb join buzz_haven.honey_harvests as h on h.batch_id = hb.id
      where h.hive_id = $1 and hb.published group by hb.id, hb.code, hb.product_id) as b
    join buzz_haven.products as p on p.id = b.product_id $q$
  into v using p_hive_id;
  return coalesce(v, '[]'::jsonb);
exception when undefined_table or undefined_column then
  return '[]'::jsonb;
end;
$$;
revoke all on function buzz_haven.my_hive_batches(uuid) from public, anon, authenticated;

create function public.get_buzz_haven_my_hives(p_hive_id uuid default null) returns jsonb
language plpgsql stable security definer set search_path = '' -- reads buzz_haven.hives, hive_inspections, adoption_requests and events, which the caller has no grant on
as $$
declare
  v_email text;
  v_hives jsonb;
begin
  if auth.uid() is null then
    raise exception 'Sign in with the link we e-mail you to see your hive' using errcode = '42501';
  end if;
  v_email := buzz_haven.my_confirmed_email();
  if v_email is null then
    raise exception 'Confirm your e-mail address with the link we sent to see your hive' using errcode = '42501';
  end if;
  with mine as (
    select h.id, 'host' as relation, null::uuid as adoption_id
    from buzz_haven.hives as h where lower(h.host_email) = v_email
    union all
    select a.hive_id, 'adopter', a.id
    from buzz_haven.adoption_requests as a
    where a.hive_id is not null and a.status <> 'ended'
      and (lower(a.email) = v_email or lower(a.recipient_email) = v_email)
  ),
  hive_ids as (
    select m.id, array_agg(distinct m.relation order by m.relation) as relations from mine as m group by m.id
  )
  select coalesce(jsonb_agg(jsonb_build_object(
      'id', h.id,
      'name', h.name,
      'name_es', h.name_es,
      'status', h.status,
      'relations', to_jsonb(x.relations),
      'wrap', buzz_haven.my_hive_wrap(h.id),
      'highlights', coalesce((
        select jsonb_agg(jsonb_build_object('id', i.id, 'date', i.inspected_on, 'note', i.share_note, 'photo_url', i.share_photo_url)
          order by i.inspected_on desc, i.created_at desc)
        from (select * from buzz_haven.hive_inspections as i
          where i.hive_id = h.id and i.share order by i.inspected_on desc, i.created_at desc limit 20) as i), '[]'::jsonb),
      'batches', buzz_haven.my_hive_batches(h.id),
      'adoptions', coalesce((
        select jsonb_agg(jsonb_build_object('tier', a.tier, 'plan', a.plan, 'status', a.status,
            'monthly_price', a.monthly_price, 'since', a.created_at, 'gift', a.plan <> 'monthly')
          order by a.created_at)
        from buzz_haven.adoption_requests as a
        where a.hive_id = h.id and a.status <> 'ended'
          and (lower(a.email) = v_email or lower(a.recipient_email) = v_email)), '[]'::jsonb)
    ) order by h.name, h.id), '[]'::jsonb)
  into v_hives
  from hive_ids as x join buzz_haven.hives as h on h.id = x.id
  where p_hive_id is null or h.id = p_hive_id;
  if p_hive_id is not null and jsonb_array_length(v_hives) = 0 then
    raise exception 'This hive is not one of yours' using errcode = '42501';
  end if;
  return jsonb_build_object(
    'email', v_email,
    'hives', v_hives,
    'workshops', coalesce((
      select jsonb_agg(jsonb_build_object('id', e.id, 'title', e.title, 'start_time', e.start_time, 'location', e.location)
        order by e.start_time)
      from (select * from buzz_haven.events as e
        where e.is_public and e.kind = 'workshop' and e.status = 'scheduled' and e.start_time > now()
        order by e.start_time limit 4) as e), '[]'::jsonb)
  );
end;
$$;

select buzz_haven.grant_api_execute('get_buzz_haven_my_hives');
revoke all on function buzz_haven.honey_batch_story(uuid) from public, anon, authenticated;

-- The messages of this file's table rules (how they are raised: buzz_haven.constraint_messages).
-- What no one-column CHECK holds stays in the functions: an inspection's required date and one
-- decimal of honey; a hive's required name, coordinates given together, a hive on the map placed, a
-- shown host name given; a batch code's format and uniqueness, a product that exists, a published
-- batch's harvest; that a harvest's neighbourhood is given.
-- These tables' bounds and allowed values say their own messages (buzz_haven.derived_message);
-- the rows below give other words.
select buzz_haven.derive_messages('buzz_haven.hive_inspections', 'buzz_haven.hives', 'buzz_haven.honey_batches', 'buzz_haven.honey_harvests', 'buzz_haven.neighbourhoods');
insert into buzz_haven.constraint_messages (constraint_name, message) values
  -- neighbourhoods
  ('neighbourhoods_name_not_blank', 'Name is required'),
  ('neighbourhoods_name_no_numbers', 'Name must be the neighbourhood''s name (e.g. Echo Park), never an address: no numbers'),
  ('honey_harvests_neighbourhood_fkey', 'Choose the neighbourhood from the list (Neighbourhoods): an owner or admin adds a missing one'),
  -- hive_inspections
  ('hive_inspections_varroa_method_known', 'Count method must be alcohol wash, sugar roll or sticky board'),
  ('hive_inspections_varroa_sample_size_range', 'Sample size must be between %s and %s bees'),
  ('hive_inspections_varroa_sample_size_not_null', 'Sample size must be between %s and %s bees'),
  ('hive_inspections_honey_harvested_lb_range', 'Honey harvested must be between %s and %s lb'),
  ('hive_inspections_notes_length', 'Notes are too long (%s characters at most)'),
  ('hive_inspections_share_note_length', 'The shared sentence is too long (%s characters at most)'),
  ('hive_inspections_share_photo_url_format', 'The shared photo must be a picture from the Media Library (a web address or an image)'),
  ('hive_inspections_not_future', 'Inspection date cannot be in the future'),
  ('hive_inspections_share_has_note', 'A shared highlight needs the sentence its people will read'),
  -- honey_harvests
  ('honey_harvests_weight_range', 'Weight must be between %s and %s lb'),
  ('honey_harvests_moisture_range', 'Moisture must be between %s% and %s%'),
  ('honey_harvests_floral_notes_length', 'Floral notes are too long (%s characters at most)'),
  ('honey_harvests_neighbourhood_not_blank', 'Neighbourhood is required'),
  ('honey_harvests_neighbourhood_no_numbers', 'Neighbourhood must be the neighbourhood''s name (e.g. Echo Park), never an address: no numbers'),
  -- hives
  ('hives_notes_length', 'Notes are too long (%s characters at most)'),
  -- honey_batches
  ('honey_batches_jar_count_not_null', 'Jar count must be between %s and %s'),
  ('honey_batches_code_format', 'Batch code must look like EH-24F-07: 2-4 capital letters, a dash, the year''s two digits and a season letter, a dash, a 2-3 digit number'),
  ('honey_batches_code_not_null', 'Batch code must look like EH-24F-07: 2-4 capital letters, a dash, the year''s two digits and a season letter, a dash, a 2-3 digit number'),
  ('honey_batches_notes_length', 'Notes are too long (%s characters at most)'),
  ('honey_batches_notes_es_length', 'Notes (Spanish) are too long (%s characters at most)'),
  ('hives_name_es_length', 'Name (Spanish) is too long (%s characters at most)');
