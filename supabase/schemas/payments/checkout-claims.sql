-- The Checkout Sessions of a purchase, and its checkout attempt claimed under the purchase's
-- row lock (claim_buzz_haven_checkout).
set check_function_bodies = false;

-- The sessions recorded for a purchase (checkout_sessions keeps one column per kind).
create function buzz_haven.checkout_sessions_of(p_kind text, p_target_id uuid)
returns setof buzz_haven.checkout_sessions language sql stable set search_path = ''
as $$
  select s.* from buzz_haven.checkout_sessions as s where p_kind = 'order' and s.order_id = p_target_id
  union all
  select s.* from buzz_haven.checkout_sessions as s where p_kind = 'registration' and s.registration_id = p_target_id
  union all
  select s.* from buzz_haven.checkout_sessions as s where p_kind = 'adoption' and s.adoption_id = p_target_id
$$;
revoke all on function buzz_haven.checkout_sessions_of(text, uuid) from public, anon, authenticated;

-- Claims the purchase's checkout (service key: stripe-checkout, after begin_buzz_haven_*_checkout
-- said what to charge). Under the purchase's row lock, so concurrent callers take turns:
--   open_session   a session of p_amount recorded meanwhile and payable for 5 minutes more: hand it back;
--   otherwise      the attempt to create: its number, and the expiry every caller of it sends
--                  (p_minutes after the last moment a caller may still join the attempt, at most
--                  24 hours after it began, so it is within Stripe's 30 minutes to 24 hours for each);
--   replaces       for an order or an adoption, a session still open but no longer handed out,
--                  which the function expires once the new one is recorded (a registration's
--                  hold ends with its session, so its sessions are left to run out).
create function public.claim_buzz_haven_checkout(
  p_kind text default null, p_target_id uuid default null, p_amount integer default null, p_minutes integer default null
)
returns jsonb
language plpgsql security definer set search_path = '' -- locks the purchase and writes buzz_haven.checkout_attempts; the service key only
as $$
declare
  v buzz_haven.checkout_attempts;
  v_join interval := interval '1 minute'; -- how long callers may join an attempt no session came of yet
  v_open jsonb;
  v_locked boolean := false;
begin
  perform buzz_haven.check_input(p_target_id is not null and p_amount > 0 and p_minutes between 30 and 1440,
    'A purchase, its amount and the session''s minutes are required');
  if p_kind = 'order' then
    perform 1 from buzz_haven.orders as o where o.id = p_target_id for update;
    v_locked := found;
  elsif p_kind = 'registration' then
    perform 1 from buzz_haven.event_registrations as r where r.id = p_target_id for update;
    v_locked := found;
  elsif p_kind = 'adoption' then
    perform 1 from buzz_haven.adoption_requests as a where a.id = p_target_id for update;
    v_locked := found;
  end if;
  if not v_locked then -- also a kind that is none of these
    raise exception 'Nothing to pay with this id' using errcode = 'PT404';
  end if;

  select jsonb_build_object('id', s.id, 'url', s.url) into v_open
  from buzz_haven.checkout_sessions_of(p_kind, p_target_id) as s
  where s.status = 'open' and s.amount = p_amount and s.url is not null and s.expires_at > now() + interval '5 minutes'
  order by s.created_at desc limit 1;
  if v_open is not null then
    return jsonb_build_object('open_session', v_open);
  end if;

  insert into buzz_haven.checkout_attempts as c (kind, target_id) values (p_kind, p_target_id)
  on conflict (kind, target_id) do update set
    attempt = c.attempt + 1, started_at = now()
    -- Joined, not replaced: the current attempt is recent and no session of it is recorded yet.
    where c.started_at <= now() - v_join
      or exists (select 1 from buzz_haven.checkout_sessions_of(p_kind, p_target_id) as s where s.created_at >= c.started_at);
  select * into v from buzz_haven.checkout_attempts as c where c.kind = p_kind and c.target_id = p_target_id;
  return jsonb_build_object(
    'attempt', v.attempt,
    'idempotency_key', format('checkout-%s-%s-%s', p_kind, p_target_id, v.attempt),
    'expires_at', floor(extract(epoch from least(v.started_at + v_join + make_interval(mins => p_minutes),
      v.started_at + interval '24 hours'))),
    'replaces', case when p_kind <> 'registration' then (select s.id from buzz_haven.checkout_sessions_of(p_kind, p_target_id) as s
      where s.status = 'open' order by s.created_at desc limit 1) end);
end;
$$;
revoke all on function public.claim_buzz_haven_checkout(text, uuid, integer, integer) from public, anon, authenticated;
grant execute on function public.claim_buzz_haven_checkout(text, uuid, integer, integer) to service_role;
