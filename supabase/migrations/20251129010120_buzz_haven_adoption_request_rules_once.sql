-- Buzz Haven: an adoption request's name, recipient name and message lengths live in
-- adoption_requests' CHECKs only (issue 23, item 2), as 20251128030010 did for inspections.
-- submit_buzz_haven_adoption_request (20251125003020) repeated them with the site form's messages;
-- the messages become buzz_haven.constraint_messages rows (same words), so a text breaking one
-- fails on the table (23514, PostgREST's `details` naming the field; the form shows the message
-- whatever the code). A blank name or recipient name is still "... is required" (check_required,
-- 20251129010040); the tier, plan, emails, honeypot and rate limit stay in the function.

insert into buzz_haven.constraint_messages (constraint_name, message) values
  ('adoption_requests_name_length', 'Name is too long (200 characters at most)'),
  ('adoption_requests_recipient_name_length', 'Recipient name is too long (200 characters at most)'),
  ('adoption_requests_message_length', 'Message is too long (500 characters at most)')
on conflict (constraint_name) do update set message = excluded.message;
select buzz_haven.explain_constraints_of('buzz_haven.adoption_requests');

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
  perform buzz_haven.check_required(p_name, 'Name');
  perform buzz_haven.check_input(buzz_haven.is_email(btrim(p_email)), 'A valid email is required');
  if v_gift then
    perform buzz_haven.check_required(p_recipient_name, 'Recipient name');
    perform buzz_haven.check_input(nullif(btrim(p_recipient_email), '') is null or buzz_haven.is_email(btrim(p_recipient_email)),
      'The recipient''s email must be valid');
  end if;
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
