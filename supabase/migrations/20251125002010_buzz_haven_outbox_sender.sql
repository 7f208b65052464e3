-- Buzz Haven: the outbox sender's RPCs (issue 24), callable by the service role only (the sender
-- runs with the service key: supabase/functions/send-messages). claim takes due messages with
-- `for update skip locked`, so two senders never take the same row, and leases them: a row whose
-- sender died is 'sending' with an expired lease and is claimed again. Each claim counts a try;
-- the try number is the fence of mark_failed, so a late answer of a sender whose lease ran out
-- cannot undo a newer try. Failures wait p_retry_base_seconds * 2^(tries-1) (at most 6 hours)
-- before the next try; the p_max_tries-th failure, or a permanent one (an address the SMTP server
-- refuses with 5xx), makes the message 'dead'.

create function public.claim_buzz_haven_outbox_messages(p_limit integer default 20, p_lease_seconds integer default 120)
returns setof buzz_haven.outbox_messages
language plpgsql
security definer -- updates buzz_haven.outbox_messages, which no API role has a grant on
set search_path = ''
as $$
begin
  return query
  with due as (
    select m.id from buzz_haven.outbox_messages as m
    where (m.state = 'queued' and m.next_attempt_at <= now())
      or (m.state = 'sending' and m.lease_until <= now())
    order by m.next_attempt_at, m.created_at, m.id
    limit greatest(1, least(coalesce(p_limit, 20), 500))
    for update skip locked
  )
  update buzz_haven.outbox_messages as m
  set state = 'sending', tries = m.tries + 1,
    lease_until = now() + make_interval(secs => greatest(5, least(coalesce(p_lease_seconds, 120), 3600)))
  from due
  where m.id = due.id
  returning m.*;
end;
$$;

-- Sent is the truth whatever the row's state (a sender may learn it after its lease ran out).
-- The rendered subject and bodies are kept so staff see what went out.
create function public.mark_buzz_haven_outbox_message_sent(
  p_id uuid, p_subject text default null, p_text text default null, p_html text default null
)
returns buzz_haven.outbox_messages
language plpgsql
security definer -- updates buzz_haven.outbox_messages
set search_path = ''
as $$
declare
  v buzz_haven.outbox_messages;
begin
  update buzz_haven.outbox_messages as m
  set state = 'sent', sent_at = coalesce(m.sent_at, now()), lease_until = null, last_error = null,
    subject = coalesce(p_subject, m.subject), text_body = coalesce(p_text, m.text_body),
    html_body = coalesce(p_html, m.html_body)
  where m.id = p_id
  returning m.* into v;
  if not found then
    raise exception 'Message not found' using errcode = 'PT404';
  end if;
  return v;
end;
$$;

create function public.mark_buzz_haven_outbox_message_failed(
  p_id uuid, p_try integer, p_error text, p_permanent boolean default false,
  p_max_tries integer default 8, p_retry_base_seconds integer default 30
)
returns buzz_haven.outbox_messages
language plpgsql
security definer -- updates buzz_haven.outbox_messages
set search_path = ''
as $$
declare
  v buzz_haven.outbox_messages;
begin
  update buzz_haven.outbox_messages as m
  set state = case when coalesce(p_permanent, false) or m.tries >= greatest(1, coalesce(p_max_tries, 8))
      then 'dead' else 'queued' end,
    next_attempt_at = now() + least(
      make_interval(secs => greatest(0, coalesce(p_retry_base_seconds, 30)) * power(2, least(m.tries - 1, 20))),
      interval '6 hours'),
    lease_until = null,
    last_error = left(coalesce(p_error, 'unknown error'), 2000)
  where m.id = p_id and m.state = 'sending' and m.tries = p_try
  returning m.* into v;
  if not found then
    select * into v from buzz_haven.outbox_messages as m where m.id = p_id;
  end if;
  return v;
end;
$$;

revoke all on function public.claim_buzz_haven_outbox_messages(integer, integer) from public, anon, authenticated;
revoke all on function public.mark_buzz_haven_outbox_message_sent(uuid, text, text, text) from public, anon, authenticated;
revoke all on function public.mark_buzz_haven_outbox_message_failed(uuid, integer, text, boolean, integer, integer)
  from public, anon, authenticated;
grant execute on function public.claim_buzz_haven_outbox_messages(integer, integer) to service_role;
grant execute on function public.mark_buzz_haven_outbox_message_sent(uuid, text, text, text) to service_role;
grant execute on function public.mark_buzz_haven_outbox_message_failed(uuid, integer, text, boolean, integer, integer)
  to service_role;
