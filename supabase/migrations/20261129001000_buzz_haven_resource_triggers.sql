-- Buzz Haven: one way to wire a table. buzz_haven.keep_updated_at is the only maker of a table's
-- updated_at trigger and buzz_haven.manage_resource (which calls it) the only maker of an activity
-- log trigger; each marks the trigger it made with a comment, so a SQL test refuses a trigger made
-- by hand. The tables wired by hand before now call them (supabase/schemas); their triggers keep
-- their names and definitions, so here they only gain the mark.

CREATE OR REPLACE FUNCTION buzz_haven.keep_updated_at (
  VARIADIC p_tables regclass[]
)
  RETURNS void
  LANGUAGE plpgsql
  SET search_path TO ''
  AS $function$
declare
  v_table regclass;
  v_name name;
  v_trigger name;
begin
  foreach v_table in array p_tables loop
    select c.relname into v_name
    from pg_catalog.pg_class as c join pg_catalog.pg_namespace as n on n.oid = c.relnamespace
    where c.oid = v_table and c.relkind in ('r', 'p') and n.nspname = 'buzz_haven' and exists (
      select 1 from pg_catalog.pg_attribute as a where a.attrelid = c.oid and a.attname = 'updated_at' and not a.attisdropped);
    if not found then
      raise exception 'keep_updated_at: % is not a table in schema buzz_haven with a column updated_at', v_table
        using errcode = '22023';
    end if;
    for v_trigger in
      select t.tgname from pg_catalog.pg_trigger as t where t.tgrelid = v_table and t.tgfoid = 'buzz_haven.set_updated_at()'::regprocedure
    loop
      execute format('drop trigger %I on %s', v_trigger, v_table);
    end loop;
    execute format('create trigger %I before update on %s for each row execute function buzz_haven.set_updated_at()',
      v_name || '_set_updated_at', v_table);
    execute format('comment on trigger %I on %s is %L', v_name || '_set_updated_at', v_table, 'Made by buzz_haven.keep_updated_at');
  end loop;
end;
$function$;

CREATE OR REPLACE FUNCTION buzz_haven.manage_resource (
  p_table                 regclass,
  p_noun                  text,
  p_title_column          text,
  p_second_factor_deletes boolean  DEFAULT true
)
  RETURNS void
  LANGUAGE plpgsql
  SET search_path TO ''
  AS $function$
declare
  v_schema name;
  v_name name;
  v_trigger name;
begin
  select n.nspname, c.relname into v_schema, v_name
  from pg_catalog.pg_class as c join pg_catalog.pg_namespace as n on n.oid = c.relnamespace
  where c.oid = p_table and c.relkind in ('r', 'p');
  if v_schema is distinct from 'buzz_haven' then
    raise exception 'manage_resource: % is not a table in schema buzz_haven', p_table using errcode = '22023';
  end if;
  if coalesce(btrim(p_noun), '') = '' then
    raise exception 'manage_resource: % needs a noun for its activity log', p_table using errcode = '22023';
  end if;
  if not exists (
    select 1 from pg_catalog.pg_attribute as a where a.attrelid = p_table and a.attname = p_title_column and a.attnum > 0 and not a.attisdropped
  ) or not exists (
    select 1 from pg_catalog.pg_attribute as a where a.attrelid = p_table and a.attname = 'id' and a.atttypid = 'uuid'::regtype and not a.attisdropped
  ) then
    raise exception 'manage_resource: % needs a uuid column id and the title column %', p_table, coalesce(p_title_column, '(none)')
      using errcode = '22023';
  end if;

  if exists (select 1 from pg_catalog.pg_attribute as a where a.attrelid = p_table and a.attname = 'updated_at' and not a.attisdropped) then
    perform buzz_haven.keep_updated_at(p_table);
  end if;

  for v_trigger in
    select t.tgname from pg_catalog.pg_trigger as t where t.tgrelid = p_table and t.tgfoid = 'buzz_haven.log_activity()'::regprocedure
  loop
    execute format('drop trigger %I on %s', v_trigger, p_table);
  end loop;
  execute format(
    'create trigger %I after insert or update or delete on %s for each row execute function buzz_haven.log_activity(%L, %L)',
    v_name || '_log_activity', p_table, btrim(p_noun), p_title_column);
  execute format('comment on trigger %I on %s is %L', v_name || '_log_activity', p_table, 'Made by buzz_haven.manage_resource');

  perform buzz_haven.explain_constraints_of(p_table);

  if p_second_factor_deletes then
    perform buzz_haven.require_second_factor_for_deletes(p_table);
  end if;
end;
$function$;

COMMENT ON FUNCTION "buzz_haven"."keep_updated_at"(regclass[]) IS 'Gives each buzz_haven table its updated_at trigger (the only way one is made).';

