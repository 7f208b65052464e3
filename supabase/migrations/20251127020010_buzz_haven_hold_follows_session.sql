-- Buzz Haven: paid workshop places, two refinements (issue 25, workshops).
-- 1. The price of a place is its offering's in buzz_haven.workshop_offerings, the price table, and
--    only that: an event with no offering (or an offering without a row) has no price to pay by
--    card, and registering for it is exactly as before card payments (the event's own legacy
--    `price` column is not charged).
-- 2. A held workshop place lasts as long as its Checkout Session.
--    Stripe opens a session for at least 30 minutes from its creation, a few seconds after the place
--    was held (20251127020000_buzz_haven_workshop_holds.sql), so recording the session moves the
--    hold's end to the session's: the registrant never pays into a session whose place has already
--    gone, and Stripe's checkout.session.expired arrives as the hold ends.

create or replace function buzz_haven.workshop_place_price(p_event buzz_haven.events) returns integer
language sql
stable
set search_path = ''
as $$
  select coalesce((select w.price from buzz_haven.workshop_offerings as w where w.slug = p_event.offering), 0)
$$;

create or replace function public.record_buzz_haven_registration_checkout(
  p_registration_id uuid default null, p_session_id text default null, p_amount integer default null,
  p_currency text default null, p_url text default null, p_expires_at timestamptz default null
)
returns void
language plpgsql
security definer -- writes buzz_haven.checkout_sessions and event_registrations; the service key only
set search_path = ''
as $$
begin
  perform buzz_haven.check_input(coalesce(p_session_id, '') ~ '^cs_[A-Za-z0-9_]{1,250}$', 'A Checkout Session id is required');
  insert into buzz_haven.checkout_sessions (id, registration_id, amount, currency, url, expires_at)
  values (p_session_id, p_registration_id, p_amount, p_currency, p_url, p_expires_at)
  on conflict (id) do nothing;
  update buzz_haven.event_registrations
  set hold_expires_at = greatest(hold_expires_at, least(p_expires_at, now() + interval '24 hours'))
  where id = p_registration_id and status = 'held' and p_expires_at is not null;
end;
$$;
