-- The words of this area's rules: the messages of its tables' CHECKs and its visitor RPCs'
-- own refusals.
set check_function_bodies = false;

-- An event's bounds and enums live in events' CHECKs only (one home per rule), their messages in
-- buzz_haven.constraint_messages: a write breaking one fails on the table (23514, PostgREST's
-- `details` naming the field). What no one-column CHECK holds stays in the functions: a required
-- title and start, the end after the start, a price of 0 or more, a volunteer shift's capacity,
-- and the offering id's format (checked before the length, so a malformed id says so).

-- The messages of this area's table rules (how they are raised: buzz_haven.constraint_messages).
-- A blank registration name is still "Name is required" (buzz_haven.check_required).
-- These tables' bounds and allowed values say their own messages (buzz_haven.derived_message);
-- the rows below give other words.
select buzz_haven.derive_messages('buzz_haven.event_registrations', 'buzz_haven.events', 'buzz_haven.volunteer_signups');
insert into buzz_haven.constraint_messages (constraint_name, message) values
  -- workshop_offerings
  ('workshop_offerings_price_range', 'Price must be between $%s and $%s'),
  ('workshop_offerings_price_not_null', 'Price must be between $%s and $%s'),
  ('workshop_offerings_min_age_range', 'Ages must be between %s and %s'),
  ('workshop_offerings_max_age_range', 'Ages must be between %s and %s'),
  ('workshop_offerings_sort_order_range', 'Order must be between %s and %s'),
  ('workshop_offerings_slug_length', 'Offering is too long (%s characters at most)'),
  -- event_registrations
  ('event_registrations_amount_owed_range', 'Amount owed must be between $%s and $%s'),
  -- the words a refused registration is told, keyed by the rule's name (buzz_haven.refuse; format()
  -- fills in the number)
  ('event_registrations_card_only', 'Workshop places are paid by card when you register: please reload the page and register again'),
  ('event_registrations_held_per_email',
    'One e-mail address can hold at most %s places at a time while paying. Finish paying for the places you hold, or register fewer places'),
  ('event_registrations_held_per_client',
    'At most %s places can be held at a time from one connection while paying. Please finish the payments you started, or try again in a few minutes');

-- The words of the visitor RPCs' own refusals, keyed by the rule's name (buzz_haven.check_rule,
-- buzz_haven.refuse, buzz_haven.rule_message; format() fills in each %s); other languages' words
-- are in translations.sql.
insert into buzz_haven.constraint_messages (constraint_name, message) values
  ('registration_places_range', 'Places must be between 1 and 10'),
  ('registration_not_open', 'This workshop is not open for registration'),
  ('registration_child_ages', 'Give the age of each child (one per place)'),
  ('registration_child_age_range', 'Children must be 5 to 12 years old'),
  ('registration_ages_children_only', 'Ages are only asked for children''s workshops'),
  ('registration_already', 'You are already registered for this workshop'),
  ('registration_full', 'This workshop is full'),
  ('registration_places_left', 'Only %s %s left in this workshop'),
  ('volunteer_shift_required', 'Choose a shift'),
  ('volunteer_not_open', 'This shift is not open for sign-ups'),
  ('volunteer_already', 'You are already signed up for this shift'),
  ('volunteer_full', 'This shift is full: every place has been taken. Please choose another shift.');
