-- Buzz Haven: repeated RPC shapes folded into the row helpers, with every RPC's name, arguments,
-- return type, grants, codes and messages kept. The create and update RPCs of inspections,
-- treatments, treatment products, hives, neighbourhoods and honey batches, the honey harvest's
-- create and the adoption request's and swarm report's updates are one call each to
-- buzz_haven.create_row or change_row. create_row takes the id a client made (p_id: the same id
-- sent again returns the stored row; insert_row's p_once keeps two calls at the same moment to one
-- row); both take p_check_values, a check of the arguments as given (an inspection's honey before
-- its column rounds it), which buzz_haven.run_check runs as it runs p_check, and p_refusal, for
-- owners and admins only (buzz_haven.require_staff_or).
-- delete_row takes p_then, what follows a delete (the wrap's design status, a published batch's
-- last harvest). find_row returns null for a missing id when given no message.
-- grant_api_execute takes a function's name alone (the one function of that name in public).
-- The two withdrawal triggers share buzz_haven.guard_withdrawal.

set check_function_bodies = false;

DROP TRIGGER "hive_inspections_withdrawal" ON "buzz_haven"."hive_inspections";

DROP TRIGGER "honey_harvests_withdrawal" ON "buzz_haven"."honey_harvests";

DROP FUNCTION "buzz_haven"."change_row"(anyelement, uuid, text, jsonb, text[], text[], text, text, text);

DROP FUNCTION "buzz_haven"."check_honey"(numeric);

DROP FUNCTION "buzz_haven"."create_row"(anyelement, jsonb, text, text, text);

DROP FUNCTION "buzz_haven"."delete_row"(anyelement, uuid, text, text, text[]);

DROP FUNCTION "buzz_haven"."guard_harvest_withdrawal"();

DROP FUNCTION "buzz_haven"."guard_inspection_withdrawal"();

DROP FUNCTION "buzz_haven"."insert_row"(anyelement);

DROP FUNCTION "buzz_haven"."raise_withdrawal"(text);

DROP FUNCTION "public"."create_buzz_haven_hive"(text, text, text, text, date, text, text, text, text, numeric, numeric, boolean, text, boolean, boolean);

DROP FUNCTION "public"."create_buzz_haven_honey_batch"(text, uuid, integer, date, text, text, boolean);

DROP FUNCTION "public"."create_buzz_haven_honey_harvest"(uuid, date, text, text, numeric, numeric, text, uuid, uuid);

DROP FUNCTION
  "public"."create_buzz_haven_inspection"(uuid, date, text, boolean, boolean, text, text, integer, integer, text, integer, numeric, text, boolean, text, text, text, integer, uuid);

DROP FUNCTION "public"."create_buzz_haven_neighbourhood"(text);

DROP FUNCTION "public"."create_buzz_haven_treatment"(uuid, uuid, date, date, text, text, uuid);

DROP FUNCTION "public"."create_buzz_haven_treatment_product"(text, text, integer);

DROP FUNCTION "public"."delete_buzz_haven_hive_wrap"(uuid);

DROP FUNCTION "public"."delete_buzz_haven_honey_harvest"(uuid);

DROP FUNCTION "public"."update_buzz_haven_adoption_request"(uuid, text, uuid, text, text[]);

DROP FUNCTION "public"."update_buzz_haven_hive"(uuid, text, text, text, text, date, text, text, text, text, numeric, numeric, boolean, text, boolean, boolean, text[]);

DROP FUNCTION "public"."update_buzz_haven_honey_batch"(uuid, text, uuid, integer, date, text, text, boolean, text[]);

DROP FUNCTION
  "public"."update_buzz_haven_inspection"(uuid, date, text, boolean, boolean, text, text, integer, integer, text, integer, numeric, text, boolean, text, text, text, integer,
  text[]);

DROP FUNCTION "public"."update_buzz_haven_neighbourhood"(uuid, text, text[]);

DROP FUNCTION "public"."update_buzz_haven_swarm_report"(uuid, text, text, text[]);

DROP FUNCTION "public"."update_buzz_haven_treatment"(uuid, uuid, uuid, date, date, text, text, text[]);

DROP FUNCTION "public"."update_buzz_haven_treatment_product"(uuid, text, text, integer, text[]);

CREATE OR REPLACE FUNCTION buzz_haven.change_row (
  p_row          anyelement,
  p_id           uuid,
  p_not_found    text,
  p_values       jsonb,
  p_clear        text[]     DEFAULT '{}'::text[],
  p_clearable    text[]     DEFAULT '{}'::text[],
  p_unique       text       DEFAULT NULL::text,
  p_taken        text       DEFAULT NULL::text,
  p_check        text       DEFAULT NULL::text,
  p_check_values text       DEFAULT NULL::text,
  p_refusal      text       DEFAULT NULL::text
)
  RETURNS anyelement
  LANGUAGE plpgsql
  SET search_path TO ''
  AS $function$
