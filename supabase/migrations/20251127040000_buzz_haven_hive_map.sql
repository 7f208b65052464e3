-- Buzz Haven: the map of the city's hives (issue 26, items 5 and 6).
-- A hive gains its neighbourhood, its stored coordinates (the host's yard: staff only, never
-- public) and its host's choices of what the public sees: shown on the map or not, the host's
-- display name or not, the adopters' first names or not (each off by default).
-- The public map reads get_buzz_haven_hive_map() (anon): one row per hive its host shows, at an
-- APPROXIMATE position computed here, on the server: the centre of the ~300 m grid cell holding
-- the hive, or, when that centre is less than 100 m from the hive, the centre of the cell north of
-- it; never the stored coordinates, never the address (buzz_haven.hives.location).

alter table buzz_haven.hives
  add column neighbourhood text
    constraint hives_neighbourhood_length check (char_length(neighbourhood) <= 100),
  add column latitude numeric(9, 6)
    constraint hives_latitude_range check (latitude between -85 and 85),
  add column longitude numeric(9, 6)
    constraint hives_longitude_range check (longitude between -180 and 180),
  add column on_map boolean not null default false,
  add column host_display_name text
    constraint hives_host_display_name_length check (char_length(host_display_name) <= 100),
  add column show_host_name boolean not null default false,
  add column show_adopter_names boolean not null default false,
  add constraint hives_coordinates_together check ((latitude is null) = (longitude is null)),
  add constraint hives_on_map_placed check (not on_map or (latitude is not null and neighbourhood is not null));

comment on column buzz_haven.hives.latitude is 'The hive''s own position (WGS 84), staff only; the public map shows an approximate one.';
comment on column buzz_haven.hives.on_map is 'The host lets the public see this hive on /hives (at an approximate position).';

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

-- The hive rules of 20251123000320 and the map's.
create or replace function buzz_haven.check_hive(v buzz_haven.hives) returns void
language plpgsql
stable
set search_path = ''
as $$
begin
  perform buzz_haven.check_input(nullif(btrim(v.name), '') is not null, 'Name is required');
  perform buzz_haven.check_input(char_length(v.name) <= 200, 'Name is too long (200 characters at most)');
  perform buzz_haven.check_input(coalesce(char_length(v.location), 0) <= 500, 'Location is too long (500 characters at most)');
  perform buzz_haven.check_input(coalesce(char_length(v.host), 0) <= 200, 'Host is too long (200 characters at most)');
  perform buzz_haven.check_input(
    v.status in ('active', 'queenless', 'swarmed', 'dead_out', 'retired'),
    'Status must be active, queenless, swarmed, dead_out or retired'
  );
  perform buzz_haven.check_input(coalesce(char_length(v.queen_source), 0) <= 200, 'Queen source is too long (200 characters at most)');
  perform buzz_haven.check_input(coalesce(char_length(v.queen_marking), 0) <= 50, 'Queen marking is too long (50 characters at most)');
  perform buzz_haven.check_input(coalesce(char_length(v.notes), 0) <= 5000, 'Notes are too long (5000 characters at most)');
  perform buzz_haven.check_input(coalesce(char_length(v.neighbourhood), 0) <= 100, 'Neighbourhood is too long (100 characters at most)');
  perform buzz_haven.check_input(coalesce(char_length(v.host_display_name), 0) <= 100, 'Host display name is too long (100 characters at most)');
  perform buzz_haven.check_input((v.latitude is null) = (v.longitude is null), 'Latitude and longitude go together: give both or neither');
  perform buzz_haven.check_input(v.latitude is null or v.latitude between -85 and 85, 'Latitude must be between -85 and 85');
  perform buzz_haven.check_input(v.longitude is null or v.longitude between -180 and 180, 'Longitude must be between -180 and 180');
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

-- create and update take the map's columns too (same convention: null keeps, p_clear empties).
drop function public.create_buzz_haven_hive(text, text, text, text, date, text, text, text);
drop function public.update_buzz_haven_hive(uuid, text, text, text, text, date, text, text, text, text[]);

