-- Buzz Haven: a visit report goes in the language its adopter adopted in, with the hive's Spanish name.

set check_function_bodies = false;

DROP FUNCTION "buzz_haven"."hive_people"(uuid);

CREATE OR REPLACE FUNCTION buzz_haven.hive_people (
  p_hive_id uuid
)
  RETURNS TABLE (
    email  text,
    name   text,
    locale text
  )
  LANGUAGE sql
  STABLE
  SET search_path TO ''
  AS $function$
  select distinct on (lower(p.email)) lower(p.email), p.name, p.locale
  from (
    -- A host's language is not recorded on the hive: null, the sender's default.
    select h.host_email::text as email, coalesce(h.host_display_name, h.host) as name, null::text as locale, 0 as rank
    from buzz_haven.hives as h where h.id = p_hive_id and h.host_email is not null
    union all
    select coalesce(a.recipient_email, a.email)::text,
      case when a.recipient_email is not null then a.recipient_name else a.name end, a.locale, 1
    from buzz_haven.adoption_requests as a where a.hive_id = p_hive_id and a.status = 'active'
  ) as p
  order by lower(p.email), p.rank
$function$;

CREATE OR REPLACE FUNCTION buzz_haven.queue_visit_reports()
  RETURNS TRIGGER
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
declare
  h buzz_haven.hives;
  person record;
  pref buzz_haven.visit_report_preferences;
begin
  if not buzz_haven.in_api_request() or not new.share or (tg_op = 'UPDATE' and old.share) then return null; end if;
  select * into h from buzz_haven.hives as x where x.id = new.hive_id;
  for person in select * from buzz_haven.hive_people(new.hive_id) loop
    pref := buzz_haven.visit_report_preference(person.email);
    continue when pref.stopped;
    perform buzz_haven.enqueue_message(
      case when h.status = 'dead_out' then 'visit_report_loss' else 'visit_report' end, person.email, person.name,
      jsonb_build_object('customer', jsonb_build_object('name', person.name),
        'visit', jsonb_build_object('id', new.id,
          'hive', case when person.locale = 'es' then coalesce(h.name_es, h.name) else h.name end,
          'date', new.inspected_on, 'note', new.share_note,
          'photo_url', new.share_photo_url, 'stop_token', pref.stop_token)),
      'visit_report.' || new.id || '.' || md5(person.email), 'hive_inspections', new.id, person.locale);
  end loop;
  return null;
end;
$function$;

REVOKE ALL ON FUNCTION "buzz_haven"."hive_people"(uuid) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "buzz_haven"."hive_people"(uuid) TO "postgres";
