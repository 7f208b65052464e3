-- Buzz Haven: the adoption requests list shows open requests first and the request's language
-- together, and a campaign is created in one call with its optional Spanish words.

set check_function_bodies = false;

DROP FUNCTION "public"."create_buzz_haven_campaign"(text, text, text, text);

DROP FUNCTION "public"."get_buzz_haven_adoption_requests"();

DROP VIEW "buzz_haven_lists"."adoption_requests";

CREATE OR REPLACE FUNCTION public.create_buzz_haven_campaign (
  p_subject    text DEFAULT NULL::text,
  p_body       text DEFAULT NULL::text,
  p_subject_es text DEFAULT NULL::text,
  p_body_es    text DEFAULT NULL::text
)
  RETURNS buzz_haven.campaigns
  LANGUAGE sql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$ select buzz_haven.create_row(null::buzz_haven.campaigns, jsonb_build_object('subject', btrim(p_subject),
  'body', p_body, 'subject_es', nullif(btrim(p_subject_es), ''), 'body_es', nullif(p_body_es, '')),
  p_check => 'buzz_haven.check_campaign') $function$;

CREATE VIEW "buzz_haven_lists"."adoption_requests" AS  SELECT a.id,
    a.tier,
    a.plan,
    a.monthly_price,
    a.name,
    a.email,
    a.recipient_name,
    a.recipient_email,
    a.message,
    a.hive_id,
    a.status,
    a.staff_notes,
    a.created_at,
    a.updated_at,
    a.locale,
    b.state AS billing_state,
    b.mode AS billing_mode,
    b.amount AS billing_amount,
    b.current_period_end,
    b.paid_until,
    b.stripe_customer,
    b.stripe_subscription,
    ( SELECT (count(*))::integer AS count
           FROM buzz_haven.adoption_invoices i
          WHERE ((i.adoption_id = a.id) AND (i.status = 'paid'::text))) AS invoices_paid,
    (a.status = 'new'::text) AS is_open
   FROM (buzz_haven.adoption_requests a
     LEFT JOIN buzz_haven.adoption_billing b ON ((b.adoption_id = a.id)))
  WHERE buzz_haven_lists.staff_only();

CREATE OR REPLACE FUNCTION public.get_buzz_haven_adoption_requests()
  RETURNS SETOF buzz_haven_lists.adoption_requests
  LANGUAGE sql
  STABLE
  AS $function$ select * from buzz_haven_lists.adoption_requests $function$;

REVOKE ALL ON FUNCTION "public"."create_buzz_haven_campaign"(text, text, text, text) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."create_buzz_haven_campaign"(text, text, text, text) TO "anon", "authenticated", "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."get_buzz_haven_adoption_requests"() FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."get_buzz_haven_adoption_requests"() TO "anon", "authenticated", "postgres", "service_role";

GRANT SELECT ON TABLE "buzz_haven_lists"."adoption_requests" TO "anon", "authenticated";

GRANT DELETE, INSERT, REFERENCES, SELECT, TRIGGER, TRUNCATE, UPDATE ON TABLE "buzz_haven_lists"."adoption_requests" TO "postgres";

GRANT SELECT ON TABLE "buzz_haven_lists"."adoption_requests" TO "service_role";
