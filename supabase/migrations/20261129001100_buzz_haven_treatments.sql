-- Buzz Haven: treatments as records and varroa against a threshold. The treatment products staff
-- keep (withdrawal days) and the treatments applied to hives; a harvest (or honey on an
-- inspection) dated inside a treatment's withdrawal period is refused, and so is such a harvest
-- put into a batch; inspections record the varroa count's method and sample size; the hive list
-- gives mites per 100 bees and flags a hive over buzz_haven.varroa_settings' threshold until a
-- treatment starts or a later count is under it. Generated from supabase/schemas (hives.sql,
-- treatments.sql); the rows at the end are the rule tables' own.

DROP FUNCTION "public"."create_buzz_haven_inspection"(uuid, date, text, boolean, boolean, text, text, integer, integer, text, integer, numeric, text, boolean, text, text);

DROP FUNCTION "public"."get_buzz_haven_hives"();

DROP VIEW "buzz_haven_lists"."hives";

DROP FUNCTION "public"."get_buzz_haven_inspections"();

DROP VIEW "buzz_haven_lists"."hive_inspections";

DROP FUNCTION "public"."update_buzz_haven_inspection"(uuid, date, text, boolean, boolean, text, text, integer, integer, text, integer, numeric, text, boolean, text, text, text[]);

CREATE TABLE "buzz_haven"."hive_treatments" (
  "id"         uuid                     NOT NULL DEFAULT gen_random_uuid(),
  "hive_id"    uuid                     NOT NULL,
  "product_id" uuid                     NOT NULL,
  "dose"       text,
  "started_on" date                     NOT NULL,
  "ended_on"   date                     NOT NULL,
  "applied_by" text,
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  "updated_at" timestamp with time zone NOT NULL DEFAULT now(),
  CONSTRAINT "hive_treatments_applied_by_length" CHECK ((char_length(applied_by) <= 200)),
  CONSTRAINT "hive_treatments_dates_order" CHECK ((ended_on >= started_on)),
  CONSTRAINT "hive_treatments_dose_length" CHECK ((char_length(dose) <= 200)),
  CONSTRAINT "hive_treatments_pkey" PRIMARY KEY (id)
);

ALTER TABLE "buzz_haven"."hive_treatments"
  ENABLE ROW LEVEL SECURITY;

CREATE TABLE "buzz_haven"."treatment_products" (
  "id"                uuid                     NOT NULL DEFAULT gen_random_uuid(),
  "name"              text                     NOT NULL,
  "active_ingredient" text,
  "withdrawal_days"   integer                  NOT NULL DEFAULT 0,
  "created_at"        timestamp with time zone NOT NULL DEFAULT now(),
  "updated_at"        timestamp with time zone NOT NULL DEFAULT now(),
  CONSTRAINT "treatment_products_active_ingredient_length" CHECK ((char_length(active_ingredient) <= 200)),
  CONSTRAINT "treatment_products_name_length" CHECK ((char_length(name) <= 100)),
  CONSTRAINT "treatment_products_name_not_blank" CHECK ((btrim(name) <> ''::text)),
  CONSTRAINT "treatment_products_name_unique" UNIQUE (name),
  CONSTRAINT "treatment_products_pkey" PRIMARY KEY (id),
  CONSTRAINT "treatment_products_withdrawal_days_range" CHECK (((withdrawal_days >= 0) AND (withdrawal_days <= 365)))
);

ALTER TABLE "buzz_haven"."treatment_products"
  ENABLE ROW LEVEL SECURITY;

CREATE TABLE "buzz_haven"."varroa_settings" (
  "id"                boolean      NOT NULL DEFAULT true,
  "threshold_per_100" numeric(4,1) NOT NULL DEFAULT 3,
  CONSTRAINT "varroa_settings_one_row" CHECK (id),
  CONSTRAINT "varroa_settings_pkey" PRIMARY KEY (id),
  CONSTRAINT "varroa_settings_threshold_range" CHECK (((threshold_per_100 >= 0.1) AND (threshold_per_100 <= (50)::numeric)))
);

ALTER TABLE "buzz_haven"."varroa_settings"
  ENABLE ROW LEVEL SECURITY;

ALTER TABLE "buzz_haven"."hive_inspections"
  ADD COLUMN "varroa_method" text;

ALTER TABLE "buzz_haven"."hive_inspections"
  ADD COLUMN "varroa_sample_size" integer NOT NULL DEFAULT 300;

CREATE OR REPLACE FUNCTION buzz_haven.check_treatment (
  v buzz_haven.hive_treatments
)
  RETURNS void
  LANGUAGE plpgsql
  STABLE
  SET search_path TO ''
  AS $function$
begin
  perform buzz_haven.check_input(exists (select 1 from buzz_haven.hives as h where h.id = v.hive_id), 'Hive not found');
  perform buzz_haven.check_input(
    exists (select 1 from buzz_haven.treatment_products as p where p.id = v.product_id), 'Treatment product not found');
end;
$function$;

CREATE OR REPLACE FUNCTION buzz_haven.guard_harvest_withdrawal()
  RETURNS TRIGGER
  LANGUAGE plpgsql
  SET search_path TO ''
  AS $function$
