-- Buzz Haven: the back-office lists of products, hives and honey batches say which rows miss their Spanish.

set check_function_bodies = false;

DROP FUNCTION "public"."get_buzz_haven_hives"();

DROP VIEW "buzz_haven_lists"."hives";

DROP FUNCTION "public"."get_buzz_haven_honey_batches"();

DROP VIEW "buzz_haven_lists"."honey_batches";

DROP FUNCTION "public"."get_buzz_haven_products"();

DROP VIEW "buzz_haven_lists"."products";

CREATE OR REPLACE FUNCTION buzz_haven_lists.needs_spanish (
  p_english text,
  p_spanish text
)
  RETURNS boolean
  LANGUAGE sql
  IMMUTABLE
  SET search_path TO ''
  AS $function$ select coalesce(btrim(p_english), '') <> '' and coalesce(btrim(p_spanish), '') = '' $function$;

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
    buzz_haven_lists.varroa_flagged(h.id, mites.per_100, mites.inspected_on) AS varroa_flag,
    h.sign_code,
    h.name_es,
    buzz_haven_lists.needs_spanish(h.name, h.name_es) AS spanish_missing
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

CREATE VIEW "buzz_haven_lists"."honey_batches" AS  SELECT b.id,
    b.code,
    b.product_id,
    b.jar_count,
    b.bottled_on,
    b.net_weight,
    b.notes,
    b.published,
    b.created_at,
    b.updated_at,
    b.notes_es,
    buzz_haven_lists.needs_spanish(b.notes, b.notes_es) AS spanish_missing
   FROM buzz_haven.honey_batches b
  WHERE buzz_haven_lists.staff_only();

CREATE OR REPLACE FUNCTION public.get_buzz_haven_honey_batches()
  RETURNS SETOF buzz_haven_lists.honey_batches
  LANGUAGE sql
  STABLE
  AS $function$ select * from buzz_haven_lists.honey_batches $function$;

CREATE VIEW "buzz_haven_lists"."products" AS  SELECT p.id,
    p.name,
    p.description,
    p.price,
    p.category,
    p.image_url,
    p.created_at,
    p.updated_at,
    p.is_public,
    p.slug,
    p.size_label,
    p.section,
    p.featured,
    p.sort_order,
    p.image_alt,
    p.name_es,
    p.description_es,
    (buzz_haven_lists.needs_spanish(p.name, p.name_es) OR buzz_haven_lists.needs_spanish(p.description, p.description_es)) AS spanish_missing
   FROM buzz_haven.products p
  WHERE buzz_haven_lists.staff_only();

CREATE OR REPLACE FUNCTION public.get_buzz_haven_products()
  RETURNS SETOF buzz_haven_lists.products
  LANGUAGE sql
  STABLE
  AS $function$ select * from buzz_haven_lists.products $function$;

REVOKE ALL ON FUNCTION "buzz_haven_lists"."needs_spanish"(text, text) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "buzz_haven_lists"."needs_spanish"(text, text) TO "anon", "authenticated", "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."get_buzz_haven_hives"() FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."get_buzz_haven_hives"() TO "anon", "authenticated", "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."get_buzz_haven_honey_batches"() FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."get_buzz_haven_honey_batches"() TO "anon", "authenticated", "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."get_buzz_haven_products"() FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."get_buzz_haven_products"() TO "anon", "authenticated", "postgres", "service_role";

GRANT SELECT ON TABLE "buzz_haven_lists"."hives" TO "anon", "authenticated";

GRANT DELETE, INSERT, REFERENCES, SELECT, TRIGGER, TRUNCATE, UPDATE ON TABLE "buzz_haven_lists"."hives" TO "postgres";

GRANT SELECT ON TABLE "buzz_haven_lists"."hives" TO "service_role";

GRANT SELECT ON TABLE "buzz_haven_lists"."honey_batches" TO "anon", "authenticated";

GRANT DELETE, INSERT, REFERENCES, SELECT, TRIGGER, TRUNCATE, UPDATE ON TABLE "buzz_haven_lists"."honey_batches" TO "postgres";

GRANT SELECT ON TABLE "buzz_haven_lists"."honey_batches" TO "service_role";

GRANT SELECT ON TABLE "buzz_haven_lists"."products" TO "anon", "authenticated";

GRANT DELETE, INSERT, REFERENCES, SELECT, TRIGGER, TRUNCATE, UPDATE ON TABLE "buzz_haven_lists"."products" TO "postgres";

GRANT SELECT ON TABLE "buzz_haven_lists"."products" TO "service_role";
