-- Foundation: the schemas (buzz_haven, buzz_haven_lists, buzz_haven_storage), grants and default
-- privileges, the caller and role helpers, the input checks, the request guard and rate limits,
-- the second factor for deletes, manage_resource, count_table_rows.
-- Declared whole: this file says what the database holds for its area; supabase/migrations
-- carries it to databases in reviewed steps (docs/database.md). Function bodies are checked when
-- they run, not here (as pg_dump writes it): some name objects of a later file.
set check_function_bodies = false;

-- Buzz Haven: the schema and its tables.
-- All product data lives in schema buzz_haven. Nothing here is granted to the API roles (anon,
-- authenticated): row level security is on everywhere with no policies, so the tables are only
-- reachable through the security-definer functions in public (later migrations), which check the
-- caller themselves. Constraints mirror the validation rules of the admin and the site forms.

create schema if not exists buzz_haven;
comment on schema buzz_haven is 'Buzz Haven product data; reached only through the public RPCs.';

-- The format rules, shared by the constraints below and the RPCs' validation.
create function buzz_haven.is_email(value text) returns boolean
language sql immutable set search_path = ''
as $$
  select value is not null
    and length(value) <= 254
    and value ~ '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$'
$$;

create function buzz_haven.is_http_url(value text) returns boolean
language sql immutable set search_path = ''
as $$
  select value ~ '^https?://[^[:space:]/?#]+[^[:space:]]*$'
$$;

-- A slug: lowercase letters and digits in groups joined by single dashes (honey-jar-8oz). The one
-- home of that shape: the CHECKs of every slug column and check_event_offering ask it.
create function buzz_haven.is_slug(p_slug text) returns boolean
language sql immutable set search_path = ''
as $$
  select p_slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'
$$;

-- An order's number: BH- and 4 to 12 digits. The one home of that shape: orders_number_format and
-- the payment functions that look an order up by its number ask it.
create function buzz_haven.is_order_number(p_number text) returns boolean
language sql immutable set search_path = ''
as $$
  select p_number ~ '^BH-[0-9]{4,12}$'
$$;

-- A Stripe object's id: its prefix (cs, pi, evt, re, in, sub, cus), an underscore and 1 to 250
-- letters, digits or underscores. The one home of that shape: the payment tables' CHECKs and the
-- functions that read a Checkout Session, an event or a payment intent ask it. Null for a null id
-- (a CHECK lets it be; check_input refuses it).
create function buzz_haven.is_stripe_id(p_id text, p_prefix text) returns boolean
language sql immutable set search_path = ''
as $$
  select p_id ~ ('^' || p_prefix || '_[A-Za-z0-9_]{1,250}$')
$$;

-- A plausible e-mail: something@something.tld, no spaces, at most 254 characters.
create domain buzz_haven.email as text check (value is null or buzz_haven.is_email(value));

-- updated_at follows every change of a product
create function buzz_haven.set_updated_at() returns trigger
language plpgsql set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end;
$$;
revoke all on all functions in schema buzz_haven from public, anon, authenticated;

revoke all on schema buzz_haven from public;

create or replace function buzz_haven.caller_role() returns text
language sql stable set search_path = ''
as $$
  select case
    when auth.role() = 'service_role' then 'owner'
    else (
      select u.role
      from buzz_haven.users as u
      where u.auth_user_id = buzz_haven.caller_id() and u.is_active
    )
  end
$$;

comment on function buzz_haven.caller_role() is
  'Back-office role of the caller (owner/admin/staff), owner for service_role, null when none.';

create or replace function buzz_haven.require_role(
  allowed text[] default array['owner', 'admin', 'staff'],
  refusal text default 'Only an owner or admin can do this'
) returns text
language plpgsql stable set search_path = ''
as $$
declare
  v_role text := buzz_haven.caller_role();
begin
  if v_role is null then
    if buzz_haven.caller_id() is null then
      raise exception 'Not signed in' using errcode = '42501';
    end if;
    -- signed in, but no profile, no role yet, or deactivated
    raise exception 'Your account is waiting for approval' using errcode = '42501';
  end if;
  if not (v_role = any (allowed)) then
    raise exception '%', refusal using errcode = '42501';
  end if;
  return v_role;
end;
$$;

comment on function buzz_haven.require_role(text[], text) is
  'Raises 42501 unless the caller has one of the allowed roles; returns the role.';

-- Raises 22023 (PostgREST: 400) with the given message when the condition is false.
create function buzz_haven.check_input(ok boolean, message text) returns void
language plpgsql stable set search_path = ''
as $$
begin
  if ok is not true then
    raise exception '%', message using errcode = '22023';
  end if;
end;
$$;

-- Raises 22023 with the words of rule p_rule (buzz_haven.rule_message: the request's language,
-- its %s filled with p_args) when the condition is false: a visitor RPC's own checks.
create function buzz_haven.check_rule(ok boolean, p_rule text, p_args text[] default '{}') returns void
language plpgsql stable set search_path = ''
as $$
begin
  if ok is not true then
    perform buzz_haven.refuse(p_rule, '22023', p_args);
  end if;
end;
$$;

revoke all on all functions in schema buzz_haven from public, anon, authenticated;

-- Used by the RPC migrations: removes every default privilege on each function (Supabase's default
-- privileges grant all functions in public to the API roles), then grants EXECUTE to the three API
-- roles; each function checks the caller itself. Runs as the migration owner, never via the API.
-- A function is named with its arguments ('public.f(uuid, text)') or by its name alone ('f'): the
-- one function of that name in public, so its arguments are written once, where it is created.
create function buzz_haven.grant_api_execute(variadic fns text[]) returns void
language plpgsql set search_path = ''
as $$
declare
  fn text;
begin
  foreach fn in array fns loop
    if pg_catalog.strpos(fn, '(') = 0 then
      fn := (select p.oid::pg_catalog.regprocedure::text from pg_catalog.pg_proc as p
             where p.pronamespace = 'public'::pg_catalog.regnamespace and p.proname = fn);
      perform buzz_haven.check_input(fn is not null, 'No function of that name in public');
    end if;
    execute format('revoke all on function %s from public, anon, authenticated, service_role', fn);
    execute format('grant execute on function %s to anon, authenticated, service_role', fn);
  end loop;
end;
$$;

revoke all on function buzz_haven.grant_api_execute(text[]) from public;

-- Buzz Haven: the dashboard's Content card counts the site's content documents. The
-- spec's dashboard asks count_table_rows for 'content'; since the Content section manages
-- buzz_haven.content_documents (one per page or catalogue group), that name now counts those. The
-- earlier buzz_haven.content table (never used by a screen) is no longer counted. A document
-- counts once whatever its languages.
create or replace function public.count_table_rows(table_name text, schema_name text default 'buzz_haven') returns integer
language plpgsql stable security definer set search_path = '' -- reads buzz_haven tables the caller has no grant on
as $$
declare
  v_table text;
  v_count integer;
begin
  perform buzz_haven.require_role();
  select c.relname into v_table
  from pg_catalog.pg_class as c
  join pg_catalog.pg_namespace as n on n.oid = c.relnamespace
  where n.nspname = 'buzz_haven'
    and n.nspname = count_table_rows.schema_name
    and c.relname = case when count_table_rows.table_name = 'content' then 'content_documents'
      else count_table_rows.table_name end
    and c.relkind in ('r', 'p');
  if v_table is null then
    raise exception 'Unknown table' using errcode = '22023';
  end if;
  -- the content documents count once each (their English rows), not once per language
  execute format('select count(*)::integer from %I.%I%s', 'buzz_haven', v_table,
    case when v_table = 'content_documents' then ' where locale = ''en''' else '' end) into v_count;
  return v_count;
end;
$$;

-- The message every RPC gives for an over-long field, e.g. 'Name is too long (200 characters at
-- most)'; the admin's zod schemas and the site's forms show the same sentence.
create function buzz_haven.check_length(value text, max_chars integer, label text) returns void
language plpgsql immutable set search_path = ''
as $$
begin
  if char_length(value) > max_chars then
    raise exception '% is too long (% characters at most)', label, max_chars using errcode = '22023';
  end if;
end;
$$;

comment on function buzz_haven.check_length(text, integer, text) is
  'Raises 22023 "<label> is too long (<n> characters at most)" when value has more than n characters.';

revoke all on function buzz_haven.check_length(text, integer, text) from public, anon, authenticated;

-- Buzz Haven: who the caller is, and role management that keeps an active owner under any
-- concurrency. Replaces functions of the access and user-RPC migrations with the same signatures
-- (create or replace keeps their grants).
-- 1. A user id counts only with the `authenticated` role: a correctly signed token without a role
--    claim is an anonymous request (PostgREST runs it as anon), never a signed-in one.
-- 2. set_buzz_haven_user_role serialises on the users table and re-reads the caller's role under
--    the lock: two owners demoting each other at once can no longer both succeed.
-- 3. Profile names are bounded (200 characters) with a clear message.

-- The signed-in user's id: auth.uid() when the request role is authenticated, else null.
create function buzz_haven.caller_id() returns uuid
language sql stable set search_path = ''
as $$
  select case when auth.role() = 'authenticated' then auth.uid() end
$$;

revoke all on all functions in schema buzz_haven from public, anon, authenticated;

comment on function buzz_haven.caller_id() is
  'auth.uid() of a request whose role is authenticated; null for anon, service_role or no role claim.';
revoke all on function buzz_haven.caller_id() from public, anon, authenticated;