begin
  if tg_op = 'INSERT' or new.hive_id is distinct from old.hive_id or new.harvested_on is distinct from old.harvested_on then
    perform buzz_haven.raise_withdrawal(buzz_haven.withdrawal_refusal(new.hive_id, new.harvested_on, 'honey_harvests_withdrawal'));
  elsif new.batch_id is not null and new.batch_id is distinct from old.batch_id then
    perform buzz_haven.raise_withdrawal(buzz_haven.withdrawal_refusal(new.hive_id, new.harvested_on, 'honey_batches_withdrawal'));
  end if;
  return new;
end;
$function$;

CREATE OR REPLACE FUNCTION buzz_haven.guard_inspection_withdrawal()
  RETURNS TRIGGER
  LANGUAGE plpgsql
  SET search_path TO ''
  AS $function$
begin
  if coalesce(new.honey_harvested_lb, 0) > 0 and (tg_op = 'INSERT'
      or new.honey_harvested_lb is distinct from old.honey_harvested_lb
      or new.inspected_on is distinct from old.inspected_on or new.hive_id is distinct from old.hive_id) then
    perform buzz_haven.raise_withdrawal(buzz_haven.withdrawal_refusal(new.hive_id, new.inspected_on, 'honey_harvests_withdrawal'));
  end if;
  return new;
end;
$function$;

CREATE OR REPLACE FUNCTION buzz_haven.raise_withdrawal (
  p_refusal text
)
  RETURNS void
  LANGUAGE plpgsql
  STABLE
  SET search_path TO ''
  AS $function$
begin
  if p_refusal is not null then
    raise exception '%', p_refusal using errcode = '23514';
  end if;
end;
$function$;

CREATE OR REPLACE FUNCTION buzz_haven.withdrawal_refusal (
  p_hive_id     uuid,
  p_on          date,
  p_message_key text
)
  RETURNS text
  LANGUAGE sql
  STABLE
  SET search_path TO ''
  AS $function$
  select format(m.message, w.product, to_char(w.ends_on, 'YYYY-MM-DD'))
  from (
    select p.name as product, t.ended_on + p.withdrawal_days as ends_on
    from buzz_haven.hive_treatments as t join buzz_haven.treatment_products as p on p.id = t.product_id
    where t.hive_id = p_hive_id and p_on between t.started_on and t.ended_on + p.withdrawal_days
    order by ends_on desc limit 1
  ) as w
  join buzz_haven.constraint_messages as m on m.constraint_name = p_message_key
$function$;

CREATE OR REPLACE FUNCTION buzz_haven_lists.mites_per_100 (
  p_count       integer,
  p_sample_size integer
)
  RETURNS numeric
  LANGUAGE sql
  IMMUTABLE
  SET search_path TO ''
  AS $function$ select round(p_count * 100.0 / p_sample_size, 1) $function$;

CREATE OR REPLACE FUNCTION buzz_haven_lists.varroa_flagged (
  p_hive_id    uuid,
  p_per_100    numeric,
  p_counted_on date
)
  RETURNS boolean
  LANGUAGE sql
  STABLE
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
  select coalesce(p_per_100 > (select s.threshold_per_100 from buzz_haven.varroa_settings as s), false)
    and not exists (select 1 from buzz_haven.hive_treatments as t where t.hive_id = p_hive_id and t.started_on >= p_counted_on)
$function$;

CREATE OR REPLACE FUNCTION public.create_buzz_haven_inspection (
  p_hive_id            uuid,
  p_inspected_on       date,
  p_inspector          text    DEFAULT NULL::text,
  p_queen_seen         boolean DEFAULT NULL::boolean,
  p_eggs_seen          boolean DEFAULT NULL::boolean,
  p_brood_pattern      text    DEFAULT NULL::text,
  p_temperament        text    DEFAULT NULL::text,
  p_frames_of_bees     integer DEFAULT NULL::integer,
  p_varroa_count       integer DEFAULT NULL::integer,
  p_treatment          text    DEFAULT NULL::text,
  p_supers_added       integer DEFAULT NULL::integer,
  p_honey_harvested_lb numeric DEFAULT NULL::numeric,
  p_notes              text    DEFAULT NULL::text,
  p_share              boolean DEFAULT NULL::boolean,
  p_share_note         text    DEFAULT NULL::text,
  p_share_photo_url    text    DEFAULT NULL::text,
  p_varroa_method      text    DEFAULT NULL::text,
  p_varroa_sample_size integer DEFAULT NULL::integer
)
  RETURNS buzz_haven.hive_inspections
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
declare
  v buzz_haven.hive_inspections;
