-- The words of this area's rules: the messages of its tables' CHECKs and its visitor RPCs'
-- own refusals.
set check_function_bodies = false;

-- The messages of this area's table rules (how they are raised: buzz_haven.constraint_messages).
-- What no one-column CHECK holds stays in the functions: a required subject and body, a sent
-- campaign never changed, who may send.
-- These tables' bounds and allowed values say their own messages (buzz_haven.derived_message);
-- the rows below give other words.
select buzz_haven.derive_messages('buzz_haven.campaigns');
insert into buzz_haven.constraint_messages (constraint_name, message) values
  -- campaigns
  ('campaigns_subject_line', 'A subject is one line');

-- The words of the visitor RPCs' own refusals, keyed by the rule's name (buzz_haven.check_rule,
-- buzz_haven.refuse, buzz_haven.rule_message; format() fills in each %s); other languages' words
-- are in translations.sql.
insert into buzz_haven.constraint_messages (constraint_name, message) values
  ('contact_name_too_long', 'Name is too long (200 characters at most)'),
  ('contact_phone_too_long', 'Phone number is too long (40 characters at most)'),
  ('contact_subject_required', 'Subject is required'),
  ('contact_subject_too_long', 'Subject is too long (200 characters at most)'),
  ('contact_message_required', 'Message is required'),
  ('contact_message_too_long', 'Message is too long (5000 characters at most)'),
  ('contact_hear_about_too_long', 'How you heard about us is too long (200 characters at most)');
