-- The words of this area's rules: the messages of its tables' CHECKs and its visitor RPCs'
-- own refusals.
set check_function_bodies = false;

-- Buzz Haven: a host application's lengths, yard bounds, choices and photo address live in
-- host_applications' CHECKs only (one home per rule), their messages in buzz_haven.constraint_messages,
-- so a value breaking one fails on the table (23514, PostgREST's `details` naming the field; a
-- missing choice keeps its words through the NOT NULL rows, 23502). A blank name or address is
-- still "... is required" (buzz_haven.check_required).
-- submit_buzz_haven_host_application checks the row it is about to write with buzz_haven.explain_row
-- before it compares the yard with the minimum and before the honeypot's answer, so a yard of 0 ft
-- is still "must be between 1 and 10000 feet", not "too small", and a bot is refused as before.
-- The ZIP, the email, the yard being given, pets, children and the hosting plan stay in it.

-- The messages of this area's table rules (how they are raised: buzz_haven.constraint_messages).
-- A missing choice keeps its words through the NOT NULL rows (23502). What no one-column CHECK
-- holds stays in the functions: the honeypot, the required texts (a blank one is "... is required"
-- before it is stored), the phone's digits, the email, the lowest fee above the highest, an
-- application's next status (checked once the row is written; a refused move raises and undoes it).
-- These tables' bounds and allowed values say their own messages (buzz_haven.derived_message);
-- the rows below give other words.
select buzz_haven.derive_messages('buzz_haven.adoption_requests', 'buzz_haven.host_applications', 'buzz_haven.swarm_reports');
insert into buzz_haven.constraint_messages (constraint_name, message) values
  -- swarm_fee
  ('swarm_fee_fee_min_range', 'The fee must be between $%s and $%s'),
  ('swarm_fee_fee_max_range', 'The fee must be between $%s and $%s'),
  -- swarm_reports
  ('swarm_reports_formed_when_known', 'When it formed must be under_24h, 24_48h, over_48h or unknown'),
  ('swarm_reports_formed_when_not_null', 'When it formed must be under_24h, 24_48h, over_48h or unknown'),
  ('swarm_reports_size_not_null', 'Size must be smaller, football or larger'),
  ('swarm_reports_height_not_null', 'Height must be ground, reachable or high'),
  ('swarm_reports_phone_length', 'Phone number is too long (%s characters at most)'),
  ('swarm_reports_photo_url_http', 'Must be a valid URL'),
  -- host_applications
  ('host_applications_name_not_blank', 'Name is required'),
  ('host_applications_address_not_blank', 'Street address is required'),
  ('host_applications_address_length', 'Street address is too long (%s characters at most)'),
  ('host_applications_yard_length_range', 'The yard''s length and width must be between %s and %s feet'),
  ('host_applications_yard_width_range', 'The yard''s length and width must be between %s and %s feet'),
  ('host_applications_sun_not_null', 'Sun must be full, partial or shade'),
  ('host_applications_water_not_null', 'Water must be on_site, nearby or none'),
  ('host_applications_access_not_null', 'Access must be level, steps or difficult'),
  ('host_applications_yard_photo_url_format', 'The yard photo must be a web address'),
  ('host_applications_zip_format', 'ZIP code must be 5 digits'),
  ('host_applications_zip_not_null', 'ZIP code must be %s digits');

-- The words of the visitor RPCs' own refusals, keyed by the rule's name (buzz_haven.check_rule,
-- buzz_haven.refuse, buzz_haven.rule_message; format() fills in each %s); other languages' words
-- are in translations.sql.
insert into buzz_haven.constraint_messages (constraint_name, message) values
  ('adoption_tier_known', 'Tier must be %s'),
  ('adoption_plan_known', 'Plan must be %s'),
  ('adoption_recipient_email', 'The recipient''s email must be valid'),
  ('swarm_in_structure_required', 'Say whether the swarm is inside a structure'),
  ('swarm_phone_digits', 'A phone number with 7 to 15 digits is required'),
  ('host_yard_size_required', 'The yard''s length and width are required (in feet)'),
  ('host_pets_required', 'Tell us whether pets use the yard'),
  ('host_children_required', 'Tell us whether children use the yard'),
  ('host_hive_style_known', 'Hive must be one of the hosting plans (%s)'),
  ('host_yard_too_small', 'A hive needs a yard of at least %s ft x %s ft: room for the hive, a water source and our beekeepers to work around it. %s ft x %s ft is smaller. If another spot is larger, measure it and apply again, or adopt a hive instead.');
