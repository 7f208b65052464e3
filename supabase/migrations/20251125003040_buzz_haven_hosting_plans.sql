-- Buzz Haven: the hive hosting plans' yearly prices live in a table (issue 23, item 1), as the
-- shipping rates and adoption tiers do (20251125003000_buzz_haven_price_tables.sql, …003010): one
-- home that staff edit in the back office (Hosting Plans) and the site build reads
-- (get_buzz_haven_hosting_plans, anon: the prices are public). The plans' words (name, summary,
-- features) stay in the content document catalog/hosting, keyed by slug; its stored bodies lose
-- the prices here, as its schema (content/schema/catalog/hosting.ts) no longer has them.

create table buzz_haven.hosting_plans (
  id uuid primary key default gen_random_uuid(),
  slug text not null
    constraint hosting_plans_slug_unique unique
    constraint hosting_plans_slug_format check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and char_length(slug) <= 60),
  yearly_price integer not null constraint hosting_plans_yearly_price_range check (yearly_price between 0 and 10000000),
  sort_order integer not null default 0 constraint hosting_plans_sort_order_range check (sort_order between 0 and 1000),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table buzz_haven.hosting_plans is 'Hive hosting plans: slug (the content''s plan id) and yearly price in cents.';
alter table buzz_haven.hosting_plans enable row level security;
revoke all on buzz_haven.hosting_plans from public, anon, authenticated;

create trigger hosting_plans_set_updated_at before update on buzz_haven.hosting_plans
  for each row execute function buzz_haven.set_updated_at();
create trigger hosting_plans_log_activity after insert or update or delete on buzz_haven.hosting_plans
  for each row execute function buzz_haven.log_activity('hosting plan', 'slug');
select buzz_haven.require_second_factor_for_deletes('buzz_haven.hosting_plans');

-- seed data: Standard Hive $450 and Artistic Hive $550 a year (content/catalog/hosting.yaml as it was)
insert into buzz_haven.hosting_plans (slug, yearly_price, sort_order) values ('standard', 45000, 1), ('artistic', 55000, 2);

create function public.get_buzz_haven_hosting_plans()
returns setof buzz_haven.hosting_plans
language sql
stable
security definer -- reads buzz_haven.hosting_plans, which the caller has no grant on
set search_path = ''
as $$
  select * from buzz_haven.hosting_plans as h order by h.sort_order, h.yearly_price, h.slug
$$;

create function buzz_haven.check_hosting_plan(v buzz_haven.hosting_plans) returns void
language plpgsql
stable
set search_path = ''
as $$
begin
  perform buzz_haven.check_input(coalesce(v.slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and char_length(v.slug) <= 60, false),
    'Slug must be lowercase words joined by hyphens (60 characters at most)');
  perform buzz_haven.check_input(v.yearly_price between 0 and 10000000, 'Yearly price must be between $0 and $100,000');
  perform buzz_haven.check_input(v.sort_order between 0 and 1000, 'Order must be between 0 and 1000');
  perform buzz_haven.check_input(not exists (select 1 from buzz_haven.hosting_plans as h where h.slug = v.slug and h.id <> v.id),
    'Another plan has this slug');
end;
$$;
revoke all on function buzz_haven.check_hosting_plan(buzz_haven.hosting_plans) from public, anon, authenticated;

create function public.create_buzz_haven_hosting_plan(p_slug text, p_yearly_price integer, p_sort_order integer default 0)
returns buzz_haven.hosting_plans
language plpgsql
security definer -- writes buzz_haven.hosting_plans, which the caller has no grant on
set search_path = ''
as $$
declare
  v buzz_haven.hosting_plans;
begin
  perform buzz_haven.require_role();
  v.id := gen_random_uuid();
  v.slug := btrim(p_slug);
  v.yearly_price := p_yearly_price;
  v.sort_order := coalesce(p_sort_order, 0);
  perform buzz_haven.check_hosting_plan(v);
  insert into buzz_haven.hosting_plans (id, slug, yearly_price, sort_order)
  values (v.id, v.slug, v.yearly_price, v.sort_order) returning * into v;
  return v;
end;
$$;

-- A null argument keeps the value (no column can be emptied; p_clear is taken for the convention).
create function public.update_buzz_haven_hosting_plan(
  p_id uuid, p_slug text default null, p_yearly_price integer default null, p_sort_order integer default null,
  p_clear text[] default '{}'
)
returns buzz_haven.hosting_plans
language plpgsql
security definer -- writes buzz_haven.hosting_plans, which the caller has no grant on
set search_path = ''
as $$
declare
  v buzz_haven.hosting_plans;
begin
  perform buzz_haven.require_role();
  perform buzz_haven.check_clear(coalesce(p_clear, '{}'), '{}', '{}');
  select * into v from buzz_haven.hosting_plans as h where h.id = p_id for update;
  if not found then
    raise exception 'Hosting plan not found' using errcode = 'PT404';
  end if;
  v.slug := coalesce(btrim(p_slug), v.slug);
  v.yearly_price := coalesce(p_yearly_price, v.yearly_price);
  v.sort_order := coalesce(p_sort_order, v.sort_order);
  perform buzz_haven.check_hosting_plan(v);
  update buzz_haven.hosting_plans as h set slug = v.slug, yearly_price = v.yearly_price, sort_order = v.sort_order
  where h.id = p_id returning h.* into v;
  return v;
end;
$$;

create function public.delete_buzz_haven_hosting_plan(p_id uuid)
returns buzz_haven.hosting_plans
language plpgsql
security definer -- deletes from buzz_haven.hosting_plans, which the caller has no grant on
set search_path = ''
as $$
declare
  v buzz_haven.hosting_plans;
begin
  perform buzz_haven.require_role(array['owner', 'admin'], 'Only an owner or admin can delete hosting plans');
  delete from buzz_haven.hosting_plans as h where h.id = p_id returning h.* into v;
  if not found then
    raise exception 'Hosting plan not found' using errcode = 'PT404';
  end if;
  return v;
end;
$$;

select buzz_haven.grant_api_execute(
  'public.get_buzz_haven_hosting_plans()',
  'public.create_buzz_haven_hosting_plan(text, integer, integer)',
  'public.update_buzz_haven_hosting_plan(uuid, text, integer, integer, text[])',
  'public.delete_buzz_haven_hosting_plan(uuid)'
);

-- The stored catalog/hosting bodies lose the plans' prices (content_versions keeps each version).
update buzz_haven.content_documents as d
set draft = d.draft || jsonb_build_object('plans', coalesce((
    select jsonb_agg(p - 'price' order by n) from jsonb_array_elements(d.draft -> 'plans') with ordinality as e (p, n)), '[]')),
  published = case when d.published is not null then d.published || jsonb_build_object('plans', coalesce((
    select jsonb_agg(p - 'price' order by n) from jsonb_array_elements(d.published -> 'plans') with ordinality as e (p, n)), '[]')) end
where d.key = 'catalog/hosting';
