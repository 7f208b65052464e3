-- The map of the city's hives (each shown at an approximate position), and the hives' create,
-- update and delete.
set check_function_bodies = false;

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
