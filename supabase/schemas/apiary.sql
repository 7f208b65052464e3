-- The apiary's people and signs. Visit reports: when staff share an inspection with the hive's
-- people, its host and its active adopters get one e-mail (the shared sentence, the photo, the
-- date, a link to /my-hive); each person may stop them, on /my-hive or by the e-mail's one-click
-- unsubscribe. Hive signs: the public facts of each hive for the page its QR label opens
-- (/hive/<sign_code>): never its address or position.
-- Declared whole (docs/database.md); applied after the areas hives/, requests/, messages/ and
-- art/, whose tables it names.
set check_function_bodies = false;

-- One row per address that has been sent a visit report (or chose on /my-hive): the token of its
-- one-click unsubscribe, and whether it stopped them. Addresses are kept lower case.
create table buzz_haven.visit_report_preferences (
  email buzz_haven.email primary key constraint visit_report_preferences_email_lower check (email = lower(email)),
  stop_token uuid not null default gen_random_uuid() constraint visit_report_preferences_stop_token_key unique,
  stopped boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table buzz_haven.visit_report_preferences is
  'Whether an address receives visit reports (shared inspections), and the token of its one-click unsubscribe.';
alter table buzz_haven.visit_report_preferences enable row level security;
revoke all on buzz_haven.visit_report_preferences from public, anon, authenticated;
select buzz_haven.keep_updated_at('buzz_haven.visit_report_preferences');

-- The address's row, made on first use; answers it.
create function buzz_haven.visit_report_preference(p_email text) returns buzz_haven.visit_report_preferences
language plpgsql set search_path = ''
as $$
declare
  v buzz_haven.visit_report_preferences;
begin
  insert into buzz_haven.visit_report_preferences as p (email) values (lower(btrim(p_email)))
  on conflict (email) do nothing;
  select * into v from buzz_haven.visit_report_preferences as p where p.email = lower(btrim(p_email));
  return v;
end;
$$;
revoke all on function buzz_haven.visit_report_preference(text) from public, anon, authenticated;

-- The hive's people: its host (hives.host_email) and the adopter of each active adoption of it (a
-- gift's recipient when their address is known, else the giver), one row per address.
create function buzz_haven.hive_people(p_hive_id uuid)
returns table (email text, name text, locale text) language sql stable set search_path = ''
as $$
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
$$;
revoke all on function buzz_haven.hive_people(uuid) from public, anon, authenticated;

-- An inspection becoming shared (created shared, or marked to share later) queues one report per
-- person who has not stopped them, in the language they adopted in (with the hive's Spanish name);
-- the key (inspection, address) makes it once per inspection whatever edits follow. A dead-out hive's report has its own wording (visit_report_loss).
create function buzz_haven.queue_visit_reports() returns trigger
language plpgsql security definer set search_path = '' -- reads hives and adoption_requests, writes outbox_messages and visit_report_preferences
as $$
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
$$;
revoke all on function buzz_haven.queue_visit_reports() from public, anon, authenticated;
create trigger hive_inspections_queue_visit_reports after insert or update of share on buzz_haven.hive_inspections
  for each row execute function buzz_haven.queue_visit_reports();

-- /my-hive's switch: whether the signed-in person (their proved address, as get_buzz_haven_my_hives
-- reads it) receives visit reports. p_receive null only reads it.
create function public.set_buzz_haven_my_visit_reports(p_receive boolean default null) returns boolean
language plpgsql security definer set search_path = '' -- writes visit_report_preferences, which the caller has no grant on
as $$
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
$$;

-- One-click unsubscribe (RFC 8058) of the report's List-Unsubscribe; true for any token, so it
-- tells nothing.
create function public.stop_buzz_haven_visit_reports(p_token uuid) returns boolean
language plpgsql security definer set search_path = '' -- updates visit_report_preferences
as $$
begin
  update buzz_haven.visit_report_preferences as p set stopped = true where p.stop_token = p_token and not p.stopped;
  return true;
end;
$$;

select buzz_haven.grant_api_execute('set_buzz_haven_my_visit_reports', 'stop_buzz_haven_visit_reports');

-- Stored 'messages' documents get the two kinds' wording (a new database seeds it from
-- content/messages.yaml); a document that already has them keeps its own.
create function pg_temp.with_visit_reports(body jsonb) returns jsonb
language sql immutable
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

