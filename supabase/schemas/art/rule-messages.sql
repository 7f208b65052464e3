-- The words of this area's rules: the messages of its tables' CHECKs and its visitor RPCs'
-- own refusals.
set check_function_bodies = false;

-- The messages of this area's table rules (how they are raised: buzz_haven.constraint_messages).
-- A blank title, statement or name is still refused by the submit function first with the same
-- words; the email, the consent, the honeypot and the rate limit stay in it.
insert into buzz_haven.constraint_messages (constraint_name, message) values
  -- hive_wraps
  ('hive_wraps_photo_url_image', 'Photo must be a picture from the media library (an https URL)'),
  ('hive_wraps_second_photo_url_image', 'Second photo must be a picture from the media library (an https URL)'),
  ('hive_wraps_notes_length', 'Notes are too long (%s characters at most)'),
  -- art_designs
  ('art_designs_title_not_blank', 'A title is required'),
  ('art_designs_title_line', 'The title is one line of at most %s characters'),
  ('art_designs_title_max_length', 'The title is one line of at most %s characters'),
  ('art_designs_statement_not_blank', 'A statement is required'),
  ('art_designs_statement_max_length', 'The statement is too long (%s characters at most)'),
  ('art_designs_artist_name_not_blank', 'The name to credit is required'),
  ('art_designs_artist_name_line', 'The name to credit is one line of at most %s characters'),
  ('art_designs_artist_name_max_length', 'The name to credit is one line of at most %s characters'),
  ('art_designs_link_http', 'The link must be an https:// or http:// address'),
  ('art_designs_upload_path_length', 'Wrong storage path'),
  ('art_designs_upload_type_known', 'The file must be a PNG, JPEG or WebP image'),
  -- art_upload_settings
  ('art_upload_settings_one_row', 'There is one art upload settings row'),
  ('art_upload_settings_unchecked_minutes_range', 'An upload stays unchecked %s to %s minutes'),
  ('art_upload_settings_max_megapixels_range', 'The largest image to check is %s to %s megapixels');

-- The words of the visitor RPCs' own refusals, keyed by the rule's name (buzz_haven.check_rule,
-- buzz_haven.refuse, buzz_haven.rule_message; format() fills in each %s); other languages' words
-- are in translations.sql.
insert into buzz_haven.constraint_messages (constraint_name, message) values
  ('art_title_required', 'A title is required'),
  ('art_statement_required', 'A statement is required'),
  ('art_artist_name_required', 'The name to credit is required'),
  ('art_consent_required', 'Please accept the collective''s licence terms'),
  ('art_not_on_ballot', 'This design is not on this month''s ballot'),
  ('art_vote_closed', 'This month''s vote is closed');
