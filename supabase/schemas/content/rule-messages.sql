-- The words of this area's rules: the messages of its tables' CHECKs.
set check_function_bodies = false;

-- The messages of this area's table rules (how they are raised: buzz_haven.constraint_messages).
-- What no one-column CHECK holds stays in the functions: a required title and file path, a file type
-- given as a MIME type, a storage path that is not blank, sizes that are not negative.
-- These tables' bounds and allowed values say their own messages (buzz_haven.derived_message);
-- the rows below give other words.
select buzz_haven.derive_messages('buzz_haven.media', 'buzz_haven.site_builds');
insert into buzz_haven.constraint_messages (constraint_name, message) values
  -- media
  ('media_file_type_length', 'File type must be a MIME type such as image/jpeg'),
  ('media_file_type_mime', 'File type must be a MIME type such as image/jpeg'),
  ('media_file_type_not_null', 'File type must be a MIME type such as image/jpeg'),
  ('media_storage_path_length', 'Storage path must be 1 to %s characters');
