-- Buzz Haven: the price tables' bounds live in their CHECKs only (issue 23, item 2), as
-- 20251128030010 did for inspections. check_adopt_tier, check_hosting_plan, check_workshop_offering,
-- create_buzz_haven_adopt_gift_term, update_buzz_haven_shipping_rate, update_buzz_haven_swarm_fee and
-- update_buzz_haven_host_yard_minimum (20251125003000-003060, 20251127060020) repeated each bound with
-- its message; the messages become buzz_haven.constraint_messages rows (same words), so a write
-- breaking one fails on the table (23514, PostgREST's `details` naming the field). A missing slug or
-- price said the bound's words too: the NOT NULL rows keep them (23502). What no one-column CHECK
-- holds stays in the functions: a slug used by another row, the youngest age above the oldest, the
-- lowest fee above the highest, a required offering slug (and its format, check_event_offering).

insert into buzz_haven.constraint_messages (constraint_name, message) values
  ('adopt_tiers_slug_format', 'Slug must be lowercase words joined by hyphens (60 characters at most)'),
  ('adopt_tiers_slug_not_null', 'Slug must be lowercase words joined by hyphens (60 characters at most)'),
  ('adopt_tiers_monthly_price_range', 'Monthly price must be between $0 and $10,000'),
  ('adopt_tiers_monthly_price_not_null', 'Monthly price must be between $0 and $10,000'),
  ('adopt_tiers_sort_order_range', 'Order must be between 0 and 1000'),
  ('adopt_gift_terms_months_range', 'Months must be between 1 and 24'),
  ('adopt_gift_terms_months_not_null', 'Months must be between 1 and 24'),
  ('hosting_plans_slug_format', 'Slug must be lowercase words joined by hyphens (60 characters at most)'),
  ('hosting_plans_slug_not_null', 'Slug must be lowercase words joined by hyphens (60 characters at most)'),
  ('hosting_plans_yearly_price_range', 'Yearly price must be between $0 and $100,000'),
  ('hosting_plans_yearly_price_not_null', 'Yearly price must be between $0 and $100,000'),
  ('hosting_plans_sort_order_range', 'Order must be between 0 and 1000'),
  ('workshop_offerings_price_range', 'Price must be between $0 and $10,000'),
  ('workshop_offerings_price_not_null', 'Price must be between $0 and $10,000'),
  ('workshop_offerings_min_age_range', 'Ages must be between 0 and 120'),
  ('workshop_offerings_max_age_range', 'Ages must be between 0 and 120'),
  ('workshop_offerings_sort_order_range', 'Order must be between 0 and 1000'),
  ('shipping_rates_price_range', 'Price must be between $0 and $1,000'),
  ('shipping_rates_free_over_range', 'Free over must be between $0 and $100,000'),
  ('swarm_fee_fee_min_range', 'The fee must be between $0 and $10,000'),
  ('swarm_fee_fee_max_range', 'The fee must be between $0 and $10,000'),
  ('host_yard_minimum_length_range', 'Length and width must be between 1 and 100 feet'),
  ('host_yard_minimum_width_range', 'Length and width must be between 1 and 100 feet')
on conflict (constraint_name) do update set message = excluded.message;
select buzz_haven.explain_constraints_of(t::regclass) from unnest(array[
  'buzz_haven.adopt_tiers', 'buzz_haven.adopt_gift_terms', 'buzz_haven.hosting_plans', 'buzz_haven.workshop_offerings',
  'buzz_haven.shipping_rates', 'buzz_haven.swarm_fee', 'buzz_haven.host_yard_minimum']) as t;

create or replace function buzz_haven.check_adopt_tier(v buzz_haven.adopt_tiers) returns void
language plpgsql
stable
set search_path = ''
as $$
begin
  perform buzz_haven.check_input(not exists (select 1 from buzz_haven.adopt_tiers as t where t.slug = v.slug and t.id <> v.id),
    'Another tier has this slug');
end;
$$;

create or replace function buzz_haven.check_hosting_plan(v buzz_haven.hosting_plans) returns void
language plpgsql
stable
set search_path = ''
as $$
begin
  perform buzz_haven.check_input(not exists (select 1 from buzz_haven.hosting_plans as h where h.slug = v.slug and h.id <> v.id),
    'Another plan has this slug');
end;
$$;

create or replace function buzz_haven.check_workshop_offering(v buzz_haven.workshop_offerings) returns void
language plpgsql
stable
set search_path = ''
as $$
begin
  perform buzz_haven.check_event_offering(v.slug);
  perform buzz_haven.check_input(v.slug is not null, 'Slug is required');
  perform buzz_haven.check_input(coalesce(v.min_age <= v.max_age, true), 'The youngest age cannot be above the oldest');
  perform buzz_haven.check_input(
    not exists (select 1 from buzz_haven.workshop_offerings as w where w.slug = v.slug and w.id <> v.id),
    'Another offering has this slug');
end;
$$;

create or replace function public.create_buzz_haven_adopt_gift_term(p_months integer)
returns buzz_haven.adopt_gift_terms
language plpgsql
security definer -- writes buzz_haven.adopt_gift_terms, which the caller has no grant on
set search_path = ''
as $$
declare
  v buzz_haven.adopt_gift_terms;
begin
  perform buzz_haven.require_role();
  perform buzz_haven.check_input(not exists (select 1 from buzz_haven.adopt_gift_terms as g where g.months = p_months),
    'This gift term is already offered');
  insert into buzz_haven.adopt_gift_terms (months) values (p_months) returning * into v;
  return v;
end;
$$;

create or replace function public.update_buzz_haven_shipping_rate(
  p_id uuid,
  p_price integer default null,
  p_free_over integer default null,
  p_clear text[] default '{}'
)
returns buzz_haven.shipping_rates
language plpgsql
security definer -- writes buzz_haven.shipping_rates, which the caller has no grant on
set search_path = ''
as $$
declare
  v buzz_haven.shipping_rates;
  c text[] := coalesce(p_clear, '{}');
begin
  perform buzz_haven.require_role();
  perform buzz_haven.check_clear(c, array['free_over'],
    array_remove(array[case when p_free_over is not null then 'free_over' end], null));
  update buzz_haven.shipping_rates as r
  set price = coalesce(p_price, r.price),
    free_over = case when 'free_over' = any (c) then null else coalesce(p_free_over, r.free_over) end
  where r.id = p_id
  returning r.* into v;
  if not found then
    raise exception 'Shipping rate not found' using errcode = 'PT404';
  end if;
  return v;
end;
$$;

create or replace function public.update_buzz_haven_swarm_fee(
  p_id uuid, p_fee_min integer default null, p_fee_max integer default null, p_clear text[] default '{}'
)
returns buzz_haven.swarm_fee
language plpgsql
security definer -- writes buzz_haven.swarm_fee, which the caller has no grant on
set search_path = ''
as $$
declare
  v buzz_haven.swarm_fee;
begin
  perform buzz_haven.require_role();
  perform buzz_haven.check_clear(coalesce(p_clear, '{}'), '{}', '{}');
  select * into v from buzz_haven.swarm_fee as f where f.id = p_id for update;
  if not found then
    raise exception 'Swarm fee not found' using errcode = 'PT404';
  end if;
  v.fee_min := coalesce(p_fee_min, v.fee_min);
  v.fee_max := coalesce(p_fee_max, v.fee_max);
  perform buzz_haven.check_input(v.fee_min <= v.fee_max, 'The lowest fee cannot be above the highest');
  update buzz_haven.swarm_fee as f set fee_min = v.fee_min, fee_max = v.fee_max where f.id = p_id returning f.* into v;
  return v;
end;
$$;

create or replace function public.update_buzz_haven_host_yard_minimum(p_id uuid, p_length_ft integer default null,
  p_width_ft integer default null, p_clear text[] default '{}')
returns buzz_haven.host_yard_minimum
language plpgsql
security definer -- writes buzz_haven.host_yard_minimum, which the caller has no grant on
set search_path = ''
as $$
declare
  v buzz_haven.host_yard_minimum;
begin
  perform buzz_haven.require_role();
  perform buzz_haven.check_clear(coalesce(p_clear, '{}'), '{}', '{}');
  update buzz_haven.host_yard_minimum as m
  set length_ft = coalesce(p_length_ft, m.length_ft), width_ft = coalesce(p_width_ft, m.width_ft)
  where m.id = p_id returning m.* into v;
  if not found then
    raise exception 'Yard minimum not found' using errcode = 'PT404';
  end if;
  return v;
end;
$$;
