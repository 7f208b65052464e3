-- Buzz Haven: the Adopt-a-Hive prices live in tables (issue 23, item 1): each tier's monthly price
-- (buzz_haven.adopt_tiers, keyed by the slug the site and adoption_requests.tier use) and the gift
-- terms offered (buzz_haven.adopt_gift_terms, months). They were written in the content document
-- catalog/adopt-tiers and again as literals in submit_buzz_haven_adoption_request
-- (20251123000770_buzz_haven_adoptions.sql); the next migration makes that RPC read these rows.
-- The tiers' words (name, perks, "Most Popular") stay in the content document, keyed by slug.
-- Public reads (the site build) and staff writes; the seed is the values of
-- content/catalog/adopt-tiers.yaml as they were.

create table buzz_haven.adopt_tiers (
  id uuid primary key default gen_random_uuid(),
  slug text not null
    constraint adopt_tiers_slug_unique unique
    constraint adopt_tiers_slug_format check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and char_length(slug) <= 60),
  monthly_price integer not null constraint adopt_tiers_monthly_price_range check (monthly_price between 0 and 1000000),
  sort_order integer not null default 0 constraint adopt_tiers_sort_order_range check (sort_order between 0 and 1000),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table buzz_haven.adopt_tiers is 'Adopt-a-Hive tiers: slug (the content''s tier id) and monthly price in cents.';