declare
  v_given jsonb := pg_catalog.jsonb_strip_nulls(p_values);
  v_emptied jsonb := (select pg_catalog.jsonb_object_agg(c, null) from pg_catalog.unnest(p_clear) as c);
begin
  perform buzz_haven.require_staff_or(p_refusal);
  perform buzz_haven.check_clear(p_clear, p_clearable, array(select pg_catalog.jsonb_object_keys(v_given)));
  perform buzz_haven.run_check(p_check_values, p_values);
  v_emptied := coalesce(v_emptied, '{}') || coalesce((select pg_catalog.jsonb_object_agg(g.key, null)
    from pg_catalog.jsonb_each(v_given) as g where g.value = '""' and g.key = any (p_clearable)), '{}');
  p_row := buzz_haven.lock_row(p_row, p_id, p_not_found);
  p_row := pg_catalog.jsonb_populate_record(p_row, v_given || v_emptied);
  perform buzz_haven.check_new_row(p_row, p_unique, p_taken, p_check);
  return buzz_haven.update_row(p_row);
end;
$function$;

CREATE OR REPLACE FUNCTION buzz_haven.check_adoption_request_values (
  p_values jsonb
)
  RETURNS void
  LANGUAGE sql
  STABLE
  SET search_path TO ''
  AS $function$
  select buzz_haven.check_input(p_values ->> 'hive_id' is null
    or exists (select 1 from buzz_haven.hives as h where h.id = (p_values ->> 'hive_id')::uuid), 'Hive not found')
$function$;

CREATE OR REPLACE FUNCTION buzz_haven.check_inspection (
  v buzz_haven.hive_inspections
)
  RETURNS void
  LANGUAGE plpgsql
  STABLE
  SET search_path TO ''
  AS $function$
begin
  perform buzz_haven.check_input(v.inspected_on is not null, 'Inspection date is required');
  perform buzz_haven.check_found(exists (select 1 from buzz_haven.hives as h where h.id = v.hive_id), 'Hive not found');
end;
$function$;

CREATE OR REPLACE FUNCTION buzz_haven.check_inspection_values (
  p_values jsonb
)
  RETURNS void
  LANGUAGE plpgsql
  STABLE
  SET search_path TO ''
  AS $function$
declare
  v_lb numeric := (p_values ->> 'honey_harvested_lb')::numeric;
begin
  perform buzz_haven.check_input(not p_values ? 'hive_id' or p_values ->> 'hive_id' is not null, 'Hive is required');
  if abs(v_lb) >= 100000 then
    raise exception using errcode = '23514', constraint = 'hive_inspections_honey_harvested_lb_range',
      message = (select buzz_haven.constraint_message(c.oid) from pg_catalog.pg_constraint as c
                 where c.conrelid = 'buzz_haven.hive_inspections'::regclass and c.conname = 'hive_inspections_honey_harvested_lb_range'),
      detail = pg_catalog.json_build_object('field', 'honey_harvested_lb', 'constraint', 'hive_inspections_honey_harvested_lb_range')::text;
  end if;
  perform buzz_haven.check_input(v_lb is null or v_lb = round(v_lb, 1), 'Honey harvested takes one decimal at most');
end;
$function$;

CREATE OR REPLACE FUNCTION buzz_haven.check_new_row (
  p_row    anyelement,
  p_unique text,
  p_taken  text,
  p_check  text
)
  RETURNS void
  LANGUAGE plpgsql
  SET search_path TO ''
  AS $function$
begin
  perform buzz_haven.run_check(p_check, p_row);
  perform buzz_haven.explain_row(p_row);
  if p_unique is not null then
    perform buzz_haven.check_free(p_row, p_unique, p_taken);
  end if;
end;
$function$;

CREATE OR REPLACE FUNCTION buzz_haven.create_row (
  p_row          anyelement,
  p_values       jsonb,
  p_unique       text       DEFAULT NULL::text,
  p_taken        text       DEFAULT NULL::text,
  p_check        text       DEFAULT NULL::text,
  p_id           uuid       DEFAULT NULL::uuid,
  p_check_values text       DEFAULT NULL::text,
  p_refusal      text       DEFAULT NULL::text
)
  RETURNS anyelement
  LANGUAGE plpgsql
  SET search_path TO ''
  AS $function$
