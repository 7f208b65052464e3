-- The schema buzz_haven, the format rules (e-mail, URL, slug, order number, Stripe id) and
-- the updated_at trigger. The first of the foundation files, which apply in config.toml's order.
-- Foundation: the schemas (buzz_haven, buzz_haven_lists, buzz_haven_storage), grants and default
-- privileges, the caller and role helpers, the input checks, the request guard and rate limits,
-- the second factor for deletes, manage_resource, count_table_rows.
-- Declared whole: this folder says what the database holds for its area; supabase/migrations
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