-- Buzz Haven: the update convention of the managed resources (events, hives, inspections).
-- An update RPC takes every column as an argument defaulting to null, and a null argument keeps the
-- value, as update_buzz_haven_product does. JSON has no way to tell "keep" from "set to null" with a
-- single argument, so each update RPC also takes p_clear text[]: the names of the nullable columns
-- to set to null. A name the RPC cannot clear, or a column both given a value and named in
-- p_clear, is refused with a message the admin shows as is (22023, HTTP 400), before anything is
-- read or written. For example
--   update_buzz_haven_event(p_id => x, p_price => 900, p_clear => '{location,capacity}')
-- sets the price, empties the location and the capacity, and keeps every other column.

-- p_allowed: the columns this RPC may clear; p_given: the columns given a non-null argument.
create function buzz_haven.check_clear(p_clear text[], p_allowed text[], p_given text[]) returns void
language plpgsql stable set search_path = ''
as $$
declare
  v_name text;
begin
  foreach v_name in array coalesce(p_clear, '{}') loop
    perform buzz_haven.check_input(
      v_name = any (p_allowed),
      format('Cannot clear %s (only %s can be cleared)', coalesce(v_name, 'null'), array_to_string(p_allowed, ', '))
    );
    perform buzz_haven.check_input(not v_name = any (p_given), format('Cannot both set and clear %s', v_name));
  end loop;
end;
$$;
revoke all on function buzz_haven.check_clear(text[], text[], text[]) from public, anon, authenticated;

-- Buzz Haven: granting roles and deleting records need a second factor (aal2) when the caller
-- has one. A caller with a verified factor in auth.mfa_factors (GoTrue's table, on hosted
-- Supabase and in the local bootstrap alike) whose token says `aal1` is refused with 42501, so a
-- stolen password alone cannot hand out roles or destroy data. Callers without a factor, the
-- service key and SQL run by the operator are unaffected.
-- Enforced by triggers on the tables, so every path (the delete_* RPCs,
-- set_buzz_haven_user_role, and any RPC added later that writes these tables) is covered.

-- True when the request's caller has a verified factor but signed in without it.
create function buzz_haven.lacks_second_factor() returns boolean
language sql stable security definer set search_path = '' -- reads auth.mfa_factors, which the API roles have no grant on
as $$
  select coalesce(auth.jwt() ->> 'aal', 'aal1') <> 'aal2'
    and exists (
      select 1 from auth.mfa_factors as f
      where f.user_id = buzz_haven.caller_id() and f.status = 'verified'
    )
$$;

comment on function buzz_haven.lacks_second_factor() is
  'True when the caller has a verified MFA factor and the request token is not aal2.';

create function buzz_haven.require_second_factor() returns void
language plpgsql stable set search_path = ''
as $$
begin
  if buzz_haven.lacks_second_factor() then
    raise exception 'Confirm with a code from your authenticator app first (two-factor sign-in)'
      using errcode = '42501',
            hint = 'Sign in again and enter the code, or verify a code in your profile.';
  end if;
end;
$$;

comment on function buzz_haven.require_second_factor() is
  'Raises 42501 when the caller has a verified MFA factor but the request is only aal1.';

-- Trigger: before a role/active change of a profile, or before deleting a record.
create function buzz_haven.second_factor_guard() returns trigger
language plpgsql set search_path = ''
as $$
begin
  perform buzz_haven.require_second_factor();
  return case when tg_op = 'DELETE' then old else new end;
end;
$$;

revoke all on function buzz_haven.lacks_second_factor() from public, anon, authenticated;
revoke all on function buzz_haven.require_second_factor() from public, anon, authenticated;
revoke all on function buzz_haven.second_factor_guard() from public, anon, authenticated;

-- Buzz Haven: the guard in front of the public request forms (orders, workshop registrations,
-- adoptions, swarm reports). Each anonymous submission is counted per client (a SHA-256 of its IP
-- address, never the address itself) and per contact (e-mail or phone); past the limit of its
-- action the RPC raises SQLSTATE PT429, which PostgREST answers as HTTP 429 (PostgREST docs,
-- "Errors": a PTxyz SQLSTATE sets the status xyz). The limits live in a table owners can tune.
-- The client's address comes from the request headers PostgREST puts in the `request.headers`
-- setting: Cloudflare's cf-connecting-ip on hosted projects, else the gateway's x-real-ip, else the
-- first x-forwarded-for entry. Without headers (SQL called directly) only the contact is counted.

create table buzz_haven.rate_limits (
  action text primary key constraint rate_limits_action_length check (char_length(action) <= 50),
  max_per_client integer not null constraint rate_limits_client_range check (max_per_client between 1 and 1000000),
  max_per_contact integer not null constraint rate_limits_contact_range check (max_per_contact between 1 and 1000000),
  window_minutes integer not null default 10 constraint rate_limits_window_range check (window_minutes between 1 and 1440)
);
comment on table buzz_haven.rate_limits is
  'Submissions allowed per client (IP hash) and per contact (e-mail or phone) within window_minutes, per action.';

insert into buzz_haven.rate_limits (action, max_per_client, max_per_contact) values
  ('order', 10, 5),
  ('registration', 10, 5),
  ('adoption', 10, 5),
  ('swarm_report', 10, 5),
  ('art_submission', 10, 3),
  ('art_vote', 20, 5),
  ('host_application', 10, 5),
  ('volunteer', 10, 5),
  ('newsletter', 10, 5),
  ('contact', 20, 10);

-- The mailbox an address delivers to, as one key: lower case, the local part's '+tag' dropped
-- (sub-addressing: name+anything@ reaches name@ at the large providers), and for Gmail its dots
-- dropped and googlemail.com read as gmail.com. Used wherever "one per person" is counted by
-- address: the art ballot's one vote per mailbox and the visitor forms' per-contact limits.
create function buzz_haven.mailbox_key(p_email text) returns text
language sql immutable parallel safe set search_path = ''
as $$
  with address as (
    select lower(btrim(p_email)) as email
  ), parts as (
    select
      -- an address that is all tag ('+x@...') keeps its local part: there is no mailbox name to keep
      coalesce(nullif(split_part(split_part(a.email, '@', 1), '+', 1), ''), split_part(a.email, '@', 1)) as local,
      split_part(a.email, '@', 2) as domain
    from address as a
  )
  select case
    when p.domain in ('gmail.com', 'googlemail.com') then replace(p.local, '.', '') || '@gmail.com'
    else p.local || '@' || p.domain
  end
  from parts as p
$$;
revoke all on function buzz_haven.mailbox_key(text) from public, anon, authenticated;

create table buzz_haven.request_log (
  id bigint generated always as identity primary key,
  action text not null references buzz_haven.rate_limits (action) on delete cascade
    constraint request_log_action_length check (char_length(action) <= 50),
  client_hash text constraint request_log_client_hash_length check (char_length(client_hash) <= 64),
  contact_hash text not null constraint request_log_contact_hash_length check (char_length(contact_hash) <= 64),
  created_at timestamptz not null default now()
);
create index request_log_client_idx on buzz_haven.request_log (action, client_hash, created_at);
create index request_log_contact_idx on buzz_haven.request_log (action, contact_hash, created_at);
create index request_log_created_idx on buzz_haven.request_log (created_at);
comment on table buzz_haven.request_log is
  'Recent anonymous submissions, hashed, for the rate limits; rows older than a day are pruned.';

alter table buzz_haven.rate_limits enable row level security;
alter table buzz_haven.request_log enable row level security;
revoke all on buzz_haven.rate_limits, buzz_haven.request_log from public, anon, authenticated;

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
-- table; each area file attaches it to its other tables and inserts its tables' messages.

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

-- The messages of this file's table rules, keyed by the constraint's name (a NOT NULL column:
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

-- The client's address as the deployment's own gateway reports it (IPv6: its /64), or null
-- outside an HTTP request or when the chosen header does not hold one.
create or replace function buzz_haven.client_address() returns text
language plpgsql stable set search_path = ''
as $$
declare
  v_headers jsonb := nullif(current_setting('request.headers', true), '')::jsonb;
  v_header text;
  v_hops integer;
  v_hops_list text[];
  v_raw text;
  v_address inet;
begin
  select s.client_address_header, s.forwarded_for_hops into v_header, v_hops from buzz_haven.request_settings as s;
  v_header := coalesce(v_header, 'x-forwarded-for');
  if v_header = 'x-forwarded-for' then
    v_hops_list := string_to_array(v_headers ->> 'x-forwarded-for', ',');
    v_raw := v_hops_list[cardinality(v_hops_list) - coalesce(v_hops, 1)];
  else
    v_raw := v_headers ->> v_header;
  end if;
  v_raw := nullif(btrim(v_raw), '');
  if v_raw is null then
    return null;
  end if;
  begin
    v_address := v_raw::inet;
  exception when invalid_text_representation then
    return v_raw; -- not an address: still one client of its own, never an error for the visitor
  end;
  if family(v_address) = 6 and not v_address <<= '::ffff:0:0/96'::inet then
    return network(set_masklen(v_address, 64))::text;
  end if;
  return host(v_address);
end;
$$;

create function buzz_haven.sha256_hex(value text) returns text
language sql immutable set search_path = ''
as $$
  select encode(pg_catalog.sha256(convert_to(value, 'UTF8')), 'hex')
$$;

-- Counts one submission of `p_action` for this client and contact, or raises PT429 when either has
-- reached its limit. Submissions of one client or contact are serialised (advisory lock), so a burst
-- cannot slip past the count.
create function buzz_haven.guard_request(p_action text, p_contact text) returns void
language plpgsql set search_path = ''
as $$
declare
  v_limit buzz_haven.rate_limits;
  v_client text := buzz_haven.sha256_hex(buzz_haven.client_address());
  v_contact text := buzz_haven.sha256_hex(lower(btrim(coalesce(p_contact, ''))));
  v_since timestamptz;
begin
  select * into strict v_limit from buzz_haven.rate_limits where action = p_action;
  v_since := now() - make_interval(mins => v_limit.window_minutes);
  if v_client is not null then
    perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtext('client:' || v_client));
  end if;
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtext('contact:' || v_contact));
  if (v_client is not null and (
        select count(*) from buzz_haven.request_log as r
        where r.action = p_action and r.client_hash = v_client and r.created_at > v_since
      ) >= v_limit.max_per_client)
    or (
        select count(*) from buzz_haven.request_log as r
        where r.action = p_action and r.contact_hash = v_contact and r.created_at > v_since
      ) >= v_limit.max_per_contact then
    raise exception 'Too many requests; please try again later' using errcode = 'PT429';
  end if;
  delete from buzz_haven.request_log as r where r.created_at < now() - interval '1 day';
  insert into buzz_haven.request_log (action, client_hash, contact_hash) values (p_action, v_client, v_contact);
