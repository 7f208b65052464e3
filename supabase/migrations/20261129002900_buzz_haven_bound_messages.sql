-- Buzz Haven: each bound stands once, in its CHECK. A constraint_messages row of a length or
-- range CHECK, or of the NOT NULL column it bounds, keeps its words but says the bound with %s
-- (buzz_haven.say_bounds fills them from buzz_haven.check_bounds; '$%s' says cents in dollars),
-- in English and Spanish, so every message a write fails with reads as before. hives.host_email
-- keeps the e-mail domain's one bound (254) instead of a CHECK of its own that said 320.

set check_function_bodies = false;

ALTER TABLE "buzz_haven"."hives"
  DROP CONSTRAINT "hives_host_email_length";

CREATE OR REPLACE FUNCTION buzz_haven.check_bounds (
  p_constraint oid
)
  RETURNS text[]
  LANGUAGE sql
  STABLE
  SET search_path TO ''
  AS $function$
  select coalesce(
    -- '(n >= 0)', '(lat >= ('-85'::integer)::numeric)', '(x <= (85)::numeric)'
    pg_catalog.regexp_match(d.def,
      '^CHECK \(\(\(\w+ >= \(*''?(-?[0-9.]+)''?(?:::\w+)?\)?(?:::\w+)?\) AND \(\w+ <= \(*''?(-?[0-9.]+)''?(?:::\w+)?\)?(?:::\w+)?\)\)\)$'),
    pg_catalog.regexp_match(d.def, 'char_length\((?:btrim\()?\w+\)?\) <= (\d+)\)'))
  from (select pg_catalog.pg_get_constraintdef(c.oid) as def from pg_catalog.pg_constraint as c
        where c.oid = p_constraint and c.contype = 'c' and pg_catalog.array_length(c.conkey, 1) = 1) as d
$function$;

CREATE OR REPLACE FUNCTION buzz_haven.check_honey (
  p_lb numeric
)
  RETURNS void
  LANGUAGE plpgsql
  STABLE
  SET search_path TO ''
  AS $function$
begin
  if abs(p_lb) >= 100000 then
    raise exception using errcode = '23514', constraint = 'hive_inspections_honey_harvested_lb_range',
      message = (select buzz_haven.constraint_message(c.oid) from pg_catalog.pg_constraint as c
                 where c.conrelid = 'buzz_haven.hive_inspections'::regclass and c.conname = 'hive_inspections_honey_harvested_lb_range'),
      detail = pg_catalog.json_build_object('field', 'honey_harvested_lb', 'constraint', 'hive_inspections_honey_harvested_lb_range')::text;
  end if;
  perform buzz_haven.check_input(p_lb is null or p_lb = round(p_lb, 1), 'Honey harvested takes one decimal at most');
end;
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
  select buzz_haven.say_bounds(coalesce(
    (select m.message from buzz_haven.constraint_messages as m join pg_catalog.pg_constraint as c on c.conname = m.constraint_name
     where c.oid = p_constraint and m.locale = buzz_haven.request_locale()),
    (select buzz_haven.derived_message(p_constraint) from pg_catalog.pg_constraint as c
     join pg_catalog.pg_trigger as t on t.tgrelid = c.conrelid and t.tgfoid = 'buzz_haven.explain_constraints()'::regprocedure
     where c.oid = p_constraint and t.tgnargs = 1 and not exists (select 1 from buzz_haven.constraint_messages as m
       where m.constraint_name = c.conname and m.locale = 'en')),
    (select m.message from buzz_haven.constraint_messages as m join pg_catalog.pg_constraint as c on c.conname = m.constraint_name
     where c.oid = p_constraint and m.locale = 'en')), buzz_haven.check_bounds(p_constraint))
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
  v_column name;
  v_label text;
  v_match text[];
  v_values text[];
  v_locale text := buzz_haven.request_locale();
