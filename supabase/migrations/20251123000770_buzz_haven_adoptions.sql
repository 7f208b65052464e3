-- Buzz Haven: Adopt-a-Hive requests (issue 10). A visitor chooses a tier (Swarm Supporter $20,
-- Hive Guardian $35, Apiary Insider $75 a month, content/catalog/adopt-tiers.yaml) and a plan
-- (monthly, or a gift of 3, 6 or 12 months with the recipient's name); no payment is taken.
-- The monthly price is copied from the tier at request time. Staff link a request to a hive and
-- mark it active, paused or ended.

create table buzz_haven.adoption_requests (
  id uuid primary key default gen_random_uuid(),
  tier text not null constraint adoption_requests_tier_known check (tier in ('swarm-supporter', 'hive-guardian', 'apiary-insider')),
  plan text not null constraint adoption_requests_plan_known check (plan in ('monthly', 'gift-3', 'gift-6', 'gift-12')),
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
  constraint adoption_requests_gift_recipient check ((plan = 'monthly') = (recipient_name is null))
);
comment on table buzz_haven.adoption_requests is
  'Adopt-a-Hive requests: tier, plan (monthly or gift months), monthly price in cents, the hive staff link.';
alter table buzz_haven.adoption_requests enable row level security;
revoke all on buzz_haven.adoption_requests from public, anon, authenticated;

create trigger adoption_requests_set_updated_at
  before update on buzz_haven.adoption_requests
  for each row execute function buzz_haven.set_updated_at();
create trigger adoption_requests_log_activity after insert or update or delete on buzz_haven.adoption_requests
  for each row execute function buzz_haven.log_activity('adoption by', 'name');

-- Returns {id, tier, plan, monthly_price, months (null for monthly), total (gift: price x months)}.
create function public.submit_buzz_haven_adoption_request(
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
  v_price integer := case p_tier when 'swarm-supporter' then 2000 when 'hive-guardian' then 3500 when 'apiary-insider' then 7500 end;
  v_months integer := case when p_plan like 'gift-%' then substr(p_plan, 6)::integer end;
  v buzz_haven.adoption_requests;
begin
  perform buzz_haven.check_input(v_price is not null, 'Tier must be swarm-supporter, hive-guardian or apiary-insider');
  perform buzz_haven.check_input(p_plan in ('monthly', 'gift-3', 'gift-6', 'gift-12'), 'Plan must be monthly, gift-3, gift-6 or gift-12');
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

create function public.get_buzz_haven_adoption_requests()
returns setof buzz_haven.adoption_requests
language plpgsql
stable
security definer -- reads buzz_haven.adoption_requests, which the caller has no grant on
set search_path = ''
as $$
begin
  perform buzz_haven.require_role();
  return query select * from buzz_haven.adoption_requests as a order by a.created_at desc, a.id;
end;
$$;

-- A null argument keeps the value; p_clear empties hive_id or staff_notes.
create function public.update_buzz_haven_adoption_request(
  p_id uuid,
  p_status text default null,
  p_hive_id uuid default null,
  p_staff_notes text default null,
  p_clear text[] default '{}'
)
returns buzz_haven.adoption_requests
language plpgsql
security definer -- updates buzz_haven.adoption_requests, which the caller has no grant on
set search_path = ''
as $$
declare
  v buzz_haven.adoption_requests;
  v_clear text[] := coalesce(p_clear, '{}');
begin
  perform buzz_haven.require_role();
  perform buzz_haven.check_clear(v_clear, array['hive_id', 'staff_notes'], array_remove(array[
    case when p_hive_id is not null then 'hive_id' end, case when p_staff_notes is not null then 'staff_notes' end], null));
  perform buzz_haven.check_input(p_status is null or p_status in ('new', 'active', 'paused', 'ended'),
    'Status must be new, active, paused or ended');
  perform buzz_haven.check_input(p_hive_id is null or exists (select 1 from buzz_haven.hives as h where h.id = p_hive_id),
    'Hive not found');
  perform buzz_haven.check_text(p_staff_notes, 'Staff notes', 5000);
  update buzz_haven.adoption_requests as a
  set status = coalesce(p_status, a.status),
    hive_id = case when 'hive_id' = any (v_clear) then null else coalesce(p_hive_id, a.hive_id) end,
    staff_notes = case when 'staff_notes' = any (v_clear) then null
      when p_staff_notes is null then a.staff_notes else nullif(btrim(p_staff_notes), '') end
  where a.id = p_id
  returning a.* into v;
  if not found then
    raise exception 'Adoption request not found' using errcode = 'PT404';
  end if;
  return v;
end;
$$;

select buzz_haven.grant_api_execute(
  'public.submit_buzz_haven_adoption_request(text, text, text, text, text, text, text, text)',
  'public.get_buzz_haven_adoption_requests()',
  'public.update_buzz_haven_adoption_request(uuid, text, uuid, text, text[])'
);
