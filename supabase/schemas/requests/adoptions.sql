-- Adopt-a-Hive requests: the table, the visitor's request and staff's update.
-- The first of the requests files, which apply in config.toml's order.
-- Visitor requests: adoptions, swarm reports and the swarm fee, host applications.
-- Declared whole: this folder says what the database holds for its area; supabase/migrations
-- carries it to databases in reviewed steps (docs/database.md). Function bodies are checked when
-- they run, not here (as pg_dump writes it): some name objects of a later file.
set check_function_bodies = false;

-- Buzz Haven: Adopt-a-Hive requests. A visitor chooses a tier (a row of
-- buzz_haven.adopt_tiers, with its monthly price) and a plan
-- (monthly, or a gift of 3, 6 or 12 months with the recipient's name); no payment is taken.
-- The monthly price is copied from the tier at request time. Staff link a request to a hive and
-- mark it active, paused or ended.

create table buzz_haven.adoption_requests (
  id uuid primary key default gen_random_uuid(),
  -- an adoption tier's slug (buzz_haven.adopt_tiers, its price table) and 'monthly' or 'gift-<months>'
  tier text not null
    constraint adoption_requests_tier_fkey references buzz_haven.adopt_tiers (slug) on update cascade
    constraint adoption_requests_tier_length check (char_length(tier) <= 60),
  plan text not null constraint adoption_requests_plan_format check (plan ~ '^(monthly|gift-[0-9]{1,2})$')
    constraint adoption_requests_plan_length check (char_length(plan) <= 10),
  monthly_price integer not null constraint adoption_requests_monthly_price_not_negative check (monthly_price >= 0),
  name text not null constraint adoption_requests_name_length check (char_length(name) between 1 and 200),
  email buzz_haven.email not null,
  recipient_name text constraint adoption_requests_recipient_name_length check (char_length(recipient_name) <= 200),
  recipient_email buzz_haven.email,
  message text constraint adoption_requests_message_length check (char_length(message) <= 500),
  hive_id uuid references buzz_haven.hives (id) on delete set null,
  status text not null default 'new' constraint adoption_requests_status_known check (status in ('new', 'active', 'paused', 'ended')),
  staff_notes text constraint adoption_requests_staff_notes_length check (char_length(staff_notes) <= 5000),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint adoption_requests_gift_recipient check ((plan = 'monthly') = (recipient_name is null)),
  -- the language of the page the request was made on: what is sent back to this person is in it
  locale text not null default 'en' references buzz_haven.languages (code)
);
comment on table buzz_haven.adoption_requests is
  'Adopt-a-Hive requests: tier, plan (monthly or gift months), monthly price in cents, the hive staff link.';
alter table buzz_haven.adoption_requests enable row level security;
revoke all on buzz_haven.adoption_requests from public, anon, authenticated;
select buzz_haven.manage_resource('buzz_haven.adoption_requests', 'adoption by', 'name', false);

create or replace function public.submit_buzz_haven_adoption_request(
  p_tier text default null,
  p_plan text default 'monthly',
  p_name text default null,
  p_email text default null,
  p_recipient_name text default null,
  p_recipient_email text default null,
  p_message text default null,
  p_website text default null,
  p_locale text default 'en'
)
returns jsonb
language plpgsql security definer set search_path = '' -- inserts into buzz_haven.adoption_requests, which anon has no grant on
as $$
declare
  v_gift boolean := p_plan like 'gift-%';
  v_price integer := (select t.monthly_price from buzz_haven.adopt_tiers as t where t.slug = p_tier);
  v_months integer := case when p_plan like 'gift-%' then substr(p_plan, 6)::integer end;
  v buzz_haven.adoption_requests;
begin
  perform buzz_haven.set_request_locale(p_locale);
  perform buzz_haven.check_rule(v_price is not null, 'adoption_tier_known', array[buzz_haven.join_or(array(
    select t.slug from buzz_haven.adopt_tiers as t order by t.sort_order, t.monthly_price, t.slug))]);
  perform buzz_haven.check_rule(p_plan = 'monthly' or exists (select 1 from buzz_haven.adopt_gift_terms as g
    where 'gift-' || g.months = p_plan), 'adoption_plan_known', array[buzz_haven.join_or('{monthly}' || array(
    select 'gift-' || g.months from buzz_haven.adopt_gift_terms as g order by g.months))]);
  if nullif(btrim(p_website), '') is not null then
    return jsonb_build_object('id', gen_random_uuid(), 'tier', p_tier, 'plan', p_plan, 'monthly_price', v_price,
      'months', v_months, 'total', v_price * v_months);
  end if;
  perform buzz_haven.check_rule(nullif(btrim(p_name), '') is not null, 'name_required');
  perform buzz_haven.check_rule(buzz_haven.is_email(btrim(p_email)), 'email_valid');
  if v_gift then
    perform buzz_haven.check_rule(nullif(btrim(p_recipient_name), '') is not null, 'recipient_name_required');
    perform buzz_haven.check_rule(nullif(btrim(p_recipient_email), '') is null or buzz_haven.is_email(btrim(p_recipient_email)),
      'adoption_recipient_email');
  end if;
  perform buzz_haven.guard_request('adoption', btrim(p_email));
  insert into buzz_haven.adoption_requests (tier, plan, monthly_price, name, email, recipient_name, recipient_email, message,
    locale)
  values (p_tier, p_plan, v_price, btrim(p_name), btrim(p_email),
    case when v_gift then btrim(p_recipient_name) end,
    case when v_gift then nullif(btrim(p_recipient_email), '') end,
    nullif(btrim(p_message), ''), buzz_haven.request_locale())
  returning * into v;
  return jsonb_build_object('id', v.id, 'tier', v.tier, 'plan', v.plan, 'monthly_price', v.monthly_price,
    'months', v_months, 'total', v.monthly_price * v_months);
end;
$$;

-- A hive given must be there (22023), checked before the request is read.
create function buzz_haven.check_adoption_request_values(p_values jsonb) returns void
language sql stable set search_path = ''
as $$
  select buzz_haven.check_input(p_values ->> 'hive_id' is null
    or exists (select 1 from buzz_haven.hives as h where h.id = (p_values ->> 'hive_id')::uuid), 'Hive not found')
$$;
revoke all on function buzz_haven.check_adoption_request_values(jsonb) from public, anon, authenticated;

create or replace function public.update_buzz_haven_adoption_request(p_id uuid, p_status text default null,
  p_hive_id uuid default null, p_staff_notes text default null, p_clear text[] default '{}')
returns buzz_haven.adoption_requests
language sql security definer set search_path = '' -- updates buzz_haven.adoption_requests, which the caller has no grant on
as $$
  select buzz_haven.change_row(null::buzz_haven.adoption_requests, p_id, 'Adoption request not found',
    jsonb_build_object('status', p_status, 'hive_id', p_hive_id, 'staff_notes', btrim(p_staff_notes)), p_clear,
    '{hive_id, staff_notes}', p_check_values => 'buzz_haven.check_adoption_request_values')
$$;
