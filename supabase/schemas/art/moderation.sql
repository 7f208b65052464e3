-- Moderation by staff: the designs list, approve, decline, mark printed.
set check_function_bodies = false;

----------------------------------------------------------------------------------------------------
-- Moderate (staff)

-- Staff's list: every design past the e-mail confirmation, with its print-check verdict.
create function public.get_buzz_haven_art_designs()
returns table (
  id uuid, status text, vote_month date, title text, statement text, artist_name text, email text, link text,
  storage_path text, file_type text, file_bytes bigint, width integer, height integer, print_check text,
  decline_reason text, votes integer, winner boolean, approved_at timestamptz, declined_at timestamptz,
  to_print_at timestamptz, printed_at timestamptz, uploaded_at timestamptz, created_at timestamptz, updated_at timestamptz
)
language plpgsql
stable
security definer -- reads art_designs
set search_path = ''
as $$
begin
  perform buzz_haven.require_role();
  return query
  select a.id, a.status, a.vote_month, a.title, a.statement, a.artist_name, a.email::text, a.link,
    a.storage_path, a.file_type, a.file_bytes, a.width, a.height,
    coalesce(buzz_haven.art_print_problem(a.file_type, a.file_bytes, a.width, a.height), 'passed'),
    a.decline_reason, a.votes, a.winner, a.approved_at, a.declined_at, a.to_print_at, a.printed_at,
    a.uploaded_at, a.created_at, a.updated_at
  from buzz_haven.art_designs as a
  where a.status <> 'unconfirmed';
end;
$$;

create function buzz_haven.lock_art_design(p_id uuid) returns buzz_haven.art_designs
language plpgsql set search_path = ''
as $$
declare
  d buzz_haven.art_designs;
begin
  select * into d from buzz_haven.art_designs as a where a.id = p_id and a.status <> 'unconfirmed' for update;
  if not found then raise exception 'Design not found' using errcode = 'PT404'; end if;
  return d;
end;
$$;

create function public.approve_buzz_haven_art_design(p_id uuid, p_month date default null)
returns void language plpgsql security definer set search_path = '' -- updates art_designs, art_ballots, outbox_messages
as $$
declare
  d buzz_haven.art_designs;
  v_month date := date_trunc('month', coalesce(p_month, buzz_haven.art_current_month()))::date;
  v_problem text;
begin
  perform buzz_haven.require_role();
  d := buzz_haven.lock_art_design(p_id);
  perform buzz_haven.check_input(d.status = 'pending', 'Only a pending design can be approved (this one is ' || d.status || ')');
  v_problem := buzz_haven.art_print_problem(d.file_type, d.file_bytes, d.width, d.height);
  perform buzz_haven.check_input(v_problem is null and d.checks_passed and d.storage_path is not null,
    'This file fails the print checks: ' || coalesce(v_problem, 'no checked file'));
  perform buzz_haven.check_input(v_month >= buzz_haven.art_current_month(), 'Choose this month or a later one');
  insert into buzz_haven.art_ballots (month) values (v_month) on conflict (month) do nothing;
  perform buzz_haven.check_input(
    not exists (select 1 from buzz_haven.art_ballots as b where b.month = v_month and b.closed_at is not null),
    'The vote of that month is closed');
  update buzz_haven.art_designs as a
  set status = 'approved', vote_month = v_month, approved_at = now(),
    moderated_by = (select profile_id from buzz_haven.caller_profile())
  where a.id = d.id returning * into d;
  perform buzz_haven.enqueue_message('art_approved', d.email, d.artist_name, buzz_haven.art_message_data(d),
    'art_approved.' || d.id, 'art_designs', d.id);
end;
$$;

-- Declines a pending (or approved, not yet voted on) design; answers the path of its file, which the
-- caller (the art Edge Function) removes from Storage. The design keeps no path from then on.
create function public.decline_buzz_haven_art_design(p_id uuid, p_reason text default null)
returns text language plpgsql security definer set search_path = '' -- updates art_designs, outbox_messages
as $$
declare
  d buzz_haven.art_designs;
  v_path text;
begin
  perform buzz_haven.require_role();
  perform buzz_haven.check_input(nullif(btrim(p_reason), '') is not null, 'A reason is required: the artist reads it');
  perform buzz_haven.check_length(btrim(p_reason), 1000, 'The reason');
  d := buzz_haven.lock_art_design(p_id);
  perform buzz_haven.check_input(d.status in ('pending', 'approved'),
    'Only a pending or approved design can be declined (this one is ' || replace(d.status, '_', ' ') || ')');
  perform buzz_haven.check_input(d.status = 'pending' or not exists (
      select 1 from buzz_haven.art_ballots as b where b.month = d.vote_month and b.closed_at is not null),
    'Its month''s vote is closed');
  v_path := d.storage_path;
  update buzz_haven.art_designs as a
  set status = 'declined', decline_reason = btrim(p_reason), declined_at = now(), storage_path = null,
    vote_month = null, moderated_by = (select profile_id from buzz_haven.caller_profile())
  where a.id = d.id returning * into d;
  delete from buzz_haven.art_votes as v where v.design_id = d.id;
  perform buzz_haven.enqueue_message('art_declined', d.email, d.artist_name, buzz_haven.art_message_data(d),
    'art_declined.' || d.id, 'art_designs', d.id);
  return v_path;
end;
$$;

create function public.mark_buzz_haven_art_printed(p_id uuid)
returns void language plpgsql security definer set search_path = '' -- updates art_designs
as $$
declare
  d buzz_haven.art_designs;
begin
  perform buzz_haven.require_role();
  d := buzz_haven.lock_art_design(p_id);
  perform buzz_haven.check_input(d.status = 'to_print', 'Only a design to print can be marked printed');
  update buzz_haven.art_designs as a set status = 'printed', printed_at = now() where a.id = d.id;
end;
$$;
