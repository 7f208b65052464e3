-- Buzz Haven: the apiary. The varroa threshold staff read and owners change, and the dashboard's
-- count of hives over it. Visit reports: an inspection shared with the hive's people e-mails its
-- host and active adopters once (kinds visit_report and visit_report_loss), unless they stopped
-- them (visit_report_preferences, /my-hive's switch or the e-mail's one-click unsubscribe). Hive
-- signs: each hive's sign_code, the code of its QR label and of its public page /hive/<code>.
-- create_buzz_haven_inspection takes a client-made id and stores a record sent twice once.

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

ALTER TABLE "buzz_haven"."outbox_messages"
  DROP CONSTRAINT "outbox_messages_kind_known";

CREATE TABLE "buzz_haven"."visit_report_preferences" (
  "email"      buzz_haven.email         NOT NULL,
  "stop_token" uuid                     NOT NULL DEFAULT gen_random_uuid(),
  "stopped"    boolean                  NOT NULL DEFAULT false,
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  "updated_at" timestamp with time zone NOT NULL DEFAULT now(),
  CONSTRAINT "visit_report_preferences_email_lower" CHECK (((email)::text = lower((email)::text))),
  CONSTRAINT "visit_report_preferences_pkey" PRIMARY KEY (email),
  CONSTRAINT "visit_report_preferences_stop_token_key" UNIQUE (stop_token)
);

ALTER TABLE "buzz_haven"."visit_report_preferences"
  ENABLE ROW LEVEL SECURITY;

CREATE OR REPLACE FUNCTION buzz_haven.hive_people (
  p_hive_id uuid
)
  RETURNS TABLE (
    email text,
    name  text
  )
  LANGUAGE sql
  STABLE
  SET search_path TO ''
  AS $function$
  select distinct on (lower(p.email)) lower(p.email), p.name
  from (
    select h.host_email::text as email, coalesce(h.host_display_name, h.host) as name, 0 as rank
    from buzz_haven.hives as h where h.id = p_hive_id and h.host_email is not null
    union all
    select coalesce(a.recipient_email, a.email)::text,
      case when a.recipient_email is not null then a.recipient_name else a.name end, 1
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
        'visit', jsonb_build_object('id', new.id, 'hive', h.name, 'date', new.inspected_on, 'note', new.share_note,
          'photo_url', new.share_photo_url, 'stop_token', pref.stop_token)),
      'visit_report.' || new.id || '.' || md5(person.email), 'hive_inspections', new.id);
  end loop;
  return null;
end;
$function$;

CREATE OR REPLACE FUNCTION buzz_haven.visit_report_preference (
  p_email text
)
  RETURNS buzz_haven.visit_report_preferences
  LANGUAGE plpgsql
  SET search_path TO ''
  AS $function$
declare
  v buzz_haven.visit_report_preferences;
begin
  insert into buzz_haven.visit_report_preferences as p (email) values (lower(btrim(p_email)))
  on conflict (email) do nothing;
  select * into v from buzz_haven.visit_report_preferences as p where p.email = lower(btrim(p_email));
  return v;
end;
$function$;

CREATE OR REPLACE FUNCTION public.set_buzz_haven_my_visit_reports (
  p_receive boolean DEFAULT NULL::boolean
)
  RETURNS boolean
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
declare
  v_email text;
  v buzz_haven.visit_report_preferences;
begin
  -- refuses a session that did not sign in by an e-mailed link (anon included)
  v_email := buzz_haven.my_confirmed_email();
  if v_email is null then
    raise exception 'Confirm your e-mail address with the link we sent to see your hive' using errcode = '42501';
  end if;
  v := buzz_haven.visit_report_preference(v_email);
  if p_receive is not null and v.stopped = p_receive then
    update buzz_haven.visit_report_preferences as p set stopped = not p_receive where p.email = v_email
    returning p.* into v;
  end if;
  return not v.stopped;
end;
$function$;

CREATE OR REPLACE FUNCTION public.stop_buzz_haven_visit_reports (
  p_token uuid
)
  RETURNS boolean
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
begin
  update buzz_haven.visit_report_preferences as p set stopped = true where p.stop_token = p_token and not p.stopped;
  return true;
end;
$function$;