begin
  perform buzz_haven.require_role();
  perform buzz_haven.check_input(p_hive_id is not null, 'Hive is required');
  perform buzz_haven.check_honey(p_honey_harvested_lb);
  v.hive_id := p_hive_id;
  v.inspected_on := p_inspected_on;
  v.inspector := nullif(btrim(p_inspector), '');
  v.queen_seen := p_queen_seen;
  v.eggs_seen := p_eggs_seen;
  v.brood_pattern := p_brood_pattern;
  v.temperament := p_temperament;
  v.frames_of_bees := p_frames_of_bees;
  v.varroa_count := p_varroa_count;
  v.treatment := nullif(btrim(p_treatment), '');
  v.supers_added := p_supers_added;
  v.honey_harvested_lb := p_honey_harvested_lb;
  v.notes := nullif(btrim(p_notes), '');
  v.share := coalesce(p_share, false);
  v.share_note := nullif(btrim(p_share_note), '');
  v.share_photo_url := nullif(btrim(p_share_photo_url), '');
  v.varroa_method := p_varroa_method;
  v.varroa_sample_size := coalesce(p_varroa_sample_size, 300);
  perform buzz_haven.check_inspection(v);
  if not exists (select 1 from buzz_haven.hives as h where h.id = p_hive_id) then
    raise exception 'Hive not found' using errcode = 'PT404';
  end if;
  insert into buzz_haven.hive_inspections (
    hive_id, inspected_on, inspector, queen_seen, eggs_seen, brood_pattern, temperament, frames_of_bees,
    varroa_count, treatment, supers_added, honey_harvested_lb, notes, share, share_note, share_photo_url, created_by,
    varroa_method, varroa_sample_size
  )
  values (
    v.hive_id, v.inspected_on, v.inspector, v.queen_seen, v.eggs_seen, v.brood_pattern, v.temperament,
    v.frames_of_bees, v.varroa_count, v.treatment, v.supers_added, v.honey_harvested_lb, v.notes,
    v.share, v.share_note, v.share_photo_url,
    (select u.id from buzz_haven.users as u where u.auth_user_id = auth.uid()),
    v.varroa_method, v.varroa_sample_size
  )
  returning * into v;
  return v;
end;
$function$;

CREATE OR REPLACE FUNCTION public.create_buzz_haven_treatment (
  p_hive_id    uuid,
  p_product_id uuid,
  p_started_on date,
  p_ended_on   date,
  p_dose       text DEFAULT NULL::text,
  p_applied_by text DEFAULT NULL::text,
  p_id         uuid DEFAULT NULL::uuid
)
  RETURNS buzz_haven.hive_treatments
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
declare
  v buzz_haven.hive_treatments;
begin
  perform buzz_haven.require_role();
  select * into v from buzz_haven.hive_treatments as t where t.id = p_id;
  if found then return v; end if;
  v.id := coalesce(p_id, gen_random_uuid());
  v.hive_id := p_hive_id;
  v.product_id := p_product_id;
  v.started_on := p_started_on;
  v.ended_on := p_ended_on;
  v.dose := nullif(btrim(p_dose), '');
  v.applied_by := nullif(btrim(p_applied_by), '');
  perform buzz_haven.check_treatment(v);
  insert into buzz_haven.hive_treatments as t (id, hive_id, product_id, dose, started_on, ended_on, applied_by)
  values (v.id, v.hive_id, v.product_id, v.dose, v.started_on, v.ended_on, v.applied_by)
  on conflict (id) do nothing
  returning t.* into v;
  if not found then -- the same id, sent at the same moment by another call
    select * into v from buzz_haven.hive_treatments as t where t.id = p_id;
  end if;
  return v;
end;
$function$;

CREATE OR REPLACE FUNCTION public.create_buzz_haven_treatment_product (
  p_name              text,
  p_active_ingredient text    DEFAULT NULL::text,
  p_withdrawal_days   integer DEFAULT NULL::integer
)
  RETURNS buzz_haven.treatment_products
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
declare
  v buzz_haven.treatment_products;
begin
  perform buzz_haven.require_role(array['owner', 'admin'], 'Only an owner or admin can add a treatment product');
  v.id := gen_random_uuid();
  v.name := btrim(p_name);
  v.active_ingredient := nullif(btrim(p_active_ingredient), '');
  v.withdrawal_days := coalesce(p_withdrawal_days, 0);
  perform buzz_haven.check_free(v, 'name', 'This product is already in the list');
  return buzz_haven.insert_row(v);
end;
$function$;

CREATE OR REPLACE FUNCTION public.delete_buzz_haven_treatment (
  p_id uuid
)
  RETURNS buzz_haven.hive_treatments
  LANGUAGE sql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
  select buzz_haven.delete_row(null::buzz_haven.hive_treatments, p_id, 'Treatment not found', 'Only an owner or admin can delete treatments')
$function$;

CREATE OR REPLACE FUNCTION public.delete_buzz_haven_treatment_product (
  p_id uuid
)
  RETURNS buzz_haven.treatment_products
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
begin
  perform buzz_haven.require_role(array['owner', 'admin'], 'Only an owner or admin can remove a treatment product');
  if exists (select 1 from buzz_haven.hive_treatments as t where t.product_id = p_id) then
    raise exception 'This product is recorded on treatments, so it cannot be removed' using errcode = 'PT409';
  end if;
  return buzz_haven.delete_row(null::buzz_haven.treatment_products, p_id, 'Treatment product not found', p_roles => null);
end;
$function$;

