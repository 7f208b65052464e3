-- Buzz Haven: the payment tables' Stripe ids and currencies get the explicit length bound every
-- buzz_haven text column carries (tests/sql/bounds.test.ts). Their format checks
-- (20251126005000_buzz_haven_payments.sql, …005010_buzz_haven_refunds.sql) already keep them short;
-- this states the bound the way the rest of the schema does.
alter table buzz_haven.checkout_sessions
  add constraint checkout_sessions_id_length check (char_length(id) <= 255),
  add constraint checkout_sessions_currency_length check (char_length(currency) <= 3);
alter table buzz_haven.payments
  add constraint payments_payment_intent_length check (char_length(payment_intent) <= 255),
  add constraint payments_checkout_session_length check (char_length(checkout_session) <= 255),
  add constraint payments_currency_length check (char_length(currency) <= 3);
alter table buzz_haven.refunds
  add constraint refunds_id_length check (char_length(id) <= 255),
  add constraint refunds_payment_intent_length check (char_length(payment_intent) <= 255),
  add constraint refunds_currency_length check (char_length(currency) <= 3);
alter table buzz_haven.stripe_events
  add constraint stripe_events_id_length check (char_length(id) <= 255);