ALTER TABLE "buzz_haven"."outbox_messages"
  ADD CONSTRAINT "outbox_messages_kind_known"
    CHECK
    ((kind = ANY (ARRAY['order_received'::text, 'order_received_card'::text, 'swarm_report_received'::text, 'registration_confirmed'::text, 'registration_waitlisted'::text,
    'registration_promoted'::text,
    'registration_cancelled'::text,
    'registration_reminder'::text,
    'order_confirmed'::text,
    'order_ready'::text,
    'order_shipped'::text,
    'order_cancelled'::text,
    'adoption_received'::text,
    'adoption_accepted'::text,
    'adoption_paid'::text,
    'staff_swarm_alert'::text,
    'staff_order_alert'::text,
    'staff_registration_alert'::text,
    'staff_digest'::text,
    'newsletter_confirm'::text,
    'newsletter_campaign'::text, 'art_confirm'::text, 'art_approved'::text, 'art_declined'::text, 'art_vote_confirm'::text, 'visit_report'::text, 'visit_report_loss'::text])));

CREATE TRIGGER hive_inspections_queue_visit_reports
  AFTER INSERT OR UPDATE OF share ON buzz_haven.hive_inspections
  FOR EACH ROW
  EXECUTE FUNCTION buzz_haven.queue_visit_reports();

CREATE TRIGGER visit_report_preferences_set_updated_at
  BEFORE UPDATE ON buzz_haven.visit_report_preferences
  FOR EACH ROW
  EXECUTE FUNCTION buzz_haven.set_updated_at();

COMMENT ON TABLE "buzz_haven"."visit_report_preferences" IS 'Whether an address receives visit reports (shared inspections), and the token of its one-click unsubscribe.';

COMMENT ON TRIGGER "visit_report_preferences_set_updated_at" ON "buzz_haven"."visit_report_preferences" IS 'Made by buzz_haven.keep_updated_at';

REVOKE ALL ON FUNCTION "buzz_haven"."hive_people"(uuid) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "buzz_haven"."hive_people"(uuid) TO "postgres";

REVOKE ALL ON FUNCTION "buzz_haven"."queue_visit_reports"() FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "buzz_haven"."queue_visit_reports"() TO "postgres";

REVOKE ALL ON FUNCTION "buzz_haven"."visit_report_preference"(text) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "buzz_haven"."visit_report_preference"(text) TO "postgres";

REVOKE ALL ON FUNCTION "public"."set_buzz_haven_my_visit_reports"(boolean) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."set_buzz_haven_my_visit_reports"(boolean) TO "anon", "authenticated", "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."stop_buzz_haven_visit_reports"(uuid) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."stop_buzz_haven_visit_reports"(uuid) TO "anon", "authenticated", "postgres", "service_role";

GRANT DELETE, INSERT, REFERENCES, SELECT, TRIGGER, TRUNCATE, UPDATE ON TABLE "buzz_haven"."visit_report_preferences" TO "postgres";

-- Stored 'messages' documents get the two kinds' wording (a new database seeds it from
-- content/messages.yaml); a document that already has them keeps its own.
create function pg_temp.with_visit_reports(body jsonb) returns jsonb
language sql
immutable
as $$
  select case when body is null or body #> '{messages,visit_report}' is not null then body
  else jsonb_set(jsonb_set(body, '{messages,visit_report}', jsonb_build_object(
    'subject', 'News from {{visit.hive}}: our visit of {{visit.date}}',
    'body', E'Hello {{customer.name}},\n\nOur beekeeper visited {{visit.hive}} on {{visit.date}}. What we saw:\n\n{{visit.note}}\n\n{{visit.photo}}\n\nEvery shared visit, and your hive''s honey, are on your hive''s page: {{visit.link}}\n\nThe Buzz Haven team\n\nYou receive this because you host or adopt {{visit.hive}}. To stop these reports, switch them off on your hive''s page or use your mail app''s unsubscribe.')),
    '{messages,visit_report_loss}', jsonb_build_object(
    'subject', 'Sad news about {{visit.hive}}',
    'body', E'Hello {{customer.name}},\n\nWe are sorry to tell you that the colony of {{visit.hive}} did not make it. Our beekeeper found it on {{visit.date}}:\n\n{{visit.note}}\n\n{{visit.photo}}\n\nLosing a colony happens to every beekeeper, and we look for the cause so the next colony does better. If the hive gets a new colony, you will hear about it here. Your hive''s page: {{visit.link}}\n\nThe Buzz Haven team\n\nYou receive this because you host or adopt {{visit.hive}}. To stop these reports, switch them off on your hive''s page or use your mail app''s unsubscribe.'))
  end
$$;

update buzz_haven.content_documents as d
set draft = pg_temp.with_visit_reports(d.draft), published = pg_temp.with_visit_reports(d.published)
where d.key = 'messages';

-- Stored 'pages/my-hive' documents get the words of the visit reports' switch.
update buzz_haven.content_documents as d
set draft = case when d.draft ? 'visitReports' then d.draft else d.draft || jsonb_build_object('visitReports', w.words) end,
  published = case when d.published is null or d.published ? 'visitReports' then d.published
    else d.published || jsonb_build_object('visitReports', w.words) end