CREATE OR REPLACE FUNCTION public.update_buzz_haven_inspection (
  p_id                 uuid,
  p_inspected_on       date    DEFAULT NULL::date,
  p_inspector          text    DEFAULT NULL::text,
  p_queen_seen         boolean DEFAULT NULL::boolean,
  p_eggs_seen          boolean DEFAULT NULL::boolean,
  p_brood_pattern      text    DEFAULT NULL::text,
  p_temperament        text    DEFAULT NULL::text,
  p_frames_of_bees     integer DEFAULT NULL::integer,
  p_varroa_count       integer DEFAULT NULL::integer,
  p_treatment          text    DEFAULT NULL::text,
  p_supers_added       integer DEFAULT NULL::integer,
  p_honey_harvested_lb numeric DEFAULT NULL::numeric,
  p_notes              text    DEFAULT NULL::text,
  p_share              boolean DEFAULT NULL::boolean,
  p_share_note         text    DEFAULT NULL::text,
  p_share_photo_url    text    DEFAULT NULL::text,
  p_varroa_method      text    DEFAULT NULL::text,
  p_varroa_sample_size integer DEFAULT NULL::integer,
  p_clear              text[]  DEFAULT '{}'::text[]
)
  RETURNS buzz_haven.hive_inspections
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
declare
  v buzz_haven.hive_inspections;
  c text[] := coalesce(p_clear, '{}');
begin
  perform buzz_haven.require_role();
  perform buzz_haven.check_clear(
    c,
    array['inspector', 'queen_seen', 'eggs_seen', 'brood_pattern', 'temperament', 'frames_of_bees',
      'varroa_count', 'treatment', 'supers_added', 'honey_harvested_lb', 'notes', 'share_note', 'share_photo_url', 'varroa_method'],
    array_remove(array[
      case when p_inspector is not null then 'inspector' end,
      case when p_queen_seen is not null then 'queen_seen' end,
      case when p_eggs_seen is not null then 'eggs_seen' end,
      case when p_brood_pattern is not null then 'brood_pattern' end,
      case when p_temperament is not null then 'temperament' end,
      case when p_frames_of_bees is not null then 'frames_of_bees' end,
      case when p_varroa_count is not null then 'varroa_count' end,
      case when p_treatment is not null then 'treatment' end,
      case when p_supers_added is not null then 'supers_added' end,
      case when p_honey_harvested_lb is not null then 'honey_harvested_lb' end,
      case when p_notes is not null then 'notes' end,
      case when p_share_note is not null then 'share_note' end,
      case when p_share_photo_url is not null then 'share_photo_url' end,
      case when p_varroa_method is not null then 'varroa_method' end
    ], null)
  );
  perform buzz_haven.check_honey(p_honey_harvested_lb);
  v := buzz_haven.lock_row(null::buzz_haven.hive_inspections, p_id, 'Inspection not found');
  v.inspected_on := coalesce(p_inspected_on, v.inspected_on);
  v.inspector := case when 'inspector' = any (c) then null
    when p_inspector is null then v.inspector else nullif(btrim(p_inspector), '') end;
  v.queen_seen := case when 'queen_seen' = any (c) then null else coalesce(p_queen_seen, v.queen_seen) end;
  v.eggs_seen := case when 'eggs_seen' = any (c) then null else coalesce(p_eggs_seen, v.eggs_seen) end;
  v.brood_pattern := case when 'brood_pattern' = any (c) then null else coalesce(p_brood_pattern, v.brood_pattern) end;
  v.temperament := case when 'temperament' = any (c) then null else coalesce(p_temperament, v.temperament) end;
  v.frames_of_bees := case when 'frames_of_bees' = any (c) then null else coalesce(p_frames_of_bees, v.frames_of_bees) end;
  v.varroa_count := case when 'varroa_count' = any (c) then null else coalesce(p_varroa_count, v.varroa_count) end;
  v.treatment := case when 'treatment' = any (c) then null
    when p_treatment is null then v.treatment else nullif(btrim(p_treatment), '') end;
  v.supers_added := case when 'supers_added' = any (c) then null else coalesce(p_supers_added, v.supers_added) end;
  v.honey_harvested_lb := case when 'honey_harvested_lb' = any (c) then null
    else coalesce(p_honey_harvested_lb, v.honey_harvested_lb) end;
  v.notes := case when 'notes' = any (c) then null
    when p_notes is null then v.notes else nullif(btrim(p_notes), '') end;
  v.share := coalesce(p_share, v.share);
  v.share_note := case when 'share_note' = any (c) then null
    when p_share_note is null then v.share_note else nullif(btrim(p_share_note), '') end;
  v.share_photo_url := case when 'share_photo_url' = any (c) then null
    when p_share_photo_url is null then v.share_photo_url else nullif(btrim(p_share_photo_url), '') end;
  v.varroa_method := case when 'varroa_method' = any (c) then null else coalesce(p_varroa_method, v.varroa_method) end;
  v.varroa_sample_size := coalesce(p_varroa_sample_size, v.varroa_sample_size);
  perform buzz_haven.check_inspection(v);
  update buzz_haven.hive_inspections as i
  set inspected_on = v.inspected_on, inspector = v.inspector, queen_seen = v.queen_seen,
    eggs_seen = v.eggs_seen, brood_pattern = v.brood_pattern, temperament = v.temperament,
    frames_of_bees = v.frames_of_bees, varroa_count = v.varroa_count, treatment = v.treatment,
    supers_added = v.supers_added, honey_harvested_lb = v.honey_harvested_lb, notes = v.notes,
    share = v.share, share_note = v.share_note, share_photo_url = v.share_photo_url,
    varroa_method = v.varroa_method, varroa_sample_size = v.varroa_sample_size
  where i.id = p_id
  returning i.* into v;
  return v;
end;
$function$;

