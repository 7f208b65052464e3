-- Buzz Haven: an art design's title, statement, credit name and link rules live in art_designs'
-- CHECKs only (issue 23, item 2), as 20251128030010 did for inspections.
-- submit_buzz_haven_art_design (20251127030010) repeated them with the art form's messages; the
-- messages become buzz_haven.constraint_messages rows (same words), so a value breaking one fails on
-- the table (23514, PostgREST's `details` naming the field; the form shows the message whatever the
-- code). art_designs_title_line and art_designs_artist_name_line held two rules each (not blank;
-- one line of at most 120 characters), and art_designs_statement_length two (not blank; 2000
-- characters at most, which art_designs_statement_max_length holds too): each is split so a
-- constraint has one message. A blank title, statement or name is still refused by the function
-- first with the same words; the email, the consent, the honeypot and the rate limit stay in it.

alter table buzz_haven.art_designs
  drop constraint art_designs_title_line,
  add constraint art_designs_title_not_blank check (char_length(btrim(title)) >= 1),
  add constraint art_designs_title_line check (char_length(btrim(title)) <= 120 and title !~ '[[:cntrl:]]'),
  drop constraint art_designs_artist_name_line,
  add constraint art_designs_artist_name_not_blank check (char_length(btrim(artist_name)) >= 1),
  add constraint art_designs_artist_name_line check (char_length(btrim(artist_name)) <= 120 and artist_name !~ '[[:cntrl:]]'),
  drop constraint art_designs_statement_length,
  add constraint art_designs_statement_not_blank check (char_length(btrim(statement)) >= 1);

insert into buzz_haven.constraint_messages (constraint_name, message) values
  ('art_designs_title_not_blank', 'A title is required'),
  ('art_designs_title_line', 'The title is one line of at most 120 characters'),
  ('art_designs_title_max_length', 'The title is one line of at most 120 characters'),
  ('art_designs_statement_not_blank', 'A statement is required'),
  ('art_designs_statement_max_length', 'The statement is too long (2000 characters at most)'),
  ('art_designs_artist_name_not_blank', 'The name to credit is required'),
  ('art_designs_artist_name_line', 'The name to credit is one line of at most 120 characters'),
  ('art_designs_artist_name_max_length', 'The name to credit is one line of at most 120 characters'),
  ('art_designs_link_http', 'The link must be an https:// or http:// address')
on conflict (constraint_name) do update set message = excluded.message;
select buzz_haven.explain_constraints_of('buzz_haven.art_designs');

create or replace function public.submit_buzz_haven_art_design(
  p_title text default null,
  p_statement text default null,
  p_artist_name text default null,
  p_email text default null,
  p_link text default null,
  p_consent boolean default false,
  p_website text default null
)
returns boolean
language plpgsql
security definer -- writes art_designs and outbox_messages, which anon has no grant on
set search_path = ''
as $$
declare
  v_email text := lower(btrim(p_email));
  d buzz_haven.art_designs;
begin
  if nullif(btrim(p_website), '') is not null then return true; end if; -- the honeypot: stores nothing
  perform buzz_haven.check_input(nullif(btrim(p_title), '') is not null, 'A title is required');
  perform buzz_haven.check_input(nullif(btrim(p_statement), '') is not null, 'A statement is required');
  perform buzz_haven.check_input(nullif(btrim(p_artist_name), '') is not null, 'The name to credit is required');
  perform buzz_haven.check_input(buzz_haven.is_email(v_email), 'A valid email is required');
  perform buzz_haven.check_input(p_consent is true, 'Please accept the collective''s licence terms');
  perform buzz_haven.guard_request('art_submission', v_email);

  -- the title's, statement's, name's and link's rules are art_designs' CHECKs: a value breaking one
  -- fails here with its message, and nothing is kept
  insert into buzz_haven.art_designs (title, statement, artist_name, email, link, consent_at)
  values (btrim(p_title), btrim(p_statement), btrim(p_artist_name), v_email, nullif(btrim(p_link), ''), now())
  returning * into d;
  perform buzz_haven.enqueue_message('art_confirm', d.email, d.artist_name,
    buzz_haven.art_message_data(d, jsonb_build_object('upload_token', d.token)), 'art_confirm.' || d.id,
    'art_designs', d.id);
  return true;
end;
$$;