from (select jsonb_build_object(
  'heading', 'Visit reports by e-mail',
  'text', 'When our beekeepers share a visit to your hive, we e-mail you their note and photo.',
  'label', 'E-mail me after each shared visit',
  'saved', 'Saved.',
  'error', 'Your choice could not be saved. Please try again in a moment.') as words) as w
where d.key = 'pages/my-hive';

-- Hive signs: the code of each hive's QR label and the public facts of its sign page.

DROP FUNCTION "public"."get_buzz_haven_hives"();

DROP VIEW "buzz_haven_lists"."hives";

ALTER TABLE "buzz_haven"."hives"
  ADD COLUMN "sign_code" text NOT NULL DEFAULT upper("left"(replace((gen_random_uuid())::text, '-'::text, ''::text), 8));

CREATE OR REPLACE FUNCTION public.get_buzz_haven_public_hive_signs()
  RETURNS TABLE (
    id            uuid,
    sign_code     text,
    name          text,
    neighbourhood text,
    status        text,
    wrap          jsonb
  )
  LANGUAGE sql
  STABLE
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
  select h.id, h.sign_code, h.name, h.neighbourhood, h.status, buzz_haven.my_hive_wrap(h.id) - 'installed_on'
  from buzz_haven.hives as h where h.status <> 'retired' order by h.sign_code
$function$;

ALTER TABLE "buzz_haven"."hives"
  ADD CONSTRAINT "hives_sign_code_format" CHECK ((sign_code ~ '^[A-Z0-9]{4,12}$'::text));

ALTER TABLE "buzz_haven"."hives"
  ADD CONSTRAINT "hives_sign_code_key" UNIQUE (sign_code);

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
    h.sign_code
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

REVOKE ALL ON FUNCTION "public"."get_buzz_haven_hives"() FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."get_buzz_haven_hives"() TO "anon", "authenticated", "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."get_buzz_haven_public_hive_signs"() FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."get_buzz_haven_public_hive_signs"() TO "anon", "authenticated", "postgres", "service_role";

GRANT SELECT ON TABLE "buzz_haven_lists"."hives" TO "anon", "authenticated";

GRANT DELETE, INSERT, REFERENCES, SELECT, TRIGGER, TRUNCATE, UPDATE ON TABLE "buzz_haven_lists"."hives" TO "postgres";

GRANT SELECT ON TABLE "buzz_haven_lists"."hives" TO "service_role";

-- Stored 'pages/hives' documents get the words of the hive signs and their label sheet.
update buzz_haven.content_documents as d
set draft = case when d.draft ? 'sign' then d.draft else d.draft || jsonb_build_object('sign', w.words) end,
  published = case when d.published is null or d.published ? 'sign' then d.published
    else d.published || jsonb_build_object('sign', w.words) end
from (select '{"seo": {"title": "{name}, a painted hive", "description": "{name} is one of the Buzz Haven hives of East Hills: its art wrap, what its bees are doing this season and how to enjoy them safely."}, "eyebrow": "A Buzz Haven hive", "inNeighbourhood": "Kept by Buzz Haven in {neighbourhood}", "wrapHeading": "Its art wrap", "wrap": "\"{title}\" by {artist}", "noWrap": "This hive''s art wrap is coming soon.", "wrapAlt": "Hive wrap \"{title}\" by {artist}", "seasonHeading": "What the bees are doing this season", "seasons": {"spring": "The colony is growing fast. The queen lays up to 2,000 eggs a day, foragers bring in pollen from fruit trees and wildflowers, and a strong hive may swarm. If you see a cluster of bees on a branch, call our swarm hotline.", "summer": "The hive is at its busiest, with up to 50,000 bees. Foragers visit flowers within about three miles and the honey stores fill up. On hot days you may see bees fanning at the entrance to cool the hive.", "fall": "The colony gets ready for winter. Fewer bees fly, the drones are sent out, and the bees seal their honey stores. Our beekeepers harvest only what the colony can spare.", "winter": "The bees cluster around their queen to keep warm and live on the honey they stored. On mild, sunny days a few fly out for a cleansing flight. Please leave the hive closed and quiet."}, "resting": "This hive''s colony was lost. Our beekeepers look after the empty hive until new bees move in.", "behaveHeading": "How to enjoy a hive safely", "behave": ["Watch from a few steps away and to the side, never in front of the entrance where the bees fly.", "Move calmly. Do not swat at bees; a bee away from its hive is busy, not looking for trouble.", "Never touch, knock on or open the hive.", "Keep dogs and children close by.", "If you are allergic to bee stings, keep your distance and carry your medicine."], "mapLink": "See every painted hive on the map", "logInspection": "Log an inspection", "label": {"title": "Hive labels", "noteHeading": "Print on weatherproof labels.", "notePrint": "{count} hive labels, 10 a sheet ({paper}). Print at 100% (no scaling), then stick each label on its hive: the code on the label is the hive''s.", "paper": "Avery 5523 WeatherProof, 2 x 4 in", "sheet": "Sheet of hive labels", "scan": "Scan to meet these bees", "code": "Hive {code}", "qr": "QR code of {url}"}}'::jsonb as words) as w
where d.key = 'pages/hives';