CREATE OR REPLACE FUNCTION public.update_buzz_haven_treatment (
  p_id         uuid,
  p_hive_id    uuid   DEFAULT NULL::uuid,
  p_product_id uuid   DEFAULT NULL::uuid,
  p_started_on date   DEFAULT NULL::date,
  p_ended_on   date   DEFAULT NULL::date,
  p_dose       text   DEFAULT NULL::text,
  p_applied_by text   DEFAULT NULL::text,
  p_clear      text[] DEFAULT '{}'::text[]
)
  RETURNS buzz_haven.hive_treatments
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
declare
  v buzz_haven.hive_treatments;
  c text[] := coalesce(p_clear, '{}');
begin
  perform buzz_haven.require_role();
  perform buzz_haven.check_clear(c, '{dose,applied_by}', array_remove(array[
    case when p_dose is not null then 'dose' end, case when p_applied_by is not null then 'applied_by' end], null));
  v := buzz_haven.lock_row(null::buzz_haven.hive_treatments, p_id, 'Treatment not found');
  v.hive_id := coalesce(p_hive_id, v.hive_id);
  v.product_id := coalesce(p_product_id, v.product_id);
  v.started_on := coalesce(p_started_on, v.started_on);
  v.ended_on := coalesce(p_ended_on, v.ended_on);
  v.dose := case when 'dose' = any (c) then null when p_dose is null then v.dose else nullif(btrim(p_dose), '') end;
  v.applied_by := case when 'applied_by' = any (c) then null
    when p_applied_by is null then v.applied_by else nullif(btrim(p_applied_by), '') end;
  perform buzz_haven.check_treatment(v);
  return buzz_haven.update_row(v);
end;
$function$;

CREATE OR REPLACE FUNCTION public.update_buzz_haven_treatment_product (
  p_id                uuid,
  p_name              text    DEFAULT NULL::text,
  p_active_ingredient text    DEFAULT NULL::text,
  p_withdrawal_days   integer DEFAULT NULL::integer,
  p_clear             text[]  DEFAULT '{}'::text[]
)
  RETURNS buzz_haven.treatment_products
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
declare
  v buzz_haven.treatment_products;
  c text[] := coalesce(p_clear, '{}');
begin
  perform buzz_haven.require_role(array['owner', 'admin'], 'Only an owner or admin can change a treatment product');
  perform buzz_haven.check_clear(c, '{active_ingredient}',
    array_remove(array[case when p_active_ingredient is not null then 'active_ingredient' end], null));
  v := buzz_haven.lock_row(null::buzz_haven.treatment_products, p_id, 'Treatment product not found');
  v.name := coalesce(btrim(p_name), v.name);
  v.active_ingredient := case when 'active_ingredient' = any (c) then null
    when p_active_ingredient is null then v.active_ingredient else nullif(btrim(p_active_ingredient), '') end;
  v.withdrawal_days := coalesce(p_withdrawal_days, v.withdrawal_days);
  perform buzz_haven.check_free(v, 'name', 'This product is already in the list');
  return buzz_haven.update_row(v);
end;
$function$;

ALTER TABLE "buzz_haven"."hive_inspections"
  ADD CONSTRAINT "hive_inspections_varroa_method_known" CHECK ((varroa_method = ANY (ARRAY['alcohol_wash'::text, 'sugar_roll'::text, 'sticky_board'::text])));

ALTER TABLE "buzz_haven"."hive_inspections"
  ADD CONSTRAINT "hive_inspections_varroa_sample_size_range" CHECK (((varroa_sample_size >= 50) AND (varroa_sample_size <= 1000)));

ALTER TABLE "buzz_haven"."hive_treatments"
  ADD CONSTRAINT "hive_treatments_hive_id_fkey" FOREIGN KEY (hive_id) REFERENCES buzz_haven.hives(id) ON DELETE CASCADE;

ALTER TABLE "buzz_haven"."hive_treatments"
  ADD CONSTRAINT "hive_treatments_product_id_fkey" FOREIGN KEY (product_id) REFERENCES buzz_haven.treatment_products(id) ON DELETE RESTRICT;

CREATE VIEW "buzz_haven_lists"."hive_inspections" AS  SELECT i.id,
    i.hive_id,
    i.inspected_on,
    i.inspector,
    i.queen_seen,
    i.eggs_seen,
    i.brood_pattern,
    i.temperament,
    i.frames_of_bees,
    i.varroa_count,
    i.treatment,
    i.supers_added,
    i.honey_harvested_lb,
    i.notes,
    i.created_by,
    i.created_at,
    i.updated_at,
    i.share,
    i.share_note,
    i.share_photo_url,
    i.varroa_method,
    i.varroa_sample_size,
    buzz_haven_lists.mites_per_100(i.varroa_count, i.varroa_sample_size) AS mites_per_100
   FROM buzz_haven.hive_inspections i
  WHERE buzz_haven_lists.staff_only();

CREATE OR REPLACE FUNCTION public.get_buzz_haven_inspections()
  RETURNS SETOF buzz_haven_lists.hive_inspections
  LANGUAGE sql
  STABLE
  AS $function$ select * from buzz_haven_lists.hive_inspections $function$;

