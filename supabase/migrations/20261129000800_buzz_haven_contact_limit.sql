-- The contact form counts against a per-client and per-mailbox limit like every other visitor
-- request (buzz_haven.guard_request, action 'contact'), so one client cannot fill the staff's
-- inbox with messages: past the limit the visitor gets PT429 (429) and nothing is stored.

insert into buzz_haven.rate_limits (action, max_per_client, max_per_contact) values ('contact', 20, 10)
on conflict (action) do nothing;

create or replace function public.submit_buzz_haven_contact_message(
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
  perform buzz_haven.guard_request('contact', buzz_haven.mailbox_key(btrim(p_email)));
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
