-- Buzz Haven: adoption_requests.tier and .plan keep a length bound, as every buzz_haven text
-- column does (20251123000100_buzz_haven_text_bounds.sql; tests/sql/bounds.test.ts). The CHECKs
-- listing the allowed values bounded them; 20251125003020_buzz_haven_adoption_price_from_tiers.sql
-- replaced those lists with a reference to adopt_tiers.slug (at most 60 characters there) and a
-- pattern of 'monthly' or 'gift-<months>', which the bound check does not read as a bound.

alter table buzz_haven.adoption_requests
  add constraint adoption_requests_tier_length check (char_length(tier) <= 60),
  add constraint adoption_requests_plan_length check (char_length(plan) <= 10);