create table buzz_haven.adopt_gift_terms (
  id uuid primary key default gen_random_uuid(),
  months integer not null
    constraint adopt_gift_terms_months_unique unique
    constraint adopt_gift_terms_months_range check (months between 1 and 24),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table buzz_haven.adopt_gift_terms is 'The gift lengths an adoption may be given for (plan gift-<months>).';

alter table buzz_haven.adopt_tiers enable row level security;
alter table buzz_haven.adopt_gift_terms enable row level security;
revoke all on buzz_haven.adopt_tiers, buzz_haven.adopt_gift_terms from public, anon, authenticated;

create trigger adopt_tiers_set_updated_at before update on buzz_haven.adopt_tiers
  for each row execute function buzz_haven.set_updated_at();
create trigger adopt_tiers_log_activity after insert or update or delete on buzz_haven.adopt_tiers
  for each row execute function buzz_haven.log_activity('adoption tier', 'slug');
create trigger adopt_gift_terms_log_activity after insert or update or delete on buzz_haven.adopt_gift_terms
  for each row execute function buzz_haven.log_activity('gift term of', 'months');
select buzz_haven.require_second_factor_for_deletes('buzz_haven.adopt_tiers', 'buzz_haven.adopt_gift_terms');

-- seed data: Swarm Supporter $20, Hive Guardian $35, Apiary Insider $75 a month; gifts of 3, 6, 12 months
insert into buzz_haven.adopt_tiers (slug, monthly_price, sort_order) values
  ('swarm-supporter', 2000, 1), ('hive-guardian', 3500, 2), ('apiary-insider', 7500, 3);
insert into buzz_haven.adopt_gift_terms (months) values (3), (6), (12);

-- Public: the site build reads them; the admin lists them with the same calls.
create function public.get_buzz_haven_adopt_tiers()
returns setof buzz_haven.adopt_tiers
language sql
stable
security definer -- reads buzz_haven.adopt_tiers, which the caller has no grant on
set search_path = ''
as $$
  select * from buzz_haven.adopt_tiers as t order by t.sort_order, t.monthly_price, t.slug
$$;

create function public.get_buzz_haven_adopt_gift_terms()
returns setof buzz_haven.adopt_gift_terms
language sql
stable
security definer -- reads buzz_haven.adopt_gift_terms, which the caller has no grant on
set search_path = ''
as $$
  select * from buzz_haven.adopt_gift_terms as g order by g.months
$$;

-- The rules of one tier row (create and update alike), with the admin form's messages.
create function buzz_haven.check_adopt_tier(v buzz_haven.adopt_tiers) returns void
language plpgsql
stable
set search_path = ''
as $$
begin
  perform buzz_haven.check_input(coalesce(v.slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and char_length(v.slug) <= 60, false),
    'Slug must be lowercase words joined by hyphens (60 characters at most)');
  perform buzz_haven.check_input(v.monthly_price between 0 and 1000000, 'Monthly price must be between $0 and $10,000');
  perform buzz_haven.check_input(v.sort_order between 0 and 1000, 'Order must be between 0 and 1000');
  perform buzz_haven.check_input(not exists (select 1 from buzz_haven.adopt_tiers as t where t.slug = v.slug and t.id <> v.id),
    'Another tier has this slug');
end;
$$;
revoke all on function buzz_haven.check_adopt_tier(buzz_haven.adopt_tiers) from public, anon, authenticated;

create function public.create_buzz_haven_adopt_tier(p_slug text, p_monthly_price integer, p_sort_order integer default 0)
returns buzz_haven.adopt_tiers
language plpgsql
security definer -- writes buzz_haven.adopt_tiers, which the caller has no grant on
set search_path = ''
as $$
declare
  v buzz_haven.adopt_tiers;
begin
  perform buzz_haven.require_role();
  v.id := gen_random_uuid();
  v.slug := btrim(p_slug);
  v.monthly_price := p_monthly_price;
  v.sort_order := coalesce(p_sort_order, 0);
  perform buzz_haven.check_adopt_tier(v);
  insert into buzz_haven.adopt_tiers (id, slug, monthly_price, sort_order)
  values (v.id, v.slug, v.monthly_price, v.sort_order) returning * into v;
  return v;
end;
$$;

-- A null argument keeps the value (no column can be emptied; p_clear is taken for the convention).
create function public.update_buzz_haven_adopt_tier(
  p_id uuid, p_slug text default null, p_monthly_price integer default null, p_sort_order integer default null,
  p_clear text[] default '{}'
)
returns buzz_haven.adopt_tiers
language plpgsql
security definer -- writes buzz_haven.adopt_tiers, which the caller has no grant on
set search_path = ''
as $$
declare
  v buzz_haven.adopt_tiers;
begin
  perform buzz_haven.require_role();
  perform buzz_haven.check_clear(coalesce(p_clear, '{}'), '{}', '{}');
  select * into v from buzz_haven.adopt_tiers as t where t.id = p_id for update;
  if not found then
    raise exception 'Adoption tier not found' using errcode = 'PT404';
  end if;
  v.slug := coalesce(btrim(p_slug), v.slug);
  v.monthly_price := coalesce(p_monthly_price, v.monthly_price);
  v.sort_order := coalesce(p_sort_order, v.sort_order);
  perform buzz_haven.check_adopt_tier(v);
  update buzz_haven.adopt_tiers as t set slug = v.slug, monthly_price = v.monthly_price, sort_order = v.sort_order
  where t.id = p_id returning t.* into v;
  return v;
end;
$$;

create function public.delete_buzz_haven_adopt_tier(p_id uuid)
returns buzz_haven.adopt_tiers
language plpgsql
security definer -- deletes from buzz_haven.adopt_tiers, which the caller has no grant on
set search_path = ''
as $$
declare
  v buzz_haven.adopt_tiers;
begin
  perform buzz_haven.require_role(array['owner', 'admin'], 'Only an owner or admin can delete adoption tiers');
  if exists (select 1 from buzz_haven.adoption_requests as a join buzz_haven.adopt_tiers as t on t.slug = a.tier
    where t.id = p_id) then
    raise exception 'This tier has adoption requests, so it cannot be deleted' using errcode = 'PT409';
  end if;
  delete from buzz_haven.adopt_tiers as t where t.id = p_id returning t.* into v;
  if not found then
    raise exception 'Adoption tier not found' using errcode = 'PT404';
  end if;
  return v;
end;
$$;

create function public.create_buzz_haven_adopt_gift_term(p_months integer)
returns buzz_haven.adopt_gift_terms
language plpgsql
security definer -- writes buzz_haven.adopt_gift_terms, which the caller has no grant on
set search_path = ''
as $$
declare
  v buzz_haven.adopt_gift_terms;
begin
  perform buzz_haven.require_role();
  perform buzz_haven.check_input(p_months between 1 and 24, 'Months must be between 1 and 24');
  perform buzz_haven.check_input(not exists (select 1 from buzz_haven.adopt_gift_terms as g where g.months = p_months),
    'This gift term is already offered');
  insert into buzz_haven.adopt_gift_terms (months) values (p_months) returning * into v;
  return v;
end;
$$;

create function public.delete_buzz_haven_adopt_gift_term(p_id uuid)
returns buzz_haven.adopt_gift_terms
language plpgsql
security definer -- deletes from buzz_haven.adopt_gift_terms, which the caller has no grant on
set search_path = ''
as $$
declare
  v buzz_haven.adopt_gift_terms;
begin
  perform buzz_haven.require_role(array['owner', 'admin'], 'Only an owner or admin can delete gift terms');
  delete from buzz_haven.adopt_gift_terms as g where g.id = p_id returning g.* into v;
  if not found then
    raise exception 'Gift term not found' using errcode = 'PT404';
  end if;
  return v;
end;
$$;

select buzz_haven.grant_api_execute(
  'public.get_buzz_haven_adopt_tiers()',
  'public.get_buzz_haven_adopt_gift_terms()',
  'public.create_buzz_haven_adopt_tier(text, integer, integer)',
  'public.update_buzz_haven_adopt_tier(uuid, text, integer, integer, text[])',
  'public.delete_buzz_haven_adopt_tier(uuid)',
  'public.create_buzz_haven_adopt_gift_term(integer)',
  'public.delete_buzz_haven_adopt_gift_term(uuid)'
);