begin
  perform buzz_haven.require_staff_or(p_refusal);
  if p_id is not null then
    p_row := buzz_haven.find_row(p_row, p_id, null);
    if not p_row is null then -- stored already (a stored row has its id)
      return p_row;
    end if;
  end if;
  perform buzz_haven.run_check(p_check_values, p_values);
  p_row := pg_catalog.jsonb_populate_record(p_row,
    pg_catalog.jsonb_build_object('id', coalesce(p_id, pg_catalog.gen_random_uuid())) || pg_catalog.jsonb_strip_nulls(p_values));
  perform buzz_haven.check_new_row(p_row, p_unique, p_taken, p_check);
  return buzz_haven.insert_row(p_row, p_id is not null);
end;
$function$;

CREATE OR REPLACE FUNCTION buzz_haven.delete_row (
  p_row       anyelement,
  p_id        uuid,
  p_not_found text,
  p_refusal   text       DEFAULT 'Only an owner or admin can do this'::text,
  p_roles     text[]     DEFAULT ARRAY['owner'::text,
  'admin'::text],
  p_then      text       DEFAULT NULL::text
)
  RETURNS anyelement
  LANGUAGE plpgsql
  SET search_path TO ''
  AS $function$
declare
  v_table regclass := buzz_haven.table_of(p_row);
  v_count bigint;
begin
  if p_roles is not null then
    perform buzz_haven.require_role(p_roles, p_refusal);
  end if;
  execute format('delete from %s as t where t.id = $1 returning t.*', v_table) into p_row using p_id;
  get diagnostics v_count = row_count;
  if v_count = 0 then
    raise exception '%', p_not_found using errcode = 'PT404';
  end if;
  if p_then is not null then
    execute format('select %s from (select ($1::%s).*) as t', p_then, v_table) using p_row;
  end if;
  return p_row;
end;
$function$;

CREATE OR REPLACE FUNCTION buzz_haven.find_row (
  p_row       anyelement,
  p_id        uuid,
  p_not_found text,
  p_lock      boolean    DEFAULT false
)
  RETURNS anyelement
  LANGUAGE plpgsql
  SET search_path TO ''
  AS $function$
declare
  v_count bigint;
begin
  execute format('select * from %s as t where t.id = $1%s', buzz_haven.table_of(p_row),
    case when p_lock then ' for update' end) into p_row using p_id;
  get diagnostics v_count = row_count;
  if v_count = 0 and p_not_found is not null then
    raise exception '%', p_not_found using errcode = 'PT404';
  end if;
  return case when v_count > 0 then p_row end;
end;
$function$;

CREATE OR REPLACE FUNCTION buzz_haven.grant_api_execute (
  VARIADIC fns text[]
)
  RETURNS void
  LANGUAGE plpgsql
  SET search_path TO ''
  AS $function$
declare
  fn text;
begin
  foreach fn in array fns loop
    if pg_catalog.strpos(fn, '(') = 0 then
      fn := (select p.oid::pg_catalog.regprocedure::text from pg_catalog.pg_proc as p
             where p.pronamespace = 'public'::pg_catalog.regnamespace and p.proname = fn);
      perform buzz_haven.check_input(fn is not null, 'No function of that name in public');
    end if;
    execute format('revoke all on function %s from public, anon, authenticated, service_role', fn);
    execute format('grant execute on function %s to anon, authenticated, service_role', fn);
  end loop;
end;
$function$;

CREATE OR REPLACE FUNCTION buzz_haven.guard_withdrawal()
  RETURNS TRIGGER
  LANGUAGE plpgsql
  SET search_path TO ''
  AS $function$
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
$function$;

CREATE OR REPLACE FUNCTION buzz_haven.insert_row (
  p_row  anyelement,
  p_once boolean    DEFAULT false
)
  RETURNS anyelement
  LANGUAGE plpgsql
  SET search_path TO ''
  AS $function$
declare
  v_table regclass := buzz_haven.table_of(p_row);
  v_given jsonb := pg_catalog.jsonb_strip_nulls(pg_catalog.to_jsonb(p_row));
  v_columns text;
  v_count bigint;
begin
  select pg_catalog.string_agg(format('%I', a.attname), ', ' order by a.attnum) into v_columns
  from pg_catalog.pg_attribute as a
  where a.attrelid = v_table and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
    and v_given ? a.attname;
  execute format('insert into %1$s as t (%2$s) select %2$s from (select ($1::%1$s).*) as r%3$s returning t.*', v_table, v_columns,
    case when p_once then ' on conflict (id) do nothing' end)
    into p_row using p_row;
  get diagnostics v_count = row_count;
  if v_count = 0 then
    return buzz_haven.find_row(p_row, (v_given ->> 'id')::uuid, null);
  end if;
  return p_row;
end;
$function$;