-- An inspection sent again with its client-made id (a queue retried offline) is stored once.

DROP FUNCTION
  "public"."create_buzz_haven_inspection"(uuid, date, text, boolean, boolean, text, text, integer, integer, text, integer, numeric, text, boolean, text, text, text, integer);

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
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
declare
  v buzz_haven.hive_inspections;
begin
  perform buzz_haven.require_role();
  -- p_id: an id the client made, so a record sent again (a phone's queue retried after a lost
  -- answer) is stored once: a second call with the same id returns the stored row unchanged.
  select * into v from buzz_haven.hive_inspections as i where i.id = p_id;
  if found then return v; end if;
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
  insert into buzz_haven.hive_inspections as i (
    id, hive_id, inspected_on, inspector, queen_seen, eggs_seen, brood_pattern, temperament, frames_of_bees,
    varroa_count, treatment, supers_added, honey_harvested_lb, notes, share, share_note, share_photo_url, created_by,
    varroa_method, varroa_sample_size
  )
  values (
    coalesce(p_id, gen_random_uuid()), v.hive_id, v.inspected_on, v.inspector, v.queen_seen, v.eggs_seen, v.brood_pattern,
    v.temperament, v.frames_of_bees, v.varroa_count, v.treatment, v.supers_added, v.honey_harvested_lb, v.notes,
    v.share, v.share_note, v.share_photo_url,
    (select u.id from buzz_haven.users as u where u.auth_user_id = auth.uid()),
    v.varroa_method, v.varroa_sample_size
  )
  on conflict (id) do nothing
  returning i.* into v;
  if not found then -- the same id, sent at the same moment by another call
    select * into v from buzz_haven.hive_inspections as i where i.id = p_id;
  end if;
  return v;
end;
$function$;

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

-- The varroa threshold for the back office: staff read it, owners and admins change it.

CREATE VIEW "buzz_haven_lists"."varroa_settings" AS  SELECT (s.id)::text AS id,
    s.threshold_per_100
   FROM buzz_haven.varroa_settings s
  WHERE buzz_haven_lists.staff_only();

CREATE OR REPLACE FUNCTION public.get_buzz_haven_varroa_settings()
  RETURNS SETOF buzz_haven_lists.varroa_settings
  LANGUAGE sql
  STABLE
  AS $function$ select * from buzz_haven_lists.varroa_settings $function$;

CREATE OR REPLACE FUNCTION public.update_buzz_haven_varroa_settings (
  p_id                text,
  p_threshold_per_100 numeric DEFAULT NULL::numeric,
  p_clear             text[]  DEFAULT '{}'::text[]
)
  RETURNS buzz_haven_lists.varroa_settings
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
declare
  v buzz_haven_lists.varroa_settings;
begin
  perform buzz_haven.require_role(array['owner', 'admin'], 'Only an owner or admin can change the varroa threshold');
  perform buzz_haven.check_clear(coalesce(p_clear, '{}'), '{}', '{}');
  update buzz_haven.varroa_settings as s set threshold_per_100 = coalesce(p_threshold_per_100, s.threshold_per_100)
  where s.id::text = p_id returning s.id::text, s.threshold_per_100 into v;
  if not found then
    raise exception 'Varroa settings not found' using errcode = 'PT404';
  end if;
  return v;
end;
$function$;

REVOKE ALL ON FUNCTION "public"."get_buzz_haven_varroa_settings"() FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."get_buzz_haven_varroa_settings"() TO "anon", "authenticated", "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."update_buzz_haven_varroa_settings"(text, numeric, text[]) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."update_buzz_haven_varroa_settings"(text, numeric, text[]) TO "anon", "authenticated", "postgres", "service_role";

GRANT SELECT ON TABLE "buzz_haven_lists"."varroa_settings" TO "anon", "authenticated";

GRANT DELETE, INSERT, REFERENCES, SELECT, TRIGGER, TRUNCATE, UPDATE ON TABLE "buzz_haven_lists"."varroa_settings" TO "postgres";

GRANT SELECT ON TABLE "buzz_haven_lists"."varroa_settings" TO "service_role";
