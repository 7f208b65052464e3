-- Buzz Haven: a length bound on every text column of every table, so no caller (a fresh sign-up,
-- staff, an anonymous visitor of the public forms) can store megabytes in one field.
-- The RPCs check the same bounds first and answer with a clear message (the next migration and
-- the forms migration); these constraints are the last line for anything that writes directly.
-- Bounds: names and titles 200, short texts 500, long texts 5000, URLs and paths 2000, the site's
-- editable content body 100000. E-mail columns are already bounded by buzz_haven.is_email (254);
-- status columns by their lists of allowed values.

alter table buzz_haven.products
  add constraint products_name_length check (char_length(name) <= 200),
  add constraint products_description_length check (char_length(description) <= 5000),
  add constraint products_category_length check (char_length(category) <= 100),
  add constraint products_image_url_length check (char_length(image_url) <= 2000);

alter table buzz_haven.orders
  add constraint orders_customer_name_length check (char_length(customer_name) <= 200);

alter table buzz_haven.events
  add constraint events_title_length check (char_length(title) <= 200),
  add constraint events_location_length check (char_length(location) <= 500);

alter table buzz_haven.content
  add constraint content_title_length check (char_length(title) <= 200),
  add constraint content_slug_length check (char_length(slug) <= 200),
  add constraint content_body_length check (char_length(body) <= 100000);

alter table buzz_haven.media
  add constraint media_title_length check (char_length(title) <= 200),
  add constraint media_file_path_length check (char_length(file_path) <= 2000),
  add constraint media_file_type_length check (char_length(file_type) <= 100);

alter table buzz_haven.users
  add constraint users_name_length check (char_length(name) <= 200);

alter table buzz_haven.hives
  add constraint hives_name_length check (char_length(name) <= 200),
  add constraint hives_location_length check (char_length(location) <= 500),
  add constraint hives_status_length check (char_length(status) <= 100);

-- The contact form's RPC already checks these bounds with its own messages.
alter table buzz_haven.contact_messages
  add constraint contact_messages_name_length check (char_length(name) <= 200),
  add constraint contact_messages_phone_length check (char_length(phone) <= 40),
  add constraint contact_messages_subject_length check (char_length(subject) <= 200),
  add constraint contact_messages_message_length check (char_length(message) <= 5000),
  add constraint contact_messages_hear_about_length check (char_length(hear_about) <= 200);

-- The message every RPC gives for an over-long field, e.g. 'Name is too long (200 characters at
-- most)'; the admin's zod schemas and the site's forms show the same sentence.
create function buzz_haven.check_length(value text, max_chars integer, label text) returns void
language plpgsql
immutable
set search_path = ''
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