CREATE OR REPLACE FUNCTION buzz_haven.require_staff_or (
  p_refusal text
)
  RETURNS void
  LANGUAGE sql
  STABLE
  SET search_path TO ''
  AS $function$
  select from buzz_haven.require_role(
    case when p_refusal is null then array['owner', 'admin', 'staff'] else array['owner', 'admin'] end, p_refusal)
$function$;

CREATE OR REPLACE FUNCTION buzz_haven.run_check (
  p_check text,
  p_value anyelement
)
  RETURNS void
  LANGUAGE plpgsql
  SET search_path TO ''
  AS $function$
begin
  if p_check is not null then
    execute format('select %s($1)', p_check) using p_value;
  end if;
end;
$function$;

CREATE OR REPLACE FUNCTION public.create_buzz_haven_hive (
  p_name                 text,
  p_location             text    DEFAULT NULL::text,
  p_host                 text    DEFAULT NULL::text,
  p_status               text    DEFAULT 'active'::text,
  p_queen_installed_date date    DEFAULT NULL::date,
  p_queen_source         text    DEFAULT NULL::text,
  p_queen_marking        text    DEFAULT NULL::text,
  p_notes                text    DEFAULT NULL::text,
  p_neighbourhood        text    DEFAULT NULL::text,
  p_latitude             numeric DEFAULT NULL::numeric,
  p_longitude            numeric DEFAULT NULL::numeric,
  p_on_map               boolean DEFAULT false,
  p_host_display_name    text    DEFAULT NULL::text,
  p_show_host_name       boolean DEFAULT false,
  p_show_adopter_names   boolean DEFAULT false
)
  RETURNS buzz_haven.hives
  LANGUAGE sql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
  select buzz_haven.create_row(null::buzz_haven.hives, jsonb_build_object('name', btrim(p_name),
    'location', nullif(btrim(p_location), ''), 'host', nullif(btrim(p_host), ''), 'status', coalesce(p_status, 'active'),
    'queen_installed_date', p_queen_installed_date, 'queen_source', nullif(btrim(p_queen_source), ''),
    'queen_marking', nullif(btrim(p_queen_marking), ''), 'notes', nullif(btrim(p_notes), ''),
    'neighbourhood', nullif(btrim(p_neighbourhood), ''), 'latitude', p_latitude, 'longitude', p_longitude,
    'on_map', coalesce(p_on_map, false), 'host_display_name', nullif(btrim(p_host_display_name), ''),
    'show_host_name', coalesce(p_show_host_name, false), 'show_adopter_names', coalesce(p_show_adopter_names, false)
  ), p_check => 'buzz_haven.check_hive')
$function$;

CREATE OR REPLACE FUNCTION public.create_buzz_haven_honey_batch (
  p_code       text,
  p_product_id uuid,
  p_jar_count  integer,
  p_bottled_on date    DEFAULT NULL::date,
  p_net_weight text    DEFAULT NULL::text,
  p_notes      text    DEFAULT NULL::text,
  p_published  boolean DEFAULT false
)
  RETURNS buzz_haven.honey_batches
  LANGUAGE sql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
  select buzz_haven.create_row(null::buzz_haven.honey_batches, jsonb_build_object('code', upper(btrim(p_code)),
    'product_id', p_product_id, 'jar_count', p_jar_count, 'bottled_on', p_bottled_on,
    'net_weight', nullif(btrim(p_net_weight), ''), 'notes', nullif(btrim(p_notes), ''),
    'published', coalesce(p_published, false)), p_check => 'buzz_haven.check_honey_batch')
$function$;

