-- Buzz Haven: an inspection's bounds and enums live in hive_inspections' CHECKs only (issue 23,
-- item 2). check_inspection (20251127060000) and check_honey (20251123000330) repeated each of them
-- with its message; the messages move to buzz_haven.constraint_messages, keyed by the CHECK's
-- name, and a write that breaks one fails on the table (SQLSTATE 23514, PostgREST's `details`
-- naming the field) with the same words. What no CHECK holds stays in the functions: a required
-- date, one decimal of honey. tests/sql/no-rule-copies.test.ts keeps function bodies free of copies.

insert into buzz_haven.constraint_messages (constraint_name, message) values
  ('hive_inspections_inspector_length', 'Inspector is too long (200 characters at most)'),
  ('hive_inspections_brood_pattern_known', 'Brood pattern must be solid, spotty, patchy or none'),
  ('hive_inspections_temperament_known', 'Temperament must be calm, nervous or defensive'),
  ('hive_inspections_frames_of_bees_range', 'Frames of bees must be between 0 and 40'),
  ('hive_inspections_varroa_count_range', 'Varroa count must be between 0 and 300'),
  ('hive_inspections_treatment_length', 'Treatment is too long (500 characters at most)'),
  ('hive_inspections_supers_added_range', 'Supers added must be between 0 and 10'),
  ('hive_inspections_honey_harvested_lb_range', 'Honey harvested must be between 0 and 1000 lb'),
  ('hive_inspections_notes_length', 'Notes are too long (5000 characters at most)'),
  ('hive_inspections_share_note_length', 'The shared sentence is too long (300 characters at most)'),
  ('hive_inspections_share_photo_url_format', 'The shared photo must be a picture from the Media Library (a web address or an image)'),
  ('hive_inspections_not_future', 'Inspection date cannot be in the future'),
  ('hive_inspections_share_has_note', 'A shared highlight needs the sentence its people will read')
on conflict (constraint_name) do update set message = excluded.message;

-- As in 20251127080010, and the violation names its constraint, as PostgreSQL's own would
-- (PostgREST and supabase-js pass it on; tests match on it).
create or replace function buzz_haven.explain_constraints() returns trigger
language plpgsql
security definer -- reads buzz_haven.constraint_messages whoever writes
set search_path = ''
as $$
declare
  v record;
  v_ok boolean;
begin
  for v in
    select c.conname, m.message, pg_catalog.pg_get_expr(c.conbin, c.conrelid) as expr,
      (select a.attname from pg_catalog.pg_attribute as a
       where a.attrelid = c.conrelid and a.attnum = c.conkey[1] and pg_catalog.array_length(c.conkey, 1) = 1) as field
    from pg_catalog.pg_constraint as c join buzz_haven.constraint_messages as m on m.constraint_name = c.conname
    where c.conrelid = tg_relid and c.contype = 'c'
    order by c.conname
  loop
    execute format('select %s from (select ($1::%s).*) as t', v.expr, tg_relid::regclass) into v_ok using new;
    if v_ok is false then
      raise exception using errcode = '23514', message = v.message, constraint = v.conname,
        detail = pg_catalog.json_build_object('field', v.field, 'constraint', v.conname)::text;
    end if;
  end loop;
  for v in
    select a.attname as field, m.constraint_name, m.message
    from pg_catalog.pg_attribute as a
    join buzz_haven.constraint_messages as m on m.constraint_name = tg_table_name || '_' || a.attname || '_not_null'
    where a.attrelid = tg_relid and a.attnotnull and a.attnum > 0 and not a.attisdropped
  loop
    if pg_catalog.to_jsonb(new) -> v.field = 'null'::jsonb then
      raise exception using errcode = '23502', message = v.message, constraint = v.constraint_name,
        detail = pg_catalog.json_build_object('field', v.field, 'constraint', v.constraint_name)::text;
    end if;
  end loop;
  return new;
end;
$$;
revoke all on function buzz_haven.explain_constraints() from public, anon, authenticated;

-- The rules of one inspection row that no CHECK holds.
create or replace function buzz_haven.check_inspection(v buzz_haven.hive_inspections) returns void
language plpgsql
stable
set search_path = ''
as $$
begin
  perform buzz_haven.check_input(v.inspected_on is not null, 'Inspection date is required');
end;
$$;

-- The honey argument before it is stored in numeric(6, 1): one decimal at most (the column would
-- round it), and a value the column cannot even hold fails with its range's message.
create or replace function buzz_haven.check_honey(p_lb numeric) returns void
language plpgsql
stable
set search_path = ''
as $$
begin
  if abs(p_lb) >= 100000 then
    raise exception using errcode = '23514', constraint = 'hive_inspections_honey_harvested_lb_range',
      message = (select m.message from buzz_haven.constraint_messages as m
                 where m.constraint_name = 'hive_inspections_honey_harvested_lb_range'),
      detail = pg_catalog.json_build_object('field', 'honey_harvested_lb', 'constraint', 'hive_inspections_honey_harvested_lb_range')::text;
  end if;
  perform buzz_haven.check_input(p_lb is null or p_lb = round(p_lb, 1), 'Honey harvested takes one decimal at most');
end;
$$;
