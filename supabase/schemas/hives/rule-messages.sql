-- The words of this area's rules: the messages of its tables' CHECKs.
set check_function_bodies = false;

-- The messages of this area's table rules (how they are raised: buzz_haven.constraint_messages).
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