COMMENT ON TRIGGER "adopt_gift_terms_log_activity" ON "buzz_haven"."adopt_gift_terms" IS 'Made by buzz_haven.manage_resource';

COMMENT ON TRIGGER "adopt_gift_terms_set_updated_at" ON "buzz_haven"."adopt_gift_terms" IS 'Made by buzz_haven.keep_updated_at';

COMMENT ON TRIGGER "adopt_tiers_log_activity" ON "buzz_haven"."adopt_tiers" IS 'Made by buzz_haven.manage_resource';

COMMENT ON TRIGGER "adopt_tiers_set_updated_at" ON "buzz_haven"."adopt_tiers" IS 'Made by buzz_haven.keep_updated_at';

COMMENT ON TRIGGER "adoption_billing_set_updated_at" ON "buzz_haven"."adoption_billing" IS 'Made by buzz_haven.keep_updated_at';

COMMENT ON TRIGGER "adoption_invoices_set_updated_at" ON "buzz_haven"."adoption_invoices" IS 'Made by buzz_haven.keep_updated_at';

COMMENT ON TRIGGER "adoption_requests_log_activity" ON "buzz_haven"."adoption_requests" IS 'Made by buzz_haven.manage_resource';

COMMENT ON TRIGGER "adoption_requests_set_updated_at" ON "buzz_haven"."adoption_requests" IS 'Made by buzz_haven.keep_updated_at';

COMMENT ON TRIGGER "art_designs_set_updated_at" ON "buzz_haven"."art_designs" IS 'Made by buzz_haven.keep_updated_at';

COMMENT ON TRIGGER "campaigns_set_updated_at" ON "buzz_haven"."campaigns" IS 'Made by buzz_haven.keep_updated_at';

COMMENT ON TRIGGER "contact_messages_log_activity" ON "buzz_haven"."contact_messages" IS 'Made by buzz_haven.manage_resource';

COMMENT ON TRIGGER "content_log_activity" ON "buzz_haven"."content" IS 'Made by buzz_haven.manage_resource';

COMMENT ON TRIGGER "event_registrations_log_activity" ON "buzz_haven"."event_registrations" IS 'Made by buzz_haven.manage_resource';

COMMENT ON TRIGGER "event_registrations_set_updated_at" ON "buzz_haven"."event_registrations" IS 'Made by buzz_haven.keep_updated_at';

COMMENT ON TRIGGER "events_log_activity" ON "buzz_haven"."events" IS 'Made by buzz_haven.manage_resource';

COMMENT ON TRIGGER "events_set_updated_at" ON "buzz_haven"."events" IS 'Made by buzz_haven.keep_updated_at';

COMMENT ON TRIGGER "hive_inspections_log_activity" ON "buzz_haven"."hive_inspections" IS 'Made by buzz_haven.manage_resource';

COMMENT ON TRIGGER "hive_inspections_set_updated_at" ON "buzz_haven"."hive_inspections" IS 'Made by buzz_haven.keep_updated_at';

COMMENT ON TRIGGER "hive_wraps_log_activity" ON "buzz_haven"."hive_wraps" IS 'Made by buzz_haven.manage_resource';

COMMENT ON TRIGGER "hive_wraps_set_updated_at" ON "buzz_haven"."hive_wraps" IS 'Made by buzz_haven.keep_updated_at';

COMMENT ON TRIGGER "hives_log_activity" ON "buzz_haven"."hives" IS 'Made by buzz_haven.manage_resource';

COMMENT ON TRIGGER "hives_set_updated_at" ON "buzz_haven"."hives" IS 'Made by buzz_haven.keep_updated_at';

COMMENT ON TRIGGER "honey_batches_log_activity" ON "buzz_haven"."honey_batches" IS 'Made by buzz_haven.manage_resource';

COMMENT ON TRIGGER "honey_batches_set_updated_at" ON "buzz_haven"."honey_batches" IS 'Made by buzz_haven.keep_updated_at';

COMMENT ON TRIGGER "honey_harvests_log_activity" ON "buzz_haven"."honey_harvests" IS 'Made by buzz_haven.manage_resource';

COMMENT ON TRIGGER "honey_harvests_set_updated_at" ON "buzz_haven"."honey_harvests" IS 'Made by buzz_haven.keep_updated_at';

COMMENT ON TRIGGER "host_applications_log_activity" ON "buzz_haven"."host_applications" IS 'Made by buzz_haven.manage_resource';

COMMENT ON TRIGGER "host_applications_set_updated_at" ON "buzz_haven"."host_applications" IS 'Made by buzz_haven.keep_updated_at';

COMMENT ON TRIGGER "host_yard_minimum_log_activity" ON "buzz_haven"."host_yard_minimum" IS 'Made by buzz_haven.manage_resource';