-- The hive signs (anon: the site's build makes one static page per hive, /hive/<sign_code>): the
-- hive's name, neighbourhood and latest art wrap, and its id for staff's "Log an inspection" link.
-- Never the address (location), the coordinates, the host or the notes. Retired hives have none.
create function public.get_buzz_haven_public_hive_signs()
returns table (id uuid, sign_code text, name text, neighbourhood text, status text, wrap jsonb, name_es text)
language sql stable security definer set search_path = '' -- reads buzz_haven.hives and its wraps, which anon has no grant on
as $$
  select h.id, h.sign_code, h.name, h.neighbourhood, h.status, buzz_haven.my_hive_wrap(h.id) - 'installed_on', h.name_es
  from buzz_haven.hives as h where h.status <> 'retired' order by h.sign_code
$$;
select buzz_haven.grant_api_execute('get_buzz_haven_public_hive_signs');

-- Stored 'pages/hives' documents get the words of the hive signs and their label sheet.
update buzz_haven.content_documents as d
set draft = case when d.draft ? 'sign' then d.draft else d.draft || jsonb_build_object('sign', w.words) end,
  published = case when d.published is null or d.published ? 'sign' then d.published
    else d.published || jsonb_build_object('sign', w.words) end
from (select '{"seo": {"title": "{name}, a painted hive", "description": "{name} is one of the Buzz Haven hives of East Hills: its art wrap, what its bees are doing this season and how to enjoy them safely."}, "eyebrow": "A Buzz Haven hive", "inNeighbourhood": "Kept by Buzz Haven in {neighbourhood}", "wrapHeading": "Its art wrap", "wrap": "\"{title}\" by {artist}", "noWrap": "This hive''s art wrap is coming soon.", "wrapAlt": "Hive wrap \"{title}\" by {artist}", "seasonHeading": "What the bees are doing this season", "seasons": {"spring": "The colony is growing fast. The queen lays up to 2,000 eggs a day, foragers bring in pollen from fruit trees and wildflowers, and a strong hive may swarm. If you see a cluster of bees on a branch, call our swarm hotline.", "summer": "The hive is at its busiest, with up to 50,000 bees. Foragers visit flowers within about three miles and the honey stores fill up. On hot days you may see bees fanning at the entrance to cool the hive.", "fall": "The colony gets ready for winter. Fewer bees fly, the drones are sent out, and the bees seal their honey stores. Our beekeepers harvest only what the colony can spare.", "winter": "The bees cluster around their queen to keep warm and live on the honey they stored. On mild, sunny days a few fly out for a cleansing flight. Please leave the hive closed and quiet."}, "resting": "This hive''s colony was lost. Our beekeepers look after the empty hive until new bees move in.", "behaveHeading": "How to enjoy a hive safely", "behave": ["Watch from a few steps away and to the side, never in front of the entrance where the bees fly.", "Move calmly. Do not swat at bees; a bee away from its hive is busy, not looking for trouble.", "Never touch, knock on or open the hive.", "Keep dogs and children close by.", "If you are allergic to bee stings, keep your distance and carry your medicine."], "mapLink": "See every painted hive on the map", "logInspection": "Log an inspection", "label": {"title": "Hive labels", "noteHeading": "Print on weatherproof labels.", "notePrint": "{count} hive labels, 10 a sheet ({paper}). Print at 100% (no scaling), then stick each label on its hive: the code on the label is the hive''s.", "paper": "Avery 5523 WeatherProof, 2 x 4 in", "sheet": "Sheet of hive labels", "scan": "Scan to meet these bees", "code": "Hive {code}", "qr": "QR code of {url}"}}'::jsonb as words) as w
where d.key = 'pages/hives';