CREATE VIEW "buzz_haven_lists"."hive_treatments" AS  SELECT t.id,
    t.hive_id,
    t.product_id,
    t.dose,
    t.started_on,
    t.ended_on,
    t.applied_by,
    t.created_at,
    t.updated_at,
    (t.ended_on + p.withdrawal_days) AS withdrawal_ends_on
   FROM (buzz_haven.hive_treatments t
     JOIN buzz_haven.treatment_products p ON ((p.id = t.product_id)))
  WHERE buzz_haven_lists.staff_only();

CREATE OR REPLACE FUNCTION public.get_buzz_haven_treatments()
  RETURNS SETOF buzz_haven_lists.hive_treatments
  LANGUAGE sql
  STABLE
  AS $function$ select * from buzz_haven_lists.hive_treatments $function$;

CREATE VIEW "buzz_haven_lists"."hives" AS  SELECT h.id,
    h.name,
    h.location,
    h.status,
    h.queen_installed_date,
    h.created_at,
    h.host,
    h.queen_source,
    h.queen_marking,
    h.notes,
    h.updated_at,
    last.inspected_on AS last_inspection_date,
    ((h.status = ANY (ARRAY['active'::text, 'queenless'::text, 'swarmed'::text])) AND ((last.inspected_on IS NULL) OR (last.inspected_on < (CURRENT_DATE - 21)))) AS inspection_due,
    h.neighbourhood,
    h.latitude,
    h.longitude,
    h.on_map,
    h.host_display_name,
    h.show_host_name,
    h.show_adopter_names,
    mites.per_100 AS mites_per_100,
    buzz_haven_lists.varroa_flagged(h.id, mites.per_100, mites.inspected_on) AS varroa_flag
   FROM ((buzz_haven.hives h
     LEFT JOIN LATERAL ( SELECT i.inspected_on
           FROM buzz_haven.hive_inspections i
          WHERE (i.hive_id = h.id)
          ORDER BY i.inspected_on DESC
         LIMIT 1) last ON (true))
     LEFT JOIN LATERAL ( SELECT i.inspected_on,
            buzz_haven_lists.mites_per_100(i.varroa_count, i.varroa_sample_size) AS per_100
           FROM buzz_haven.hive_inspections i
          WHERE ((i.hive_id = h.id) AND (i.varroa_count IS NOT NULL))
          ORDER BY i.inspected_on DESC, i.created_at DESC
         LIMIT 1) mites ON (true))
  WHERE buzz_haven_lists.staff_only();

CREATE OR REPLACE FUNCTION public.get_buzz_haven_hives()
  RETURNS SETOF buzz_haven_lists.hives
  LANGUAGE sql
  STABLE
  AS $function$ select * from buzz_haven_lists.hives $function$;

CREATE VIEW "buzz_haven_lists"."treatment_products" AS  SELECT p.id,
    p.name,
    p.active_ingredient,
    p.withdrawal_days,
    p.created_at,
    p.updated_at
   FROM buzz_haven.treatment_products p
  WHERE buzz_haven_lists.staff_only();

CREATE OR REPLACE FUNCTION public.get_buzz_haven_treatment_products()
  RETURNS SETOF buzz_haven_lists.treatment_products
  LANGUAGE sql
  STABLE
  AS $function$ select * from buzz_haven_lists.treatment_products $function$;

CREATE INDEX hive_treatments_hive_idx ON buzz_haven.hive_treatments USING btree (hive_id, started_on DESC, id);

CREATE INDEX hive_treatments_product_id_idx ON buzz_haven.hive_treatments USING btree (product_id);

CREATE TRIGGER hive_inspections_withdrawal
  BEFORE INSERT OR UPDATE ON buzz_haven.hive_inspections
  FOR EACH ROW
  EXECUTE FUNCTION buzz_haven.guard_inspection_withdrawal();

CREATE TRIGGER hive_treatments_delete_needs_second_factor
  BEFORE DELETE ON buzz_haven.hive_treatments
  FOR EACH STATEMENT
  EXECUTE FUNCTION buzz_haven.second_factor_guard();

CREATE TRIGGER hive_treatments_explain_constraints
  BEFORE INSERT OR UPDATE ON buzz_haven.hive_treatments
  FOR EACH ROW
  EXECUTE FUNCTION buzz_haven.explain_constraints();

CREATE TRIGGER hive_treatments_log_activity
  AFTER INSERT OR DELETE OR UPDATE ON buzz_haven.hive_treatments
  FOR EACH ROW
  EXECUTE FUNCTION buzz_haven.log_activity('treatment of', 'started_on');

CREATE TRIGGER hive_treatments_set_updated_at
  BEFORE UPDATE ON buzz_haven.hive_treatments
  FOR EACH ROW
  EXECUTE FUNCTION buzz_haven.set_updated_at();

CREATE TRIGGER honey_harvests_withdrawal
  BEFORE INSERT OR UPDATE ON buzz_haven.honey_harvests
  FOR EACH ROW
  EXECUTE FUNCTION buzz_haven.guard_harvest_withdrawal();

CREATE TRIGGER treatment_products_delete_needs_second_factor
  BEFORE DELETE ON buzz_haven.treatment_products
  FOR EACH STATEMENT
  EXECUTE FUNCTION buzz_haven.second_factor_guard();

CREATE TRIGGER treatment_products_explain_constraints
  BEFORE INSERT OR UPDATE ON buzz_haven.treatment_products
  FOR EACH ROW
  EXECUTE FUNCTION buzz_haven.explain_constraints();