COMMENT ON TRIGGER "host_yard_minimum_set_updated_at" ON "buzz_haven"."host_yard_minimum" IS 'Made by buzz_haven.keep_updated_at';

COMMENT ON TRIGGER "hosting_plans_log_activity" ON "buzz_haven"."hosting_plans" IS 'Made by buzz_haven.manage_resource';

COMMENT ON TRIGGER "hosting_plans_set_updated_at" ON "buzz_haven"."hosting_plans" IS 'Made by buzz_haven.keep_updated_at';

COMMENT ON TRIGGER "media_log_activity" ON "buzz_haven"."media" IS 'Made by buzz_haven.manage_resource';

COMMENT ON TRIGGER "media_set_updated_at" ON "buzz_haven"."media" IS 'Made by buzz_haven.keep_updated_at';

COMMENT ON TRIGGER "neighbourhoods_log_activity" ON "buzz_haven"."neighbourhoods" IS 'Made by buzz_haven.manage_resource';

COMMENT ON TRIGGER "neighbourhoods_set_updated_at" ON "buzz_haven"."neighbourhoods" IS 'Made by buzz_haven.keep_updated_at';

COMMENT ON TRIGGER "orders_log_activity" ON "buzz_haven"."orders" IS 'Made by buzz_haven.manage_resource';

COMMENT ON TRIGGER "orders_set_updated_at" ON "buzz_haven"."orders" IS 'Made by buzz_haven.keep_updated_at';

COMMENT ON TRIGGER "outbox_messages_set_updated_at" ON "buzz_haven"."outbox_messages" IS 'Made by buzz_haven.keep_updated_at';

COMMENT ON TRIGGER "payment_settings_log_activity" ON "buzz_haven"."payment_settings" IS 'Made by buzz_haven.manage_resource';

COMMENT ON TRIGGER "payment_settings_set_updated_at" ON "buzz_haven"."payment_settings" IS 'Made by buzz_haven.keep_updated_at';

COMMENT ON TRIGGER "payments_set_updated_at" ON "buzz_haven"."payments" IS 'Made by buzz_haven.keep_updated_at';

COMMENT ON TRIGGER "products_log_activity" ON "buzz_haven"."products" IS 'Made by buzz_haven.manage_resource';

COMMENT ON TRIGGER "products_set_updated_at" ON "buzz_haven"."products" IS 'Made by buzz_haven.keep_updated_at';

COMMENT ON TRIGGER "service_area_zips_log_activity" ON "buzz_haven"."service_area_zips" IS 'Made by buzz_haven.manage_resource';

COMMENT ON TRIGGER "service_area_zips_set_updated_at" ON "buzz_haven"."service_area_zips" IS 'Made by buzz_haven.keep_updated_at';

COMMENT ON TRIGGER "shipping_rates_log_activity" ON "buzz_haven"."shipping_rates" IS 'Made by buzz_haven.manage_resource';

COMMENT ON TRIGGER "shipping_rates_set_updated_at" ON "buzz_haven"."shipping_rates" IS 'Made by buzz_haven.keep_updated_at';

COMMENT ON TRIGGER "swarm_fee_log_activity" ON "buzz_haven"."swarm_fee" IS 'Made by buzz_haven.manage_resource';

COMMENT ON TRIGGER "swarm_fee_set_updated_at" ON "buzz_haven"."swarm_fee" IS 'Made by buzz_haven.keep_updated_at';

COMMENT ON TRIGGER "swarm_reports_log_activity" ON "buzz_haven"."swarm_reports" IS 'Made by buzz_haven.manage_resource';

COMMENT ON TRIGGER "swarm_reports_set_updated_at" ON "buzz_haven"."swarm_reports" IS 'Made by buzz_haven.keep_updated_at';

COMMENT ON TRIGGER "users_log_activity" ON "buzz_haven"."users" IS 'Made by buzz_haven.manage_resource';

COMMENT ON TRIGGER "volunteer_signups_log_activity" ON "buzz_haven"."volunteer_signups" IS 'Made by buzz_haven.manage_resource';

COMMENT ON TRIGGER "volunteer_signups_set_updated_at" ON "buzz_haven"."volunteer_signups" IS 'Made by buzz_haven.keep_updated_at';

COMMENT ON TRIGGER "workshop_offerings_log_activity" ON "buzz_haven"."workshop_offerings" IS 'Made by buzz_haven.manage_resource';

COMMENT ON TRIGGER "workshop_offerings_set_updated_at" ON "buzz_haven"."workshop_offerings" IS 'Made by buzz_haven.keep_updated_at';

revoke all on function buzz_haven.keep_updated_at(regclass[]) from public, anon, authenticated;