CREATE OR REPLACE FUNCTION public.create_buzz_haven_honey_harvest (
  p_hive_id       uuid,
  p_harvested_on  date,
  p_season        text,
  p_neighbourhood text,
  p_weight_lb     numeric DEFAULT NULL::numeric,
  p_moisture_pct  numeric DEFAULT NULL::numeric,
  p_floral_notes  text    DEFAULT NULL::text,
  p_inspection_id uuid    DEFAULT NULL::uuid,
  p_batch_id      uuid    DEFAULT NULL::uuid
)
  RETURNS buzz_haven.honey_harvests
  LANGUAGE sql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
  select buzz_haven.create_row(null::buzz_haven.honey_harvests, jsonb_build_object('hive_id', p_hive_id,
    'harvested_on', p_harvested_on, 'season', lower(btrim(p_season)),
    'neighbourhood', coalesce(nullif(btrim(p_neighbourhood), ''),
      (select h.neighbourhood from buzz_haven.hives as h where h.id = p_hive_id)),
    'moisture_pct', p_moisture_pct, 'floral_notes', nullif(btrim(p_floral_notes), ''),
    'inspection_id', p_inspection_id, 'batch_id', p_batch_id,
    'weight_lb', coalesce(p_weight_lb, (select i.honey_harvested_lb from buzz_haven.hive_inspections as i
      where i.id = p_inspection_id and i.hive_id = p_hive_id))
  ), p_check => 'buzz_haven.check_honey_harvest')
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
  p_varroa_sample_size integer DEFAULT NULL::integer,
  p_id                 uuid    DEFAULT NULL::uuid
)
  RETURNS buzz_haven.hive_inspections
  LANGUAGE sql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
  select buzz_haven.create_row(null::buzz_haven.hive_inspections, jsonb_build_object(
    'hive_id', p_hive_id, 'inspected_on', p_inspected_on, 'inspector', nullif(btrim(p_inspector), ''),
    'queen_seen', p_queen_seen, 'eggs_seen', p_eggs_seen, 'brood_pattern', p_brood_pattern, 'temperament', p_temperament,
    'frames_of_bees', p_frames_of_bees, 'varroa_count', p_varroa_count, 'treatment', nullif(btrim(p_treatment), ''),
    'supers_added', p_supers_added, 'honey_harvested_lb', p_honey_harvested_lb, 'notes', nullif(btrim(p_notes), ''),
    'share', p_share, 'share_note', nullif(btrim(p_share_note), ''), 'share_photo_url', nullif(btrim(p_share_photo_url), ''),
    'varroa_method', p_varroa_method, 'varroa_sample_size', p_varroa_sample_size,
    'created_by', (select u.id from buzz_haven.users as u where u.auth_user_id = auth.uid())
  ), p_check => 'buzz_haven.check_inspection', p_id => p_id, p_check_values => 'buzz_haven.check_inspection_values')
$function$;

CREATE OR REPLACE FUNCTION public.create_buzz_haven_neighbourhood (
  p_name text
)
  RETURNS buzz_haven.neighbourhoods
  LANGUAGE sql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
  select buzz_haven.create_row(null::buzz_haven.neighbourhoods, jsonb_build_object('name', btrim(p_name)), 'name',
    'This neighbourhood is already in the list', p_refusal => 'Only an owner or admin can add a neighbourhood')
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
  LANGUAGE sql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
  select buzz_haven.create_row(null::buzz_haven.hive_treatments, jsonb_build_object('hive_id', p_hive_id,
    'product_id', p_product_id, 'started_on', p_started_on, 'ended_on', p_ended_on, 'dose', nullif(btrim(p_dose), ''),
    'applied_by', nullif(btrim(p_applied_by), '')), p_check => 'buzz_haven.check_treatment', p_id => p_id)
$function$;

CREATE OR REPLACE FUNCTION public.create_buzz_haven_treatment_product (
  p_name              text,
  p_active_ingredient text    DEFAULT NULL::text,
  p_withdrawal_days   integer DEFAULT NULL::integer
)
  RETURNS buzz_haven.treatment_products
  LANGUAGE sql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
  select buzz_haven.create_row(null::buzz_haven.treatment_products, jsonb_build_object('name', btrim(p_name),
    'active_ingredient', nullif(btrim(p_active_ingredient), ''), 'withdrawal_days', p_withdrawal_days), 'name',
    'This product is already in the list', p_refusal => 'Only an owner or admin can add a treatment product')
$function$;

CREATE OR REPLACE FUNCTION public.delete_buzz_haven_hive_wrap (
  p_id uuid
)
  RETURNS buzz_haven.hive_wraps
  LANGUAGE sql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
  select buzz_haven.delete_row(null::buzz_haven.hive_wraps, p_id, 'Wrap installation not found',
    'Only an owner or admin can remove a wrap installation', p_then => 'buzz_haven.sync_wrap_design_status(t.design_id)')
$function$;

CREATE OR REPLACE FUNCTION public.delete_buzz_haven_honey_harvest (
  p_id uuid
)
  RETURNS buzz_haven.honey_harvests
  LANGUAGE sql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
  select buzz_haven.delete_row(null::buzz_haven.honey_harvests, p_id, 'Harvest not found',
    'Only an owner or admin can delete harvests', p_then => 'buzz_haven.check_published_batch_keeps_harvest(t.batch_id)')
$function$;

CREATE OR REPLACE FUNCTION public.update_buzz_haven_adoption_request (
  p_id          uuid,
  p_status      text   DEFAULT NULL::text,
  p_hive_id     uuid   DEFAULT NULL::uuid,
  p_staff_notes text   DEFAULT NULL::text,
  p_clear       text[] DEFAULT '{}'::text[]
)
  RETURNS buzz_haven.adoption_requests
  LANGUAGE sql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
  select buzz_haven.change_row(null::buzz_haven.adoption_requests, p_id, 'Adoption request not found',
    jsonb_build_object('status', p_status, 'hive_id', p_hive_id, 'staff_notes', btrim(p_staff_notes)), p_clear,
    '{hive_id, staff_notes}', p_check_values => 'buzz_haven.check_adoption_request_values')