create function public.create_buzz_haven_hive(
  p_name text,
  p_location text default null,
  p_host text default null,
  p_status text default 'active',
  p_queen_installed_date date default null,
  p_queen_source text default null,
  p_queen_marking text default null,
  p_notes text default null,
  p_neighbourhood text default null,
  p_latitude numeric default null,
  p_longitude numeric default null,
  p_on_map boolean default false,
  p_host_display_name text default null,
  p_show_host_name boolean default false,
  p_show_adopter_names boolean default false
)
returns buzz_haven.hives
language plpgsql
security definer -- writes buzz_haven.hives, which the caller has no grant on
set search_path = ''
as $$
declare
  v buzz_haven.hives;
begin
  perform buzz_haven.require_role();
  v.name := btrim(p_name);
  v.location := nullif(btrim(p_location), '');
  v.host := nullif(btrim(p_host), '');
  v.status := coalesce(p_status, 'active');
  v.queen_installed_date := p_queen_installed_date;
  v.queen_source := nullif(btrim(p_queen_source), '');
  v.queen_marking := nullif(btrim(p_queen_marking), '');
  v.notes := nullif(btrim(p_notes), '');
  v.neighbourhood := nullif(btrim(p_neighbourhood), '');
  v.latitude := p_latitude;
  v.longitude := p_longitude;
  v.on_map := coalesce(p_on_map, false);
  v.host_display_name := nullif(btrim(p_host_display_name), '');
  v.show_host_name := coalesce(p_show_host_name, false);
  v.show_adopter_names := coalesce(p_show_adopter_names, false);
  perform buzz_haven.check_hive(v);
  insert into buzz_haven.hives (name, location, host, status, queen_installed_date, queen_source, queen_marking, notes,
    neighbourhood, latitude, longitude, on_map, host_display_name, show_host_name, show_adopter_names)
  values (v.name, v.location, v.host, v.status, v.queen_installed_date, v.queen_source, v.queen_marking, v.notes,
    v.neighbourhood, v.latitude, v.longitude, v.on_map, v.host_display_name, v.show_host_name, v.show_adopter_names)
  returning * into v;
  return v;
end;
$$;

create function public.update_buzz_haven_hive(
  p_id uuid,
  p_name text default null,
  p_location text default null,
  p_host text default null,
  p_status text default null,
  p_queen_installed_date date default null,
  p_queen_source text default null,
  p_queen_marking text default null,
  p_notes text default null,
  p_neighbourhood text default null,
  p_latitude numeric default null,
  p_longitude numeric default null,
  p_on_map boolean default null,
  p_host_display_name text default null,
  p_show_host_name boolean default null,
  p_show_adopter_names boolean default null,
  p_clear text[] default '{}'
)
returns buzz_haven.hives
language plpgsql
security definer -- writes buzz_haven.hives, which the caller has no grant on
set search_path = ''
as $$
declare
  v buzz_haven.hives;
  v_clear text[] := coalesce(p_clear, '{}');