CREATE TRIGGER treatment_products_log_activity
  AFTER INSERT OR DELETE OR UPDATE ON buzz_haven.treatment_products
  FOR EACH ROW
  EXECUTE FUNCTION buzz_haven.log_activity('treatment product', 'name');

CREATE TRIGGER treatment_products_set_updated_at
  BEFORE UPDATE ON buzz_haven.treatment_products
  FOR EACH ROW
  EXECUTE FUNCTION buzz_haven.set_updated_at();

CREATE TRIGGER varroa_settings_explain_constraints
  BEFORE INSERT OR UPDATE ON buzz_haven.varroa_settings
  FOR EACH ROW
  EXECUTE FUNCTION buzz_haven.explain_constraints();

COMMENT ON TABLE "buzz_haven"."hive_inspections" IS 'Hive inspection log; varroa_count = mites in varroa_sample_size bees (by varroa_method); created_by = the recording buzz_haven.users id.';

COMMENT ON TABLE "buzz_haven"."hive_treatments" IS 'Varroa treatments applied to hives; no honey from the hive between started_on and ended_on + the product''s withdrawal_days.';

COMMENT ON TABLE "buzz_haven"."treatment_products" IS 'Varroa treatment products: name, active ingredient, withdrawal days after a treatment ends before honey is harvested.';

COMMENT ON TABLE "buzz_haven"."varroa_settings" IS 'Mites per 100 bees over which a hive is flagged for treatment (one row).';

COMMENT ON TRIGGER "hive_treatments_log_activity" ON "buzz_haven"."hive_treatments" IS 'Made by buzz_haven.manage_resource';

COMMENT ON TRIGGER "hive_treatments_set_updated_at" ON "buzz_haven"."hive_treatments" IS 'Made by buzz_haven.keep_updated_at';

COMMENT ON TRIGGER "treatment_products_log_activity" ON "buzz_haven"."treatment_products" IS 'Made by buzz_haven.manage_resource';

COMMENT ON TRIGGER "treatment_products_set_updated_at" ON "buzz_haven"."treatment_products" IS 'Made by buzz_haven.keep_updated_at';

REVOKE ALL ON FUNCTION "buzz_haven"."check_treatment"(buzz_haven.hive_treatments) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "buzz_haven"."check_treatment"(buzz_haven.hive_treatments) TO "postgres";

REVOKE ALL ON FUNCTION "buzz_haven"."guard_harvest_withdrawal"() FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "buzz_haven"."guard_harvest_withdrawal"() TO "postgres";

REVOKE ALL ON FUNCTION "buzz_haven"."guard_inspection_withdrawal"() FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "buzz_haven"."guard_inspection_withdrawal"() TO "postgres";

REVOKE ALL ON FUNCTION "buzz_haven"."raise_withdrawal"(text) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "buzz_haven"."raise_withdrawal"(text) TO "postgres";

REVOKE ALL ON FUNCTION "buzz_haven"."withdrawal_refusal"(uuid, date, text) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "buzz_haven"."withdrawal_refusal"(uuid, date, text) TO "postgres";

REVOKE ALL ON FUNCTION "buzz_haven_lists"."mites_per_100"(integer, integer) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "buzz_haven_lists"."mites_per_100"(integer, integer) TO "anon", "authenticated", "postgres", "service_role";

REVOKE ALL ON FUNCTION "buzz_haven_lists"."varroa_flagged"(uuid, numeric, date) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "buzz_haven_lists"."varroa_flagged"(uuid, numeric, date) TO "anon", "authenticated", "postgres", "service_role";

REVOKE ALL
  ON FUNCTION
    "public"."create_buzz_haven_inspection"(uuid, date, text, boolean, boolean, text, text, integer, integer, text, integer, numeric, text, boolean, text, text, text, integer)
  FROM PUBLIC;

GRANT EXECUTE
  ON FUNCTION
    "public"."create_buzz_haven_inspection"(uuid, date, text, boolean, boolean, text, text, integer, integer, text, integer, numeric, text, boolean, text, text, text, integer)
  TO "anon", "authenticated", "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."create_buzz_haven_treatment"(uuid, uuid, date, date, text, text, uuid) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."create_buzz_haven_treatment"(uuid, uuid, date, date, text, text, uuid) TO "anon", "authenticated", "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."create_buzz_haven_treatment_product"(text, text, integer) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."create_buzz_haven_treatment_product"(text, text, integer) TO "anon", "authenticated", "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."delete_buzz_haven_treatment"(uuid) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."delete_buzz_haven_treatment"(uuid) TO "anon", "authenticated", "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."delete_buzz_haven_treatment_product"(uuid) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."delete_buzz_haven_treatment_product"(uuid) TO "anon", "authenticated", "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."get_buzz_haven_hives"() FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."get_buzz_haven_hives"() TO "anon", "authenticated", "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."get_buzz_haven_inspections"() FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."get_buzz_haven_inspections"() TO "anon", "authenticated", "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."get_buzz_haven_treatment_products"() FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."get_buzz_haven_treatment_products"() TO "anon", "authenticated", "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."get_buzz_haven_treatments"() FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."get_buzz_haven_treatments"() TO "anon", "authenticated", "postgres", "service_role";

