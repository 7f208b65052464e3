-- Hive wraps, a printed design installed on a hive: the table, the back office's lists and RPCs.
set check_function_bodies = false;

-- Buzz Haven: installing a winning wrap on a hive (the 'installed' step).
-- Staff link a printed design (buzz_haven.art_designs, above) to a hive with the day it
-- was installed and up to two photos from the media library; the design becomes 'installed'.
-- Removing the last installation of a design puts it back to 'printed'. The public map
-- (get_buzz_haven_hive_map, in the hives area) shows each hive's latest wrap: its title, artist
-- and photo.

create table buzz_haven.hive_wraps (
  id uuid primary key default gen_random_uuid(),
  hive_id uuid not null references buzz_haven.hives (id) on delete cascade,
  design_id uuid not null references buzz_haven.art_designs (id) on delete restrict,
  installed_on date not null,
  -- a media library picture: its public URL (https) or, as the seeded library's, an image data URL
  photo_url text constraint hive_wraps_photo_url_image
    check (photo_url is null or (char_length(photo_url) <= 10000
      and (buzz_haven.is_http_url(photo_url) or photo_url like 'data:image/%'))),
  second_photo_url text constraint hive_wraps_second_photo_url_image
    check (second_photo_url is null or (char_length(second_photo_url) <= 10000
      and (buzz_haven.is_http_url(second_photo_url) or second_photo_url like 'data:image/%'))),
  notes text constraint hive_wraps_notes_length check (char_length(notes) <= 2000),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint hive_wraps_once_per_hive unique (hive_id, design_id)
);
comment on table buzz_haven.hive_wraps is
  'Printed art wraps installed on hives: the design, the hive, the day and photos from the media library.';
create index hive_wraps_design on buzz_haven.hive_wraps (design_id);
alter table buzz_haven.hive_wraps enable row level security;
revoke all on buzz_haven.hive_wraps from public, anon, authenticated;

select buzz_haven.manage_resource('buzz_haven.hive_wraps', 'wrap installed on', 'installed_on');

-- The back office's lists: the installations (with the hive's name and the design's title and
-- artist) and the designs that can be installed (printed, or already installed on another hive).
create view buzz_haven_lists.hive_wraps as
select w.id, w.hive_id, h.name as hive_name, w.design_id, d.title as design_title, d.artist_name,
  w.installed_on, w.photo_url, w.second_photo_url, w.notes, w.created_at, w.updated_at
from buzz_haven.hive_wraps as w
join buzz_haven.hives as h on h.id = w.hive_id
join buzz_haven.art_designs as d on d.id = w.design_id
where buzz_haven_lists.staff_only();

create function public.get_buzz_haven_hive_wraps() returns setof buzz_haven_lists.hive_wraps
language sql stable as $$ select * from buzz_haven_lists.hive_wraps $$;

create or replace function buzz_haven.check_hive_wrap(v buzz_haven.hive_wraps) returns void
language plpgsql stable set search_path = ''
as $$
begin
  perform buzz_haven.check_input(v.hive_id is not null, 'Hive is required');
  perform buzz_haven.check_input(v.design_id is not null, 'Design is required');
  perform buzz_haven.check_input(v.installed_on is not null, 'Installed on is required');
  perform buzz_haven.check_input(exists (select 1 from buzz_haven.hives as h where h.id = v.hive_id), 'Hive not found');
  perform buzz_haven.check_input(
    exists (select 1 from buzz_haven.art_designs as d where d.id = v.design_id and d.status in ('printed', 'installed')),
    'Only a printed design can be installed on a hive'
  );
  perform buzz_haven.check_input(v.installed_on <= current_date + 1, 'Installed on cannot be in the future');
end;
$$;
revoke all on function buzz_haven.check_hive_wrap(buzz_haven.hive_wraps) from public, anon, authenticated;

create function public.create_buzz_haven_hive_wrap(
  p_hive_id uuid default null,
  p_design_id uuid default null,
  p_installed_on date default null,
  p_photo_url text default null,
  p_second_photo_url text default null,
  p_notes text default null
)
returns buzz_haven.hive_wraps
language plpgsql security definer set search_path = '' -- writes hive_wraps and art_designs, which the caller has no grant on
as $$
declare
  v buzz_haven.hive_wraps;