$function$;

CREATE OR REPLACE FUNCTION public.update_buzz_haven_hive (
  p_id                   uuid,
  p_name                 text    DEFAULT NULL::text,
  p_location             text    DEFAULT NULL::text,
  p_host                 text    DEFAULT NULL::text,
  p_status               text    DEFAULT NULL::text,
  p_queen_installed_date date    DEFAULT NULL::date,
  p_queen_source         text    DEFAULT NULL::text,
  p_queen_marking        text    DEFAULT NULL::text,
  p_notes                text    DEFAULT NULL::text,
  p_neighbourhood        text    DEFAULT NULL::text,
  p_latitude             numeric DEFAULT NULL::numeric,
  p_longitude            numeric DEFAULT NULL::numeric,
  p_on_map               boolean DEFAULT NULL::boolean,
  p_host_display_name    text    DEFAULT NULL::text,
  p_show_host_name       boolean DEFAULT NULL::boolean,
  p_show_adopter_names   boolean DEFAULT NULL::boolean,
  p_clear                text[]  DEFAULT '{}'::text[]
)
  RETURNS buzz_haven.hives
  LANGUAGE sql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
  select buzz_haven.change_row(null::buzz_haven.hives, p_id, 'Hive not found', jsonb_build_object('name', btrim(p_name),
    'location', btrim(p_location), 'host', btrim(p_host), 'status', p_status, 'queen_installed_date', p_queen_installed_date,
    'queen_source', btrim(p_queen_source), 'queen_marking', btrim(p_queen_marking), 'notes', btrim(p_notes),
    'neighbourhood', btrim(p_neighbourhood), 'latitude', p_latitude, 'longitude', p_longitude, 'on_map', p_on_map,
    'host_display_name', btrim(p_host_display_name), 'show_host_name', p_show_host_name,
    'show_adopter_names', p_show_adopter_names
  ), p_clear, '{location, host, queen_installed_date, queen_source, queen_marking, notes, neighbourhood, latitude,
    longitude, host_display_name}', p_check => 'buzz_haven.check_hive')
$function$;

CREATE OR REPLACE FUNCTION public.update_buzz_haven_honey_batch (
  p_id         uuid,
  p_code       text    DEFAULT NULL::text,
  p_product_id uuid    DEFAULT NULL::uuid,
  p_jar_count  integer DEFAULT NULL::integer,
  p_bottled_on date    DEFAULT NULL::date,
  p_net_weight text    DEFAULT NULL::text,
  p_notes      text    DEFAULT NULL::text,
  p_published  boolean DEFAULT NULL::boolean,
  p_clear      text[]  DEFAULT '{}'::text[]
)
  RETURNS buzz_haven.honey_batches
  LANGUAGE sql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
  select buzz_haven.change_row(null::buzz_haven.honey_batches, p_id, 'Honey batch not found', jsonb_build_object(
    'code', upper(btrim(p_code)), 'product_id', p_product_id, 'jar_count', p_jar_count, 'bottled_on', p_bottled_on,
    'net_weight', btrim(p_net_weight), 'notes', btrim(p_notes), 'published', p_published),
    p_clear, '{bottled_on, net_weight, notes}', p_check => 'buzz_haven.check_honey_batch')
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
  LANGUAGE sql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
  select buzz_haven.change_row(null::buzz_haven.hive_inspections, p_id, 'Inspection not found', jsonb_build_object(
    'inspected_on', p_inspected_on, 'inspector', btrim(p_inspector), 'queen_seen', p_queen_seen, 'eggs_seen', p_eggs_seen,
    'brood_pattern', p_brood_pattern, 'temperament', p_temperament, 'frames_of_bees', p_frames_of_bees,
    'varroa_count', p_varroa_count, 'treatment', btrim(p_treatment), 'supers_added', p_supers_added,
    'honey_harvested_lb', p_honey_harvested_lb, 'notes', btrim(p_notes), 'share', p_share,
    'share_note', btrim(p_share_note), 'share_photo_url', btrim(p_share_photo_url), 'varroa_method', p_varroa_method,
    'varroa_sample_size', p_varroa_sample_size
  ), p_clear, '{inspector, queen_seen, eggs_seen, brood_pattern, temperament, frames_of_bees, varroa_count, treatment,
    supers_added, honey_harvested_lb, notes, share_note, share_photo_url, varroa_method}',
  p_check => 'buzz_haven.check_inspection', p_check_values => 'buzz_haven.check_inspection_values')
