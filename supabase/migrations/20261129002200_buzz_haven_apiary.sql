-- Buzz Haven: the apiary. The varroa threshold staff read and owners change, and the dashboard's count of hives over it.

set check_function_bodies = false;

CREATE OR REPLACE FUNCTION public.get_buzz_haven_today (
  p_from timestamp with time zone DEFAULT now()
)
  RETURNS jsonb
  LANGUAGE plpgsql
  STABLE
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
declare
  v_month timestamptz := date_trunc('month', p_from at time zone 'UTC') at time zone 'UTC';
  v_last timestamptz := v_month - interval '1 month';
begin
  perform buzz_haven.require_role();
  return jsonb_build_object(
    'orders_to_confirm', (select count(*) from buzz_haven.orders where status = 'new'),
    'orders_awaiting_payment', (select count(*) from buzz_haven.orders where payment_state = 'awaiting_payment'),
    'swarm_open', (select count(*) from buzz_haven.swarm_reports where is_open),
    'swarm_oldest', (select min(created_at) from buzz_haven.swarm_reports where is_open),
    'visits_to_book', (select count(*) from buzz_haven.host_applications where status = 'new'),
    'designs_to_moderate', (select count(*) from buzz_haven.art_designs where status = 'pending'),
    'week_events', (select count(*) from buzz_haven.events
      where start_time >= p_from and start_time < p_from + interval '7 days' and status = 'scheduled'),
    'failed_emails', (select count(*) from buzz_haven.outbox_messages where state = 'dead'),
    -- the Hives list's varroa flag, so the card's number is the rows its link shows
    'hives_over_threshold', (select count(*) from buzz_haven_lists.hives as h where h.varroa_flag),
    'takings', jsonb_build_object(
      'this_month', buzz_haven.takings_between(v_month, v_month + interval '1 month'),
      'last_month', buzz_haven.takings_between(v_last, v_month)
    )
  );
end;
$function$;

CREATE OR REPLACE FUNCTION public.get_buzz_haven_varroa_settings()
  RETURNS SETOF buzz_haven.varroa_settings
  LANGUAGE sql
  STABLE
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
  select s.* from buzz_haven.varroa_settings as s where buzz_haven_lists.staff_only()
$function$;

CREATE OR REPLACE FUNCTION public.update_buzz_haven_varroa_settings (
  p_id                boolean,
  p_threshold_per_100 numeric DEFAULT NULL::numeric,
  p_clear             text[]  DEFAULT '{}'::text[]
)
  RETURNS buzz_haven.varroa_settings
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
declare
  v buzz_haven.varroa_settings;
begin
  perform buzz_haven.require_role(array['owner', 'admin'], 'Only an owner or admin can change the varroa threshold');
  perform buzz_haven.check_clear(coalesce(p_clear, '{}'), '{}', '{}');
  update buzz_haven.varroa_settings as s set threshold_per_100 = coalesce(p_threshold_per_100, s.threshold_per_100)
  where s.id = p_id returning s.* into v;
  if not found then
    raise exception 'Varroa settings not found' using errcode = 'PT404';
  end if;
  return v;
end;
$function$;

REVOKE ALL ON FUNCTION "public"."get_buzz_haven_varroa_settings"() FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."get_buzz_haven_varroa_settings"() TO "anon", "authenticated", "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."update_buzz_haven_varroa_settings"(boolean, numeric, text[]) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."update_buzz_haven_varroa_settings"(boolean, numeric, text[]) TO "anon", "authenticated", "postgres", "service_role";
