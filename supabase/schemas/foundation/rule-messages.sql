-- The site's languages; buzz_haven.constraint_messages (each rule's words, per language) and
-- column_words, with this area's rows; the request's language and rule_message.
set check_function_bodies = false;

-- The languages the public site speaks. English is the specification's language and the
-- default: every content document has it, and a field a translation leaves empty falls back to
-- it. A visitor request keeps the language of the page it was made on (a `locale` column
-- referring here) so that what is sent back to that person is written in it.
-- supabase/functions/_shared/content-schema/locales.ts holds the same codes for the build and
-- the browser (tests/sql/languages.test.ts keeps the two equal).
create table buzz_haven.languages (
  code text primary key
    constraint languages_code_format check (code ~ '^[a-z]{2}$')
    constraint languages_code_length check (char_length(code) <= 2),
  name text not null
    constraint languages_name_not_blank check (btrim(name) <> '')
    constraint languages_name_length check (char_length(name) <= 40),
  is_default boolean not null default false
);
comment on table buzz_haven.languages is
  'The languages of the public site, its content and its e-mails; one is the default (English).';
create unique index languages_one_default on buzz_haven.languages (is_default) where is_default;
alter table buzz_haven.languages enable row level security;
revoke all on buzz_haven.languages from public, anon, authenticated;
insert into buzz_haven.languages (code, name, is_default) values
  ('en', 'English', true),
  ('es', 'Español', false);