end;
$$;

revoke all on function buzz_haven.client_address(), buzz_haven.sha256_hex(text),
  buzz_haven.guard_request(text, text) from public, anon, authenticated;

create or replace function public.set_buzz_haven_rate_limit(
  p_action text,
  p_max_per_client integer default null,
  p_max_per_contact integer default null,
  p_window_minutes integer default null
)
returns buzz_haven.rate_limits
language plpgsql security definer set search_path = '' -- updates buzz_haven.rate_limits, which the caller has no grant on
as $$
declare
  v buzz_haven.rate_limits;
begin
  perform buzz_haven.require_role(array['owner', 'admin'], 'Only an owner or admin can change rate limits');
  update buzz_haven.rate_limits as l
  set max_per_client = coalesce(p_max_per_client, l.max_per_client),
    max_per_contact = coalesce(p_max_per_contact, l.max_per_contact),
    window_minutes = coalesce(p_window_minutes, l.window_minutes)
  where l.action = p_action
  returning l.* into v;
  perform buzz_haven.check_found(found, 'Unknown action (order, registration, adoption or swarm_report)');
  return v;
end;
$$;

select buzz_haven.grant_api_execute('set_buzz_haven_rate_limit');

-- The caller's profile id and a display name: 'Visitor' for anon, 'Service key' for service_role,
-- 'System' outside an API request.
create function buzz_haven.caller_profile(out profile_id uuid, out display_name text)
language sql
stable
set search_path = ''
as $$
  select u.id, coalesce(u.name,
    case when auth.role() is null then 'System' when auth.role() = 'anon' then 'Visitor'
      when auth.role() = 'service_role' then 'Service key' end,
    auth.email(), 'Unknown')
  from (select 1) as one
  left join buzz_haven.users as u on u.auth_user_id = auth.uid() and auth.role() = 'authenticated'
$$;

create or replace function buzz_haven.activity_summary(p_verb text, p_label text, p_old jsonb, p_new jsonb) returns text
language sql immutable set search_path = ''
as $$
  select left(p_verb || ' ' || coalesce(left(p_label, 200), '') || coalesce(': ' || (
    select string_agg(
      case when k in ('status', 'role', 'is_active', 'handled', 'is_public')
        then format('%s %s → %s', k, coalesce(p_old ->> k, 'none'), coalesce(p_new ->> k, 'none'))
        else k end,
      ', ' order by k)
    from jsonb_object_keys(p_new) as k
    where p_old is not null and k not in ('updated_at', 'is_open') and (p_old -> k) is distinct from (p_new -> k)
  ), ''), 500)
$$;

-- TG_ARGV[0]: the resource's name in the summary ('order'); TG_ARGV[1]: the column naming the row.
create function buzz_haven.log_activity() returns trigger
language plpgsql security definer set search_path = '' -- inserts into buzz_haven.activity_log whoever made the change
as $$
declare
  v_role text := auth.role();
  v_old jsonb := case when tg_op in ('UPDATE', 'DELETE') then to_jsonb(old) end;
  v_new jsonb := case when tg_op in ('INSERT', 'UPDATE') then to_jsonb(new) end;
  v_row jsonb := coalesce(v_new, v_old);
  v_label text := tg_argv[0] || ' ' || coalesce(v_row ->> tg_argv[1], '');
  v_actor record;
  v_action text;
begin
  if v_role is null or (tg_op = 'UPDATE' and v_old - 'updated_at' = v_new - 'updated_at') then
    return null;
  end if;
  select * into v_actor from buzz_haven.caller_profile();
  v_action := case tg_op when 'INSERT' then 'create' when 'DELETE' then 'delete'
    else case when (v_old -> 'status') is distinct from (v_new -> 'status') then 'status' else 'update' end end;
  insert into buzz_haven.activity_log (actor_id, actor_name, action, resource, record_id, summary)
  values (
    v_actor.profile_id,
    v_actor.display_name,
    v_action,
    tg_table_name,
    (v_row ->> 'id')::uuid,
    buzz_haven.activity_summary(
      case tg_op when 'INSERT' then 'Created' when 'DELETE' then 'Deleted' else 'Updated' end, v_label, v_old, v_new)
  );
  return null;
end;
$$;
revoke all on function buzz_haven.caller_profile(), buzz_haven.activity_summary(text, text, jsonb, jsonb),
  buzz_haven.log_activity()
  from public, anon, authenticated;

-- Buzz Haven: sending an order request from the site's cart (anon). The server prices every line
-- from buzz_haven.products and adds shipping by the shop's rules (standard $5.95, free over $50;
-- express $12.95; pickup free): a price the cart sends that differs, or a product that is unknown
-- or hidden, is refused (PT409, HTTP 409) with a message the cart shows, so the visitor can review
-- the cart. Bad input is refused 22023 (HTTP 400), a flood PT429 (buzz_haven.guard_request), and a
-- filled honeypot (p_website, a field people never see) gets a fake success and stores nothing.

