-- Buzz Haven: <what changes and why, in words that stay true>

set check_function_bodies = false;

DROP FUNCTION "buzz_haven"."check_service_area_zip"(buzz_haven.service_area_zips);

DROP FUNCTION "public"."create_buzz_haven_adopt_gift_term"(integer);

DROP FUNCTION "public"."create_buzz_haven_adopt_tier"(text, integer, integer);

DROP FUNCTION "public"."create_buzz_haven_hosting_plan"(text, integer, integer);

DROP FUNCTION "public"."create_buzz_haven_service_area_zip"(text, text);

DROP FUNCTION "public"."update_buzz_haven_adopt_tier"(uuid, text, integer, integer, text[]);

DROP FUNCTION "public"."update_buzz_haven_host_yard_minimum"(uuid, integer, integer, text[]);

DROP FUNCTION "public"."update_buzz_haven_hosting_plan"(uuid, text, integer, integer, text[]);

DROP FUNCTION "public"."update_buzz_haven_service_area_zip"(uuid, text, text, text[]);

DROP FUNCTION "public"."update_buzz_haven_shipping_rate"(uuid, integer, integer, text[]);

CREATE OR REPLACE FUNCTION buzz_haven.change_row (
  p_row       anyelement,
  p_id        uuid,
  p_not_found text,
  p_values    jsonb,
  p_clear     text[]     DEFAULT '{}'::text[],
  p_clearable text[]     DEFAULT '{}'::text[],
  p_unique    text       DEFAULT NULL::text,
  p_taken     text       DEFAULT NULL::text
)
  RETURNS anyelement
  LANGUAGE plpgsql
  SET search_path TO ''
  AS $function$
declare
  v_given jsonb := pg_catalog.jsonb_strip_nulls(p_values);
  v_cleared jsonb := (select pg_catalog.jsonb_object_agg(c, null) from pg_catalog.unnest(p_clear) as c);
begin
  perform buzz_haven.require_role();
  perform buzz_haven.check_clear(p_clear, p_clearable, array(select pg_catalog.jsonb_object_keys(v_given)));
  p_row := buzz_haven.lock_row(p_row, p_id, p_not_found);
  p_row := pg_catalog.jsonb_populate_record(p_row, v_given || coalesce(v_cleared, '{}'));
  perform buzz_haven.explain_row(p_row);
  if p_unique is not null then
    perform buzz_haven.check_free(p_row, p_unique, p_taken);
  end if;
  return buzz_haven.update_row(p_row);
end;
$function$;

CREATE OR REPLACE FUNCTION buzz_haven.create_row (
  p_row    anyelement,
  p_values jsonb,
  p_unique text       DEFAULT NULL::text,
  p_taken  text       DEFAULT NULL::text
)
  RETURNS anyelement
  LANGUAGE plpgsql
  SET search_path TO ''
  AS $function$
begin
  perform buzz_haven.require_role();
  p_row := pg_catalog.jsonb_populate_record(p_row,
    pg_catalog.jsonb_build_object('id', pg_catalog.gen_random_uuid()) || pg_catalog.jsonb_strip_nulls(p_values));
  perform buzz_haven.explain_row(p_row);
  if p_unique is not null then
    perform buzz_haven.check_free(p_row, p_unique, p_taken);
  end if;
  return buzz_haven.insert_row(p_row);
end;
$function$;

CREATE OR REPLACE FUNCTION public.create_buzz_haven_adopt_gift_term (
  p_months integer
)
  RETURNS buzz_haven.adopt_gift_terms
  LANGUAGE sql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$ select buzz_haven.create_row(null::buzz_haven.adopt_gift_terms, jsonb_build_object('months', p_months),
  'months', 'This gift term is already offered') $function$;

CREATE OR REPLACE FUNCTION public.create_buzz_haven_adopt_tier (
  p_slug          text,
  p_monthly_price integer,
  p_sort_order    integer DEFAULT 0
)
  RETURNS buzz_haven.adopt_tiers
  LANGUAGE sql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$ select buzz_haven.create_row(null::buzz_haven.adopt_tiers, jsonb_build_object('slug', btrim(p_slug),
  'monthly_price', p_monthly_price, 'sort_order', p_sort_order), 'slug', 'Another tier has this slug') $function$;