$function$;

CREATE OR REPLACE FUNCTION public.update_buzz_haven_neighbourhood (
  p_id    uuid,
  p_name  text   DEFAULT NULL::text,
  p_clear text[] DEFAULT '{}'::text[]
)
  RETURNS buzz_haven.neighbourhoods
  LANGUAGE sql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
  select buzz_haven.change_row(null::buzz_haven.neighbourhoods, p_id, 'Neighbourhood not found',
    jsonb_build_object('name', btrim(p_name)), p_clear, p_unique => 'name', p_taken => 'This neighbourhood is already in the list',
    p_refusal => 'Only an owner or admin can rename a neighbourhood')
$function$;

CREATE OR REPLACE FUNCTION public.update_buzz_haven_swarm_report (
  p_id          uuid,
  p_status      text   DEFAULT NULL::text,
  p_staff_notes text   DEFAULT NULL::text,
  p_clear       text[] DEFAULT '{}'::text[]
)
  RETURNS buzz_haven.swarm_reports
  LANGUAGE sql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
  select buzz_haven.change_row(null::buzz_haven.swarm_reports, p_id, 'Swarm report not found',
    jsonb_build_object('status', p_status, 'staff_notes', btrim(p_staff_notes)), p_clear, '{staff_notes}')
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
  LANGUAGE sql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
  select buzz_haven.change_row(null::buzz_haven.hive_treatments, p_id, 'Treatment not found', jsonb_build_object(
    'hive_id', p_hive_id, 'product_id', p_product_id, 'started_on', p_started_on, 'ended_on', p_ended_on,
    'dose', btrim(p_dose), 'applied_by', btrim(p_applied_by)), p_clear, '{dose, applied_by}',
    p_check => 'buzz_haven.check_treatment')
$function$;

CREATE OR REPLACE FUNCTION public.update_buzz_haven_treatment_product (
  p_id                uuid,
  p_name              text    DEFAULT NULL::text,
  p_active_ingredient text    DEFAULT NULL::text,
  p_withdrawal_days   integer DEFAULT NULL::integer,
  p_clear             text[]  DEFAULT '{}'::text[]
)
  RETURNS buzz_haven.treatment_products
  LANGUAGE sql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
  select buzz_haven.change_row(null::buzz_haven.treatment_products, p_id, 'Treatment product not found',
    jsonb_build_object('name', btrim(p_name), 'active_ingredient', btrim(p_active_ingredient),
    'withdrawal_days', p_withdrawal_days), p_clear, '{active_ingredient}', 'name', 'This product is already in the list',
    p_refusal => 'Only an owner or admin can change a treatment product')
$function$;

CREATE TRIGGER hive_inspections_withdrawal
  BEFORE INSERT OR UPDATE ON buzz_haven.hive_inspections
  FOR EACH ROW
  EXECUTE FUNCTION buzz_haven.guard_withdrawal();

CREATE TRIGGER honey_harvests_withdrawal
  BEFORE INSERT OR UPDATE ON buzz_haven.honey_harvests
  FOR EACH ROW
  EXECUTE FUNCTION buzz_haven.guard_withdrawal();

REVOKE ALL ON FUNCTION "buzz_haven"."change_row"(anyelement, uuid, text, jsonb, text[], text[], text, text, text, text, text) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "buzz_haven"."change_row"(anyelement, uuid, text, jsonb, text[], text[], text, text, text, text, text) TO "postgres";

REVOKE ALL ON FUNCTION "buzz_haven"."check_adoption_request_values"(jsonb) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "buzz_haven"."check_adoption_request_values"(jsonb) TO "postgres";

REVOKE ALL ON FUNCTION "buzz_haven"."check_inspection_values"(jsonb) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "buzz_haven"."check_inspection_values"(jsonb) TO "postgres";

REVOKE ALL ON FUNCTION "buzz_haven"."create_row"(anyelement, jsonb, text, text, text, uuid, text, text) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "buzz_haven"."create_row"(anyelement, jsonb, text, text, text, uuid, text, text) TO "postgres";

REVOKE ALL ON FUNCTION "buzz_haven"."delete_row"(anyelement, uuid, text, text, text[], text) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "buzz_haven"."delete_row"(anyelement, uuid, text, text, text[], text) TO "postgres";

REVOKE ALL ON FUNCTION "buzz_haven"."guard_withdrawal"() FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "buzz_haven"."guard_withdrawal"() TO "postgres";

REVOKE ALL ON FUNCTION "buzz_haven"."insert_row"(anyelement, boolean) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "buzz_haven"."insert_row"(anyelement, boolean) TO "postgres";

