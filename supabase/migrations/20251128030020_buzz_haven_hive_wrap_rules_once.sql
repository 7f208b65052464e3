-- Buzz Haven: a hive wrap's photo and notes rules live in hive_wraps' CHECKs only (issue 23, item 2),
-- as 20251128030010 did for inspections: check_hive_wrap (20251127040100) repeated them with their
-- messages; the messages become constraint_messages rows (same words), and a write breaking one
-- fails on the table (23514, `details` naming the field). What no CHECK holds stays in the function.

insert into buzz_haven.constraint_messages (constraint_name, message) values
  ('hive_wraps_photo_url_image', 'Photo must be a picture from the media library (an https URL)'),
  ('hive_wraps_second_photo_url_image', 'Second photo must be a picture from the media library (an https URL)'),
  ('hive_wraps_notes_length', 'Notes are too long (2000 characters at most)')
on conflict (constraint_name) do update set message = excluded.message;
select buzz_haven.explain_constraints_of('buzz_haven.hive_wraps');

create or replace function buzz_haven.check_hive_wrap(v buzz_haven.hive_wraps) returns void
language plpgsql
stable
set search_path = ''
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