begin
  select pg_catalog.pg_get_constraintdef(c.oid), a.attname into v_def, v_column
  from pg_catalog.pg_constraint as c
  join pg_catalog.pg_attribute as a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
  where c.oid = p_constraint and c.contype = 'c' and pg_catalog.array_length(c.conkey, 1) = 1;
  v_label := coalesce((select w.words from buzz_haven.column_words as w
    where w.column_name = v_column and w.value = '' and w.locale = v_locale), buzz_haven.column_label(v_column));
  if v_def ~ '^CHECK \(\(char_length\(\w+\) <= \d+\)\)$'
    or v_def ~ '^CHECK \(\(\(char_length\(\w+\) >= 1\) AND \(char_length\(\w+\) <= \d+\)\)\)$' then
    return buzz_haven.say_bounds(pg_catalog.format(buzz_haven.rule_message('derived_too_long'), v_label, '%s'),
      buzz_haven.check_bounds(p_constraint));
  end if;
  if pg_catalog.cardinality(buzz_haven.check_bounds(p_constraint)) = 2 then
    return buzz_haven.say_bounds(pg_catalog.format(buzz_haven.rule_message('derived_between'), v_label, '%s', '%s'),
      buzz_haven.check_bounds(p_constraint));
  end if;
  v_match := pg_catalog.regexp_match(v_def, '^CHECK \(\(\w+ = ANY \(ARRAY\[(.*)\]\)\)\)$');
  if v_match is not null then
    select pg_catalog.array_agg(coalesce(w.words, pg_catalog.replace(m[1], '''''', '''')) order by n) into v_values
    from pg_catalog.regexp_matches(v_match[1], '''((?:[^'']|'''')*)''::text', 'g') with ordinality as t (m, n)
    left join buzz_haven.column_words as w
      on w.column_name = v_column and w.value = pg_catalog.replace(m[1], '''''', '''') and w.locale = v_locale;
    return pg_catalog.format(buzz_haven.rule_message('derived_one_of'), v_label, buzz_haven.join_or(v_values));
  end if;
  return null;
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
    cross join lateral (select tg_table_name || '_' || a.attname || '_not_null' as constraint_name) as n
    cross join lateral (select buzz_haven.rule_message(n.constraint_name) as words) as w
    -- a NOT NULL row's %s say the bound of its column's CHECK, as that CHECK's row does
    cross join lateral (select n.constraint_name, case when w.words not like '%\%s%' then w.words
      else buzz_haven.say_bounds(w.words, (select buzz_haven.check_bounds(c.oid) from pg_catalog.pg_constraint as c
        where c.conrelid = tg_relid and c.contype = 'c' and c.conkey = array[a.attnum] and buzz_haven.check_bounds(c.oid) is not null
        order by c.conname limit 1)) end as message) as m
    where a.attrelid = tg_relid and a.attnotnull and a.attnum > 0 and not a.attisdropped and m.message is not null
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

CREATE OR REPLACE FUNCTION buzz_haven.say_bounds (
  p_message text,
  p_bounds  text[]
)
  RETURNS text
  LANGUAGE plpgsql
  IMMUTABLE
  SET search_path TO ''
  AS $function$
declare
  v_parts text[] := pg_catalog.string_to_array(p_message, '%s');
  v_out text := v_parts[1];
begin
  if p_message is null or p_bounds is null or pg_catalog.cardinality(v_parts) < 2 then
    return p_message;
  end if;
  for i in 2 .. pg_catalog.cardinality(v_parts) loop
    v_out := v_out || case
      when i - 1 > pg_catalog.cardinality(p_bounds) then '%s'
      when pg_catalog.right(v_parts[i - 1], 1) = '$' then pg_catalog.to_char(p_bounds[i - 1]::numeric / 100, 'FM999,999,999,990')
      else p_bounds[i - 1] end || v_parts[i];
  end loop;
  return v_out;
end;
$function$;

REVOKE ALL ON FUNCTION "buzz_haven"."check_bounds"(oid) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "buzz_haven"."check_bounds"(oid) TO "postgres";

REVOKE ALL ON FUNCTION "buzz_haven"."say_bounds"(text, text[]) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "buzz_haven"."say_bounds"(text, text[]) TO "postgres";

-- The rows of bound CHECKs, and of the NOT NULL columns they bound, keep their words and leave
-- the number to the CHECK (%s).
update buzz_haven.constraint_messages as m set message = v.message
from (values
  ('hive_wraps_notes_length', 'en', 'Notes are too long (%s characters at most)'),
  ('art_designs_title_line', 'en', 'The title is one line of at most %s characters'),
  ('art_designs_title_max_length', 'en', 'The title is one line of at most %s characters'),
  ('art_designs_statement_max_length', 'en', 'The statement is too long (%s characters at most)'),
  ('art_designs_artist_name_line', 'en', 'The name to credit is one line of at most %s characters'),
  ('art_designs_artist_name_max_length', 'en', 'The name to credit is one line of at most %s characters'),
  ('art_upload_settings_unchecked_minutes_range', 'en', 'An upload stays unchecked %s to %s minutes'),
  ('art_upload_settings_max_megapixels_range', 'en', 'The largest image to check is %s to %s megapixels'),
  ('adopt_tiers_slug_format', 'en', 'Slug must be lowercase words joined by hyphens (%s characters at most)'),
  ('adopt_tiers_slug_not_null', 'en', 'Slug must be lowercase words joined by hyphens (%s characters at most)'),
  ('adopt_tiers_monthly_price_range', 'en', 'Monthly price must be between $%s and $%s'),
  ('adopt_tiers_monthly_price_not_null', 'en', 'Monthly price must be between $%s and $%s'),
  ('adopt_tiers_sort_order_range', 'en', 'Order must be between %s and %s'),
  ('adopt_gift_terms_months_not_null', 'en', 'Months must be between %s and %s'),
  ('hosting_plans_slug_format', 'en', 'Slug must be lowercase words joined by hyphens (%s characters at most)'),
  ('hosting_plans_slug_not_null', 'en', 'Slug must be lowercase words joined by hyphens (%s characters at most)'),
  ('hosting_plans_yearly_price_range', 'en', 'Yearly price must be between $%s and $%s'),
  ('hosting_plans_yearly_price_not_null', 'en', 'Yearly price must be between $%s and $%s'),
  ('hosting_plans_sort_order_range', 'en', 'Order must be between %s and %s'),
  ('shipping_rates_price_range', 'en', 'Price must be between $%s and $%s'),
  ('shipping_rates_free_over_range', 'en', 'Free over must be between $%s and $%s'),
  ('host_yard_minimum_length_range', 'en', 'Length and width must be between %s and %s feet'),
  ('host_yard_minimum_width_range', 'en', 'Length and width must be between %s and %s feet'),
  ('service_area_zips_area_length', 'en', 'Area is required (%s characters at most)'),
  ('service_area_zips_area_max_length', 'en', 'Area is required (%s characters at most)'),
  ('service_area_zips_area_not_null', 'en', 'Area is required (%s characters at most)'),
  ('products_image_url_length', 'en', 'Image URL is too long (%s characters at most)'),
  ('products_sort_order_range', 'en', 'Order must be between %s and %s'),
  ('products_image_alt_length', 'en', 'Image alt text is too long (%s characters at most)'),
  ('media_storage_path_length', 'en', 'Storage path must be 1 to %s characters'),
  ('workshop_offerings_price_range', 'en', 'Price must be between $%s and $%s'),
  ('workshop_offerings_price_not_null', 'en', 'Price must be between $%s and $%s'),
  ('workshop_offerings_min_age_range', 'en', 'Ages must be between %s and %s'),
  ('workshop_offerings_max_age_range', 'en', 'Ages must be between %s and %s'),
  ('workshop_offerings_sort_order_range', 'en', 'Order must be between %s and %s'),
  ('workshop_offerings_slug_length', 'en', 'Offering is too long (%s characters at most)'),
  ('event_registrations_amount_owed_range', 'en', 'Amount owed must be between $%s and $%s'),
  ('rate_limits_client_range', 'en', 'Limits must be between %s and %s'),
  ('rate_limits_contact_range', 'en', 'Limits must be between %s and %s'),
  ('rate_limits_window_range', 'en', 'The window must be between %s and %s minutes'),
  ('hive_inspections_varroa_sample_size_range', 'en', 'Sample size must be between %s and %s bees'),
  ('hive_inspections_varroa_sample_size_not_null', 'en', 'Sample size must be between %s and %s bees'),
  ('hive_inspections_honey_harvested_lb_range', 'en', 'Honey harvested must be between %s and %s lb'),
  ('hive_inspections_notes_length', 'en', 'Notes are too long (%s characters at most)'),
  ('hive_inspections_share_note_length', 'en', 'The shared sentence is too long (%s characters at most)'),
  ('honey_harvests_weight_range', 'en', 'Weight must be between %s and %s lb'),
  ('honey_harvests_moisture_range', 'en', 'Moisture must be between %s% and %s%'),
  ('honey_harvests_floral_notes_length', 'en', 'Floral notes are too long (%s characters at most)'),
  ('hives_notes_length', 'en', 'Notes are too long (%s characters at most)'),
  ('honey_batches_jar_count_not_null', 'en', 'Jar count must be between %s and %s'),
  ('honey_batches_notes_length', 'en', 'Notes are too long (%s characters at most)'),
  ('orders_customer_name_length', 'en', 'Name is too long (%s characters at most)'),
  ('orders_customer_phone_length', 'en', 'Phone number is too long (%s characters at most)'),
  ('orders_address_line1_length', 'en', 'Address is too long (%s characters at most)'),
  ('orders_address_line2_length', 'en', 'Address line 2 is too long (%s characters at most)'),
  ('payment_settings_hold_places_per_email_range', 'en', 'Places held per e-mail must be between %s and %s'),
  ('payment_settings_hold_places_per_client_range', 'en', 'Places held per client must be between %s and %s'),
  ('payment_settings_hold_start_minutes_range', 'en', 'Minutes to start paying must be between %s and %s'),
  ('swarm_fee_fee_min_range', 'en', 'The fee must be between $%s and $%s'),
  ('swarm_fee_fee_max_range', 'en', 'The fee must be between $%s and $%s'),
  ('swarm_reports_phone_length', 'en', 'Phone number is too long (%s characters at most)'),
  ('host_applications_address_length', 'en', 'Street address is too long (%s characters at most)'),
  ('host_applications_yard_length_range', 'en', 'The yard''s length and width must be between %s and %s feet'),
  ('host_applications_yard_width_range', 'en', 'The yard''s length and width must be between %s and %s feet'),
  ('orders_customer_name_length', 'es', 'El nombre es demasiado largo (máximo %s caracteres)'),
  ('orders_customer_phone_length', 'es', 'El número de teléfono es demasiado largo (máximo %s caracteres)'),
  ('orders_address_line1_length', 'es', 'La dirección es demasiado larga (máximo %s caracteres)'),
  ('orders_address_line2_length', 'es', 'La línea 2 de la dirección es demasiado larga (máximo %s caracteres)'),
  ('event_registrations_amount_owed_range', 'es', 'El monto adeudado debe estar entre $%s y $%s'),
  ('swarm_reports_phone_length', 'es', 'El número de teléfono es demasiado largo (máximo %s caracteres)'),
  ('host_applications_address_length', 'es', 'La dirección es demasiado larga (máximo %s caracteres)'),
  ('host_applications_yard_length_range', 'es', 'El largo y el ancho del patio deben estar entre %s y %s pies'),
  ('host_applications_yard_width_range', 'es', 'El largo y el ancho del patio deben estar entre %s y %s pies'),
  ('art_designs_title_line', 'es', 'El título debe ser una sola línea de máximo %s caracteres'),
  ('art_designs_title_max_length', 'es', 'El título debe ser una sola línea de máximo %s caracteres'),
  ('art_designs_statement_max_length', 'es', 'La declaración es demasiado larga (máximo %s caracteres)'),
  ('art_designs_artist_name_line', 'es', 'El nombre para el crédito debe ser una sola línea de máximo %s caracteres'),
  ('art_designs_artist_name_max_length', 'es', 'El nombre para el crédito debe ser una sola línea de máximo %s caracteres'),
  ('varroa_settings_threshold_range', 'en', 'The threshold must be between %s and %s mites per 100 bees'),
  ('service_area_zips_zip_not_null', 'en', 'ZIP code must be %s digits'),
  ('host_applications_zip_not_null', 'en', 'ZIP code must be %s digits'),
  ('host_applications_zip_not_null', 'es', 'El código postal debe tener %s dígitos')
) as v (constraint_name, locale, message)
where m.constraint_name = v.constraint_name and m.locale = v.locale;