REVOKE ALL ON FUNCTION "buzz_haven"."require_staff_or"(text) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "buzz_haven"."require_staff_or"(text) TO "postgres";

REVOKE ALL ON FUNCTION "buzz_haven"."run_check"(text, anyelement) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "buzz_haven"."run_check"(text, anyelement) TO "postgres";

REVOKE ALL ON FUNCTION "public"."create_buzz_haven_hive"(text, text, text, text, date, text, text, text, text, numeric, numeric, boolean, text, boolean, boolean) FROM PUBLIC;

GRANT EXECUTE
  ON FUNCTION "public"."create_buzz_haven_hive"(text, text, text, text, date, text, text, text, text, numeric, numeric, boolean, text, boolean, boolean)
  TO "anon", "authenticated", "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."create_buzz_haven_honey_batch"(text, uuid, integer, date, text, text, boolean) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."create_buzz_haven_honey_batch"(text, uuid, integer, date, text, text, boolean) TO "anon", "authenticated", "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."create_buzz_haven_honey_harvest"(uuid, date, text, text, numeric, numeric, text, uuid, uuid) FROM PUBLIC;

GRANT EXECUTE
  ON FUNCTION "public"."create_buzz_haven_honey_harvest"(uuid, date, text, text, numeric, numeric, text, uuid, uuid)
  TO "anon", "authenticated", "postgres", "service_role";

REVOKE ALL
  ON FUNCTION
    "public"."create_buzz_haven_inspection"(uuid, date, text, boolean, boolean, text, text, integer, integer, text, integer, numeric, text, boolean, text, text, text, integer,
    uuid)
  FROM PUBLIC;

GRANT EXECUTE
  ON FUNCTION
    "public"."create_buzz_haven_inspection"(uuid, date, text, boolean, boolean, text, text, integer, integer, text, integer, numeric, text, boolean, text, text, text, integer,
    uuid)
  TO "anon", "authenticated", "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."create_buzz_haven_neighbourhood"(text) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."create_buzz_haven_neighbourhood"(text) TO "anon", "authenticated", "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."create_buzz_haven_treatment"(uuid, uuid, date, date, text, text, uuid) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."create_buzz_haven_treatment"(uuid, uuid, date, date, text, text, uuid) TO "anon", "authenticated", "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."create_buzz_haven_treatment_product"(text, text, integer) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."create_buzz_haven_treatment_product"(text, text, integer) TO "anon", "authenticated", "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."delete_buzz_haven_hive_wrap"(uuid) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."delete_buzz_haven_hive_wrap"(uuid) TO "anon", "authenticated", "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."delete_buzz_haven_honey_harvest"(uuid) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."delete_buzz_haven_honey_harvest"(uuid) TO "anon", "authenticated", "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."update_buzz_haven_adoption_request"(uuid, text, uuid, text, text[]) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."update_buzz_haven_adoption_request"(uuid, text, uuid, text, text[]) TO "anon", "authenticated", "postgres", "service_role";

REVOKE ALL
  ON FUNCTION "public"."update_buzz_haven_hive"(uuid, text, text, text, text, date, text, text, text, text, numeric, numeric, boolean, text, boolean, boolean, text[])
  FROM PUBLIC;

GRANT EXECUTE
  ON FUNCTION "public"."update_buzz_haven_hive"(uuid, text, text, text, text, date, text, text, text, text, numeric, numeric, boolean, text, boolean, boolean, text[])
  TO "anon", "authenticated", "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."update_buzz_haven_honey_batch"(uuid, text, uuid, integer, date, text, text, boolean, text[]) FROM PUBLIC;

GRANT EXECUTE
  ON FUNCTION "public"."update_buzz_haven_honey_batch"(uuid, text, uuid, integer, date, text, text, boolean, text[])
  TO "anon", "authenticated", "postgres", "service_role";

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

REVOKE ALL ON FUNCTION "public"."update_buzz_haven_neighbourhood"(uuid, text, text[]) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."update_buzz_haven_neighbourhood"(uuid, text, text[]) TO "anon", "authenticated", "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."update_buzz_haven_swarm_report"(uuid, text, text, text[]) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."update_buzz_haven_swarm_report"(uuid, text, text, text[]) TO "anon", "authenticated", "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."update_buzz_haven_treatment"(uuid, uuid, uuid, date, date, text, text, text[]) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."update_buzz_haven_treatment"(uuid, uuid, uuid, date, date, text, text, text[]) TO "anon", "authenticated", "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."update_buzz_haven_treatment_product"(uuid, text, text, integer, text[]) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."update_buzz_haven_treatment_product"(uuid, text, text, integer, text[]) TO "anon", "authenticated", "postgres", "service_role";