-- Shared checks of the request forms: a required or optional text within its bound (the bound
-- and its message are buzz_haven.check_length's).
create function buzz_haven.check_text(p_value text, p_label text, p_max integer, p_required boolean default false)
returns void language plpgsql immutable set search_path = ''
as $$
begin
  if p_required and nullif(btrim(p_value), '') is null then
    raise exception '% is required', p_label using errcode = '22023';
  end if;
  perform buzz_haven.check_length(btrim(p_value), p_max, p_label);
end;
$$;

create function buzz_haven.is_us_state(p_code text) returns boolean
language sql immutable set search_path = ''
as $$
  select p_code = any (string_to_array(
    'AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND '
    'OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY PR VI GU AS MP', ' '))
$$;

-- Display name of a profile id (null stays null).
create function buzz_haven.profile_name(p_id uuid) returns text
language sql stable set search_path = ''
as $$
  select u.name from buzz_haven.users as u where u.id = p_id
$$;
revoke all on function buzz_haven.profile_name(uuid) from public, anon, authenticated;
revoke all on function buzz_haven.activity_summary(text, text, jsonb, jsonb) from public, anon, authenticated;

-- Buzz Haven: the per-client limit of the visitor forms counts an address the client cannot choose.
-- buzz_haven.client_address() once took CF-Connecting-IP,
-- else X-Real-IP, else the first X-Forwarded-For entry. Any of them can come from the client: the
-- embedded backend passed them on as sent, Kong passes on a CF-Connecting-IP it did not set, and
-- Cloudflare appends to an X-Forwarded-For the client sent, so that header's first entry is the
-- client's to choose (developers.cloudflare.com/fundamentals/reference/http-headers). One rotated
-- header made every request a new client.
--
-- Now the address comes from ONE header, chosen in buzz_haven.request_settings:
--   x-forwarded-for (default), read from the RIGHT: forwarded_for_hops entries, appended by the
--     deployment's own proxies after the one that saw the client, are skipped and the next entry
--     is the client; a shorter list counts no client (only the contact). Default 1, the shape of
--     hosted projects: "<visitor>, <hop in front of the gateway>" (a hosted dump of request.headers
--     in github.com/burggraf/postgrest-header-hacking; supabase/postgres PR #1593: Envoy passes the
--     header on as it comes, the load balancer appends, the client is the entry before the last).
--     The embedded backend sends the same shape: "<socket peer, or what a proxy listed in
--     BUZZ_TRUSTED_PROXIES reports>, <its own address>", dropping every address header the client
--     sent (supabase/local/src/rest/clientAddress.ts). Supabase's docs (guides/api/securing-your-api)
--     take the first entry instead, which is the client's choice as said above.
--   x-real-ip: for a gateway that sets it from its own connection and is the only way in (the CLI's
--     and self-hosted Kong: X-Real-IP $remote_addr; the embedded backend also sets it).
--   cf-connecting-ip: for a deployment reached only through Cloudflare, which sets it.
-- An owner checks what is counted with public.get_buzz_haven_client_address() (their own address
-- expected) and changes the setting in the SQL editor, e.g.
--   update buzz_haven.request_settings set client_address_header = 'x-real-ip';
-- IPv6 addresses count by their /64 (one subscriber's usual allocation), so stepping through the
-- addresses of one's own prefix does not escape the limit either.

create table buzz_haven.request_settings (
  id boolean primary key default true constraint request_settings_one_row check (id),
  client_address_header text not null default 'x-forwarded-for' constraint request_settings_header
    check (client_address_header in ('x-forwarded-for', 'x-real-ip', 'cf-connecting-ip')),
  forwarded_for_hops integer not null default 1 constraint request_settings_hops check (forwarded_for_hops between 0 and 10)
);
comment on table buzz_haven.request_settings is
  'Which request header holds the client address the rate limits count (one row; see its migration).';
insert into buzz_haven.request_settings default values;
alter table buzz_haven.request_settings enable row level security;
revoke all on buzz_haven.request_settings from public, anon, authenticated;
revoke all on function buzz_haven.client_address() from public, anon, authenticated;

-- For an owner or admin to check the setting through the API (supabase-js signed in): what the
-- request guard counts for this very request, and the headers it could be read from.
create function public.get_buzz_haven_client_address() returns jsonb
language plpgsql stable security definer set search_path = '' -- reads buzz_haven.request_settings, which the caller has no grant on
as $$
declare
  v_headers jsonb := nullif(current_setting('request.headers', true), '')::jsonb;
begin
  perform buzz_haven.require_role(array['owner', 'admin'], 'Only an owner or admin can see how clients are counted');
  return (
    select jsonb_build_object('address', buzz_haven.client_address(), 'header', s.client_address_header,
      'forwarded_for_hops', s.forwarded_for_hops, 'x_forwarded_for', v_headers ->> 'x-forwarded-for',
      'x_real_ip', v_headers ->> 'x-real-ip', 'cf_connecting_ip', v_headers ->> 'cf-connecting-ip')
    from buzz_haven.request_settings as s
  );
end;
$$;

select buzz_haven.grant_api_execute('get_buzz_haven_client_address');

-- Buzz Haven: every delete, and publishing, needs the second factor (aal2) when the caller has a
-- verified one: media rows and the files in Storage too, so a stolen password
-- alone cannot delete them. The rule itself is buzz_haven.require_second_factor(); ONE helper
-- attaches it to a table's deletes, and it is applied (beside each create table) to every
-- table the back office deletes from and to storage.objects, and asks it before publishing.
-- tests/sql/second-factor-deletes.test.ts finds every delete RPC, every buzz_haven table deleted
-- from and every bucket by itself, so a new delete path that skips the helper fails there.

-- Attaches the rule to the deletes of each table:
-- * a buzz_haven table gets a statement-level BEFORE DELETE trigger (the delete RPCs are security
--   definer and run as the table owner, which RLS does not restrict; a trigger fires for them,
--   even when no row matches, so a refusal comes before 'not found');
-- * storage.objects gets a restrictive RLS policy: it belongs to Storage (supabase_storage_admin
--   on hosted Supabase, where `postgres` may add policies but not triggers), and Storage runs
--   deletes as the caller under RLS with the caller's JWT claims (supabase/storage
--   src/internal/database/postgres/scope.ts; supabase/local/src/storage/context.ts here). A
--   restrictive policy is ANDed with every permissive one, so it covers every bucket, and any
--   delete policy added later, without touching them.
-- Idempotent: a table that already has the guard keeps it.
create function buzz_haven.require_second_factor_for_deletes(variadic p_tables regclass[]) returns void
language plpgsql set search_path = ''
as $$
declare
  v_table regclass;
  v_schema name;
  v_name name;
begin
  foreach v_table in array p_tables loop
    select n.nspname, c.relname into v_schema, v_name
    from pg_catalog.pg_class as c join pg_catalog.pg_namespace as n on n.oid = c.relnamespace
    where c.oid = v_table;
    if v_table = 'storage.objects'::regclass then
      if not exists (
        select 1 from pg_catalog.pg_policy as p
        where p.polrelid = v_table and p.polname = 'buzz_haven: deletes need the second factor'
      ) then
        create policy "buzz_haven: deletes need the second factor"
          on storage.objects as restrictive for delete
          to public
          using (buzz_haven_storage.second_factor_confirmed());
      end if;
    elsif v_schema = 'buzz_haven' then
      if not exists (
        select 1 from pg_catalog.pg_trigger as t
        where t.tgrelid = v_table and not t.tgisinternal
          and t.tgfoid = 'buzz_haven.second_factor_guard()'::regprocedure
          and t.tgtype::integer & 8 = 8 -- fires on DELETE (TRIGGER_TYPE_DELETE)
      ) then
        execute format(
          'create trigger %I before delete on %s for each statement execute function buzz_haven.second_factor_guard()',
          v_name || '_delete_needs_second_factor', v_table
        );
      end if;
    else
      raise exception 'No second-factor rule for deletes of %', v_table;
    end if;
  end loop;
end;
$$;

comment on function buzz_haven.require_second_factor_for_deletes(regclass[]) is
  'Makes deletes of each table need aal2 when the caller has a verified factor (trigger or Storage policy).';
revoke all on function buzz_haven.require_second_factor_for_deletes(regclass[]) from public, anon, authenticated;

-- Buzz Haven: a back-office list page costs O(page), not O(table), however many rows years of use leave.
-- The list RPCs were security-definer PL/pgSQL functions returning every row; PostgREST (hosted,
-- and supabase/local/src/rest/query/sql.ts) applies filter, order and limit to their result, so
-- every page read and sorted the whole table. Now each list RPC is a one-line `language sql stable`
-- function that PostgreSQL inlines into the caller's query (src/backend/optimizer/util/clauses.c
-- inline_set_returning_function: SQL, not strict, not volatile, not security definer and NO SET
-- clause: `set search_path` would prevent it). Inlined, the request's WHERE, ORDER BY and LIMIT
-- reach the table and its indexes (the list indexes beside each create table).
-- Without a SET clause the body pins nothing through the path: it names one fully qualified view
-- and nothing else, and it runs with the caller's rights, so a path the caller sets can only
-- mislead the caller. The rows come from views in schema buzz_haven_lists, which read the tables
-- with their owner's rights (plain views, not security_invoker): the API roles still have no
-- grant on any buzz_haven table or on schema buzz_haven. Each view is gated by
-- buzz_haven_lists.staff_only(), which takes no column, so the planner evaluates it once as a
-- one-time filter before any row is read: anon, a pending or a deactivated profile get the same
-- 42501 messages as before (buzz_haven.require_role), even on an empty table.
-- Order: the functions no longer sort (an ORDER BY in the body would stop the planner from
-- merging it into the outer query); the admin always sends `order=` (admin/src/providers).
-- Views list their columns when created: a column added to a table later appears in its list
-- after `create or replace view buzz_haven_lists.<name>` adds it at the end (the function returns
-- the view's row type, so it follows without change).

create schema buzz_haven_lists;
comment on schema buzz_haven_lists is
  'Back-office list views (staff only, gated by staff_only()); read through the public get_buzz_haven_* RPCs.';
revoke all on schema buzz_haven_lists from public;
grant usage on schema buzz_haven_lists to anon, authenticated, service_role;

-- true for an active profile with a role (or the service key); raises 42501 otherwise. Security
-- definer: it reads buzz_haven.users, which the caller has no grant on. In this schema, not in
-- buzz_haven, so migrations that `revoke all on all functions in schema buzz_haven` leave it be.
create function buzz_haven_lists.staff_only() returns boolean
language plpgsql stable security definer set search_path = ''
as $$
begin
  perform buzz_haven.require_role();
  return true;
end;
$$;
revoke all on function buzz_haven_lists.staff_only() from public;
grant execute on function buzz_haven_lists.staff_only() to anon, authenticated, service_role;

-- A list row "needs translation" when a text the public site shows has English words and no
-- Spanish twin (the Spanish pages then show the English): the lists' spanish_missing column.
create function buzz_haven_lists.needs_spanish(p_english text, p_spanish text) returns boolean
language sql immutable set search_path = ''
as $$ select coalesce(btrim(p_english), '') <> '' and coalesce(btrim(p_spanish), '') = '' $$;
revoke all on function buzz_haven_lists.needs_spanish(text, text) from public;
grant execute on function buzz_haven_lists.needs_spanish(text, text) to anon, authenticated, service_role;

-- The activity log (RecentActivity): order=id.desc is the primary key read backwards; a record's
-- history (RecordHistory): record_id=eq.<id>&order=id.desc is activity_log_record_idx
-- (users area). Neither needs a new index.

-- Buzz Haven: the events that queue e-mail, as triggers on the request tables, so the
-- submit RPCs stay as they are and the message commits or rolls back with the row. Each trigger freezes the values the
-- message shows (placeholders of content/schema/messages.ts) into outbox_messages.data.
-- - a new order: 'order_received' to the customer, with its lines. A deferred constraint trigger,
--   so it runs at commit, after the RPC inserted the order's lines.
-- - a new swarm report: 'swarm_report_received' to the reporter (when they gave an e-mail) and
--   'staff_swarm_alert' to every active staff member who wants swarm alerts (alert_preferences).
-- - a new workshop registration: 'registration_confirmed' or 'registration_waitlisted'.
-- - a new Adopt-a-Hive request: 'adoption_received'.
-- Rows written outside an API request (seed.sql, a migration, psql maintenance: no
-- request.jwt.claims, which PostgREST and the embedded backend set on every request) queue nothing:
-- loading demo data or repairing a table must not e-mail anyone.

create function buzz_haven.in_api_request() returns boolean
language sql stable set search_path = ''
as $$
  select coalesce(current_setting('request.jwt.claims', true), '') not in ('', '{}')
$$;

-- Buzz Haven: an adoption request is priced from buzz_haven.adopt_tiers and its gift terms from
-- buzz_haven.adopt_gift_terms, not from literals, so a price has one home.
-- * adoption_requests.tier references adopt_tiers.slug (so a tier staff add can be requested), and
--   its plan is 'monthly' or 'gift-<months>'; the RPC checks the plan against the gift terms.
-- * submit_buzz_haven_adoption_request reads the price and the tier and plan lists from the
--   tables, with messages built from the rows.

-- 'a, b or c' (the form messages' way of listing choices), in the request's language (the rules
-- derived_separator and derived_last_separator).
create function buzz_haven.join_or(p_words text[]) returns text
language sql stable set search_path = ''
as $$
  select case when cardinality(p_words) < 2 then array_to_string(p_words, '')
    else array_to_string(p_words[1:cardinality(p_words) - 1], buzz_haven.rule_message('derived_separator'))
      || buzz_haven.rule_message('derived_last_separator') || p_words[cardinality(p_words)] end
$$;
revoke all on function buzz_haven.join_or(text[]) from public, anon, authenticated;

-- Active staff who chose `p_alert` for themselves (the role default chooses none of these).
create function buzz_haven.staff_choosing(p_alert text)
returns table (id uuid, name text, email text) language sql stable set search_path = ''
as $$
  select u.id, u.name, u.email::text from buzz_haven.users as u
  join buzz_haven.alert_preferences as p on p.user_id = u.id
  where u.is_active and u.role is not null and p_alert = any (p.alerts)
$$;

-- Buzz Haven: /my-hive, the page of a hive's adopters and host. A person signs in
-- by e-mail link (Supabase Auth's OTP / magic link, so their e-mail is confirmed) and this RPC
-- answers the hive(s) that e-mail is linked to, and nothing else:
-- - as adopter: an adoption request (or the gift it names as recipient) with that e-mail, linked by
--   staff to a hive and not ended;
-- - as host: a hive whose host_email is that e-mail (set when a host application is marked
--   installed).
-- The e-mail is read from auth.users for auth.uid() and only once confirmed (email_confirmed_at):
-- the JWT's email claim alone is not trusted, and an unconfirmed sign-up sees nothing. Asking for
-- a hive that is not the caller's is refused (42501) with the same message whether it exists or not.
-- Per hive: name, status (its location is what staff typed, an address: not shown), the wrap art when the hive has
-- one, the inspections staff marked to share (date, sentence, photo), the honey batches it went
-- into when the batches exist, and for an adopter their adoption (tier, plan, state). The upcoming
-- public workshops come with every answer.

-- Only a session that proved its address by an e-mailed link or code reads it. A confirmed
-- address alone is not proof: with e-mail confirmations off, a password sign-up is confirmed at
-- once, so anyone could sign up with an adopter's or host's address and any password; and a
-- password someone set before the address's owner signed in by link keeps working after.
-- Supabase Auth records how each session signed in (auth.mfa_amr_claims, kept across refreshes)
-- and puts it in the access token's `amr` claim: `otp` for a link or code verified at /verify
-- (the implicit flow, which /my-hive uses), `magiclink` for a sign-in link and `email/signup` for
-- a first sign-in's confirmation link (with e-mail confirmations on) exchanged by PKCE; a password
-- sign-in or sign-up says `password` and never reads a hive.

-- True when the caller's session signed in by an e-mailed sign-in link or code. Each `amr` entry
-- is an object with a `method` (Supabase Auth) or a plain string (RFC 8176); anything else, or no
-- claim at all, is no proof.
create function buzz_haven.session_proved_email() returns boolean
language sql stable set search_path = ''
as $$
  select coalesce((
    select bool_or(coalesce(m ->> 'method', m #>> '{}') in ('otp', 'magiclink', 'email/signup'))
    from jsonb_array_elements(
      case when jsonb_typeof(auth.jwt() -> 'amr') = 'array' then auth.jwt() -> 'amr' else '[]'::jsonb end
    ) as m
  ), false)
$$;
comment on function buzz_haven.session_proved_email() is
  'Whether the caller''s session signed in by an e-mailed link or code (JWT amr otp, magiclink or email/signup).';
revoke all on function buzz_haven.session_proved_email() from public, anon, authenticated;

-- The caller's confirmed address, for the RPCs that answer an adopter's or host's own data (today
-- get_buzz_haven_my_hives): only for a session that proved it (above); any other session is
-- refused with the sign-in message, so every RPC reading the address this way gets the same rule.
create function buzz_haven.my_confirmed_email() returns text
language plpgsql stable security definer set search_path = '' -- reads auth.users
as $$
begin
  if not buzz_haven.session_proved_email() then
    raise exception 'Sign in with the link we e-mail you to see your hive' using errcode = '42501';
  end if;
  return (
    select lower(u.email::text) from auth.users as u
    where u.id = auth.uid() and u.email_confirmed_at is not null and u.email is not null
  );
end;
$$;
revoke all on function buzz_haven.my_confirmed_email() from public, anon, authenticated;

create function buzz_haven.explain_constraints_of(p_table regclass) returns void
language plpgsql set search_path = ''
as $$
begin
  if not exists (select 1 from pg_catalog.pg_trigger as t
                 where t.tgrelid = p_table and t.tgfoid = 'buzz_haven.explain_constraints()'::regprocedure) then
    execute format('create trigger %I before insert or update on %s for each row execute function buzz_haven.explain_constraints()',
      (select c.relname from pg_catalog.pg_class as c where c.oid = p_table) || '_explain_constraints', p_table);
  end if;
end;
$$;

-- A foreign key may have a constraint_messages row, as a CHECK has: a write naming a value its
-- table does not hold fails with that message at its field (23503, PostgREST's details naming it).
-- The foreign keys with a message: each one-column key of the table whose value is given and names
-- no row of the table it references raises its message. Called by explain_constraints (a write)
-- and explain_row (a row checked before it is written).
create function buzz_haven.explain_foreign_keys(p_table regclass, p_row jsonb) returns void
language plpgsql stable security definer set search_path = '' -- reads buzz_haven.constraint_messages and the referenced table whoever writes
as $$
declare
  v record;
  v_found boolean;
begin
  for v in
    select c.conname, m.message, a.attname as field, c.confrelid::regclass as target, fa.attname as target_field,
      pg_catalog.format_type(fa.atttypid, fa.atttypmod) as target_type
    from pg_catalog.pg_constraint as c
    cross join lateral (select buzz_haven.rule_message(c.conname) as message) as m
    join pg_catalog.pg_attribute as a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
    join pg_catalog.pg_attribute as fa on fa.attrelid = c.confrelid and fa.attnum = c.confkey[1]
    where c.conrelid = p_table and c.contype = 'f' and pg_catalog.array_length(c.conkey, 1) = 1 and m.message is not null
    order by c.conname
  loop
    continue when p_row ->> v.field is null;
    execute format('select exists (select 1 from %s as t where t.%I = $1::%s)', v.target, v.target_field, v.target_type)
      into v_found using p_row ->> v.field;
    if not v_found then
      raise exception using errcode = '23503', message = v.message, constraint = v.conname,
        detail = pg_catalog.json_build_object('field', v.field, 'constraint', v.conname)::text;
    end if;
  end loop;
end;
$$;
revoke all on function buzz_haven.explain_foreign_keys(regclass, jsonb) from public, anon, authenticated;

-- The first CHECK of p_table with a message (buzz_haven.constraint_message) that p_row breaks,
-- raised with that message (a CHECK passes when true or null, as PostgreSQL's), the violation
-- naming its constraint and PostgREST's `details` its field. Called by explain_constraints (a
-- write) and explain_row (a row checked before it is written).
create function buzz_haven.explain_checks(p_table regclass, p_row anyelement) returns void
language plpgsql stable security definer set search_path = '' -- reads buzz_haven.constraint_messages whoever checks
as $$
declare
  v record;
  v_ok boolean;
begin
  for v in
    select c.conname, m.message, pg_catalog.pg_get_expr(c.conbin, c.conrelid) as expr,
      (select a.attname from pg_catalog.pg_attribute as a
       where a.attrelid = c.conrelid and a.attnum = c.conkey[1] and pg_catalog.array_length(c.conkey, 1) = 1) as field
    from pg_catalog.pg_constraint as c cross join lateral (select buzz_haven.constraint_message(c.oid) as message) as m
    where c.conrelid = p_table and c.contype = 'c' and m.message is not null
    order by c.conname
  loop
    execute format('select %s from (select ($1::%s).*) as t', v.expr, p_table) into v_ok using p_row;
    if v_ok is false then
      raise exception using errcode = '23514', message = v.message, constraint = v.conname,
        detail = pg_catalog.json_build_object('field', v.field, 'constraint', v.conname)::text;
    end if;
  end loop;
end;
$$;
revoke all on function buzz_haven.explain_checks(regclass, anyelement) from public, anon, authenticated;

-- The first rule the row breaks, raised with its message: the CHECKs, then the NOT NULL columns,
-- then the foreign keys. The violation names its constraint, as PostgreSQL's own would
-- (PostgREST and supabase-js pass it on; tests match on it).
create function buzz_haven.explain_constraints() returns trigger
language plpgsql security definer set search_path = '' -- reads buzz_haven.constraint_messages whoever writes
as $$
declare
  v record;
begin
  perform buzz_haven.explain_checks(tg_relid, new);
  for v in
    select a.attname as field, m.constraint_name, m.message
    from pg_catalog.pg_attribute as a
    cross join lateral (select tg_table_name || '_' || a.attname || '_not_null' as constraint_name) as n
    cross join lateral (select buzz_haven.rule_message(n.constraint_name) as words) as w
    -- a NOT NULL row's %s say the bound of its column's CHECK, as that CHECK's row does
    cross join lateral (select n.constraint_name, case when w.words not like '%\%s%' then w.words
      else buzz_haven.say_bounds(w.words, (select buzz_haven.check_bounds(c.oid) from pg_catalog.pg_constraint as c
        where c.conrelid = tg_relid and c.contype = 'c' and c.conkey = array[a.attnum] and buzz_haven.check_bounds(c.oid) is not null
        order by c.conname limit 1)) end as message) as m
    where a.attrelid = tg_relid and a.attnotnull and a.attnum > 0 and not a.attisdropped and m.message is not null
  loop
    if pg_catalog.to_jsonb(new) -> v.field = 'null'::jsonb then
      raise exception using errcode = '23502', message = v.message, constraint = v.constraint_name,
        detail = pg_catalog.json_build_object('field', v.field, 'constraint', v.constraint_name)::text;
    end if;
  end loop;
  perform buzz_haven.explain_foreign_keys(tg_relid, pg_catalog.to_jsonb(new));
  return new;
end;
$$;
revoke all on function buzz_haven.explain_constraints_of(regclass) from public, anon, authenticated;
revoke all on function buzz_haven.explain_constraints() from public, anon, authenticated;

-- A column's name as a form's label says it: 'staff_notes' -> 'Staff notes'.
create function buzz_haven.column_label(p_column name) returns text
language sql immutable set search_path = ''
as $$
  select pg_catalog.upper(pg_catalog.left(p_column, 1)) || pg_catalog.replace(pg_catalog.substr(p_column, 2), '_', ' ')
$$;
revoke all on function buzz_haven.column_label(name) from public, anon, authenticated;

-- The bound a CHECK over one column says: {max} of a length ('char_length(name) <= 200', also
-- inside a longer CHECK such as a slug's or a one-line text's), {min, max} of a range ('frames
-- between 0 and 40'); null for any other shape. Read from the constraint, so that a message
-- never writes a number again.
create function buzz_haven.check_bounds(p_constraint oid) returns text[]
language sql stable set search_path = ''
as $$
  select coalesce(
    -- '(n >= 0)', '(lat >= ('-85'::integer)::numeric)', '(x <= (85)::numeric)'
    pg_catalog.regexp_match(d.def,
      '^CHECK \(\(\(\w+ >= \(*''?(-?[0-9.]+)''?(?:::\w+)?\)?(?:::\w+)?\) AND \(\w+ <= \(*''?(-?[0-9.]+)''?(?:::\w+)?\)?(?:::\w+)?\)\)\)$'),
    pg_catalog.regexp_match(d.def, 'char_length\((?:btrim\()?\w+\)?\) <= (\d+)\)'))
  from (select pg_catalog.pg_get_constraintdef(c.oid) as def from pg_catalog.pg_constraint as c
        where c.oid = p_constraint and c.contype = 'c' and pg_catalog.array_length(c.conkey, 1) = 1) as d
$$;
revoke all on function buzz_haven.check_bounds(oid) from public, anon, authenticated;

-- A constraint_messages row of a bound CHECK gives the words and leaves the number to the CHECK:
-- each %s takes the next of p_bounds (buzz_haven.check_bounds), and one after '$' is a bound in
-- cents said in dollars ('between $%s and $%s' of 'price between 0 and 1000000': 'between $0 and
-- $10,000'). A message without %s, or without bounds, stays as written.
create function buzz_haven.say_bounds(p_message text, p_bounds text[]) returns text
language plpgsql immutable set search_path = ''
as $$
declare
  v_parts text[] := pg_catalog.string_to_array(p_message, '%s');
  v_out text := v_parts[1];
begin
  if p_message is null or p_bounds is null or pg_catalog.cardinality(v_parts) < 2 then
    return p_message;
  end if;
  for i in 2 .. pg_catalog.cardinality(v_parts) loop
    v_out := v_out || case
      when i - 1 > pg_catalog.cardinality(p_bounds) then '%s'
      when pg_catalog.right(v_parts[i - 1], 1) = '$' then pg_catalog.to_char(p_bounds[i - 1]::numeric / 100, 'FM999,999,999,990')
      else p_bounds[i - 1] end || v_parts[i];
  end loop;
  return v_out;
end;
$$;
revoke all on function buzz_haven.say_bounds(text, text[]) from public, anon, authenticated;

-- The message a CHECK over one column says itself, from its bound, in the request's language
-- (the patterns derived_too_long, derived_between and derived_one_of of buzz_haven.rule_message,
-- the names of buzz_haven.column_words): a length ('<Label> is too long (200 characters at most)'),
-- a range ('<Label> must be between 0 and 40') or the allowed values ('<Label> must be new, active
-- or ended'); null for any other shape. The bound stands in the CHECK alone, so the message cannot
-- disagree with it.
create function buzz_haven.derived_message(p_constraint oid) returns text
language plpgsql stable set search_path = ''
as $$
declare
  v_def text;
  v_column name;
  v_label text;
  v_match text[];
  v_values text[];
  v_locale text := buzz_haven.request_locale();
begin
  select pg_catalog.pg_get_constraintdef(c.oid), a.attname into v_def, v_column
  from pg_catalog.pg_constraint as c
  join pg_catalog.pg_attribute as a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
  where c.oid = p_constraint and c.contype = 'c' and pg_catalog.array_length(c.conkey, 1) = 1;
  v_label := coalesce((select w.words from buzz_haven.column_words as w
    where w.column_name = v_column and w.value = '' and w.locale = v_locale), buzz_haven.column_label(v_column));
  if v_def ~ '^CHECK \(\(char_length\(\w+\) <= \d+\)\)$'
    or v_def ~ '^CHECK \(\(\(char_length\(\w+\) >= 1\) AND \(char_length\(\w+\) <= \d+\)\)\)$' then
    return buzz_haven.say_bounds(pg_catalog.format(buzz_haven.rule_message('derived_too_long'), v_label, '%s'),
      buzz_haven.check_bounds(p_constraint));
  end if;
  if pg_catalog.cardinality(buzz_haven.check_bounds(p_constraint)) = 2 then
    return buzz_haven.say_bounds(pg_catalog.format(buzz_haven.rule_message('derived_between'), v_label, '%s', '%s'),
      buzz_haven.check_bounds(p_constraint));
  end if;
  v_match := pg_catalog.regexp_match(v_def, '^CHECK \(\(\w+ = ANY \(ARRAY\[(.*)\]\)\)\)$');
  if v_match is not null then
    select pg_catalog.array_agg(coalesce(w.words, pg_catalog.replace(m[1], '''''', '''')) order by n) into v_values
    from pg_catalog.regexp_matches(v_match[1], '''((?:[^'']|'''')*)''::text', 'g') with ordinality as t (m, n)
    left join buzz_haven.column_words as w
      on w.column_name = v_column and w.value = pg_catalog.replace(m[1], '''''', '''') and w.locale = v_locale;
    return pg_catalog.format(buzz_haven.rule_message('derived_one_of'), v_label, buzz_haven.join_or(v_values));
  end if;
  return null;
end;
$$;
revoke all on function buzz_haven.derived_message(oid) from public, anon, authenticated;

-- The message a broken constraint fails with, in the request's language: its constraint_messages
-- row in that language; else, on a table whose explain trigger derives (buzz_haven.derive_messages)
-- and when no English row gives other words, the words its bound says (buzz_haven.derived_message);
-- else its English row; null leaves PostgreSQL's own text. A row's %s say the CHECK's bound
-- (buzz_haven.say_bounds).
create function buzz_haven.constraint_message(p_constraint oid) returns text
language sql stable security definer set search_path = '' -- reads buzz_haven.constraint_messages whoever writes
as $$
  select buzz_haven.say_bounds(coalesce(
    (select m.message from buzz_haven.constraint_messages as m join pg_catalog.pg_constraint as c on c.conname = m.constraint_name
     where c.oid = p_constraint and m.locale = buzz_haven.request_locale()),
    (select buzz_haven.derived_message(p_constraint) from pg_catalog.pg_constraint as c
     join pg_catalog.pg_trigger as t on t.tgrelid = c.conrelid and t.tgfoid = 'buzz_haven.explain_constraints()'::regprocedure
     where c.oid = p_constraint and t.tgnargs = 1 and not exists (select 1 from buzz_haven.constraint_messages as m
       where m.constraint_name = c.conname and m.locale = 'en')),
    (select m.message from buzz_haven.constraint_messages as m join pg_catalog.pg_constraint as c on c.conname = m.constraint_name
     where c.oid = p_constraint and m.locale = 'en')), buzz_haven.check_bounds(p_constraint))
$$;
revoke all on function buzz_haven.constraint_message(oid) from public, anon, authenticated;

-- A table whose bound and enum messages come from its CHECKs (buzz_haven.derived_message) unless a
-- constraint_messages row gives other words: its explain trigger carries the argument 'derive'.
create function buzz_haven.derive_messages(variadic p_tables regclass[]) returns void
language plpgsql set search_path = ''
as $$
declare
  v_table regclass;
  v_trigger name;
begin
  foreach v_table in array p_tables loop
    for v_trigger in
      select t.tgname from pg_catalog.pg_trigger as t where t.tgrelid = v_table and t.tgfoid = 'buzz_haven.explain_constraints()'::regprocedure
    loop
      execute format('drop trigger %I on %s', v_trigger, v_table);
    end loop;
    execute format('create trigger %I before insert or update on %s for each row execute function buzz_haven.explain_constraints(%L)',
      (select c.relname from pg_catalog.pg_class as c where c.oid = v_table) || '_explain_constraints', v_table, 'derive');
  end loop;
end;
$$;
revoke all on function buzz_haven.derive_messages(regclass[]) from public, anon, authenticated;

-- The one way a table keeps its updated_at: a before-update trigger, marked as made here, so that
-- a SQL test can refuse one made another way. manage_resource calls it for a resource's table;
-- a table the back office does not edit (written by webhooks, senders) calls it alone.
create function buzz_haven.keep_updated_at(variadic p_tables regclass[]) returns void
language plpgsql set search_path = ''
as $$
declare
  v_table regclass;
  v_name name;
  v_trigger name;
begin
  foreach v_table in array p_tables loop
    select c.relname into v_name
    from pg_catalog.pg_class as c join pg_catalog.pg_namespace as n on n.oid = c.relnamespace
    where c.oid = v_table and c.relkind in ('r', 'p') and n.nspname = 'buzz_haven' and exists (
      select 1 from pg_catalog.pg_attribute as a where a.attrelid = c.oid and a.attname = 'updated_at' and not a.attisdropped);
    if not found then
      raise exception 'keep_updated_at: % is not a table in schema buzz_haven with a column updated_at', v_table
        using errcode = '22023';
    end if;
    for v_trigger in
      select t.tgname from pg_catalog.pg_trigger as t where t.tgrelid = v_table and t.tgfoid = 'buzz_haven.set_updated_at()'::regprocedure
    loop
      execute format('drop trigger %I on %s', v_trigger, v_table);
    end loop;
    execute format('create trigger %I before update on %s for each row execute function buzz_haven.set_updated_at()',
      v_name || '_set_updated_at', v_table);
    execute format('comment on trigger %I on %s is %L', v_name || '_set_updated_at', v_table, 'Made by buzz_haven.keep_updated_at');
  end loop;
end;
$$;
comment on function buzz_haven.keep_updated_at(regclass[]) is
  'Gives each buzz_haven table its updated_at trigger (the only way one is made).';
revoke all on function buzz_haven.keep_updated_at(regclass[]) from public, anon, authenticated;

-- A resource's table gets its updated_at, activity-log and second-factor delete triggers and the
-- constraint messages' check (buzz_haven.explain_constraints).
create or replace function buzz_haven.manage_resource(
  p_table regclass,
  p_noun text,
  p_title_column text,
  p_second_factor_deletes boolean default true
) returns void
language plpgsql set search_path = ''
as $$
declare
  v_schema name;
  v_name name;
  v_trigger name;
begin
  select n.nspname, c.relname into v_schema, v_name
  from pg_catalog.pg_class as c join pg_catalog.pg_namespace as n on n.oid = c.relnamespace
  where c.oid = p_table and c.relkind in ('r', 'p');
  if v_schema is distinct from 'buzz_haven' then
    raise exception 'manage_resource: % is not a table in schema buzz_haven', p_table using errcode = '22023';
  end if;
  if coalesce(btrim(p_noun), '') = '' then
    raise exception 'manage_resource: % needs a noun for its activity log', p_table using errcode = '22023';
  end if;
  if not exists (
    select 1 from pg_catalog.pg_attribute as a where a.attrelid = p_table and a.attname = p_title_column and a.attnum > 0 and not a.attisdropped
  ) or not exists (
    select 1 from pg_catalog.pg_attribute as a where a.attrelid = p_table and a.attname = 'id' and a.atttypid = 'uuid'::regtype and not a.attisdropped
  ) then
    raise exception 'manage_resource: % needs a uuid column id and the title column %', p_table, coalesce(p_title_column, '(none)')
      using errcode = '22023';
  end if;

  if exists (select 1 from pg_catalog.pg_attribute as a where a.attrelid = p_table and a.attname = 'updated_at' and not a.attisdropped) then
    perform buzz_haven.keep_updated_at(p_table);
  end if;

  for v_trigger in
    select t.tgname from pg_catalog.pg_trigger as t where t.tgrelid = p_table and t.tgfoid = 'buzz_haven.log_activity()'::regprocedure
  loop
    execute format('drop trigger %I on %s', v_trigger, p_table);
  end loop;
  execute format(
    'create trigger %I after insert or update or delete on %s for each row execute function buzz_haven.log_activity(%L, %L)',
    v_name || '_log_activity', p_table, btrim(p_noun), p_title_column);
  execute format('comment on trigger %I on %s is %L', v_name || '_log_activity', p_table, 'Made by buzz_haven.manage_resource');

  perform buzz_haven.explain_constraints_of(p_table);

  if p_second_factor_deletes then
    perform buzz_haven.require_second_factor_for_deletes(p_table);
  end if;
end;
$$;

comment on function buzz_haven.manage_resource(regclass, text, text, boolean) is
  'Gives a buzz_haven table its updated_at trigger, activity log (noun, title column) and second factor on deletes.';
revoke all on function buzz_haven.manage_resource(regclass, text, text, boolean) from public, anon, authenticated;

-- "<label> is required", as check_text(…, true) said it, without its length.
create function buzz_haven.check_required(p_value text, p_label text) returns void
language plpgsql immutable set search_path = ''
as $$
begin
  if nullif(btrim(p_value), '') is null then
    raise exception '% is required', p_label using errcode = '22023';
  end if;
end;
$$;
revoke all on function buzz_haven.check_required(text, text) from public, anon, authenticated;

-- The table whose row type a value has (null::buzz_haven.<table> names one); 22023 for any other type.
create function buzz_haven.table_of(p_row anyelement) returns regclass
language plpgsql stable set search_path = ''
as $$
declare
  v_table regclass;
begin
  select c.oid into v_table from pg_catalog.pg_class as c where c.reltype = pg_catalog.pg_typeof(p_row)::oid;
  if v_table is null then
    raise exception '% is not a table''s row type', pg_catalog.pg_typeof(p_row) using errcode = '22023';
  end if;
  return v_table;
end;
$$;
revoke all on function buzz_haven.table_of(anyelement) from public, anon, authenticated;

-- A row of a buzz_haven table, not written: each CHECK of its table that has a message is evaluated
-- on it (a CHECK passes when true or null, as PostgreSQL's); the first broken one raises its message.
create function buzz_haven.explain_row(p_row anyelement) returns void
language plpgsql stable set search_path = ''
as $$
declare
  v_table regclass := buzz_haven.table_of(p_row);
begin
  perform buzz_haven.explain_checks(v_table, p_row);
  perform buzz_haven.explain_foreign_keys(v_table, pg_catalog.to_jsonb(p_row));
end;
$$;
revoke all on function buzz_haven.explain_row(anyelement) from public, anon, authenticated;

-- Raises the message of rule p_rule (buzz_haven.constraint_messages in the request's language,
-- its %s filled with p_args).
create function buzz_haven.refuse(p_rule text, p_errcode text, p_args text[] default '{}') returns void
language plpgsql stable set search_path = ''
as $$
declare
  v_message text := buzz_haven.rule_message(p_rule);
begin
  raise exception using errcode = p_errcode, message = format(coalesce(v_message, p_rule), variadic p_args);
end;
$$;
revoke all on function buzz_haven.refuse(text, text, text[]) from public, anon, authenticated;

-- Raises p_not_found as PT404 (PostgREST: 404) unless p_found: an RPC's check of FOUND (or of the
-- value it read) after the select or update that reads its row.
create function buzz_haven.check_found(p_found boolean, p_not_found text) returns void
language sql stable set search_path = ''
as $$ select case when p_found is not true then buzz_haven.refuse(p_not_found, 'PT404') end $$;
revoke all on function buzz_haven.check_found(boolean, text) from public, anon, authenticated;

-- The generic row helpers the back-office RPCs call, each written once; p_row names the table by its
-- row type (null::buzz_haven.<table>, or a row of it). They run with their caller's rights: the RPC
-- is the security definer and checks the caller's role first.

-- The delete RPC of a resource: the caller must hold one of p_roles (42501 with p_refusal; null
-- roles: the RPC has checked them itself), the row with id p_id is deleted and returned, and a
-- missing one raises p_not_found as PT404 (PostgREST: 404). p_then: what follows the delete, an
-- expression over the deleted row's columns (t), run once the row is gone.
create function buzz_haven.delete_row(
  p_row anyelement, p_id uuid, p_not_found text,
  p_refusal text default 'Only an owner or admin can do this', p_roles text[] default array['owner', 'admin'],
  p_then text default null
) returns anyelement
language plpgsql set search_path = ''
as $$
declare
  v_table regclass := buzz_haven.table_of(p_row);
  v_count bigint;
begin
  if p_roles is not null then
    perform buzz_haven.require_role(p_roles, p_refusal);
  end if;
  execute format('delete from %s as t where t.id = $1 returning t.*', v_table) into p_row using p_id;
  get diagnostics v_count = row_count;
  if v_count = 0 then
    raise exception '%', p_not_found using errcode = 'PT404';
  end if;
  if p_then is not null then
    execute format('select %s from (select ($1::%s).*) as t', p_then, v_table) using p_row;
  end if;
  return p_row;
end;
$$;
revoke all on function buzz_haven.delete_row(anyelement, uuid, text, text, text[], text) from public, anon, authenticated;

-- A row of a buzz_haven table by its id, locked (FOR UPDATE) until its transaction ends when p_lock;
-- a missing id raises p_not_found as PT404 (a null p_not_found: returns null).
create function buzz_haven.find_row(p_row anyelement, p_id uuid, p_not_found text, p_lock boolean default false)
returns anyelement language plpgsql set search_path = ''
as $$
declare
  v_count bigint;
begin
  execute format('select * from %s as t where t.id = $1%s', buzz_haven.table_of(p_row),
    case when p_lock then ' for update' end) into p_row using p_id;
  get diagnostics v_count = row_count;
  if v_count = 0 and p_not_found is not null then
    raise exception '%', p_not_found using errcode = 'PT404';
  end if;
  return case when v_count > 0 then p_row end;
end;
$$;
revoke all on function buzz_haven.find_row(anyelement, uuid, text, boolean) from public, anon, authenticated;

-- The list RPC of a whole table: the caller must hold a back-office role (buzz_haven.require_role),
-- then every row, in p_order (columns of t, the table; null: as stored). A list that must stay
-- fast at any size is a view in buzz_haven_lists instead.
create function buzz_haven.list_rows(p_row anyelement, p_order text default null) returns setof anyelement
language plpgsql stable set search_path = ''
as $$
begin
  perform buzz_haven.require_role();
  return query execute format('select * from %s as t', buzz_haven.table_of(p_row)) || coalesce(' order by ' || p_order, '');
end;
$$;
revoke all on function buzz_haven.list_rows(anyelement, text) from public, anon, authenticated;

-- The row an update RPC is about to change, locked until its transaction ends.
create function buzz_haven.lock_row(p_row anyelement, p_id uuid, p_not_found text) returns anyelement
language sql set search_path = ''
as $$
  select buzz_haven.find_row(p_row, p_id, p_not_found, true)
$$;
revoke all on function buzz_haven.lock_row(anyelement, uuid, text) from public, anon, authenticated;

-- A new row that its RPC has built and checked, inserted as it is; a null field takes its column's
-- default (id, created_at, updated_at when not given). Returns the row as stored. p_once: the id is
-- one a client made, and a row another call stored with it at the same moment is returned instead.
create function buzz_haven.insert_row(p_row anyelement, p_once boolean default false) returns anyelement
language plpgsql set search_path = ''
as $$
declare
  v_table regclass := buzz_haven.table_of(p_row);
  v_given jsonb := pg_catalog.jsonb_strip_nulls(pg_catalog.to_jsonb(p_row));
  v_columns text;
  v_count bigint;
begin
  select pg_catalog.string_agg(format('%I', a.attname), ', ' order by a.attnum) into v_columns
  from pg_catalog.pg_attribute as a
  where a.attrelid = v_table and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
    and v_given ? a.attname;
  execute format('insert into %1$s as t (%2$s) select %2$s from (select ($1::%1$s).*) as r%3$s returning t.*', v_table, v_columns,
    case when p_once then ' on conflict (id) do nothing' end)
    into p_row using p_row;
  get diagnostics v_count = row_count;
  if v_count = 0 then
    return buzz_haven.find_row(p_row, (v_given ->> 'id')::uuid, null);
  end if;
  return p_row;
end;
$$;
revoke all on function buzz_haven.insert_row(anyelement, boolean) from public, anon, authenticated;

-- An existing row (read with lock_row, changed and checked by its RPC) written back: every column
-- but id, created_at and updated_at (its trigger's) takes the row's value. Returns the row as stored.
create function buzz_haven.update_row(p_row anyelement) returns anyelement
language plpgsql set search_path = ''
as $$
declare
  v_table regclass := buzz_haven.table_of(p_row);
  v_set text;
begin
  select pg_catalog.string_agg(format('%1$I = r.%1$I', a.attname), ', ' order by a.attnum) into v_set
  from pg_catalog.pg_attribute as a
  where a.attrelid = v_table and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
    and a.attname not in ('id', 'created_at', 'updated_at');
  execute format('update %1$s as t set %2$s from (select ($1::%1$s).*) as r where t.id = r.id returning t.*', v_table, v_set)
    into p_row using p_row;
  return p_row;
end;
$$;
revoke all on function buzz_haven.update_row(anyelement) from public, anon, authenticated;

-- A value that must be unique, checked before the write so the form hears why: raises p_message
-- (22023) when another row of the table (another id) holds the row's value in p_column.
create function buzz_haven.check_free(p_row anyelement, p_column text, p_message text) returns void
language plpgsql stable set search_path = ''
as $$
declare
  v_taken boolean;
begin
  execute format('select exists (select 1 from %1$s as t where t.%2$I = ($1::%1$s).%2$I and t.id <> ($1::%1$s).id)',
    buzz_haven.table_of(p_row), p_column) into v_taken using p_row;
  perform buzz_haven.check_input(not v_taken, p_message);
end;
$$;
revoke all on function buzz_haven.check_free(anyelement, text, text) from public, anon, authenticated;

-- The create RPC of a resource whose arguments map to columns, so that RPC is one call: the caller
-- must hold a back-office role; p_values (column => value, a null taking the column's default) make
-- the new row, which is checked (buzz_haven.check_new_row) and inserted; returns it as stored.
-- p_id: an id the client made, so a record sent again (a device's queue retried after a lost
-- answer) is stored once: a second call with the same id returns the stored row unchanged.
-- p_check_values: a function of p_values run before the row is made from them, for an argument its
-- column would change (round) or refuse in words of its own. p_refusal: only an owner or admin
-- may, and anyone else is refused with it (42501).
create function buzz_haven.create_row(p_row anyelement, p_values jsonb, p_unique text default null,
  p_taken text default null, p_check text default null, p_id uuid default null, p_check_values text default null,
  p_refusal text default null)
returns anyelement
language plpgsql set search_path = ''
as $$
begin
  perform buzz_haven.require_staff_or(p_refusal);
  if p_id is not null then
    p_row := buzz_haven.find_row(p_row, p_id, null);
    if not p_row is null then -- stored already (a stored row has its id)
      return p_row;
    end if;
  end if;
  perform buzz_haven.run_check(p_check_values, p_values);
  p_row := pg_catalog.jsonb_populate_record(p_row,
    pg_catalog.jsonb_build_object('id', coalesce(p_id, pg_catalog.gen_random_uuid())) || pg_catalog.jsonb_strip_nulls(p_values));
  perform buzz_haven.check_new_row(p_row, p_unique, p_taken, p_check);
  return buzz_haven.insert_row(p_row, p_id is not null);
end;
$$;
revoke all on function buzz_haven.create_row(anyelement, jsonb, text, text, text, uuid, text, text)
  from public, anon, authenticated;

-- The update RPC of such a resource (the update convention above): the caller must hold a
-- back-office role; p_clear may name only p_clearable columns, none given a value; the row with id
-- p_id (p_not_found, PT404, when missing) takes each non-null value of p_values (an empty text
-- empties a p_clearable column, as a form's emptied field) and loses the p_clear columns' values,
-- is checked as create_row checks a new one, written and returned.
create function buzz_haven.change_row(p_row anyelement, p_id uuid, p_not_found text, p_values jsonb,
  p_clear text[] default '{}', p_clearable text[] default '{}', p_unique text default null,
  p_taken text default null, p_check text default null, p_check_values text default null, p_refusal text default null)
returns anyelement
language plpgsql set search_path = ''
as $$
declare
  v_given jsonb := pg_catalog.jsonb_strip_nulls(p_values);
  v_emptied jsonb := (select pg_catalog.jsonb_object_agg(c, null) from pg_catalog.unnest(p_clear) as c);
begin
  perform buzz_haven.require_staff_or(p_refusal);
  perform buzz_haven.check_clear(p_clear, p_clearable, array(select pg_catalog.jsonb_object_keys(v_given)));
  perform buzz_haven.run_check(p_check_values, p_values);
  v_emptied := coalesce(v_emptied, '{}') || coalesce((select pg_catalog.jsonb_object_agg(g.key, null)
    from pg_catalog.jsonb_each(v_given) as g where g.value = '""' and g.key = any (p_clearable)), '{}');
  p_row := buzz_haven.lock_row(p_row, p_id, p_not_found);
  p_row := pg_catalog.jsonb_populate_record(p_row, v_given || v_emptied);
  perform buzz_haven.check_new_row(p_row, p_unique, p_taken, p_check);
  return buzz_haven.update_row(p_row);
end;
$$;
revoke all on function buzz_haven.change_row(anyelement, uuid, text, jsonb, text[], text[], text, text, text, text, text)
  from public, anon, authenticated;

-- The role check of create_row and change_row: any back-office role, or with p_refusal owners and
-- admins only (42501 with it for anyone else).
create function buzz_haven.require_staff_or(p_refusal text) returns void
language sql stable set search_path = ''
as $$
  select from buzz_haven.require_role(
    case when p_refusal is null then array['owner', 'admin', 'staff'] else array['owner', 'admin'] end, p_refusal)
$$;
revoke all on function buzz_haven.require_staff_or(text) from public, anon, authenticated;

-- An RPC's own rules, p_check (a function taking p_value: the row about to be written, or the
-- arguments as given, column => value), which raises what it refuses; none when p_check is null.
create function buzz_haven.run_check(p_check text, p_value anyelement) returns void
language plpgsql set search_path = ''
as $$
begin
  if p_check is not null then
    execute format('select %s($1)', p_check) using p_value;
  end if;
end;
$$;
revoke all on function buzz_haven.run_check(text, anyelement) from public, anon, authenticated;

-- A row create_row or change_row is about to write: first its RPC's own rules (p_check, a function
-- taking the row), then its table's CHECKs, then its p_unique column's value must be free (p_taken).
create function buzz_haven.check_new_row(p_row anyelement, p_unique text, p_taken text, p_check text) returns void
language plpgsql set search_path = ''
as $$
begin
  perform buzz_haven.run_check(p_check, p_row);
  perform buzz_haven.explain_row(p_row);
  if p_unique is not null then
    perform buzz_haven.check_free(p_row, p_unique, p_taken);
  end if;
end;
$$;
revoke all on function buzz_haven.check_new_row(anyelement, text, text, text) from public, anon, authenticated;

-- A yes/no column of a row, set by an RPC of its own (p_refusal, 22023, when the value is null);
-- as change_row, the caller must hold a back-office role.
create function buzz_haven.set_flag(p_row anyelement, p_id uuid, p_not_found text, p_column text, p_value boolean,
  p_refusal text) returns anyelement
language plpgsql set search_path = ''
as $$
begin
  perform buzz_haven.require_role();
  perform buzz_haven.check_input(p_value is not null, p_refusal);
  return buzz_haven.change_row(p_row, p_id, p_not_found, pg_catalog.jsonb_build_object(p_column, p_value));
end;
$$;
revoke all on function buzz_haven.set_flag(anyelement, uuid, text, text, boolean, text) from public, anon, authenticated;
