-- Buzz Haven: /my-hive answers only a session that proved its address by an e-mailed link or code.
-- A confirmed address alone is not proof: with e-mail confirmations off, a password sign-up is
-- confirmed at once, so anyone could sign up with an adopter's or host's address and any password;
-- and a password someone set before the address's owner signed in by link keeps working after.
-- Supabase Auth records how each session signed in (auth.mfa_amr_claims, kept across refreshes)
-- and puts it in the access token's `amr` claim: `otp` for a link or code verified at /verify
-- (the implicit flow, which /my-hive uses), `magiclink` for a sign-in link and `email/signup` for
-- a first sign-in's confirmation link (with e-mail confirmations on) exchanged by PKCE; a password
-- sign-in or sign-up says `password` and never reads a hive.

-- True when the caller's session signed in by an e-mailed sign-in link or code. Each `amr` entry
-- is an object with a `method` (Supabase Auth) or a plain string (RFC 8176); anything else, or no
-- claim at all, is no proof.
create function buzz_haven.session_proved_email() returns boolean
language sql
stable
set search_path = ''
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
create or replace function buzz_haven.my_confirmed_email() returns text
language plpgsql
stable
security definer -- reads auth.users
set search_path = ''
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