CREATE OR REPLACE FUNCTION public.create_buzz_haven_hosting_plan (
  p_slug         text,
  p_yearly_price integer,
  p_sort_order   integer DEFAULT 0
)
  RETURNS buzz_haven.hosting_plans
  LANGUAGE sql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$ select buzz_haven.create_row(null::buzz_haven.hosting_plans, jsonb_build_object('slug', btrim(p_slug),
  'yearly_price', p_yearly_price, 'sort_order', p_sort_order), 'slug', 'Another plan has this slug') $function$;

CREATE OR REPLACE FUNCTION public.create_buzz_haven_service_area_zip (
  p_zip  text,
  p_area text
)
  RETURNS buzz_haven.service_area_zips
  LANGUAGE sql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$ select buzz_haven.create_row(null::buzz_haven.service_area_zips, jsonb_build_object('zip', btrim(p_zip),
  'area', btrim(p_area)), 'zip', 'This ZIP code is already in the service area') $function$;

CREATE OR REPLACE FUNCTION public.delete_buzz_haven_adopt_gift_term (
  p_id uuid
)
  RETURNS buzz_haven.adopt_gift_terms
  LANGUAGE sql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$ select buzz_haven.delete_row(null::buzz_haven.adopt_gift_terms, p_id, 'Gift term not found',
  'Only an owner or admin can delete gift terms') $function$;

CREATE OR REPLACE FUNCTION public.delete_buzz_haven_hosting_plan (
  p_id uuid
)
  RETURNS buzz_haven.hosting_plans
  LANGUAGE sql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$ select buzz_haven.delete_row(null::buzz_haven.hosting_plans, p_id, 'Hosting plan not found',
  'Only an owner or admin can delete hosting plans') $function$;

CREATE OR REPLACE FUNCTION public.delete_buzz_haven_service_area_zip (
  p_id uuid
)
  RETURNS buzz_haven.service_area_zips
  LANGUAGE sql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$ select buzz_haven.delete_row(null::buzz_haven.service_area_zips, p_id, 'Service area ZIP not found',
  'Only an owner or admin can remove a ZIP code from the service area') $function$;

CREATE OR REPLACE FUNCTION public.get_buzz_haven_host_yard_minimum()
  RETURNS SETOF buzz_haven.host_yard_minimum
  LANGUAGE sql
  STABLE
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$ select * from buzz_haven.host_yard_minimum $function$;

CREATE OR REPLACE FUNCTION public.update_buzz_haven_adopt_tier (
  p_id            uuid,
  p_slug          text    DEFAULT NULL::text,
  p_monthly_price integer DEFAULT NULL::integer,
  p_sort_order    integer DEFAULT NULL::integer,
  p_clear         text[]  DEFAULT '{}'::text[]
)
  RETURNS buzz_haven.adopt_tiers
  LANGUAGE sql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$ select buzz_haven.change_row(null::buzz_haven.adopt_tiers, p_id, 'Adoption tier not found',
  jsonb_build_object('slug', btrim(p_slug), 'monthly_price', p_monthly_price, 'sort_order', p_sort_order), p_clear,
  p_unique => 'slug', p_taken => 'Another tier has this slug') $function$;

CREATE OR REPLACE FUNCTION public.update_buzz_haven_host_yard_minimum (
  p_id        uuid,
  p_length_ft integer DEFAULT NULL::integer,
  p_width_ft  integer DEFAULT NULL::integer,
  p_clear     text[]  DEFAULT '{}'::text[]
)
  RETURNS buzz_haven.host_yard_minimum
  LANGUAGE sql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$ select buzz_haven.change_row(null::buzz_haven.host_yard_minimum, p_id, 'Yard minimum not found',
  jsonb_build_object('length_ft', p_length_ft, 'width_ft', p_width_ft), p_clear) $function$;

