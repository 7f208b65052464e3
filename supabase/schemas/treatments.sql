-- Treatments: the varroa treatment products staff keep, the treatments applied to hives, the
-- withdrawal periods that keep their honey out of harvests and batches, and the varroa threshold.
-- Declared whole (docs/database.md); applied after the area hives/, whose tables it names.
set check_function_bodies = false;

-- The products staff choose a treatment from: a name, its active ingredient and its withdrawal
-- period (the days after the treatment ends before honey may be harvested from the hive).
create table buzz_haven.treatment_products (
  id uuid primary key default gen_random_uuid(),
  name text not null constraint treatment_products_name_unique unique
    constraint treatment_products_name_not_blank check (btrim(name) <> '')
    constraint treatment_products_name_length check (char_length(name) <= 100),
  active_ingredient text constraint treatment_products_active_ingredient_length check (char_length(active_ingredient) <= 200),
  withdrawal_days integer not null default 0
    constraint treatment_products_withdrawal_days_range check (withdrawal_days between 0 and 365),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table buzz_haven.treatment_products is
  'Varroa treatment products: name, active ingredient, withdrawal days after a treatment ends before honey is harvested.';
alter table buzz_haven.treatment_products enable row level security;
revoke all on buzz_haven.treatment_products from public, anon, authenticated;
select buzz_haven.manage_resource('buzz_haven.treatment_products', 'treatment product', 'name');
-- The usual three, with the withdrawal periods of their common labels: thymol's supers go back a
-- month after the treatment, oxalic acid's two weeks after, formic acid's may stay on.
insert into buzz_haven.treatment_products (name, active_ingredient, withdrawal_days) values
  ('Oxalic acid', 'Oxalic acid dihydrate', 14),
  ('Formic acid', 'Formic acid', 0),
  ('Thymol', 'Thymol', 30);

-- A treatment of one hive: the product, the dose as applied, its first and last day, who applied
-- it. Its withdrawal period runs from started_on to ended_on + the product's withdrawal_days.
create table buzz_haven.hive_treatments (
  id uuid primary key default gen_random_uuid(),
  hive_id uuid not null references buzz_haven.hives (id) on delete cascade,
  product_id uuid not null references buzz_haven.treatment_products (id) on delete restrict,
  dose text constraint hive_treatments_dose_length check (char_length(dose) <= 200),
  started_on date not null,
  ended_on date not null,
  applied_by text constraint hive_treatments_applied_by_length check (char_length(applied_by) <= 200),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint hive_treatments_dates_order check (ended_on >= started_on)
);
comment on table buzz_haven.hive_treatments is
  'Varroa treatments applied to hives; no honey from the hive between started_on and ended_on + the product''s withdrawal_days.';
alter table buzz_haven.hive_treatments enable row level security;
revoke all on buzz_haven.hive_treatments from public, anon, authenticated;
select buzz_haven.manage_resource('buzz_haven.hive_treatments', 'treatment of', 'started_on');
-- A hive's treatments (its page, the withdrawal check, the varroa flag)
create index hive_treatments_hive_idx on buzz_haven.hive_treatments (hive_id, started_on desc, id);
create index hive_treatments_product_id_idx on buzz_haven.hive_treatments (product_id);

-- The varroa threshold (one row): a hive whose latest count is over it is flagged.
create table buzz_haven.varroa_settings (
  id boolean primary key default true constraint varroa_settings_one_row check (id),
  threshold_per_100 numeric(4, 1) not null default 3
    constraint varroa_settings_threshold_range check (threshold_per_100 between 0.1 and 50)
);
comment on table buzz_haven.varroa_settings is
  'Mites per 100 bees over which a hive is flagged for treatment (one row).';
insert into buzz_haven.varroa_settings default values;
alter table buzz_haven.varroa_settings enable row level security;
revoke all on buzz_haven.varroa_settings from public, anon, authenticated;
select buzz_haven.explain_constraints_of('buzz_haven.varroa_settings');

-- The back office's Varroa Threshold screen: any staff reads it, owners and admins change it. The
-- row's id is given as text ('true'), the way the back office's routes carry an id.
create view buzz_haven_lists.varroa_settings as
  select s.id::text as id, s.threshold_per_100 from buzz_haven.varroa_settings as s where buzz_haven_lists.staff_only();
revoke all on buzz_haven_lists.varroa_settings from public, anon, authenticated, service_role;
grant select on buzz_haven_lists.varroa_settings to anon, authenticated, service_role;

create function public.get_buzz_haven_varroa_settings() returns setof buzz_haven_lists.varroa_settings
language sql stable as $$ select * from buzz_haven_lists.varroa_settings $$;

create function public.update_buzz_haven_varroa_settings(p_id text, p_threshold_per_100 numeric default null,
  p_clear text[] default '{}')
returns buzz_haven_lists.varroa_settings
language plpgsql security definer set search_path = '' -- writes buzz_haven.varroa_settings, which the caller has no grant on
as $$
declare
  v buzz_haven_lists.varroa_settings;
begin
  perform buzz_haven.require_role(array['owner', 'admin'], 'Only an owner or admin can change the varroa threshold');
  perform buzz_haven.check_clear(coalesce(p_clear, '{}'), '{}', '{}');
  update buzz_haven.varroa_settings as s set threshold_per_100 = coalesce(p_threshold_per_100, s.threshold_per_100)
  where s.id::text = p_id returning s.id::text, s.threshold_per_100 into v;
  perform buzz_haven.check_found(found, 'Varroa settings not found');
  return v;
end;
$$;

select buzz_haven.grant_api_execute('get_buzz_haven_varroa_settings', 'update_buzz_haven_varroa_settings');

-- The refusal of honey from a hive on a day inside one of its withdrawal periods, or null. The
-- words are the row p_message_key of constraint_messages, with the product and the period's
-- last day put in.
create function buzz_haven.withdrawal_refusal(p_hive_id uuid, p_on date, p_message_key text) returns text
language sql stable set search_path = ''
as $$
  select format(m.message, w.product, to_char(w.ends_on, 'YYYY-MM-DD'))
  from (
    select p.name as product, t.ended_on + p.withdrawal_days as ends_on
    from buzz_haven.hive_treatments as t join buzz_haven.treatment_products as p on p.id = t.product_id
    where t.hive_id = p_hive_id and p_on between t.started_on and t.ended_on + p.withdrawal_days
    order by ends_on desc limit 1
  ) as w
  join buzz_haven.constraint_messages as m on m.constraint_name = p_message_key
$$;
revoke all on function buzz_haven.withdrawal_refusal(uuid, date, text) from public, anon, authenticated;

-- Every write of honey, whichever way it comes, refused inside a withdrawal period (23514): a
-- harvest dated in one, honey harvested on an inspection dated in one, and a harvest put into a
-- batch that a treatment recorded later covers.
create function buzz_haven.guard_withdrawal() returns trigger
language plpgsql set search_path = ''
as $$
declare
  v_refusal text;
begin
  if tg_table_name = 'honey_harvests' then
    if tg_op = 'INSERT' or new.hive_id is distinct from old.hive_id or new.harvested_on is distinct from old.harvested_on then
      v_refusal := buzz_haven.withdrawal_refusal(new.hive_id, new.harvested_on, 'honey_harvests_withdrawal');
    elsif new.batch_id is not null and new.batch_id is distinct from old.batch_id then
      v_refusal := buzz_haven.withdrawal_refusal(new.hive_id, new.harvested_on, 'honey_batches_withdrawal');
    end if;
  elsif coalesce(new.honey_harvested_lb, 0) > 0 and (tg_op = 'INSERT'
      or new.honey_harvested_lb is distinct from old.honey_harvested_lb
      or new.inspected_on is distinct from old.inspected_on or new.hive_id is distinct from old.hive_id) then
    v_refusal := buzz_haven.withdrawal_refusal(new.hive_id, new.inspected_on, 'honey_harvests_withdrawal');
  end if;
  if v_refusal is not null then
    raise exception '%', v_refusal using errcode = '23514';
  end if;
  return new;
end;
$$;
revoke all on function buzz_haven.guard_withdrawal() from public, anon, authenticated;
create trigger honey_harvests_withdrawal before insert or update on buzz_haven.honey_harvests
  for each row execute function buzz_haven.guard_withdrawal();
create trigger hive_inspections_withdrawal before insert or update on buzz_haven.hive_inspections
  for each row execute function buzz_haven.guard_withdrawal();

-- Lists: a treatment with its withdrawal period's last day.
create view buzz_haven_lists.treatment_products as
  select p.* from buzz_haven.treatment_products as p where buzz_haven_lists.staff_only();
create view buzz_haven_lists.hive_treatments as
  select t.*, t.ended_on + p.withdrawal_days as withdrawal_ends_on
  from buzz_haven.hive_treatments as t join buzz_haven.treatment_products as p on p.id = t.product_id
  where buzz_haven_lists.staff_only();
create function public.get_buzz_haven_treatment_products() returns setof buzz_haven_lists.treatment_products
language sql stable as $$ select * from buzz_haven_lists.treatment_products $$;
create function public.get_buzz_haven_treatments() returns setof buzz_haven_lists.hive_treatments
language sql stable as $$ select * from buzz_haven_lists.hive_treatments $$;

-- Owners and admins keep the product list; texts are trimmed, an empty optional text is none.
create function public.create_buzz_haven_treatment_product(p_name text, p_active_ingredient text default null,
  p_withdrawal_days integer default null) returns buzz_haven.treatment_products
language sql security definer set search_path = '' -- writes buzz_haven.treatment_products, which the caller has no grant on
as $$
  select buzz_haven.create_row(null::buzz_haven.treatment_products, jsonb_build_object('name', btrim(p_name),
    'active_ingredient', nullif(btrim(p_active_ingredient), ''), 'withdrawal_days', p_withdrawal_days), 'name',
    'This product is already in the list', p_refusal => 'Only an owner or admin can add a treatment product')
$$;

create function public.update_buzz_haven_treatment_product(p_id uuid, p_name text default null,
  p_active_ingredient text default null, p_withdrawal_days integer default null, p_clear text[] default '{}')
returns buzz_haven.treatment_products
language sql security definer set search_path = '' -- writes buzz_haven.treatment_products, which the caller has no grant on
as $$
  select buzz_haven.change_row(null::buzz_haven.treatment_products, p_id, 'Treatment product not found',
    jsonb_build_object('name', btrim(p_name), 'active_ingredient', btrim(p_active_ingredient),
    'withdrawal_days', p_withdrawal_days), p_clear, '{active_ingredient}', 'name', 'This product is already in the list',
    p_refusal => 'Only an owner or admin can change a treatment product')
$$;

create function public.delete_buzz_haven_treatment_product(p_id uuid) returns buzz_haven.treatment_products
language plpgsql security definer set search_path = '' -- deletes from buzz_haven.treatment_products, which the caller has no grant on
as $$
begin
  perform buzz_haven.require_role(array['owner', 'admin'], 'Only an owner or admin can remove a treatment product');
  if exists (select 1 from buzz_haven.hive_treatments as t where t.product_id = p_id) then
    raise exception 'This product is recorded on treatments, so it cannot be removed' using errcode = 'PT409';
  end if;
  return buzz_haven.delete_row(null::buzz_haven.treatment_products, p_id, 'Treatment product not found', p_roles => null);
end;
$$;

create function buzz_haven.check_treatment(v buzz_haven.hive_treatments) returns void
language plpgsql stable set search_path = ''
as $$
begin
  perform buzz_haven.check_input(exists (select 1 from buzz_haven.hives as h where h.id = v.hive_id), 'Hive not found');
  perform buzz_haven.check_input(
    exists (select 1 from buzz_haven.treatment_products as p where p.id = v.product_id), 'Treatment product not found');
end;
$$;
revoke all on function buzz_haven.check_treatment(buzz_haven.hive_treatments) from public, anon, authenticated;

-- p_id: an id the client made (a phone's queue): the same id sent again returns the stored row.
create function public.create_buzz_haven_treatment(p_hive_id uuid, p_product_id uuid, p_started_on date,
  p_ended_on date, p_dose text default null, p_applied_by text default null, p_id uuid default null)
returns buzz_haven.hive_treatments
language sql security definer set search_path = '' -- writes buzz_haven.hive_treatments, which the caller has no grant on
as $$
  select buzz_haven.create_row(null::buzz_haven.hive_treatments, jsonb_build_object('hive_id', p_hive_id,
    'product_id', p_product_id, 'started_on', p_started_on, 'ended_on', p_ended_on, 'dose', nullif(btrim(p_dose), ''),
    'applied_by', nullif(btrim(p_applied_by), '')), p_check => 'buzz_haven.check_treatment', p_id => p_id)
$$;

create function public.update_buzz_haven_treatment(p_id uuid, p_hive_id uuid default null, p_product_id uuid default null,
  p_started_on date default null, p_ended_on date default null, p_dose text default null, p_applied_by text default null,
  p_clear text[] default '{}')
returns buzz_haven.hive_treatments
language sql security definer set search_path = '' -- writes buzz_haven.hive_treatments, which the caller has no grant on
as $$
  select buzz_haven.change_row(null::buzz_haven.hive_treatments, p_id, 'Treatment not found', jsonb_build_object(
    'hive_id', p_hive_id, 'product_id', p_product_id, 'started_on', p_started_on, 'ended_on', p_ended_on,
    'dose', btrim(p_dose), 'applied_by', btrim(p_applied_by)), p_clear, '{dose, applied_by}',
    p_check => 'buzz_haven.check_treatment')
$$;

create function public.delete_buzz_haven_treatment(p_id uuid) returns buzz_haven.hive_treatments
language sql security definer set search_path = '' -- deletes from buzz_haven.hive_treatments, which the caller has no grant on
as $$
  select buzz_haven.delete_row(null::buzz_haven.hive_treatments, p_id, 'Treatment not found', 'Only an owner or admin can delete treatments')
$$;

select buzz_haven.grant_api_execute('get_buzz_haven_treatment_products', 'get_buzz_haven_treatments',
  'create_buzz_haven_treatment_product', 'update_buzz_haven_treatment_product',
  'delete_buzz_haven_treatment_product', 'create_buzz_haven_treatment', 'update_buzz_haven_treatment',
  'delete_buzz_haven_treatment');

-- Their bounds say their own messages (buzz_haven.derived_message); the rows below give other words.
select buzz_haven.derive_messages('buzz_haven.treatment_products', 'buzz_haven.hive_treatments');

-- The words of this file's rules. The two withdrawal rows are formats: the product's name, then
-- the withdrawal period's last day (buzz_haven.withdrawal_refusal).
insert into buzz_haven.constraint_messages (constraint_name, message) values
  ('treatment_products_name_not_blank', 'Name is required'),
  ('treatment_products_name_not_null', 'Name is required'),
  ('hive_treatments_started_on_not_null', 'Start date is required'),
  ('hive_treatments_ended_on_not_null', 'End date is required'),
  ('hive_treatments_hive_id_not_null', 'Hive is required'),
  ('hive_treatments_product_id_not_null', 'Product is required'),
  ('hive_treatments_dates_order', 'The end date cannot be before the start date'),
  ('varroa_settings_threshold_range', 'The threshold must be between %s and %s mites per 100 bees'),
  ('honey_harvests_withdrawal',
    'No honey from this hive: it is in the withdrawal period of its %s treatment, which ends on %s'),
  ('honey_batches_withdrawal',
    'This harvest cannot go into a batch: it was taken in the withdrawal period of a %s treatment, which ends on %s');
