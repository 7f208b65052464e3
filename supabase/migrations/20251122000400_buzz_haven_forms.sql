-- Buzz Haven: the public site's forms (contact message, newsletter sign-up) and their back-office
-- lists. Submitting is open to anon (the site posts with the anon key); the database validates and
-- answers with messages the site shows as is. Reading and handling them needs a back-office role.

-- Limits against abuse of an open endpoint.
create function public.submit_buzz_haven_contact_message(
  p_name text default null,
  p_email text default null,
  p_phone text default null,
  p_subject text default null,
  p_message text default null,
  p_hear_about text default null
)
returns uuid
language plpgsql
security definer -- inserts into buzz_haven.contact_messages, which anon has no grant on
set search_path = ''
as $$
declare
  v_id uuid;
begin
  perform buzz_haven.check_input(nullif(btrim(p_name), '') is not null, 'Name is required');
  perform buzz_haven.check_input(length(btrim(p_name)) <= 200, 'Name is too long (200 characters at most)');
  perform buzz_haven.check_input(buzz_haven.is_email(btrim(p_email)), 'A valid email is required');
  perform buzz_haven.check_input(coalesce(length(btrim(p_phone)), 0) <= 40, 'Phone number is too long (40 characters at most)');
  perform buzz_haven.check_input(nullif(btrim(p_subject), '') is not null, 'Subject is required');
  perform buzz_haven.check_input(length(btrim(p_subject)) <= 200, 'Subject is too long (200 characters at most)');
  perform buzz_haven.check_input(nullif(btrim(p_message), '') is not null, 'Message is required');
  perform buzz_haven.check_input(length(btrim(p_message)) <= 5000, 'Message is too long (5000 characters at most)');
  perform buzz_haven.check_input(coalesce(length(btrim(p_hear_about)), 0) <= 200, 'How you heard about us is too long (200 characters at most)');
  insert into buzz_haven.contact_messages (name, email, phone, subject, message, hear_about)
  values (
    btrim(p_name),
    btrim(p_email),
    nullif(btrim(p_phone), ''),
    btrim(p_subject),
    btrim(p_message),
    nullif(btrim(p_hear_about), '')
  )
  returning id into v_id;
  return v_id;
end;
$$;

-- true = newly subscribed, false = already subscribed (any letter case): a repeat is not an error,
-- and the answer does not tell more than the visitor already knows.
create function public.subscribe_buzz_haven_newsletter(p_email text default null)
returns boolean
language plpgsql
security definer -- inserts into buzz_haven.newsletter_subscribers, which anon has no grant on
set search_path = ''
as $$
declare
  v_email text := lower(btrim(p_email));
begin
  perform buzz_haven.check_input(buzz_haven.is_email(v_email), 'A valid email is required');
  insert into buzz_haven.newsletter_subscribers (email)
  values (v_email)
  on conflict ((lower(email))) do nothing;
  return found;
end;
$$;

create function public.get_buzz_haven_contact_messages()
returns setof buzz_haven.contact_messages
language plpgsql
stable
security definer -- reads buzz_haven.contact_messages, which the caller has no grant on
set search_path = ''
as $$
begin
  perform buzz_haven.require_role();
  return query select * from buzz_haven.contact_messages as m order by m.created_at desc, m.id;
end;
$$;

create function public.set_buzz_haven_contact_message_handled(p_id uuid, p_handled boolean)
returns buzz_haven.contact_messages
language plpgsql
security definer -- updates buzz_haven.contact_messages, which the caller has no grant on
set search_path = ''
as $$
declare
  v_row buzz_haven.contact_messages;
begin
  perform buzz_haven.require_role();
  perform buzz_haven.check_input(p_handled is not null, 'Handled must be true or false');
  update buzz_haven.contact_messages as m
  set handled = p_handled
  where m.id = p_id
  returning m.* into v_row;
  if not found then
    raise exception 'Message not found' using errcode = 'PT404';
  end if;
  return v_row;
end;
$$;

create function public.get_buzz_haven_newsletter_subscribers()
returns setof buzz_haven.newsletter_subscribers
language plpgsql
stable
security definer -- reads buzz_haven.newsletter_subscribers, which the caller has no grant on
set search_path = ''
as $$
begin
  perform buzz_haven.require_role();
  return query select * from buzz_haven.newsletter_subscribers as s order by s.created_at desc, s.id;
end;
$$;

-- Privileges: EXECUTE for the three API roles only (buzz_haven.grant_api_execute).
select buzz_haven.grant_api_execute(
  'public.submit_buzz_haven_contact_message(text, text, text, text, text, text)',
  'public.subscribe_buzz_haven_newsletter(text)',
  'public.get_buzz_haven_contact_messages()',
  'public.set_buzz_haven_contact_message_handled(uuid, boolean)',
  'public.get_buzz_haven_newsletter_subscribers()'
);