begin
  perform buzz_haven.require_role();
  perform buzz_haven.check_clear(
    v_clear,
    array['location', 'host', 'queen_installed_date', 'queen_source', 'queen_marking', 'notes',
      'neighbourhood', 'latitude', 'longitude', 'host_display_name'],
    array_remove(array[
      case when p_location is not null then 'location' end,
      case when p_host is not null then 'host' end,
      case when p_queen_installed_date is not null then 'queen_installed_date' end,
      case when p_queen_source is not null then 'queen_source' end,
      case when p_queen_marking is not null then 'queen_marking' end,
      case when p_notes is not null then 'notes' end,
      case when p_neighbourhood is not null then 'neighbourhood' end,
      case when p_latitude is not null then 'latitude' end,
      case when p_longitude is not null then 'longitude' end,
      case when p_host_display_name is not null then 'host_display_name' end
    ], null)
  );
  select * into v from buzz_haven.hives as h where h.id = p_id for update;
  if not found then
    raise exception 'Hive not found' using errcode = 'PT404';
  end if;
  v.name := coalesce(btrim(p_name), v.name);
  v.status := coalesce(p_status, v.status);
  v.location := case when 'location' = any (v_clear) then null
    when p_location is null then v.location else nullif(btrim(p_location), '') end;
  v.host := case when 'host' = any (v_clear) then null
    when p_host is null then v.host else nullif(btrim(p_host), '') end;
  v.queen_installed_date := case when 'queen_installed_date' = any (v_clear) then null
    else coalesce(p_queen_installed_date, v.queen_installed_date) end;
  v.queen_source := case when 'queen_source' = any (v_clear) then null
    when p_queen_source is null then v.queen_source else nullif(btrim(p_queen_source), '') end;
  v.queen_marking := case when 'queen_marking' = any (v_clear) then null
    when p_queen_marking is null then v.queen_marking else nullif(btrim(p_queen_marking), '') end;
  v.notes := case when 'notes' = any (v_clear) then null
    when p_notes is null then v.notes else nullif(btrim(p_notes), '') end;
  v.neighbourhood := case when 'neighbourhood' = any (v_clear) then null
    when p_neighbourhood is null then v.neighbourhood else nullif(btrim(p_neighbourhood), '') end;
  v.latitude := case when 'latitude' = any (v_clear) then null else coalesce(p_latitude, v.latitude) end;
  v.longitude := case when 'longitude' = any (v_clear) then null else coalesce(p_longitude, v.longitude) end;
  v.host_display_name := case when 'host_display_name' = any (v_clear) then null
    when p_host_display_name is null then v.host_display_name else nullif(btrim(p_host_display_name), '') end;
  v.on_map := coalesce(p_on_map, v.on_map);
  v.show_host_name := coalesce(p_show_host_name, v.show_host_name);
  v.show_adopter_names := coalesce(p_show_adopter_names, v.show_adopter_names);
  perform buzz_haven.check_hive(v);
  update buzz_haven.hives as h
  set name = v.name, location = v.location, host = v.host, status = v.status,
    queen_installed_date = v.queen_installed_date, queen_source = v.queen_source,
    queen_marking = v.queen_marking, notes = v.notes,
    neighbourhood = v.neighbourhood, latitude = v.latitude, longitude = v.longitude, on_map = v.on_map,
    host_display_name = v.host_display_name, show_host_name = v.show_host_name,
    show_adopter_names = v.show_adopter_names
  where h.id = p_id
  returning h.* into v;
  return v;
end;
$$;

select buzz_haven.grant_api_execute(
  'public.create_buzz_haven_hive(text, text, text, text, date, text, text, text, text, numeric, numeric, boolean, text, boolean, boolean)',
  'public.update_buzz_haven_hive(uuid, text, text, text, text, date, text, text, text, text, numeric, numeric, boolean, text, boolean, boolean, text[])'
);

-- The back office's hive list (20251125001000) gains the map's columns, at the end.
create or replace view buzz_haven_lists.hives as
select
  h.id, h.name, h.location, h.status, h.queen_installed_date, h.created_at,
  h.host, h.queen_source, h.queen_marking, h.notes, h.updated_at,
  last.inspected_on as last_inspection_date,
  (h.status in ('active', 'queenless', 'swarmed')
    and (last.inspected_on is null or last.inspected_on < current_date - 21)) as inspection_due,
  h.neighbourhood, h.latitude, h.longitude, h.on_map, h.host_display_name, h.show_host_name, h.show_adopter_names
from buzz_haven.hives as h
left join lateral (
  select i.inspected_on from buzz_haven.hive_inspections as i
  where i.hive_id = h.id order by i.inspected_on desc limit 1
) as last on true
where buzz_haven_lists.staff_only();

-- The public map: every hive its host shows (and not retired), at its approximate position, with
-- the names its host chose to show: the host's display name, the adopters' first names (active
-- adoptions; a gift's recipient). The wrap columns are filled once wraps are installed on hives
-- (20251127040100). Nothing else of the hive leaves the database: not its coordinates, not its
-- address, not its host's record.
create function public.get_buzz_haven_hive_map()
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
  wrap_installed_on date
)
language sql
stable
security definer -- reads buzz_haven.hives and adoption_requests, which anon has no grant on
set search_path = ''
as $$
  select h.id, h.name, h.neighbourhood, p.latitude, p.longitude,
    case when h.show_host_name then h.host_display_name end,
    case when h.show_adopter_names then coalesce((
      select array_agg(distinct split_part(btrim(coalesce(a.recipient_name, a.name)), ' ', 1))
      from buzz_haven.adoption_requests as a
      where a.hive_id = h.id and a.status = 'active'
    ), '{}') else '{}' end,
    null::text, null::text, null::text, null::date
  from buzz_haven.hives as h
  cross join lateral buzz_haven.approximate_position(h.latitude, h.longitude) as p
  where h.on_map and h.status <> 'retired' and h.latitude is not null
  order by h.neighbourhood, h.name, h.id
$$;
select buzz_haven.grant_api_execute('public.get_buzz_haven_hive_map()');
