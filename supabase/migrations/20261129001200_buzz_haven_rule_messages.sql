-- Buzz Haven: a CHECK is the rule and its message. A bound or enum CHECK over one column says its
-- own message (buzz_haven.derived_message: '<Label> is too long (N characters at most)', '<Label>
-- must be between A and B', '<Label> must be a, b or c'), read by buzz_haven.constraint_message on
-- the tables whose explain trigger carries 'derive' (buzz_haven.derive_messages); a
-- constraint_messages row is kept only where it gives other words. The rows removed below said
-- exactly what their CHECK now says, so every message a write fails with is unchanged.

-- Functions below call ones made further down: their bodies are checked when they run.
set check_function_bodies = false;

DROP TRIGGER "adopt_gift_terms_explain_constraints" ON "buzz_haven"."adopt_gift_terms";

DROP TRIGGER "adoption_requests_explain_constraints" ON "buzz_haven"."adoption_requests";

DROP TRIGGER "campaigns_explain_constraints" ON "buzz_haven"."campaigns";

DROP TRIGGER "event_registrations_explain_constraints" ON "buzz_haven"."event_registrations";

DROP TRIGGER "events_explain_constraints" ON "buzz_haven"."events";

DROP TRIGGER "hive_inspections_explain_constraints" ON "buzz_haven"."hive_inspections";

DROP TRIGGER "hives_explain_constraints" ON "buzz_haven"."hives";

DROP TRIGGER "honey_batches_explain_constraints" ON "buzz_haven"."honey_batches";

DROP TRIGGER "honey_harvests_explain_constraints" ON "buzz_haven"."honey_harvests";

DROP TRIGGER "host_applications_explain_constraints" ON "buzz_haven"."host_applications";

DROP TRIGGER "invitations_explain_constraints" ON "buzz_haven"."invitations";

DROP TRIGGER "media_explain_constraints" ON "buzz_haven"."media";

DROP TRIGGER "neighbourhoods_explain_constraints" ON "buzz_haven"."neighbourhoods";

DROP TRIGGER "order_items_explain_constraints" ON "buzz_haven"."order_items";

DROP TRIGGER "orders_explain_constraints" ON "buzz_haven"."orders";

DROP TRIGGER "products_explain_constraints" ON "buzz_haven"."products";

DROP TRIGGER "refunds_explain_constraints" ON "buzz_haven"."refunds";

DROP TRIGGER "site_builds_explain_constraints" ON "buzz_haven"."site_builds";

DROP TRIGGER "swarm_reports_explain_constraints" ON "buzz_haven"."swarm_reports";

DROP TRIGGER "users_explain_constraints" ON "buzz_haven"."users";

DROP TRIGGER "volunteer_signups_explain_constraints" ON "buzz_haven"."volunteer_signups";

CREATE OR REPLACE FUNCTION buzz_haven.column_label (
  p_column name
)
  RETURNS text
  LANGUAGE sql
  IMMUTABLE
  SET search_path TO ''
  AS $function$
  select pg_catalog.upper(pg_catalog.left(p_column, 1)) || pg_catalog.replace(pg_catalog.substr(p_column, 2), '_', ' ')
$function$;

CREATE OR REPLACE FUNCTION buzz_haven.constraint_message (
  p_constraint oid
)
  RETURNS text
  LANGUAGE sql
  STABLE
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
  select coalesce(
    (select m.message from buzz_haven.constraint_messages as m join pg_catalog.pg_constraint as c on c.conname = m.constraint_name
     where c.oid = p_constraint),
    (select buzz_haven.derived_message(p_constraint) from pg_catalog.pg_constraint as c
     join pg_catalog.pg_trigger as t on t.tgrelid = c.conrelid and t.tgfoid = 'buzz_haven.explain_constraints()'::regprocedure
     where c.oid = p_constraint and t.tgnargs = 1))
$function$;

CREATE OR REPLACE FUNCTION buzz_haven.derive_messages (
  VARIADIC p_tables regclass[]
)
  RETURNS void
  LANGUAGE plpgsql
  SET search_path TO ''
  AS $function$
declare
  v_table regclass;
  v_trigger name;
begin
  foreach v_table in array p_tables loop
    for v_trigger in
      select t.tgname from pg_catalog.pg_trigger as t where t.tgrelid = v_table and t.tgfoid = 'buzz_haven.explain_constraints()'::regprocedure
    loop
      execute format('drop trigger %I on %s', v_trigger, v_table);
    end loop;
    execute format('create trigger %I before insert or update on %s for each row execute function buzz_haven.explain_constraints(%L)',
      (select c.relname from pg_catalog.pg_class as c where c.oid = v_table) || '_explain_constraints', v_table, 'derive');
  end loop;
end;
$function$;

CREATE OR REPLACE FUNCTION buzz_haven.derived_message (
  p_constraint oid
)
  RETURNS text
  LANGUAGE plpgsql
  STABLE
  SET search_path TO ''
  AS $function$
declare
  v_def text;
  v_label text;
  v_match text[];
  v_values text[];
begin
  select pg_catalog.pg_get_constraintdef(c.oid), buzz_haven.column_label(a.attname) into v_def, v_label
  from pg_catalog.pg_constraint as c
  join pg_catalog.pg_attribute as a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
  where c.oid = p_constraint and c.contype = 'c' and pg_catalog.array_length(c.conkey, 1) = 1;
  v_match := coalesce(pg_catalog.regexp_match(v_def, '^CHECK \(\(char_length\(\w+\) <= (\d+)\)\)$'),
    pg_catalog.regexp_match(v_def, '^CHECK \(\(\(char_length\(\w+\) >= 1\) AND \(char_length\(\w+\) <= (\d+)\)\)\)$'));
  if v_match is not null then
    return v_label || ' is too long (' || v_match[1] || ' characters at most)';
  end if;
  -- '(n >= 0)', '(lat >= ('-85'::integer)::numeric)', '(x <= (85)::numeric)'
  v_match := pg_catalog.regexp_match(v_def,
    '^CHECK \(\(\(\w+ >= \(*''?(-?[0-9.]+)''?(?:::\w+)?\)?(?:::\w+)?\) AND \(\w+ <= \(*''?(-?[0-9.]+)''?(?:::\w+)?\)?(?:::\w+)?\)\)\)$');
  if v_match is not null then
    return v_label || ' must be between ' || v_match[1] || ' and ' || v_match[2];
  end if;
  v_match := pg_catalog.regexp_match(v_def, '^CHECK \(\(\w+ = ANY \(ARRAY\[(.*)\]\)\)\)$');
  if v_match is not null then
    select pg_catalog.array_agg(pg_catalog.replace(m[1], '''''', '''') order by n) into v_values
    from pg_catalog.regexp_matches(v_match[1], '''((?:[^'']|'''')*)''::text', 'g') with ordinality as t (m, n);
    return v_label || ' must be ' || case when pg_catalog.cardinality(v_values) = 1 then v_values[1]
      else pg_catalog.array_to_string(v_values[1:pg_catalog.cardinality(v_values) - 1], ', ') || ' or '
        || v_values[pg_catalog.cardinality(v_values)] end;
  end if;
  return null;
end;
$function$;

CREATE OR REPLACE FUNCTION buzz_haven.explain_checks (
  p_table regclass,
  p_row   anyelement
)
  RETURNS void
  LANGUAGE plpgsql
  STABLE
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
declare
  v record;
  v_ok boolean;
begin
  for v in
    select c.conname, m.message, pg_catalog.pg_get_expr(c.conbin, c.conrelid) as expr,
      (select a.attname from pg_catalog.pg_attribute as a
       where a.attrelid = c.conrelid and a.attnum = c.conkey[1] and pg_catalog.array_length(c.conkey, 1) = 1) as field
    from pg_catalog.pg_constraint as c cross join lateral (select buzz_haven.constraint_message(c.oid) as message) as m
    where c.conrelid = p_table and c.contype = 'c' and m.message is not null
    order by c.conname
  loop
    execute format('select %s from (select ($1::%s).*) as t', v.expr, p_table) into v_ok using p_row;
    if v_ok is false then
      raise exception using errcode = '23514', message = v.message, constraint = v.conname,
        detail = pg_catalog.json_build_object('field', v.field, 'constraint', v.conname)::text;
    end if;
  end loop;
end;
$function$;

CREATE OR REPLACE FUNCTION buzz_haven.explain_constraints()
  RETURNS TRIGGER
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
declare
  v record;
begin
  perform buzz_haven.explain_checks(tg_relid, new);
  for v in
    select a.attname as field, m.constraint_name, m.message
    from pg_catalog.pg_attribute as a
    join buzz_haven.constraint_messages as m on m.constraint_name = tg_table_name || '_' || a.attname || '_not_null'
    where a.attrelid = tg_relid and a.attnotnull and a.attnum > 0 and not a.attisdropped
  loop
    if pg_catalog.to_jsonb(new) -> v.field = 'null'::jsonb then
      raise exception using errcode = '23502', message = v.message, constraint = v.constraint_name,
        detail = pg_catalog.json_build_object('field', v.field, 'constraint', v.constraint_name)::text;
    end if;
  end loop;
  perform buzz_haven.explain_foreign_keys(tg_relid, pg_catalog.to_jsonb(new));
  return new;
end;
$function$;

CREATE OR REPLACE FUNCTION buzz_haven.explain_row (
  p_row anyelement
)
  RETURNS void
  LANGUAGE plpgsql
  STABLE
  SET search_path TO ''
  AS $function$
declare
  v_table regclass := buzz_haven.table_of(p_row);
begin
  perform buzz_haven.explain_checks(v_table, p_row);
  perform buzz_haven.explain_foreign_keys(v_table, pg_catalog.to_jsonb(p_row));
end;
$function$;

CREATE TRIGGER adopt_gift_terms_explain_constraints
  BEFORE INSERT OR UPDATE ON buzz_haven.adopt_gift_terms
  FOR EACH ROW
  EXECUTE FUNCTION buzz_haven.explain_constraints('derive');

CREATE TRIGGER adoption_requests_explain_constraints
  BEFORE INSERT OR UPDATE ON buzz_haven.adoption_requests
  FOR EACH ROW
  EXECUTE FUNCTION buzz_haven.explain_constraints('derive');

CREATE TRIGGER campaigns_explain_constraints
  BEFORE INSERT OR UPDATE ON buzz_haven.campaigns
  FOR EACH ROW
  EXECUTE FUNCTION buzz_haven.explain_constraints('derive');

CREATE TRIGGER event_registrations_explain_constraints
  BEFORE INSERT OR UPDATE ON buzz_haven.event_registrations
  FOR EACH ROW
  EXECUTE FUNCTION buzz_haven.explain_constraints('derive');

CREATE TRIGGER events_explain_constraints
  BEFORE INSERT OR UPDATE ON buzz_haven.events
  FOR EACH ROW
  EXECUTE FUNCTION buzz_haven.explain_constraints('derive');

CREATE TRIGGER hive_inspections_explain_constraints
  BEFORE INSERT OR UPDATE ON buzz_haven.hive_inspections
  FOR EACH ROW
  EXECUTE FUNCTION buzz_haven.explain_constraints('derive');

CREATE TRIGGER hives_explain_constraints
  BEFORE INSERT OR UPDATE ON buzz_haven.hives
  FOR EACH ROW
  EXECUTE FUNCTION buzz_haven.explain_constraints('derive');

CREATE TRIGGER honey_batches_explain_constraints
  BEFORE INSERT OR UPDATE ON buzz_haven.honey_batches
  FOR EACH ROW
  EXECUTE FUNCTION buzz_haven.explain_constraints('derive');

CREATE TRIGGER honey_harvests_explain_constraints
  BEFORE INSERT OR UPDATE ON buzz_haven.honey_harvests
  FOR EACH ROW
  EXECUTE FUNCTION buzz_haven.explain_constraints('derive');

CREATE TRIGGER host_applications_explain_constraints
  BEFORE INSERT OR UPDATE ON buzz_haven.host_applications
  FOR EACH ROW
  EXECUTE FUNCTION buzz_haven.explain_constraints('derive');

CREATE TRIGGER invitations_explain_constraints
  BEFORE INSERT OR UPDATE ON buzz_haven.invitations
  FOR EACH ROW
  EXECUTE FUNCTION buzz_haven.explain_constraints('derive');

CREATE TRIGGER media_explain_constraints
  BEFORE INSERT OR UPDATE ON buzz_haven.media
  FOR EACH ROW
  EXECUTE FUNCTION buzz_haven.explain_constraints('derive');

CREATE TRIGGER neighbourhoods_explain_constraints
  BEFORE INSERT OR UPDATE ON buzz_haven.neighbourhoods
  FOR EACH ROW
  EXECUTE FUNCTION buzz_haven.explain_constraints('derive');

CREATE TRIGGER order_items_explain_constraints
  BEFORE INSERT OR UPDATE ON buzz_haven.order_items
  FOR EACH ROW
  EXECUTE FUNCTION buzz_haven.explain_constraints('derive');

CREATE TRIGGER orders_explain_constraints
  BEFORE INSERT OR UPDATE ON buzz_haven.orders
  FOR EACH ROW
  EXECUTE FUNCTION buzz_haven.explain_constraints('derive');

CREATE TRIGGER products_explain_constraints
  BEFORE INSERT OR UPDATE ON buzz_haven.products
  FOR EACH ROW
  EXECUTE FUNCTION buzz_haven.explain_constraints('derive');

CREATE TRIGGER refunds_explain_constraints
  BEFORE INSERT OR UPDATE ON buzz_haven.refunds
  FOR EACH ROW
  EXECUTE FUNCTION buzz_haven.explain_constraints('derive');

CREATE TRIGGER site_builds_explain_constraints
  BEFORE INSERT OR UPDATE ON buzz_haven.site_builds
  FOR EACH ROW
  EXECUTE FUNCTION buzz_haven.explain_constraints('derive');

CREATE TRIGGER swarm_reports_explain_constraints
  BEFORE INSERT OR UPDATE ON buzz_haven.swarm_reports
  FOR EACH ROW
  EXECUTE FUNCTION buzz_haven.explain_constraints('derive');

CREATE TRIGGER users_explain_constraints
  BEFORE INSERT OR UPDATE ON buzz_haven.users
  FOR EACH ROW
  EXECUTE FUNCTION buzz_haven.explain_constraints('derive');

CREATE TRIGGER volunteer_signups_explain_constraints
  BEFORE INSERT OR UPDATE ON buzz_haven.volunteer_signups
  FOR EACH ROW
  EXECUTE FUNCTION buzz_haven.explain_constraints('derive');

revoke all on function buzz_haven.column_label(name) from public, anon, authenticated;
revoke all on function buzz_haven.derived_message(oid) from public, anon, authenticated;
revoke all on function buzz_haven.constraint_message(oid) from public, anon, authenticated;
revoke all on function buzz_haven.derive_messages(regclass[]) from public, anon, authenticated;
revoke all on function buzz_haven.explain_checks(regclass, anyelement) from public, anon, authenticated;

-- Rows of the rule table, which the schema difference does not carry: the ones that restated
-- their CHECK's bound in words.
delete from buzz_haven.constraint_messages where constraint_name in (
  'adopt_gift_terms_months_range', 'adoption_requests_message_length', 'adoption_requests_name_length',
  'adoption_requests_recipient_name_length', 'adoption_requests_staff_notes_length', 'adoption_requests_status_known',
  'campaigns_body_length', 'campaigns_subject_length', 'event_registrations_name_length',
  'events_capacity_range', 'events_description_length', 'events_kind_known',
  'events_location_length', 'events_offering_length', 'events_status_known',
  'events_title_length', 'hive_inspections_brood_pattern_known', 'hive_inspections_frames_of_bees_range',
  'hive_inspections_inspector_length', 'hive_inspections_supers_added_range', 'hive_inspections_temperament_known',
  'hive_inspections_treatment_length', 'hive_inspections_varroa_count_range', 'hives_host_display_name_length',
  'hives_host_length', 'hives_latitude_range', 'hives_location_length',
  'hives_longitude_range', 'hives_name_length', 'hives_neighbourhood_length',
  'hives_queen_marking_length', 'hives_queen_source_length', 'hives_status_known',
  'honey_batches_jar_count_range', 'honey_batches_net_weight_length', 'honey_harvests_neighbourhood_length',
  'honey_harvests_season_known', 'host_applications_access_known', 'host_applications_decline_reason_length',
  'host_applications_message_length', 'host_applications_name_length', 'host_applications_phone_length',
  'host_applications_staff_notes_length', 'host_applications_status_known', 'host_applications_sun_known',
  'host_applications_water_known', 'invitations_role_check', 'media_file_path_length',
  'media_title_length', 'neighbourhoods_name_length', 'order_items_quantity_range',
  'orders_city_length', 'orders_delivery_known', 'orders_staff_notes_length',
  'orders_status_known', 'products_category_length', 'products_description_length',
  'products_name_length', 'products_section_known', 'products_size_label_length',
  'products_slug_length', 'refunds_note_length', 'refunds_reason_known',
  'site_builds_reason_length', 'swarm_reports_height_known', 'swarm_reports_location_length',
  'swarm_reports_name_length', 'swarm_reports_notes_length', 'swarm_reports_size_known',
  'swarm_reports_staff_notes_length', 'swarm_reports_status_known', 'users_name_length',
  'volunteer_signups_name_length', 'volunteer_signups_phone_length'
);
