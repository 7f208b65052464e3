-- Buzz Haven: the schema and its tables.
-- All product data lives in schema buzz_haven. Nothing here is granted to the API roles (anon,
-- authenticated): row level security is on everywhere with no policies, so the tables are only
-- reachable through the security-definer functions in public (later migrations), which check the
-- caller themselves. Constraints mirror the validation rules of the admin and the site forms.

create schema if not exists buzz_haven;
comment on schema buzz_haven is 'Buzz Haven product data; reached only through the public RPCs.';

-- The format rules, shared by the constraints below and the RPCs' validation.
create function buzz_haven.is_email(value text) returns boolean
language sql
immutable
set search_path = ''
as $$
  select value is not null
    and length(value) <= 254
    and value ~ '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$'
$$;

create function buzz_haven.is_http_url(value text) returns boolean
language sql
immutable
set search_path = ''
as $$
  select value ~ '^https?://[^[:space:]/?#]+[^[:space:]]*$'
$$;

-- A plausible e-mail: something@something.tld, no spaces, at most 254 characters.
create domain buzz_haven.email as text check (value is null or buzz_haven.is_email(value));

create table buzz_haven.products (
  id uuid primary key default gen_random_uuid(),
  name text not null constraint products_name_not_blank check (btrim(name) <> ''),
  description text,
  price integer not null default 0 constraint products_price_not_negative check (price >= 0),
  category text,
  image_url text constraint products_image_url_http
    check (image_url is null or buzz_haven.is_http_url(image_url)),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table buzz_haven.products is 'Shop products; price in integer US cents.';

create table buzz_haven.orders (
  id uuid primary key default gen_random_uuid(),
  customer_name text not null constraint orders_customer_name_not_blank check (btrim(customer_name) <> ''),
  customer_email buzz_haven.email not null,
  total integer not null default 0 constraint orders_total_not_negative check (total >= 0),
  status text not null default 'pending' constraint orders_status_known
    check (status in ('pending', 'paid', 'shipped', 'delivered', 'cancelled', 'refunded')),
  created_at timestamptz not null default now()
);
comment on table buzz_haven.orders is 'Shop orders (the admin screen is a placeholder for now); total in cents.';

create table buzz_haven.events (
  id uuid primary key default gen_random_uuid(),
  title text not null constraint events_title_not_blank check (btrim(title) <> ''),
  location text,
  start_time timestamptz not null,
  end_time timestamptz,
  status text not null default 'scheduled' constraint events_status_known
    check (status in ('scheduled', 'completed', 'cancelled')),
  created_at timestamptz not null default now(),
  constraint events_end_after_start check (end_time is null or end_time >= start_time)
);
comment on table buzz_haven.events is 'Workshops, harvest days and community events.';

create table buzz_haven.content (
  id uuid primary key default gen_random_uuid(),
  title text not null constraint content_title_not_blank check (btrim(title) <> ''),
  slug text not null unique constraint content_slug_format check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  body text not null default '',
  status text not null default 'draft' constraint content_status_known
    check (status in ('draft', 'published', 'archived')),
  created_at timestamptz not null default now()
);
comment on table buzz_haven.content is 'Editable site content (the admin screen is a placeholder for now).';

create table buzz_haven.media (
  id uuid primary key default gen_random_uuid(),
  title text not null constraint media_title_not_blank check (btrim(title) <> ''),
  file_path text not null constraint media_file_path_not_blank check (btrim(file_path) <> ''),
  file_type text not null constraint media_file_type_mime check (file_type ~ '^[a-z]+/[A-Za-z0-9.+-]+$'),
  created_at timestamptz not null default now()
);
comment on table buzz_haven.media is 'Media library: file_path is the image source, file_type its mime type.';

create table buzz_haven.users (
  id uuid primary key default gen_random_uuid(),
  auth_user_id uuid not null unique references auth.users (id) on delete cascade,
  name text not null constraint users_name_not_blank check (btrim(name) <> ''),
  email buzz_haven.email not null,
  -- null = pending: signed up, waiting for an owner or admin to grant a role
  role text constraint users_role_known check (role in ('owner', 'admin', 'staff')),
  is_active boolean not null default true,
  created_at timestamptz not null default now()
);
comment on table buzz_haven.users is 'Back-office profiles linked to auth.users; role null means pending approval.';

create table buzz_haven.hives (
  id uuid primary key default gen_random_uuid(),
  name text not null constraint hives_name_not_blank check (btrim(name) <> ''),
  location text,
  status text not null default 'active' constraint hives_status_not_blank check (btrim(status) <> ''),
  queen_installed_date date,
  created_at timestamptz not null default now()
);
comment on table buzz_haven.hives is 'Managed beehives, hosted or at the sanctuary.';

create table buzz_haven.contact_messages (
  id uuid primary key default gen_random_uuid(),
  name text not null constraint contact_messages_name_not_blank check (btrim(name) <> ''),
  email buzz_haven.email not null,
  phone text,
  subject text not null constraint contact_messages_subject_not_blank check (btrim(subject) <> ''),
  message text not null constraint contact_messages_message_not_blank check (btrim(message) <> ''),
  hear_about text,
  handled boolean not null default false,
  created_at timestamptz not null default now()
);
comment on table buzz_haven.contact_messages is 'Messages sent with the public contact form.';

create table buzz_haven.newsletter_subscribers (
  id uuid primary key default gen_random_uuid(),
  email buzz_haven.email not null,
  created_at timestamptz not null default now()
);
create unique index newsletter_subscribers_email_key on buzz_haven.newsletter_subscribers (lower(email));
comment on table buzz_haven.newsletter_subscribers is 'Newsletter sign-ups; one row per e-mail, case-insensitively.';

-- updated_at follows every change of a product
create function buzz_haven.set_updated_at() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end;
$$;

create trigger products_set_updated_at
  before update on buzz_haven.products
  for each row execute function buzz_haven.set_updated_at();

-- Row level security on, and no policies: the API roles see nothing directly.
alter table buzz_haven.products enable row level security;
alter table buzz_haven.orders enable row level security;
alter table buzz_haven.events enable row level security;
alter table buzz_haven.content enable row level security;
alter table buzz_haven.media enable row level security;
alter table buzz_haven.users enable row level security;
alter table buzz_haven.hives enable row level security;
alter table buzz_haven.contact_messages enable row level security;
alter table buzz_haven.newsletter_subscribers enable row level security;

revoke all on schema buzz_haven from public;
revoke all on all tables in schema buzz_haven from public, anon, authenticated;
revoke all on all functions in schema buzz_haven from public, anon, authenticated;
