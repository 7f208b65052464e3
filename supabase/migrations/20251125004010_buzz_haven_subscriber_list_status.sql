-- Buzz Haven: the staff list of newsletter subscribers shows each address's opt-in state.
-- The list view (…001000) was created as `select s.*` before …002060 added status, confirmed_at
-- and unsubscribed_at, and a view keeps the columns it had when created: it is replaced with the
-- same columns first and the new ones after (create or replace view may only add at the end).
-- The confirmation token stays out: it lets whoever holds it confirm or unsubscribe the address.
create or replace view buzz_haven_lists.newsletter_subscribers as
  select s.id, s.email, s.created_at, s.status, s.confirmed_at, s.unsubscribed_at
  from buzz_haven.newsletter_subscribers as s
  where buzz_haven_lists.staff_only();