CREATE OR REPLACE FUNCTION public.update_buzz_haven_hosting_plan (
  p_id           uuid,
  p_slug         text    DEFAULT NULL::text,
  p_yearly_price integer DEFAULT NULL::integer,
  p_sort_order   integer DEFAULT NULL::integer,
  p_clear        text[]  DEFAULT '{}'::text[]
)
  RETURNS buzz_haven.hosting_plans
  LANGUAGE sql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$ select buzz_haven.change_row(null::buzz_haven.hosting_plans, p_id, 'Hosting plan not found',
  jsonb_build_object('slug', btrim(p_slug), 'yearly_price', p_yearly_price, 'sort_order', p_sort_order), p_clear,
  p_unique => 'slug', p_taken => 'Another plan has this slug') $function$;

CREATE OR REPLACE FUNCTION public.update_buzz_haven_service_area_zip (
  p_id    uuid,
  p_zip   text   DEFAULT NULL::text,
  p_area  text   DEFAULT NULL::text,
  p_clear text[] DEFAULT '{}'::text[]
)
  RETURNS buzz_haven.service_area_zips
  LANGUAGE sql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$ select buzz_haven.change_row(null::buzz_haven.service_area_zips, p_id, 'Service area ZIP not found',
  jsonb_build_object('zip', btrim(p_zip), 'area', btrim(p_area)), p_clear,
  p_unique => 'zip', p_taken => 'This ZIP code is already in the service area') $function$;

CREATE OR REPLACE FUNCTION public.update_buzz_haven_shipping_rate (
  p_id        uuid,
  p_price     integer DEFAULT NULL::integer,
  p_free_over integer DEFAULT NULL::integer,
  p_clear     text[]  DEFAULT '{}'::text[]
)
  RETURNS buzz_haven.shipping_rates
  LANGUAGE sql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$ select buzz_haven.change_row(null::buzz_haven.shipping_rates, p_id, 'Shipping rate not found',
  jsonb_build_object('price', p_price, 'free_over', p_free_over), p_clear, p_clearable => '{free_over}') $function$;

REVOKE ALL ON FUNCTION "buzz_haven"."change_row"(anyelement, uuid, text, jsonb, text[], text[], text, text) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "buzz_haven"."change_row"(anyelement, uuid, text, jsonb, text[], text[], text, text) TO "postgres";

REVOKE ALL ON FUNCTION "buzz_haven"."create_row"(anyelement, jsonb, text, text) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "buzz_haven"."create_row"(anyelement, jsonb, text, text) TO "postgres";

REVOKE ALL ON FUNCTION "public"."create_buzz_haven_adopt_gift_term"(integer) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."create_buzz_haven_adopt_gift_term"(integer) TO "anon", "authenticated", "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."create_buzz_haven_adopt_tier"(text, integer, integer) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."create_buzz_haven_adopt_tier"(text, integer, integer) TO "anon", "authenticated", "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."create_buzz_haven_hosting_plan"(text, integer, integer) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."create_buzz_haven_hosting_plan"(text, integer, integer) TO "anon", "authenticated", "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."create_buzz_haven_service_area_zip"(text, text) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."create_buzz_haven_service_area_zip"(text, text) TO "anon", "authenticated", "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."update_buzz_haven_adopt_tier"(uuid, text, integer, integer, text[]) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."update_buzz_haven_adopt_tier"(uuid, text, integer, integer, text[]) TO "anon", "authenticated", "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."update_buzz_haven_host_yard_minimum"(uuid, integer, integer, text[]) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."update_buzz_haven_host_yard_minimum"(uuid, integer, integer, text[]) TO "anon", "authenticated", "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."update_buzz_haven_hosting_plan"(uuid, text, integer, integer, text[]) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."update_buzz_haven_hosting_plan"(uuid, text, integer, integer, text[]) TO "anon", "authenticated", "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."update_buzz_haven_service_area_zip"(uuid, text, text, text[]) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."update_buzz_haven_service_area_zip"(uuid, text, text, text[]) TO "anon", "authenticated", "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."update_buzz_haven_shipping_rate"(uuid, integer, integer, text[]) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."update_buzz_haven_shipping_rate"(uuid, integer, integer, text[]) TO "anon", "authenticated", "postgres", "service_role";
