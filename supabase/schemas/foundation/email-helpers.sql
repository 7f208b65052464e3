-- Helpers of the e-mails and of the e-mailed sign-in: whether a write came through the API, choices
-- listed in words (join_or), the staff who chose an alert, the address a session proved.
set check_function_bodies = false;

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
