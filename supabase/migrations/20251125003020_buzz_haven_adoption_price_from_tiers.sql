-- Buzz Haven: an adoption request is priced from buzz_haven.adopt_tiers and its gift terms from
-- buzz_haven.adopt_gift_terms (20251125003010_buzz_haven_adopt_tier_tables.sql), not from literals
-- (issue 23, item 1).
-- * adoption_requests.tier now references adopt_tiers.slug (was a CHECK listing the three slugs,
--   so a tier staff add could not be requested), and its plan is 'monthly' or 'gift-<months>'
--   (was a CHECK listing 3, 6 and 12); the RPC checks the plan against the gift terms.
-- * submit_buzz_haven_adoption_request (20251123000770_buzz_haven_adoptions.sql) is replaced with
--   its body unchanged except where it read the price and the tier and plan lists: from the
--   tables now, with the same messages, built from the rows.

-- 'a, b or c' (the form messages' way of listing choices).
create function buzz_haven.join_or(p_words text[]) returns text
language sql
immutable
set search_path = ''
as $$
  select case when cardinality(p_words) < 2 then array_to_string(p_words, '')
    else array_to_string(p_words[1:cardinality(p_words) - 1], ', ') || ' or ' || p_words[cardinality(p_words)] end
$$;
revoke all on function buzz_haven.join_or(text[]) from public, anon, authenticated;

alter table buzz_haven.adoption_requests
  drop constraint adoption_requests_tier_known,
  add constraint adoption_requests_tier_fkey foreign key (tier) references buzz_haven.adopt_tiers (slug) on update cascade,
  drop constraint adoption_requests_plan_known,
  add constraint adoption_requests_plan_format check (plan ~ '^(monthly|gift-[0-9]{1,2})$');

create or replace function public.submit_buzz_haven_adoption_request(
  p_tier text default null,
  p_plan text default 'monthly',
  p_name text default null,
  p_email text default null,
  p_recipient_name text default null,
  p_recipient_email text default null,
  p_message text default null,
  p_website text default null
)
returns jsonb
language plpgsql
security definer -- inserts into buzz_haven.adoption_requests, which anon has no grant on
set search_path = ''
as $$
declare
  v_gift boolean := p_plan like 'gift-%';
  v_price integer := (select t.monthly_price from buzz_haven.adopt_tiers as t where t.slug = p_tier);
  v_months integer := case when p_plan like 'gift-%' then substr(p_plan, 6)::integer end;
  v buzz_haven.adoption_requests;
begin
  perform buzz_haven.check_input(v_price is not null, 'Tier must be ' || buzz_haven.join_or(array(
    select t.slug from buzz_haven.adopt_tiers as t order by t.sort_order, t.monthly_price, t.slug)));
  perform buzz_haven.check_input(p_plan = 'monthly' or exists (select 1 from buzz_haven.adopt_gift_terms as g
    where 'gift-' || g.months = p_plan), 'Plan must be ' || buzz_haven.join_or('{monthly}' || array(
    select 'gift-' || g.months from buzz_haven.adopt_gift_terms as g order by g.months)));
  if nullif(btrim(p_website), '') is not null then
    return jsonb_build_object('id', gen_random_uuid(), 'tier', p_tier, 'plan', p_plan, 'monthly_price', v_price,
      'months', v_months, 'total', v_price * v_months);
  end if;
  perform buzz_haven.check_text(p_name, 'Name', 200, true);
  perform buzz_haven.check_input(buzz_haven.is_email(btrim(p_email)), 'A valid email is required');
  if v_gift then
    perform buzz_haven.check_text(p_recipient_name, 'Recipient name', 200, true);
    perform buzz_haven.check_input(nullif(btrim(p_recipient_email), '') is null or buzz_haven.is_email(btrim(p_recipient_email)),
      'The recipient''s email must be valid');
  end if;
  perform buzz_haven.check_text(p_message, 'Message', 500);
  perform buzz_haven.guard_request('adoption', btrim(p_email));
  insert into buzz_haven.adoption_requests (tier, plan, monthly_price, name, email, recipient_name, recipient_email, message)
  values (p_tier, p_plan, v_price, btrim(p_name), btrim(p_email),
    case when v_gift then btrim(p_recipient_name) end,
    case when v_gift then nullif(btrim(p_recipient_email), '') end,
    nullif(btrim(p_message), ''))
  returning * into v;
  return jsonb_build_object('id', v.id, 'tier', v.tier, 'plan', v.plan, 'monthly_price', v.monthly_price,
    'months', v_months, 'total', v.monthly_price * v_months);
end;
$$;