REVOKE ALL
  ON FUNCTION
    "public"."update_buzz_haven_inspection"(uuid, date, text, boolean, boolean, text, text, integer, integer, text, integer, numeric, text, boolean, text, text, text, integer,
    text[])
  FROM PUBLIC;

GRANT EXECUTE
  ON FUNCTION
    "public"."update_buzz_haven_inspection"(uuid, date, text, boolean, boolean, text, text, integer, integer, text, integer, numeric, text, boolean, text, text, text, integer,
    text[])
  TO "anon", "authenticated", "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."update_buzz_haven_treatment"(uuid, uuid, uuid, date, date, text, text, text[]) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."update_buzz_haven_treatment"(uuid, uuid, uuid, date, date, text, text, text[]) TO "anon", "authenticated", "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."update_buzz_haven_treatment_product"(uuid, text, text, integer, text[]) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."update_buzz_haven_treatment_product"(uuid, text, text, integer, text[]) TO "anon", "authenticated", "postgres", "service_role";

GRANT DELETE, INSERT, REFERENCES, SELECT, TRIGGER, TRUNCATE, UPDATE ON TABLE "buzz_haven"."hive_treatments" TO "postgres";

GRANT DELETE, INSERT, REFERENCES, SELECT, TRIGGER, TRUNCATE, UPDATE ON TABLE "buzz_haven"."treatment_products" TO "postgres";

GRANT DELETE, INSERT, REFERENCES, SELECT, TRIGGER, TRUNCATE, UPDATE ON TABLE "buzz_haven"."varroa_settings" TO "postgres";

GRANT SELECT ON TABLE "buzz_haven_lists"."hive_inspections" TO "anon", "authenticated";

GRANT DELETE, INSERT, REFERENCES, SELECT, TRIGGER, TRUNCATE, UPDATE ON TABLE "buzz_haven_lists"."hive_inspections" TO "postgres";

GRANT SELECT ON TABLE "buzz_haven_lists"."hive_inspections" TO "service_role";

GRANT SELECT ON TABLE "buzz_haven_lists"."hive_treatments" TO "anon", "authenticated";

GRANT DELETE, INSERT, REFERENCES, SELECT, TRIGGER, TRUNCATE, UPDATE ON TABLE "buzz_haven_lists"."hive_treatments" TO "postgres";

GRANT SELECT ON TABLE "buzz_haven_lists"."hive_treatments" TO "service_role";

GRANT SELECT ON TABLE "buzz_haven_lists"."hives" TO "anon", "authenticated";

GRANT DELETE, INSERT, REFERENCES, SELECT, TRIGGER, TRUNCATE, UPDATE ON TABLE "buzz_haven_lists"."hives" TO "postgres";

GRANT SELECT ON TABLE "buzz_haven_lists"."hives" TO "service_role";

GRANT SELECT ON TABLE "buzz_haven_lists"."treatment_products" TO "anon", "authenticated";

GRANT DELETE, INSERT, REFERENCES, SELECT, TRIGGER, TRUNCATE, UPDATE ON TABLE "buzz_haven_lists"."treatment_products" TO "postgres";

GRANT SELECT ON TABLE "buzz_haven_lists"."treatment_products" TO "service_role";

-- The rows of the rule tables (not in a schema difference).
insert into buzz_haven.treatment_products (name, active_ingredient, withdrawal_days) values
  ('Oxalic acid', 'Oxalic acid dihydrate', 14),
  ('Formic acid', 'Formic acid', 0),
  ('Thymol', 'Thymol', 30);
insert into buzz_haven.varroa_settings default values;
insert into buzz_haven.constraint_messages (constraint_name, message) values
  ('treatment_products_name_not_blank', 'Name is required'),
  ('treatment_products_name_not_null', 'Name is required'),
  ('treatment_products_name_length', 'Name is too long (100 characters at most)'),
  ('treatment_products_active_ingredient_length', 'Active ingredient is too long (200 characters at most)'),
  ('treatment_products_withdrawal_days_range', 'Withdrawal days must be between 0 and 365'),
  ('hive_treatments_dose_length', 'Dose is too long (200 characters at most)'),
  ('hive_treatments_applied_by_length', 'Applied by is too long (200 characters at most)'),
  ('hive_treatments_started_on_not_null', 'Start date is required'),
  ('hive_treatments_ended_on_not_null', 'End date is required'),
  ('hive_treatments_hive_id_not_null', 'Hive is required'),
  ('hive_treatments_product_id_not_null', 'Product is required'),
  ('hive_treatments_dates_order', 'The end date cannot be before the start date'),
  ('varroa_settings_threshold_range', 'The threshold must be between 0.1 and 50 mites per 100 bees'),
  ('honey_harvests_withdrawal',
    'No honey from this hive: it is in the withdrawal period of its %s treatment, which ends on %s'),
  ('honey_batches_withdrawal',
    'This harvest cannot go into a batch: it was taken in the withdrawal period of a %s treatment, which ends on %s');
insert into buzz_haven.constraint_messages (constraint_name, message) values
  ('hive_inspections_varroa_method_known', 'Count method must be alcohol wash, sugar roll or sticky board'),
  ('hive_inspections_varroa_sample_size_range', 'Sample size must be between 50 and 1000 bees'),
  ('hive_inspections_varroa_sample_size_not_null', 'Sample size must be between 50 and 1000 bees');