-- Buzz Haven: a table constraint is the one home of a rule, and its clear message lives in one
-- table keyed by the constraint's name: a resource states the CHECK only, and
--
--   insert into buzz_haven.constraint_messages values ('bees_name_length', 'Name must be 1 to %s characters');
--
-- makes a write that breaks it fail like PostgreSQL would (SQLSTATE 23514, HTTP 400 through
-- PostgREST) but with that message (its %s the CHECK's bound: buzz_haven.say_bounds), and with
-- PostgREST's `details` naming the column as JSON
-- ({"field": "name", "constraint": "bees_name_length"}), which the admin shows at that field
-- (admin/src/providers/rpcError.ts). A NOT NULL column is keyed '<table>_<column>_not_null' (the name
-- PostgreSQL 17 gives it; 23502). On a table that calls buzz_haven.derive_messages, a length, range
-- or allowed-values CHECK needs no row: its message is built from its bound (buzz_haven.derived_message),
-- and a row is for other words. A constraint without a message fails as before, with PostgreSQL's
-- own text. buzz_haven.manage_resource attaches the check (buzz_haven.explain_constraints_of) to its
-- table; each area attaches it to its other tables and inserts its tables' messages.

-- A message is written once per language (locale): the English row is the rule's own words, and
-- a write made for a visitor's request in another language (buzz_haven.request_locale) fails with
-- that language's row, or the English one where it has none.
create table buzz_haven.constraint_messages (
  constraint_name text not null constraint constraint_messages_name_length check (char_length(constraint_name) <= 63),
  message text not null constraint constraint_messages_message_length check (char_length(message) between 1 and 300),
  locale text not null default 'en' references buzz_haven.languages (code),
  primary key (constraint_name, locale)
);

comment on table buzz_haven.constraint_messages is
  'The message a write breaking a constraint fails with, keyed by the constraint''s name (or <table>_<column>_not_null) and language.';
alter table buzz_haven.constraint_messages enable row level security;
revoke all on buzz_haven.constraint_messages from public, anon, authenticated;

-- What a column and its allowed values are called in a language other than English, for the
-- messages a CHECK's bound says (buzz_haven.derived_message): value '' is the column's own name
-- ('zip' -> 'Código postal'), another value one of its allowed values ('full' -> 'sol todo el día').
-- English needs no row: the column's name (buzz_haven.column_label) and the values as they are.
create table buzz_haven.column_words (
  column_name text not null constraint column_words_column_name_length check (char_length(column_name) <= 63),
  value text not null default '' constraint column_words_value_length check (char_length(value) <= 100),
  locale text not null references buzz_haven.languages (code),
  words text not null constraint column_words_words_length check (char_length(words) between 1 and 200),
  primary key (column_name, value, locale)
);
comment on table buzz_haven.column_words is
  'A column''s name (value '''') or one of its allowed values in a language other than English, for derived messages.';
alter table buzz_haven.column_words enable row level security;
revoke all on buzz_haven.column_words from public, anon, authenticated;

-- The messages of this area's table rules, keyed by the constraint's name (a NOT NULL column:
-- '<table>_<column>_not_null'). buzz_haven.explain_constraints raises them on a write (23514 or
-- 23502, PostgREST's `details` naming the field), buzz_haven.explain_row for a row a function
-- checks before it writes it.
-- What no one-column CHECK holds stays in the functions: who may change a rate limit.
insert into buzz_haven.constraint_messages (constraint_name, message) values
  -- rate_limits
  ('rate_limits_client_range', 'Limits must be between %s and %s'),
  ('rate_limits_contact_range', 'Limits must be between %s and %s'),
  ('rate_limits_window_range', 'The window must be between %s and %s minutes'),
  -- a visitor request's language (buzz_haven.set_request_locale)
  ('request_locale_known', 'Locale must be one of %s'),
  -- the words of a bound a CHECK says itself (buzz_haven.derived_message): the column's name, then
  -- the bound; the allowed values are joined with the separator and the last one
  ('derived_too_long', '%s is too long (%s characters at most)'),
  ('derived_between', '%s must be between %s and %s'),
  ('derived_one_of', '%s must be %s'),
  ('derived_separator', ', '),
  ('derived_last_separator', ' or ');

-- The words of the visitor RPCs' own refusals, keyed by the rule's name (buzz_haven.check_rule,
-- buzz_haven.refuse, buzz_haven.rule_message; format() fills in each %s); other languages' words
-- are in translations.sql.
insert into buzz_haven.constraint_messages (constraint_name, message) values
  ('email_valid', 'A valid email is required'),
  ('name_required', 'Name is required'),
  ('address_required', 'Address is required'),
  ('city_required', 'City is required'),
  ('phone_required', 'Phone is required'),
  ('recipient_name_required', 'Recipient name is required'),
  ('location_required', 'Location is required'),
  ('phone_number_required', 'Phone number is required'),
  ('url_valid', 'Must be a valid URL'),
  ('street_address_required', 'Street address is required');

-- The language of the visitor request being written: the RPC sets it from its p_locale
-- (buzz_haven.set_request_locale) before it writes, so that a refusal, a message and the row
-- itself use it; English outside such a request or for a code the site does not speak.
create function buzz_haven.request_locale() returns text
language sql stable security definer set search_path = '' -- reads buzz_haven.languages whoever writes
as $$
  select coalesce((select l.code from buzz_haven.languages as l
    where l.code = nullif(pg_catalog.current_setting('buzz_haven.locale', true), '')), 'en')
$$;
revoke all on function buzz_haven.request_locale() from public, anon, authenticated;

-- A visitor RPC's first step: the request's language for the rest of the transaction, one of
-- buzz_haven.languages (else the refusal, in English).
create function buzz_haven.set_request_locale(p_locale text) returns text
language plpgsql security definer set search_path = '' -- reads buzz_haven.languages whoever writes
as $$
begin
  perform pg_catalog.set_config('buzz_haven.locale', 'en', true);
  if not exists (select 1 from buzz_haven.languages as l where l.code = coalesce(p_locale, 'en')) then
    perform buzz_haven.refuse('request_locale_known', '22023',
      array[(select pg_catalog.string_agg(l.code, ', ' order by l.code) from buzz_haven.languages as l)]);
  end if;
  perform pg_catalog.set_config('buzz_haven.locale', coalesce(p_locale, 'en'), true);
  return coalesce(p_locale, 'en');
end;
$$;
revoke all on function buzz_haven.set_request_locale(text) from public, anon, authenticated;

-- The words of rule or constraint p_name in the request's language, else in English; null when
-- it has none.
create function buzz_haven.rule_message(p_name text) returns text
language sql stable security definer set search_path = '' -- reads buzz_haven.constraint_messages whoever writes
as $$
  select m.message from buzz_haven.constraint_messages as m
  where m.constraint_name = p_name and m.locale in (buzz_haven.request_locale(), 'en')
  order by m.locale = buzz_haven.request_locale() desc
  limit 1
$$;
revoke all on function buzz_haven.rule_message(text) from public, anon, authenticated;