begin
  perform buzz_haven.require_role();
  v.hive_id := p_hive_id;
  v.design_id := p_design_id;
  v.installed_on := p_installed_on;
  v.photo_url := nullif(btrim(p_photo_url), '');
  v.second_photo_url := nullif(btrim(p_second_photo_url), '');
  v.notes := nullif(btrim(p_notes), '');
  -- the design's row first, so two installs of one design queue behind each other
  perform 1 from buzz_haven.art_designs as d where d.id = p_design_id for update;
  perform buzz_haven.check_hive_wrap(v);
  perform buzz_haven.check_input(
    not exists (select 1 from buzz_haven.hive_wraps as w where w.hive_id = v.hive_id and w.design_id = v.design_id),
    'This design is already installed on this hive'
  );
  insert into buzz_haven.hive_wraps (hive_id, design_id, installed_on, photo_url, second_photo_url, notes)
  values (v.hive_id, v.design_id, v.installed_on, v.photo_url, v.second_photo_url, v.notes)
  returning * into v;
  perform buzz_haven.sync_wrap_design_status(v.design_id);
  return v;
end;
$$;

-- A null argument keeps the value; p_clear empties the photos or notes. Moving an installation to
-- another hive or design re-checks it and updates both designs' status.
create function public.update_buzz_haven_hive_wrap(
  p_id uuid,
  p_hive_id uuid default null,
  p_design_id uuid default null,
  p_installed_on date default null,
  p_photo_url text default null,
  p_second_photo_url text default null,
  p_notes text default null,
  p_clear text[] default '{}'
)
returns buzz_haven.hive_wraps
language plpgsql security definer set search_path = '' -- writes hive_wraps, which the caller has no grant on
as $$
declare
  v buzz_haven.hive_wraps;
  v_before buzz_haven.hive_wraps;
  v_clear text[] := coalesce(p_clear, '{}');
begin
  perform buzz_haven.require_role();
  perform buzz_haven.check_clear(v_clear, array['photo_url', 'second_photo_url', 'notes'], array_remove(array[
    case when p_photo_url is not null then 'photo_url' end,
    case when p_second_photo_url is not null then 'second_photo_url' end,
    case when p_notes is not null then 'notes' end], null));
  v := buzz_haven.lock_row(null::buzz_haven.hive_wraps, p_id, 'Wrap installation not found');
  v_before := v;
  v.hive_id := coalesce(p_hive_id, v.hive_id);
  v.design_id := coalesce(p_design_id, v.design_id);
  v.installed_on := coalesce(p_installed_on, v.installed_on);
  v.photo_url := case when 'photo_url' = any (v_clear) then null
    when p_photo_url is null then v.photo_url else nullif(btrim(p_photo_url), '') end;
  v.second_photo_url := case when 'second_photo_url' = any (v_clear) then null
    when p_second_photo_url is null then v.second_photo_url else nullif(btrim(p_second_photo_url), '') end;
  v.notes := case when 'notes' = any (v_clear) then null
    when p_notes is null then v.notes else nullif(btrim(p_notes), '') end;
  perform buzz_haven.check_hive_wrap(v);
  perform buzz_haven.check_input(
    not exists (select 1 from buzz_haven.hive_wraps as w where w.hive_id = v.hive_id and w.design_id = v.design_id and w.id <> v.id),
    'This design is already installed on this hive'
  );
  update buzz_haven.hive_wraps as w
  set hive_id = v.hive_id, design_id = v.design_id, installed_on = v.installed_on, photo_url = v.photo_url, second_photo_url = v.second_photo_url, notes = v.notes
  where w.id = p_id
  returning w.* into v;
  perform buzz_haven.sync_wrap_design_status(v.design_id);
  if v_before.design_id <> v.design_id then
    perform buzz_haven.sync_wrap_design_status(v_before.design_id);
  end if;
  return v;
end;
$$;

create function public.delete_buzz_haven_hive_wrap(p_id uuid) returns buzz_haven.hive_wraps
language sql security definer set search_path = '' -- deletes from hive_wraps, which the caller has no grant on
as $$
  select buzz_haven.delete_row(null::buzz_haven.hive_wraps, p_id, 'Wrap installation not found',
    'Only an owner or admin can remove a wrap installation', p_then => 'buzz_haven.sync_wrap_design_status(t.design_id)')
$$;
