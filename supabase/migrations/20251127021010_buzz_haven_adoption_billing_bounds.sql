-- Buzz Haven: the adoption billing tables' Stripe ids, token and currency get the explicit length
-- bound every buzz_haven text column carries (tests/sql/bounds.test.ts); their format checks
-- (20251127021000_buzz_haven_adoption_billing.sql) already keep them short.
alter table buzz_haven.adoption_billing
  add constraint adoption_billing_stripe_customer_length check (char_length(stripe_customer) <= 255),
  add constraint adoption_billing_stripe_subscription_length check (char_length(stripe_subscription) <= 255),
  add constraint adoption_billing_manage_token_length check (char_length(manage_token) <= 64);
alter table buzz_haven.adoption_invoices
  add constraint adoption_invoices_id_length check (char_length(id) <= 255),
  add constraint adoption_invoices_stripe_subscription_length check (char_length(stripe_subscription) <= 255),
  add constraint adoption_invoices_currency_length check (char_length(currency) <= 3);
