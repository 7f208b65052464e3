-- Buzz Haven: each visitor request keeps the language of the page it was made on (a locale
-- column referring to buzz_haven.languages on orders, event registrations, volunteer sign-ups,
-- adoptions, swarm reports, host applications, newsletter subscribers, contact messages, art
-- designs and votes); the visitor RPCs take p_locale (default 'en') and set it for the
-- transaction (buzz_haven.set_request_locale). A refusal is said in that language:
-- constraint_messages is keyed by (constraint_name, locale), the RPCs' own refusals are named
-- rules of it (buzz_haven.check_rule, buzz_haven.rule_message), and a bound a CHECK says itself
-- is worded by the derived_* rules with buzz_haven.column_words. The outbox row carries the
-- recipient's language (buzz_haven.message_locale), and a campaign may have a Spanish subject and
-- body. Existing rows are English, as they were made.

-- Functions below call ones made further down: their bodies are checked when they run.
set check_function_bodies = false;

ALTER TABLE "buzz_haven"."constraint_messages"
  DROP CONSTRAINT "constraint_messages_pkey";

DROP FUNCTION "buzz_haven"."enqueue_message"(text, text, text, jsonb, text, text, uuid);

DROP FUNCTION "public"."create_buzz_haven_campaign"(text, text);

DROP FUNCTION "public"."get_buzz_haven_adoption_requests"();

DROP VIEW "buzz_haven_lists"."adoption_requests";

DROP FUNCTION "public"."get_buzz_haven_contact_messages"();

DROP VIEW "buzz_haven_lists"."contact_messages";

DROP FUNCTION "public"."get_buzz_haven_event_registrations"();

DROP VIEW "buzz_haven_lists"."event_registrations";

DROP FUNCTION "public"."get_buzz_haven_newsletter_subscribers"();

DROP VIEW "buzz_haven_lists"."newsletter_subscribers";

DROP FUNCTION "public"."get_buzz_haven_orders"();

DROP VIEW "buzz_haven_lists"."orders";

DROP FUNCTION "public"."get_buzz_haven_swarm_reports"();

DROP VIEW "buzz_haven_lists"."swarm_reports";

DROP FUNCTION "public"."register_buzz_haven_workshop"(uuid, text, text, integer, integer[], boolean, text, boolean);

DROP FUNCTION "public"."submit_buzz_haven_adoption_request"(text, text, text, text, text, text, text, text);

DROP FUNCTION "public"."submit_buzz_haven_art_design"(text, text, text, text, text, boolean, text);

DROP FUNCTION "public"."submit_buzz_haven_contact_message"(text, text, text, text, text, text);

DROP FUNCTION "public"."submit_buzz_haven_host_application"(text, text, text, text, text, integer, integer, text, text, text, boolean, boolean, text, text, text, text);

DROP FUNCTION "public"."submit_buzz_haven_order_request"(text, text, text, text, jsonb, jsonb, text, text);

DROP FUNCTION "public"."submit_buzz_haven_swarm_report"(text, text, text, text, boolean, text, text, text, text, text, text);

DROP FUNCTION "public"."submit_buzz_haven_volunteer_signup"(uuid, text, text, text, text);

DROP FUNCTION "public"."subscribe_buzz_haven_newsletter"(text);

DROP FUNCTION "public"."update_buzz_haven_campaign"(uuid, text, text, text);

DROP FUNCTION "public"."vote_buzz_haven_art"(uuid, text, text);

CREATE TABLE "buzz_haven"."column_words" (
  "column_name" text NOT NULL,
  "value"       text NOT NULL DEFAULT ''::text,
  "locale"      text NOT NULL,
  "words"       text NOT NULL,
  CONSTRAINT "column_words_column_name_length" CHECK ((char_length(column_name) <= 63)),
  CONSTRAINT "column_words_pkey" PRIMARY KEY (column_name, VALUE, LOCALE),
  CONSTRAINT "column_words_value_length" CHECK ((char_length(value) <= 100)),
  CONSTRAINT "column_words_words_length" CHECK (((char_length(words) >= 1) AND (char_length(words) <= 200)))
);

ALTER TABLE "buzz_haven"."column_words"
  ENABLE ROW LEVEL SECURITY;

ALTER TABLE "buzz_haven"."adoption_requests"
  ADD COLUMN "locale" text NOT NULL DEFAULT 'en'::text;

ALTER TABLE "buzz_haven"."art_designs"
  ADD COLUMN "locale" text NOT NULL DEFAULT 'en'::text;

ALTER TABLE "buzz_haven"."art_vote_requests"
  ADD COLUMN "locale" text NOT NULL DEFAULT 'en'::text;

ALTER TABLE "buzz_haven"."art_votes"
  ADD COLUMN "locale" text NOT NULL DEFAULT 'en'::text;

ALTER TABLE "buzz_haven"."campaigns"
  ADD COLUMN "subject_es" text;

ALTER TABLE "buzz_haven"."campaigns"
  ADD COLUMN "body_es" text;

ALTER TABLE "buzz_haven"."constraint_messages"
  ADD COLUMN "locale" text NOT NULL DEFAULT 'en'::text;

ALTER TABLE "buzz_haven"."contact_messages"
  ADD COLUMN "locale" text NOT NULL DEFAULT 'en'::text;

ALTER TABLE "buzz_haven"."event_registrations"
  ADD COLUMN "locale" text NOT NULL DEFAULT 'en'::text;

ALTER TABLE "buzz_haven"."host_applications"
  ADD COLUMN "locale" text NOT NULL DEFAULT 'en'::text;

ALTER TABLE "buzz_haven"."newsletter_subscribers"
  ADD COLUMN "locale" text NOT NULL DEFAULT 'en'::text;

ALTER TABLE "buzz_haven"."orders"
  ADD COLUMN "locale" text NOT NULL DEFAULT 'en'::text;

ALTER TABLE "buzz_haven"."outbox_messages"
  ADD COLUMN "locale" text NOT NULL DEFAULT 'en'::text;

ALTER TABLE "buzz_haven"."swarm_reports"
  ADD COLUMN "locale" text NOT NULL DEFAULT 'en'::text;

ALTER TABLE "buzz_haven"."volunteer_signups"
  ADD COLUMN "locale" text NOT NULL DEFAULT 'en'::text;

CREATE OR REPLACE FUNCTION buzz_haven.check_rule (
  ok     boolean,
  p_rule text,
  p_args text[]  DEFAULT '{}'::text[]
)
  RETURNS void
  LANGUAGE plpgsql
  STABLE
  SET search_path TO ''
  AS $function$
begin
  if ok is not true then
    perform buzz_haven.refuse(p_rule, '22023', p_args);
  end if;
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
  select coalesce(
    (select m.message from buzz_haven.constraint_messages as m join pg_catalog.pg_constraint as c on c.conname = m.constraint_name
     where c.oid = p_constraint and m.locale = buzz_haven.request_locale()),
    (select buzz_haven.derived_message(p_constraint) from pg_catalog.pg_constraint as c
     join pg_catalog.pg_trigger as t on t.tgrelid = c.conrelid and t.tgfoid = 'buzz_haven.explain_constraints()'::regprocedure
     where c.oid = p_constraint and t.tgnargs = 1 and not exists (select 1 from buzz_haven.constraint_messages as m
       where m.constraint_name = c.conname and m.locale = 'en')),
    (select m.message from buzz_haven.constraint_messages as m join pg_catalog.pg_constraint as c on c.conname = m.constraint_name
     where c.oid = p_constraint and m.locale = 'en'))
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
  v_match := coalesce(pg_catalog.regexp_match(v_def, '^CHECK \(\(char_length\(\w+\) <= (\d+)\)\)$'),
    pg_catalog.regexp_match(v_def, '^CHECK \(\(\(char_length\(\w+\) >= 1\) AND \(char_length\(\w+\) <= (\d+)\)\)\)$'));
  if v_match is not null then
    return pg_catalog.format(buzz_haven.rule_message('derived_too_long'), v_label, v_match[1]);
  end if;
  -- '(n >= 0)', '(lat >= ('-85'::integer)::numeric)', '(x <= (85)::numeric)'
  v_match := pg_catalog.regexp_match(v_def,
    '^CHECK \(\(\(\w+ >= \(*''?(-?[0-9.]+)''?(?:::\w+)?\)?(?:::\w+)?\) AND \(\w+ <= \(*''?(-?[0-9.]+)''?(?:::\w+)?\)?(?:::\w+)?\)\)\)$');
  if v_match is not null then
    return pg_catalog.format(buzz_haven.rule_message('derived_between'), v_label, v_match[1], v_match[2]);
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

CREATE OR REPLACE FUNCTION buzz_haven.enqueue_message (
  p_kind           text,
  p_recipient      text,
  p_recipient_name text,
  p_data           jsonb,
  p_key            text,
  p_related_table  text  DEFAULT NULL::text,
  p_related_id     uuid  DEFAULT NULL::uuid,
  p_locale         text  DEFAULT NULL::text
)
  RETURNS void
  LANGUAGE sql
  SET search_path TO ''
  AS $function$
  insert into buzz_haven.outbox_messages (kind, recipient, recipient_name, data, idempotency_key, related_table, related_id,
    locale)
  values (p_kind, btrim(p_recipient), left(p_recipient_name, 200), coalesce(p_data, '{}'), p_key, p_related_table, p_related_id,
    coalesce(p_locale, buzz_haven.message_locale(p_kind, p_related_table, p_related_id)))
  on conflict (idempotency_key) do nothing
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
    cross join lateral (select n.constraint_name, buzz_haven.rule_message(n.constraint_name) as message) as m
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

CREATE OR REPLACE FUNCTION buzz_haven.explain_foreign_keys (
  p_table regclass,
  p_row   jsonb
)
  RETURNS void
  LANGUAGE plpgsql
  STABLE
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
declare
  v record;
  v_found boolean;
begin
  for v in
    select c.conname, m.message, a.attname as field, c.confrelid::regclass as target, fa.attname as target_field,
      pg_catalog.format_type(fa.atttypid, fa.atttypmod) as target_type
    from pg_catalog.pg_constraint as c
    cross join lateral (select buzz_haven.rule_message(c.conname) as message) as m
    join pg_catalog.pg_attribute as a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
    join pg_catalog.pg_attribute as fa on fa.attrelid = c.confrelid and fa.attnum = c.confkey[1]
    where c.conrelid = p_table and c.contype = 'f' and pg_catalog.array_length(c.conkey, 1) = 1 and m.message is not null
    order by c.conname
  loop
    continue when p_row ->> v.field is null;
    execute format('select exists (select 1 from %s as t where t.%I = $1::%s)', v.target, v.target_field, v.target_type)
      into v_found using p_row ->> v.field;
    if not v_found then
      raise exception using errcode = '23503', message = v.message, constraint = v.conname,
        detail = pg_catalog.json_build_object('field', v.field, 'constraint', v.conname)::text;
    end if;
  end loop;
end;
$function$;

CREATE OR REPLACE FUNCTION buzz_haven.join_or (
  p_words text[]
)
  RETURNS text
  LANGUAGE sql
  STABLE
  SET search_path TO ''
  AS $function$
  select case when cardinality(p_words) < 2 then array_to_string(p_words, '')
    else array_to_string(p_words[1:cardinality(p_words) - 1], buzz_haven.rule_message('derived_separator'))
      || buzz_haven.rule_message('derived_last_separator') || p_words[cardinality(p_words)] end
$function$;

CREATE OR REPLACE FUNCTION buzz_haven.message_locale (
  p_kind          text,
  p_related_table text,
  p_related_id    uuid
)
  RETURNS text
  LANGUAGE plpgsql
  STABLE
  SET search_path TO ''
  AS $function$
declare
  v_locale text;
begin
  if p_kind like 'staff\_%' then return 'en'; end if;
  if exists (select 1 from pg_catalog.pg_attribute as a
      where a.attrelid = pg_catalog.to_regclass('buzz_haven.' || pg_catalog.quote_ident(p_related_table))
        and a.attname = 'locale' and not a.attisdropped) then
    execute pg_catalog.format('select t.locale from buzz_haven.%I as t where t.id = $1', p_related_table)
      into v_locale using p_related_id;
  end if;
  return coalesce(v_locale, buzz_haven.request_locale());
end;
$function$;

CREATE OR REPLACE FUNCTION buzz_haven.refuse (
  p_rule    text,
  p_errcode text,
  p_args    text[] DEFAULT '{}'::text[]
)
  RETURNS void
  LANGUAGE plpgsql
  STABLE
  SET search_path TO ''
  AS $function$
declare
  v_message text := buzz_haven.rule_message(p_rule);
begin
  raise exception using errcode = p_errcode, message = format(coalesce(v_message, p_rule), variadic p_args);
end;
$function$;

CREATE OR REPLACE FUNCTION buzz_haven.request_locale()
  RETURNS text
  LANGUAGE sql
  STABLE
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
  select coalesce((select l.code from buzz_haven.languages as l
    where l.code = nullif(pg_catalog.current_setting('buzz_haven.locale', true), '')), 'en')
$function$;

CREATE OR REPLACE FUNCTION buzz_haven.rule_message (
  p_name text
)
  RETURNS text
  LANGUAGE sql
  STABLE
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
  select m.message from buzz_haven.constraint_messages as m
  where m.constraint_name = p_name and m.locale in (buzz_haven.request_locale(), 'en')
  order by m.locale = buzz_haven.request_locale() desc
  limit 1
$function$;

CREATE OR REPLACE FUNCTION buzz_haven.set_request_locale (
  p_locale text
)
  RETURNS text
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
begin
  perform pg_catalog.set_config('buzz_haven.locale', 'en', true);
  if not exists (select 1 from buzz_haven.languages as l where l.code = coalesce(p_locale, 'en')) then
    perform buzz_haven.refuse('request_locale_known', '22023',
      array[(select pg_catalog.string_agg(l.code, ', ' order by l.code) from buzz_haven.languages as l)]);
  end if;
  perform pg_catalog.set_config('buzz_haven.locale', coalesce(p_locale, 'en'), true);
  return coalesce(p_locale, 'en');
end;
$function$;

CREATE OR REPLACE FUNCTION public.confirm_buzz_haven_art_vote (
  p_token uuid
)
  RETURNS jsonb
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
declare
  r buzz_haven.art_vote_requests;
  d buzz_haven.art_designs;
  v_before uuid;
begin
  select * into r from buzz_haven.art_vote_requests as q where q.token = p_token;
  if not found then return jsonb_build_object('outcome', 'unknown'); end if;
  select * into d from buzz_haven.art_designs as a where a.id = r.design_id;
  insert into buzz_haven.art_ballots (month) values (r.month) on conflict (month) do nothing;
  -- shared with other votes, exclusive with the close: a vote is counted, or refused as closed
  perform 1 from buzz_haven.art_ballots as b where b.month = r.month for share;
  if exists (select 1 from buzz_haven.art_ballots as b where b.month = r.month and b.closed_at is not null)
     or r.month <> buzz_haven.art_current_month() then
    return jsonb_build_object('outcome', 'closed', 'title', d.title);
  end if;
  if d.status <> 'approved' or d.vote_month is distinct from r.month then
    return jsonb_build_object('outcome', 'unknown');
  end if;
  select v.design_id into v_before from buzz_haven.art_votes as v
  where v.month = r.month and v.mailbox = buzz_haven.mailbox_key(r.email);
  insert into buzz_haven.art_votes as v (month, email, design_id, locale) values (r.month, r.email, r.design_id, r.locale)
  on conflict (month, mailbox) do update set design_id = excluded.design_id, locale = excluded.locale, updated_at = now();
  update buzz_haven.art_vote_requests as q set confirmed_at = coalesce(q.confirmed_at, now()) where q.token = r.token;
  return jsonb_build_object('outcome', case when v_before is null or v_before = r.design_id then 'voted' else 'replaced' end,
    'title', d.title);
end;
$function$;

CREATE OR REPLACE FUNCTION public.create_buzz_haven_campaign (
  p_subject    text DEFAULT NULL::text,
  p_body       text DEFAULT NULL::text,
  p_subject_es text DEFAULT NULL::text,
  p_body_es    text DEFAULT NULL::text
)
  RETURNS buzz_haven.campaigns
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
declare
  v buzz_haven.campaigns;
begin
  perform buzz_haven.require_role();
  perform buzz_haven.check_required(p_subject, 'Subject');
  perform buzz_haven.check_required(p_body, 'Body');
  insert into buzz_haven.campaigns (subject, body, subject_es, body_es)
  values (btrim(p_subject), p_body, nullif(btrim(p_subject_es), ''), nullif(p_body_es, '')) returning * into v;
  return v;
end;
$function$;

CREATE OR REPLACE FUNCTION public.queue_buzz_haven_workshop_reminders()
  RETURNS integer
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
declare
  v_count integer;
begin
  insert into buzz_haven.outbox_messages (kind, recipient, recipient_name, data, idempotency_key, related_table, related_id,
    locale)
  select 'registration_reminder', r.email, r.name,
    jsonb_build_object('customer', jsonb_build_object('name', r.name),
      'registration', jsonb_build_object('id', r.id, 'places', r.places, 'position', r.position),
      'event', jsonb_build_object('id', e.id, 'title', e.title, 'location', e.location,
        'start_time', e.start_time, 'end_time', e.end_time)),
    'registration_reminder.' || r.id, 'event_registrations', r.id, r.locale
  from buzz_haven.event_registrations as r
  join buzz_haven.events as e on e.id = r.event_id
  where r.status = 'confirmed' and e.status = 'scheduled'
    and e.start_time > now() and e.start_time <= now() + interval '24 hours'
  on conflict (idempotency_key) do nothing;
  get diagnostics v_count = row_count;
  return v_count;
end;
$function$;

CREATE OR REPLACE FUNCTION public.register_buzz_haven_workshop (
  p_event_id      uuid      DEFAULT NULL::uuid,
  p_name          text      DEFAULT NULL::text,
  p_email         text      DEFAULT NULL::text,
  p_places        integer   DEFAULT 1,
  p_child_ages    integer[] DEFAULT NULL::integer[],
  p_join_waitlist boolean   DEFAULT false,
  p_website       text      DEFAULT NULL::text,
  p_pay           boolean   DEFAULT false,
  p_locale        text      DEFAULT 'en'::text
)
  RETURNS jsonb
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
declare
  v_event buzz_haven.events;
  v_email text := lower(btrim(p_email));
  v_left integer;
  v_price integer;
  v_owed integer;
  v_client text := buzz_haven.sha256_hex(buzz_haven.client_address());
  v_row buzz_haven.event_registrations;
begin
  perform buzz_haven.set_request_locale(p_locale);
  if nullif(btrim(p_website), '') is not null then
    return jsonb_build_object('id', gen_random_uuid(), 'status', 'confirmed', 'position', null, 'spots_left', null,
      'amount_due', null, 'hold_expires_at', null, 'amount_owed', null);
  end if;
  perform buzz_haven.check_rule(nullif(btrim(p_name), '') is not null, 'name_required');
  perform buzz_haven.check_rule(buzz_haven.is_email(v_email), 'email_valid');
  perform buzz_haven.check_rule(coalesce(p_places, 0) between 1 and 10, 'registration_places_range');
  perform buzz_haven.guard_request('registration', v_email);
  select * into v_event from buzz_haven.events as e where e.id = p_event_id for update;
  if not found or not v_event.is_public or v_event.kind <> 'workshop' or v_event.status <> 'scheduled'
    or v_event.start_time <= now() then
    raise exception '%', buzz_haven.rule_message('registration_not_open') using errcode = 'PT404';
  end if;
  if v_event.title ~* '^children' then
    perform buzz_haven.check_rule(cardinality(p_child_ages) = p_places, 'registration_child_ages');
    perform buzz_haven.check_rule(5 <= all (p_child_ages) and 12 >= all (p_child_ages),
      'registration_child_age_range');
  else
    perform buzz_haven.check_rule(coalesce(cardinality(p_child_ages), 0) = 0, 'registration_ages_children_only');
  end if;
  perform buzz_haven.expire_event_holds(p_event_id);
  if exists (
    select 1 from buzz_haven.event_registrations as r
    where r.event_id = p_event_id and lower(r.email) = v_email and r.status not in ('cancelled', 'expired')
  ) then
    raise exception '%', buzz_haven.rule_message('registration_already') using errcode = 'PT409';
  end if;
  v_left := buzz_haven.spots_left(p_event_id);
  v_price := buzz_haven.workshop_place_price(v_event);
  v_owed := nullif(v_price * p_places, 0);
  if v_left is null or p_places <= v_left then
    if coalesce(p_pay, false) and v_price > 0 then
      perform buzz_haven.check_hold_bounds(v_email, v_client, p_places);
      insert into buzz_haven.event_registrations (event_id, name, email, places, child_ages, status, hold_expires_at, amount_due,
        client_hash, locale)
      values (p_event_id, btrim(p_name), v_email, p_places, p_child_ages, 'held',
        now() + make_interval(mins => buzz_haven.workshop_hold_minutes()), v_owed, v_client, buzz_haven.request_locale())
      returning * into v_row;
    elsif v_price > 0 and not coalesce((select s.workshop_pay_later from buzz_haven.payment_settings as s limit 1), true) then
      perform buzz_haven.refuse('event_registrations_card_only', '22023');
    else
      insert into buzz_haven.event_registrations (event_id, name, email, places, child_ages, status, amount_owed, locale)
      values (p_event_id, btrim(p_name), v_email, p_places, p_child_ages, 'confirmed', v_owed, buzz_haven.request_locale())
      returning * into v_row;
    end if;
  elsif coalesce(p_join_waitlist, false) then
    -- what the places will cost when they move up (staff then see them unpaid)
    insert into buzz_haven.event_registrations (event_id, name, email, places, child_ages, status, position, amount_owed, locale)
    values (p_event_id, btrim(p_name), v_email, p_places, p_child_ages, 'waitlisted', 1 + coalesce((
      select max(r.position) from buzz_haven.event_registrations as r where r.event_id = p_event_id), 0), v_owed,
      buzz_haven.request_locale())
    returning * into v_row;
  elsif v_left <= 0 then
    raise exception '%', buzz_haven.rule_message('registration_full') using errcode = 'PT409';
  else
    perform buzz_haven.refuse('registration_places_left', 'PT409',
      array[v_left::text, case when v_left = 1 then 'place' else 'places' end]);
  end if;
  return jsonb_build_object('id', v_row.id, 'status', v_row.status, 'position', v_row.position,
    'spots_left', buzz_haven.spots_left(p_event_id), 'amount_due', v_row.amount_due, 'hold_expires_at', v_row.hold_expires_at,
    'amount_owed', v_row.amount_owed);
end;
$function$;

CREATE OR REPLACE FUNCTION public.submit_buzz_haven_adoption_request (
  p_tier            text DEFAULT NULL::text,
  p_plan            text DEFAULT 'monthly'::text,
  p_name            text DEFAULT NULL::text,
  p_email           text DEFAULT NULL::text,
  p_recipient_name  text DEFAULT NULL::text,
  p_recipient_email text DEFAULT NULL::text,
  p_message         text DEFAULT NULL::text,
  p_website         text DEFAULT NULL::text,
  p_locale          text DEFAULT 'en'::text
)
  RETURNS jsonb
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
declare
  v_gift boolean := p_plan like 'gift-%';
  v_price integer := (select t.monthly_price from buzz_haven.adopt_tiers as t where t.slug = p_tier);
  v_months integer := case when p_plan like 'gift-%' then substr(p_plan, 6)::integer end;
  v buzz_haven.adoption_requests;
begin
  perform buzz_haven.set_request_locale(p_locale);
  perform buzz_haven.check_rule(v_price is not null, 'adoption_tier_known', array[buzz_haven.join_or(array(
    select t.slug from buzz_haven.adopt_tiers as t order by t.sort_order, t.monthly_price, t.slug))]);
  perform buzz_haven.check_rule(p_plan = 'monthly' or exists (select 1 from buzz_haven.adopt_gift_terms as g
    where 'gift-' || g.months = p_plan), 'adoption_plan_known', array[buzz_haven.join_or('{monthly}' || array(
    select 'gift-' || g.months from buzz_haven.adopt_gift_terms as g order by g.months))]);
  if nullif(btrim(p_website), '') is not null then
    return jsonb_build_object('id', gen_random_uuid(), 'tier', p_tier, 'plan', p_plan, 'monthly_price', v_price,
      'months', v_months, 'total', v_price * v_months);
  end if;
  perform buzz_haven.check_rule(nullif(btrim(p_name), '') is not null, 'name_required');
  perform buzz_haven.check_rule(buzz_haven.is_email(btrim(p_email)), 'email_valid');
  if v_gift then
    perform buzz_haven.check_rule(nullif(btrim(p_recipient_name), '') is not null, 'recipient_name_required');
    perform buzz_haven.check_rule(nullif(btrim(p_recipient_email), '') is null or buzz_haven.is_email(btrim(p_recipient_email)),
      'adoption_recipient_email');
  end if;
  perform buzz_haven.guard_request('adoption', btrim(p_email));
  insert into buzz_haven.adoption_requests (tier, plan, monthly_price, name, email, recipient_name, recipient_email, message,
    locale)
  values (p_tier, p_plan, v_price, btrim(p_name), btrim(p_email),
    case when v_gift then btrim(p_recipient_name) end,
    case when v_gift then nullif(btrim(p_recipient_email), '') end,
    nullif(btrim(p_message), ''), buzz_haven.request_locale())
  returning * into v;
  return jsonb_build_object('id', v.id, 'tier', v.tier, 'plan', v.plan, 'monthly_price', v.monthly_price,
    'months', v_months, 'total', v.monthly_price * v_months);
end;
$function$;

CREATE OR REPLACE FUNCTION public.submit_buzz_haven_art_design (
  p_title       text    DEFAULT NULL::text,
  p_statement   text    DEFAULT NULL::text,
  p_artist_name text    DEFAULT NULL::text,
  p_email       text    DEFAULT NULL::text,
  p_link        text    DEFAULT NULL::text,
  p_consent     boolean DEFAULT false,
  p_website     text    DEFAULT NULL::text,
  p_locale      text    DEFAULT 'en'::text
)
  RETURNS boolean
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
declare
  v_email text := lower(btrim(p_email));
  d buzz_haven.art_designs;
begin
  perform buzz_haven.set_request_locale(p_locale);
  if nullif(btrim(p_website), '') is not null then return true; end if; -- the honeypot: stores nothing
  perform buzz_haven.check_rule(nullif(btrim(p_title), '') is not null, 'art_title_required');
  perform buzz_haven.check_rule(nullif(btrim(p_statement), '') is not null, 'art_statement_required');
  perform buzz_haven.check_rule(nullif(btrim(p_artist_name), '') is not null, 'art_artist_name_required');
  perform buzz_haven.check_rule(buzz_haven.is_email(v_email), 'email_valid');
  perform buzz_haven.check_rule(p_consent is true, 'art_consent_required');
  perform buzz_haven.guard_request('art_submission', v_email);

  -- the title's, statement's, name's and link's rules are art_designs' CHECKs: a value breaking one
  -- fails here with its message, and nothing is kept
  insert into buzz_haven.art_designs (title, statement, artist_name, email, link, consent_at, locale)
  values (btrim(p_title), btrim(p_statement), btrim(p_artist_name), v_email, nullif(btrim(p_link), ''), now(),
    buzz_haven.request_locale())
  returning * into d;
  perform buzz_haven.enqueue_message('art_confirm', d.email, d.artist_name,
    buzz_haven.art_message_data(d, jsonb_build_object('upload_token', d.token)), 'art_confirm.' || d.id,
    'art_designs', d.id);
  return true;
end;
$function$;

CREATE OR REPLACE FUNCTION public.submit_buzz_haven_contact_message (
  p_name       text DEFAULT NULL::text,
  p_email      text DEFAULT NULL::text,
  p_phone      text DEFAULT NULL::text,
  p_subject    text DEFAULT NULL::text,
  p_message    text DEFAULT NULL::text,
  p_hear_about text DEFAULT NULL::text,
  p_locale     text DEFAULT 'en'::text
)
  RETURNS uuid
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
declare
  v_id uuid;
begin
  perform buzz_haven.set_request_locale(p_locale);
  perform buzz_haven.check_rule(nullif(btrim(p_name), '') is not null, 'name_required');
  perform buzz_haven.check_rule(length(btrim(p_name)) <= 200, 'contact_name_too_long');
  perform buzz_haven.check_rule(buzz_haven.is_email(btrim(p_email)), 'email_valid');
  perform buzz_haven.check_rule(coalesce(length(btrim(p_phone)), 0) <= 40, 'contact_phone_too_long');
  perform buzz_haven.check_rule(nullif(btrim(p_subject), '') is not null, 'contact_subject_required');
  perform buzz_haven.check_rule(length(btrim(p_subject)) <= 200, 'contact_subject_too_long');
  perform buzz_haven.check_rule(nullif(btrim(p_message), '') is not null, 'contact_message_required');
  perform buzz_haven.check_rule(length(btrim(p_message)) <= 5000, 'contact_message_too_long');
  perform buzz_haven.check_rule(coalesce(length(btrim(p_hear_about)), 0) <= 200, 'contact_hear_about_too_long');
  perform buzz_haven.guard_request('contact', buzz_haven.mailbox_key(btrim(p_email)));
  insert into buzz_haven.contact_messages (name, email, phone, subject, message, hear_about, locale)
  values (
    btrim(p_name),
    btrim(p_email),
    nullif(btrim(p_phone), ''),
    btrim(p_subject),
    btrim(p_message),
    nullif(btrim(p_hear_about), ''),
    buzz_haven.request_locale()
  )
  returning id into v_id;
  return v_id;
end;
$function$;

CREATE OR REPLACE FUNCTION public.submit_buzz_haven_host_application (
  p_name           text    DEFAULT NULL::text,
  p_email          text    DEFAULT NULL::text,
  p_phone          text    DEFAULT NULL::text,
  p_address        text    DEFAULT NULL::text,
  p_zip            text    DEFAULT NULL::text,
  p_yard_length_ft integer DEFAULT NULL::integer,
  p_yard_width_ft  integer DEFAULT NULL::integer,
  p_sun            text    DEFAULT NULL::text,
  p_water          text    DEFAULT NULL::text,
  p_access         text    DEFAULT NULL::text,
  p_pets           boolean DEFAULT NULL::boolean,
  p_children       boolean DEFAULT NULL::boolean,
  p_hive_style     text    DEFAULT NULL::text,
  p_yard_photo_url text    DEFAULT NULL::text,
  p_message        text    DEFAULT NULL::text,
  p_website        text    DEFAULT NULL::text,
  p_locale         text    DEFAULT 'en'::text
)
  RETURNS jsonb
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
declare
  v_zip text := btrim(p_zip);
  v_area text;
  v_min buzz_haven.host_yard_minimum;
  v buzz_haven.host_applications;
  v_short integer;
  v_long integer;
begin
  perform buzz_haven.set_request_locale(p_locale);
  perform buzz_haven.check_rule(nullif(btrim(p_name), '') is not null, 'name_required');
  perform buzz_haven.check_rule(buzz_haven.is_email(btrim(p_email)), 'email_valid');
  perform buzz_haven.check_rule(nullif(btrim(p_address), '') is not null, 'street_address_required');
  perform buzz_haven.check_rule(p_yard_length_ft is not null and p_yard_width_ft is not null,
    'host_yard_size_required');
  perform buzz_haven.check_rule(p_pets is not null, 'host_pets_required');
  perform buzz_haven.check_rule(p_children is not null, 'host_children_required');
  perform buzz_haven.check_rule(exists (select 1 from buzz_haven.hosting_plans as p where p.slug = p_hive_style),
    'host_hive_style_known',
    array[(select string_agg(p.slug, ', ' order by p.sort_order, p.slug) from buzz_haven.hosting_plans as p)]);
  -- the row as it is stored; host_applications' CHECKs explain a value they refuse (lengths, the
  -- yard's bounds, sun, water, access, the photo's address, the ZIP's shape) before anything else is decided
  v.name := btrim(p_name);
  v.email := lower(btrim(p_email));
  v.phone := nullif(btrim(p_phone), '');
  v.address := btrim(p_address);
  v.zip := coalesce(v_zip, ''); -- a missing ZIP counts as '', which host_applications_zip_format refuses
  v.yard_length_ft := p_yard_length_ft;
  v.yard_width_ft := p_yard_width_ft;
  v.sun := p_sun;
  v.water := p_water;
  v.access := p_access;
  v.pets := p_pets;
  v.children := p_children;
  v.hive_style := p_hive_style;
  v.yard_photo_url := nullif(btrim(p_yard_photo_url), '');
  v.message := nullif(btrim(p_message), '');
  perform buzz_haven.explain_row(v);
  -- the yard: its shorter side against the minimum's shorter side, its longer against the longer
  select * into strict v_min from buzz_haven.host_yard_minimum;
  v_short := least(p_yard_length_ft, p_yard_width_ft);
  v_long := greatest(p_yard_length_ft, p_yard_width_ft);
  if v_short < least(v_min.length_ft, v_min.width_ft) or v_long < greatest(v_min.length_ft, v_min.width_ft) then
    perform buzz_haven.refuse('host_yard_too_small', '22023',
      array[v_min.length_ft, v_min.width_ft, p_yard_length_ft, p_yard_width_ft]::text[]);
  end if;
  if nullif(btrim(p_website), '') is not null then
    return jsonb_build_object('id', gen_random_uuid(), 'in_area', true, 'status', 'new', 'area', null, 'areas', '[]'::jsonb);
  end if;
  perform buzz_haven.guard_request('host_application', btrim(p_email));
  select z.area into v_area from buzz_haven.service_area_zips as z where z.zip = v_zip;
  insert into buzz_haven.host_applications (name, email, phone, address, zip, in_area, yard_length_ft, yard_width_ft,
    sun, water, access, pets, children, hive_style, yard_photo_url, message, status, locale)
  values (v.name, v.email, v.phone, v.address, v.zip, v_area is not null,
    v.yard_length_ft, v.yard_width_ft, v.sun, v.water, v.access, v.pets, v.children, v.hive_style,
    v.yard_photo_url, v.message, case when v_area is null then 'waitlist' else 'new' end, buzz_haven.request_locale())
  returning * into v;
  return jsonb_build_object('id', v.id, 'in_area', v.in_area, 'status', v.status, 'area', v_area,
    'areas', public.get_buzz_haven_service_area() -> 'areas');
end;
$function$;

CREATE OR REPLACE FUNCTION public.submit_buzz_haven_order_request (
  p_customer_name  text  DEFAULT NULL::text,
  p_customer_email text  DEFAULT NULL::text,
  p_customer_phone text  DEFAULT NULL::text,
  p_delivery       text  DEFAULT NULL::text,
  p_address        jsonb DEFAULT NULL::jsonb,
  p_items          jsonb DEFAULT NULL::jsonb,
  p_website        text  DEFAULT NULL::text,
  p_payment        text  DEFAULT NULL::text,
  p_locale         text  DEFAULT 'en'::text
)
  RETURNS jsonb
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
declare
  v_item jsonb;
  v_pickup boolean := p_delivery = 'pickup';
  v_addr jsonb := case when p_delivery = 'pickup' then null else p_address end;
  v_zip text := regexp_replace(coalesce(p_address ->> 'zip', ''), '[[:space:]-]', '', 'g');
  v_bad uuid;
  v_order buzz_haven.orders;
  v_subtotal integer;
  v_card boolean := p_payment = 'card';
begin
  perform buzz_haven.set_request_locale(p_locale);
  perform buzz_haven.check_rule(p_payment is null or p_payment in ('later', 'card'), 'order_payment_known');
  perform buzz_haven.check_rule(v_card or coalesce((select s.pay_later from buzz_haven.payment_settings as s limit 1), true),
    'order_card_only');
  perform buzz_haven.check_rule(nullif(btrim(p_customer_name), '') is not null, 'name_required');
  perform buzz_haven.check_rule(buzz_haven.is_email(btrim(p_customer_email)), 'email_valid');
  -- the order as it is stored; orders' CHECKs explain a value they refuse (the name's, phone's and
  -- address's lengths, the delivery) before the address the delivery asks for is checked
  v_order.customer_name := btrim(p_customer_name);
  v_order.customer_email := btrim(p_customer_email);
  v_order.customer_phone := nullif(btrim(p_customer_phone), '');
  v_order.delivery := coalesce(p_delivery, '');
  v_order.address_line1 := nullif(btrim(v_addr ->> 'line1'), '');
  v_order.address_line2 := nullif(btrim(v_addr ->> 'line2'), '');
  v_order.city := nullif(btrim(v_addr ->> 'city'), '');
  perform buzz_haven.explain_row(v_order);
  if not v_pickup then
    perform buzz_haven.check_rule(jsonb_typeof(v_addr) = 'object', 'order_address_required');
    perform buzz_haven.check_rule(coalesce(upper(btrim(v_addr ->> 'country')), 'US') in ('US', 'USA', 'UNITED STATES'),
      'order_us_only');
    perform buzz_haven.check_rule(nullif(btrim(v_addr ->> 'line1'), '') is not null, 'address_required');
    perform buzz_haven.check_rule(nullif(btrim(v_addr ->> 'city'), '') is not null, 'city_required');
    perform buzz_haven.check_rule(buzz_haven.is_us_state(upper(btrim(v_addr ->> 'state'))), 'order_state_format');
    perform buzz_haven.check_rule(v_zip ~ '^([0-9]{5}|[0-9]{9})$', 'order_zip_format');
  end if;
  perform buzz_haven.check_rule(jsonb_typeof(p_items) = 'array' and jsonb_array_length(p_items) > 0, 'order_cart_empty');
  perform buzz_haven.check_rule(jsonb_array_length(p_items) <= 20, 'order_products_max');
  for v_item in select e from jsonb_array_elements(p_items) as e loop
    perform buzz_haven.check_rule(jsonb_typeof(v_item) = 'object'
      and coalesce(v_item ->> 'product_id', '') ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$',
      'order_item_product');
    -- the line's quantity against order_items' range (0 when it is no whole number of up to three digits)
    perform buzz_haven.explain_row(jsonb_populate_record(null::buzz_haven.order_items, jsonb_build_object('quantity',
      case when coalesce(v_item ->> 'quantity', '') ~ '^[0-9]{1,3}$' then (v_item ->> 'quantity')::integer else 0 end)));
    perform buzz_haven.check_rule(coalesce(v_item ->> 'unit_price', '0') ~ '^[0-9]{1,9}$', 'order_unit_price_cents');
  end loop;
  -- a product's lines added up, as its order_items row will hold them
  perform buzz_haven.explain_row(jsonb_populate_record(null::buzz_haven.order_items, jsonb_build_object('quantity', c.quantity)))
  from buzz_haven.cart_lines(p_items) as c;

  select c.product_id into v_bad from buzz_haven.cart_lines(p_items) as c
  left join buzz_haven.products as p on p.id = c.product_id and p.is_public
  where p.id is null limit 1;
  if v_bad is not null then
    raise exception '%', buzz_haven.rule_message('order_product_unavailable')
      using errcode = 'PT409', detail = v_bad::text;
  end if;
  select c.product_id into v_bad from buzz_haven.cart_lines(p_items) as c join buzz_haven.products as p on p.id = c.product_id
  where c.min_sent <> p.price or c.max_sent <> p.price limit 1;
  if v_bad is not null then
    raise exception '%', buzz_haven.rule_message('order_prices_changed') using errcode = 'PT409', detail = v_bad::text;
  end if;

  perform buzz_haven.guard_request('order', btrim(p_customer_email));
  select sum(p.price * c.quantity)::integer into v_subtotal
  from buzz_haven.cart_lines(p_items) as c join buzz_haven.products as p on p.id = c.product_id;
  if nullif(btrim(p_website), '') is not null then
    -- A bot's answer: the real prices, a number drawn among the four-digit ones, nothing stored.
    return jsonb_build_object('number', 'BH-' || (1001 + floor(random() * 8999))::integer, 'subtotal', v_subtotal,
      'shipping', buzz_haven.shipping_cost(p_delivery, v_subtotal),
      'total', v_subtotal + buzz_haven.shipping_cost(p_delivery, v_subtotal));
  end if;
  insert into buzz_haven.orders (customer_name, customer_email, customer_phone, delivery, address_line1, address_line2,
    city, state, zip, subtotal, shipping, total, payment_state, locale)
  values (v_order.customer_name, v_order.customer_email, v_order.customer_phone, p_delivery,
    v_order.address_line1, v_order.address_line2, v_order.city,
    upper(btrim(v_addr ->> 'state')), case when v_pickup then null when length(v_zip) = 9
      then substr(v_zip, 1, 5) || '-' || substr(v_zip, 6) else v_zip end,
    v_subtotal, buzz_haven.shipping_cost(p_delivery, v_subtotal),
    v_subtotal + buzz_haven.shipping_cost(p_delivery, v_subtotal),
    -- card: unpaid until stripe-checkout records its session (awaiting_payment) and the webhook pays it
    case when v_card then 'unpaid' else 'offline' end, buzz_haven.request_locale())
  returning * into v_order;
  insert into buzz_haven.order_items (order_id, product_id, name, unit_price, quantity)
  select v_order.id, p.id, p.name, p.price, c.quantity
  from buzz_haven.cart_lines(p_items) as c join buzz_haven.products as p on p.id = c.product_id
  order by p.name;
  return jsonb_build_object('number', v_order.number, 'subtotal', v_order.subtotal, 'shipping', v_order.shipping,
    'total', v_order.total);
end;
$function$;

CREATE OR REPLACE FUNCTION public.submit_buzz_haven_swarm_report (
  p_location     text    DEFAULT NULL::text,
  p_formed_when  text    DEFAULT NULL::text,
  p_size         text    DEFAULT NULL::text,
  p_height       text    DEFAULT NULL::text,
  p_in_structure boolean DEFAULT NULL::boolean,
  p_phone        text    DEFAULT NULL::text,
  p_name         text    DEFAULT NULL::text,
  p_email        text    DEFAULT NULL::text,
  p_photo_url    text    DEFAULT NULL::text,
  p_notes        text    DEFAULT NULL::text,
  p_website      text    DEFAULT NULL::text,
  p_locale       text    DEFAULT 'en'::text
)
  RETURNS jsonb
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
declare
  v buzz_haven.swarm_reports;
begin
  perform buzz_haven.set_request_locale(p_locale);
  if nullif(btrim(p_website), '') is not null then
    return jsonb_build_object('id', gen_random_uuid(), 'qualifies',
      p_size in ('football', 'larger') and p_formed_when in ('under_24h', '24_48h') and p_in_structure is false);
  end if;
  perform buzz_haven.check_rule(nullif(btrim(p_location), '') is not null, 'location_required');
  perform buzz_haven.check_rule(p_in_structure is not null, 'swarm_in_structure_required');
  perform buzz_haven.check_rule(nullif(btrim(p_phone), '') is not null, 'phone_number_required');
  perform buzz_haven.check_rule(regexp_replace(p_phone, '[^0-9]', '', 'g') ~ '^[0-9]{7,15}$',
    'swarm_phone_digits');
  perform buzz_haven.check_rule(nullif(btrim(p_name), '') is not null, 'name_required');
  perform buzz_haven.check_rule(nullif(btrim(p_email), '') is null or buzz_haven.is_email(btrim(p_email)),
    'email_valid');
  perform buzz_haven.check_rule(nullif(btrim(p_photo_url), '') is null or buzz_haven.is_http_url(btrim(p_photo_url)),
    'url_valid');
  perform buzz_haven.guard_request('swarm_report', regexp_replace(p_phone, '[^0-9]', '', 'g'));
  insert into buzz_haven.swarm_reports (location, formed_when, size, height, in_structure, photo_url, name, phone, email, notes,
    locale)
  values (btrim(p_location), p_formed_when, p_size, p_height, p_in_structure, nullif(btrim(p_photo_url), ''),
    btrim(p_name), btrim(p_phone), nullif(btrim(p_email), ''), nullif(btrim(p_notes), ''), buzz_haven.request_locale())
  returning * into v;
  return jsonb_build_object('id', v.id, 'qualifies', v.qualifies);
end;
$function$;

CREATE OR REPLACE FUNCTION public.submit_buzz_haven_volunteer_signup (
  p_event_id uuid DEFAULT NULL::uuid,
  p_name     text DEFAULT NULL::text,
  p_email    text DEFAULT NULL::text,
  p_phone    text DEFAULT NULL::text,
  p_website  text DEFAULT NULL::text,
  p_locale   text DEFAULT 'en'::text
)
  RETURNS jsonb
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
declare
  v_event buzz_haven.events;
  v_taken integer;
  v buzz_haven.volunteer_signups;
begin
  perform buzz_haven.set_request_locale(p_locale);
  perform buzz_haven.check_rule(p_event_id is not null, 'volunteer_shift_required');
  perform buzz_haven.check_rule(nullif(btrim(p_name), '') is not null, 'name_required');
  perform buzz_haven.check_rule(buzz_haven.is_email(btrim(p_email)), 'email_valid');
  perform buzz_haven.check_rule(nullif(btrim(p_phone), '') is not null, 'phone_required');
  if nullif(btrim(p_website), '') is not null then
    return jsonb_build_object('id', gen_random_uuid(), 'event_id', p_event_id, 'places_left', 0);
  end if;
  select * into v_event from buzz_haven.events as e
  where e.id = p_event_id and e.is_public and e.kind = 'volunteer' and e.status = 'scheduled' and e.start_time > now()
  for update;
  if not found then
    raise exception '%', buzz_haven.rule_message('volunteer_not_open') using errcode = 'PT404';
  end if;
  perform buzz_haven.guard_request('volunteer', btrim(p_email));
  if exists (select 1 from buzz_haven.volunteer_signups as s
    where s.event_id = p_event_id and s.status = 'confirmed' and lower(s.email) = lower(btrim(p_email))) then
    raise exception '%', buzz_haven.rule_message('volunteer_already') using errcode = '22023';
  end if;
  select count(*)::integer into v_taken from buzz_haven.volunteer_signups as s where s.event_id = p_event_id and s.status = 'confirmed';
  if v_taken >= v_event.capacity then
    raise exception '%', buzz_haven.rule_message('volunteer_full') using errcode = '22023';
  end if;
  insert into buzz_haven.volunteer_signups (event_id, name, email, phone, locale)
  values (p_event_id, btrim(p_name), btrim(p_email), btrim(p_phone), buzz_haven.request_locale())
  returning * into v;
  return jsonb_build_object('id', v.id, 'event_id', v.event_id, 'places_left', v_event.capacity - v_taken - 1);
end;
$function$;

CREATE OR REPLACE FUNCTION public.subscribe_buzz_haven_newsletter (
  p_email  text DEFAULT NULL::text,
  p_locale text DEFAULT 'en'::text
)
  RETURNS boolean
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
declare
  v_email text := lower(btrim(p_email));
  v buzz_haven.newsletter_subscribers;
begin
  perform buzz_haven.set_request_locale(p_locale);
  perform buzz_haven.check_rule(buzz_haven.is_email(v_email), 'email_valid');
  -- Every sign-up counts, whatever the address's state, so the answer still tells nobody who is
  -- subscribed; the per-mailbox count keeps '+tag' spellings from flooding one inbox.
  perform buzz_haven.guard_request('newsletter', buzz_haven.mailbox_key(v_email));
  insert into buzz_haven.newsletter_subscribers (email, status, locale) values (v_email, 'pending', buzz_haven.request_locale())
  on conflict ((lower(email))) do nothing;
  select * into v from buzz_haven.newsletter_subscribers as s where lower(s.email) = v_email for update;
  if v.status = 'confirmed' then return true; end if;
  -- a sign-up not yet confirmed takes the language of the latest one
  update buzz_haven.newsletter_subscribers as s
  set status = 'pending', locale = buzz_haven.request_locale(),
    token = case when s.status = 'unsubscribed' then gen_random_uuid() else s.token end, unsubscribed_at = null
  where s.id = v.id returning * into v;
  if not exists (select 1 from buzz_haven.outbox_messages as m
      where m.kind = 'newsletter_confirm' and m.related_id = v.id and m.created_at > now() - interval '1 hour') then
    perform buzz_haven.enqueue_message('newsletter_confirm', v.email, null,
      jsonb_build_object('newsletter', jsonb_build_object('token', v.token)),
      'newsletter_confirm.' || v.id || '.' || (extract(epoch from clock_timestamp()) * 1000000)::bigint,
      'newsletter_subscribers', v.id);
  end if;
  return true;
end;
$function$;

CREATE OR REPLACE FUNCTION public.update_buzz_haven_campaign (
  p_id         uuid,
  p_subject    text   DEFAULT NULL::text,
  p_body       text   DEFAULT NULL::text,
  p_send       text   DEFAULT NULL::text,
  p_subject_es text   DEFAULT NULL::text,
  p_body_es    text   DEFAULT NULL::text,
  p_clear      text[] DEFAULT '{}'::text[]
)
  RETURNS buzz_haven.campaigns
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
declare
  v buzz_haven.campaigns;
  v_me buzz_haven.users;
  v_data jsonb;
begin
  perform buzz_haven.require_role();
  perform buzz_haven.check_input(p_send is null or p_send in ('test', 'all'), 'Send must be test or all');
  v := buzz_haven.lock_row(null::buzz_haven.campaigns, p_id, 'Campaign not found');
  if p_subject is not null or p_body is not null or p_subject_es is not null or p_body_es is not null
      or cardinality(p_clear) > 0 then
    perform buzz_haven.check_input(v.state = 'draft', 'A sent campaign cannot be changed');
    update buzz_haven.campaigns as c
    set subject = coalesce(nullif(btrim(p_subject), ''), c.subject), body = coalesce(nullif(p_body, ''), c.body),
      subject_es = case when 'subject_es' = any (p_clear) then null else coalesce(nullif(btrim(p_subject_es), ''), c.subject_es) end,
      body_es = case when 'body_es' = any (p_clear) then null else coalesce(nullif(p_body_es, ''), c.body_es) end
    where c.id = p_id returning * into v;
  end if;
  -- each language's words ride along; the sender writes each subscriber's in their language
  v_data := jsonb_build_object('campaign', jsonb_build_object('id', v.id, 'subject', v.subject, 'body', v.body,
    'translations', jsonb_build_object('es', jsonb_strip_nulls(jsonb_build_object('subject', v.subject_es, 'body', v.body_es)))));
  if p_send = 'test' then
    select * into v_me from buzz_haven.users as u where u.auth_user_id = buzz_haven.caller_id();
    perform buzz_haven.enqueue_message('newsletter_campaign', v_me.email, v_me.name, v_data || '{"test": true}',
      'campaign_test.' || v.id || '.' || (extract(epoch from clock_timestamp()) * 1000000)::bigint, 'campaigns', v.id);
  elsif p_send = 'all' then
    perform buzz_haven.require_role(array['owner', 'admin'], 'Only an owner or admin can send a campaign');
    -- As publishing does (buzz_haven.require_second_factor): it reaches everyone.
    perform buzz_haven.require_second_factor();
    perform buzz_haven.check_input(v.state = 'draft', 'This campaign was already sent');
    insert into buzz_haven.outbox_messages (kind, recipient, data, idempotency_key, related_table, related_id, locale)
    select 'newsletter_campaign', s.email, v_data || jsonb_build_object('newsletter', jsonb_build_object('token', s.token)),
      'newsletter_campaign.' || v.id || '.' || s.id, 'campaigns', v.id, s.locale
    from buzz_haven.newsletter_subscribers as s where s.status = 'confirmed'
    on conflict (idempotency_key) do nothing;
    update buzz_haven.campaigns as c
    set state = 'sent', sent_at = now(),
      recipients = (select count(*) from buzz_haven.newsletter_subscribers as s where s.status = 'confirmed')
    where c.id = p_id returning * into v;
  end if;
  return v;
end;
$function$;

CREATE OR REPLACE FUNCTION public.vote_buzz_haven_art (
  p_design_id uuid DEFAULT NULL::uuid,
  p_email     text DEFAULT NULL::text,
  p_website   text DEFAULT NULL::text,
  p_locale    text DEFAULT 'en'::text
)
  RETURNS boolean
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
declare
  v_email text := lower(btrim(p_email));
  v_month date := buzz_haven.art_current_month();
  d buzz_haven.art_designs;
  v_token uuid;
begin
  perform buzz_haven.set_request_locale(p_locale);
  if nullif(btrim(p_website), '') is not null then return true; end if;
  perform buzz_haven.check_rule(buzz_haven.is_email(v_email), 'email_valid');
  select * into d from buzz_haven.art_designs as a where a.id = p_design_id;
  perform buzz_haven.check_rule(found and d.status = 'approved' and d.vote_month = v_month,
    'art_not_on_ballot');
  perform buzz_haven.check_rule(
    not exists (select 1 from buzz_haven.art_ballots as b where b.month = v_month and b.closed_at is not null),
    'art_vote_closed');
  perform buzz_haven.guard_request('art_vote', buzz_haven.mailbox_key(v_email));
  delete from buzz_haven.art_vote_requests as r where r.created_at < now() - interval '40 days';
  insert into buzz_haven.art_vote_requests (month, email, design_id, locale)
  values (v_month, v_email, d.id, buzz_haven.request_locale())
  returning token into v_token;
  -- about the design, in the voter's language (not its artist's)
  perform buzz_haven.enqueue_message('art_vote_confirm', v_email, null,
    buzz_haven.art_message_data(d, jsonb_build_object('vote_token', v_token)), 'art_vote_confirm.' || v_token,
    'art_designs', d.id, buzz_haven.request_locale());
  return true;
end;
$function$;

ALTER TABLE "buzz_haven"."adoption_requests"
  ADD CONSTRAINT "adoption_requests_locale_fkey" FOREIGN KEY (LOCALE) REFERENCES buzz_haven.languages(code);

ALTER TABLE "buzz_haven"."art_designs"
  ADD CONSTRAINT "art_designs_locale_fkey" FOREIGN KEY (LOCALE) REFERENCES buzz_haven.languages(code);

ALTER TABLE "buzz_haven"."art_vote_requests"
  ADD CONSTRAINT "art_vote_requests_locale_fkey" FOREIGN KEY (LOCALE) REFERENCES buzz_haven.languages(code);

ALTER TABLE "buzz_haven"."art_votes"
  ADD CONSTRAINT "art_votes_locale_fkey" FOREIGN KEY (LOCALE) REFERENCES buzz_haven.languages(code);

ALTER TABLE "buzz_haven"."campaigns"
  ADD CONSTRAINT "campaigns_body_es_length" CHECK ((char_length(body_es) <= 10000));

ALTER TABLE "buzz_haven"."campaigns"
  ADD CONSTRAINT "campaigns_subject_es_length" CHECK ((char_length(subject_es) <= 200));

ALTER TABLE "buzz_haven"."campaigns"
  ADD CONSTRAINT "campaigns_subject_es_line" CHECK ((subject_es !~ '[[:cntrl:]]'::text));

ALTER TABLE "buzz_haven"."column_words"
  ADD CONSTRAINT "column_words_locale_fkey" FOREIGN KEY (LOCALE) REFERENCES buzz_haven.languages(code);

ALTER TABLE "buzz_haven"."constraint_messages"
  ADD CONSTRAINT "constraint_messages_locale_fkey" FOREIGN KEY (LOCALE) REFERENCES buzz_haven.languages(code);

ALTER TABLE "buzz_haven"."constraint_messages"
  ADD CONSTRAINT "constraint_messages_pkey" PRIMARY KEY (constraint_name, LOCALE);

ALTER TABLE "buzz_haven"."contact_messages"
  ADD CONSTRAINT "contact_messages_locale_fkey" FOREIGN KEY (LOCALE) REFERENCES buzz_haven.languages(code);

ALTER TABLE "buzz_haven"."event_registrations"
  ADD CONSTRAINT "event_registrations_locale_fkey" FOREIGN KEY (LOCALE) REFERENCES buzz_haven.languages(code);

ALTER TABLE "buzz_haven"."host_applications"
  ADD CONSTRAINT "host_applications_locale_fkey" FOREIGN KEY (LOCALE) REFERENCES buzz_haven.languages(code);

ALTER TABLE "buzz_haven"."newsletter_subscribers"
  ADD CONSTRAINT "newsletter_subscribers_locale_fkey" FOREIGN KEY (LOCALE) REFERENCES buzz_haven.languages(code);

ALTER TABLE "buzz_haven"."orders"
  ADD CONSTRAINT "orders_locale_fkey" FOREIGN KEY (LOCALE) REFERENCES buzz_haven.languages(code);

ALTER TABLE "buzz_haven"."outbox_messages"
  ADD CONSTRAINT "outbox_messages_locale_fkey" FOREIGN KEY (LOCALE) REFERENCES buzz_haven.languages(code);

ALTER TABLE "buzz_haven"."swarm_reports"
  ADD CONSTRAINT "swarm_reports_locale_fkey" FOREIGN KEY (LOCALE) REFERENCES buzz_haven.languages(code);

ALTER TABLE "buzz_haven"."volunteer_signups"
  ADD CONSTRAINT "volunteer_signups_locale_fkey" FOREIGN KEY (LOCALE) REFERENCES buzz_haven.languages(code);

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
          WHERE ((i.adoption_id = a.id) AND (i.status = 'paid'::text))) AS invoices_paid
   FROM (buzz_haven.adoption_requests a
     LEFT JOIN buzz_haven.adoption_billing b ON ((b.adoption_id = a.id)))
  WHERE buzz_haven_lists.staff_only();

CREATE OR REPLACE FUNCTION public.get_buzz_haven_adoption_requests()
  RETURNS SETOF buzz_haven_lists.adoption_requests
  LANGUAGE sql
  STABLE
  AS $function$ select * from buzz_haven_lists.adoption_requests $function$;

CREATE VIEW "buzz_haven_lists"."contact_messages" AS  SELECT m.id,
    m.name,
    m.email,
    m.phone,
    m.subject,
    m.message,
    m.hear_about,
    m.handled,
    m.created_at,
    m.locale
   FROM buzz_haven.contact_messages m
  WHERE buzz_haven_lists.staff_only();

CREATE OR REPLACE FUNCTION public.get_buzz_haven_contact_messages()
  RETURNS SETOF buzz_haven_lists.contact_messages
  LANGUAGE sql
  STABLE
  AS $function$ select * from buzz_haven_lists.contact_messages $function$;

CREATE VIEW "buzz_haven_lists"."event_registrations" AS  SELECT r.id,
    r.event_id,
    e.title AS event_title,
    e.start_time AS event_start_time,
    r.name,
    (r.email)::text AS email,
    r.places,
    r.child_ages,
    r.status,
    r."position",
    r.created_at,
    r.updated_at,
    r.hold_expires_at,
    r.amount_due,
        CASE
            WHEN (p.payment_count > 0) THEN
            CASE
                WHEN (p.amount_refunded >= p.amount_paid) THEN 'refunded'::text
                WHEN (p.amount_refunded > 0) THEN 'partially_refunded'::text
                ELSE 'paid'::text
            END
            WHEN ((r.status = 'held'::text) AND (r.hold_expires_at > now())) THEN 'awaiting_payment'::text
            WHEN (r.status = ANY (ARRAY['held'::text, 'expired'::text])) THEN 'expired'::text
            WHEN (r.amount_due IS NOT NULL) THEN 'unpaid'::text
            WHEN ((r.amount_owed IS NOT NULL) AND (r.status = ANY (ARRAY['confirmed'::text, 'attended'::text]))) THEN 'unpaid'::text
            ELSE NULL::text
        END AS payment_state,
    COALESCE(p.amount_paid, 0) AS amount_paid,
    COALESCE(p.amount_refunded, 0) AS amount_refunded,
    p.payment_intent,
    r.amount_owed,
    r.locale
   FROM ((buzz_haven.event_registrations r
     JOIN buzz_haven.events e ON ((e.id = r.event_id)))
     LEFT JOIN LATERAL ( SELECT (count(*))::integer AS payment_count,
            (sum(pm.amount))::integer AS amount_paid,
            (sum(pm.amount_refunded))::integer AS amount_refunded,
            min(pm.payment_intent) AS payment_intent
           FROM buzz_haven.payments pm
          WHERE (pm.registration_id = r.id)) p ON (true))
  WHERE buzz_haven_lists.staff_only();

CREATE OR REPLACE FUNCTION public.get_buzz_haven_event_registrations()
  RETURNS SETOF buzz_haven_lists.event_registrations
  LANGUAGE sql
  STABLE
  AS $function$ select * from buzz_haven_lists.event_registrations $function$;

CREATE VIEW "buzz_haven_lists"."newsletter_subscribers" AS  SELECT s.id,
    s.email,
    s.created_at,
    s.status,
    s.confirmed_at,
    s.unsubscribed_at,
    s.locale
   FROM buzz_haven.newsletter_subscribers s
  WHERE buzz_haven_lists.staff_only();

CREATE OR REPLACE FUNCTION public.get_buzz_haven_newsletter_subscribers()
  RETURNS SETOF buzz_haven_lists.newsletter_subscribers
  LANGUAGE sql
  STABLE
  AS $function$ select * from buzz_haven_lists.newsletter_subscribers $function$;

CREATE VIEW "buzz_haven_lists"."orders" AS  SELECT o.id,
    o.number,
    o.customer_name,
    (o.customer_email)::text AS customer_email,
    o.customer_phone,
    o.delivery,
    o.address_line1,
    o.address_line2,
    o.city,
    o.state,
    o.zip,
    COALESCE(i.item_count, 0) AS item_count,
    COALESCE(i.items_summary, ''::text) AS items_summary,
    o.subtotal,
    o.shipping,
    o.total,
    o.status,
    o.staff_notes,
    o.created_at,
    o.updated_at,
    o.payment_state,
    COALESCE(p.payment_count, 0) AS payment_count,
    COALESCE(p.amount_paid, 0) AS amount_paid,
    COALESCE(p.amount_refunded, 0) AS amount_refunded,
    o.locale
   FROM ((buzz_haven.orders o
     LEFT JOIN LATERAL ( SELECT (sum(l.quantity))::integer AS item_count,
            string_agg(((l.quantity || ' × '::text) || l.name), ', '::text ORDER BY l.name) AS items_summary
           FROM buzz_haven.order_items l
          WHERE (l.order_id = o.id)) i ON (true))
     LEFT JOIN LATERAL ( SELECT (count(*))::integer AS payment_count,
            (sum(pm.amount))::integer AS amount_paid,
            (sum(pm.amount_refunded))::integer AS amount_refunded
           FROM buzz_haven.payments pm
          WHERE (pm.order_id = o.id)) p ON (true))
  WHERE buzz_haven_lists.staff_only();

CREATE OR REPLACE FUNCTION public.get_buzz_haven_orders()
  RETURNS SETOF buzz_haven_lists.orders
  LANGUAGE sql
  STABLE
  AS $function$ select * from buzz_haven_lists.orders $function$;

CREATE VIEW "buzz_haven_lists"."swarm_reports" AS  SELECT s.id,
    s.location,
    s.formed_when,
    s.size,
    s.height,
    s.in_structure,
    s.photo_url,
    s.name,
    s.phone,
    s.email,
    s.notes,
    s.qualifies,
    s.status,
    s.staff_notes,
    s.created_at,
    s.updated_at,
    s.is_open,
    s.locale
   FROM buzz_haven.swarm_reports s
  WHERE buzz_haven_lists.staff_only();

CREATE OR REPLACE FUNCTION public.get_buzz_haven_swarm_reports()
  RETURNS SETOF buzz_haven_lists.swarm_reports
  LANGUAGE sql
  STABLE
  AS $function$ select * from buzz_haven_lists.swarm_reports $function$;

COMMENT ON TABLE "buzz_haven"."column_words" IS 'A column''s name (value '''') or one of its allowed values in a language other than English, for derived messages.';

COMMENT ON TABLE "buzz_haven"."constraint_messages" IS 'The message a write breaking a constraint fails with, keyed by the constraint''s name (or <table>_<column>_not_null) and language.';

REVOKE ALL ON FUNCTION "buzz_haven"."check_rule"(boolean, text, text[]) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "buzz_haven"."check_rule"(boolean, text, text[]) TO "postgres";

REVOKE ALL ON FUNCTION "buzz_haven"."enqueue_message"(text, text, text, jsonb, text, text, uuid, text) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "buzz_haven"."enqueue_message"(text, text, text, jsonb, text, text, uuid, text) TO "postgres";

REVOKE ALL ON FUNCTION "buzz_haven"."message_locale"(text, text, uuid) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "buzz_haven"."message_locale"(text, text, uuid) TO "postgres";

REVOKE ALL ON FUNCTION "buzz_haven"."request_locale"() FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "buzz_haven"."request_locale"() TO "postgres";

REVOKE ALL ON FUNCTION "buzz_haven"."rule_message"(text) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "buzz_haven"."rule_message"(text) TO "postgres";

REVOKE ALL ON FUNCTION "buzz_haven"."set_request_locale"(text) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "buzz_haven"."set_request_locale"(text) TO "postgres";

REVOKE ALL ON FUNCTION "public"."create_buzz_haven_campaign"(text, text, text, text) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."create_buzz_haven_campaign"(text, text, text, text) TO "anon", "authenticated", "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."get_buzz_haven_adoption_requests"() FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."get_buzz_haven_adoption_requests"() TO "anon", "authenticated", "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."get_buzz_haven_contact_messages"() FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."get_buzz_haven_contact_messages"() TO "anon", "authenticated", "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."get_buzz_haven_event_registrations"() FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."get_buzz_haven_event_registrations"() TO "anon", "authenticated", "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."get_buzz_haven_newsletter_subscribers"() FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."get_buzz_haven_newsletter_subscribers"() TO "anon", "authenticated", "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."get_buzz_haven_orders"() FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."get_buzz_haven_orders"() TO "anon", "authenticated", "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."get_buzz_haven_swarm_reports"() FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."get_buzz_haven_swarm_reports"() TO "anon", "authenticated", "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."register_buzz_haven_workshop"(uuid, text, text, integer, integer[], boolean, text, boolean, text) FROM PUBLIC;

GRANT EXECUTE
  ON FUNCTION "public"."register_buzz_haven_workshop"(uuid, text, text, integer, integer[], boolean, text, boolean, text)
  TO "anon", "authenticated", "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."submit_buzz_haven_adoption_request"(text, text, text, text, text, text, text, text, text) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."submit_buzz_haven_adoption_request"(text, text, text, text, text, text, text, text, text) TO "anon", "authenticated", "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."submit_buzz_haven_art_design"(text, text, text, text, text, boolean, text, text) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."submit_buzz_haven_art_design"(text, text, text, text, text, boolean, text, text) TO "anon", "authenticated", "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."submit_buzz_haven_contact_message"(text, text, text, text, text, text, text) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."submit_buzz_haven_contact_message"(text, text, text, text, text, text, text) TO "anon", "authenticated", "postgres", "service_role";

REVOKE ALL
  ON FUNCTION "public"."submit_buzz_haven_host_application"(text, text, text, text, text, integer, integer, text, text, text, boolean, boolean, text, text, text, text, text)
  FROM PUBLIC;

GRANT EXECUTE
  ON FUNCTION "public"."submit_buzz_haven_host_application"(text, text, text, text, text, integer, integer, text, text, text, boolean, boolean, text, text, text, text, text)
  TO "anon", "authenticated", "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."submit_buzz_haven_order_request"(text, text, text, text, jsonb, jsonb, text, text, text) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."submit_buzz_haven_order_request"(text, text, text, text, jsonb, jsonb, text, text, text) TO "anon", "authenticated", "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."submit_buzz_haven_swarm_report"(text, text, text, text, boolean, text, text, text, text, text, text, text) FROM PUBLIC;

GRANT EXECUTE
  ON FUNCTION "public"."submit_buzz_haven_swarm_report"(text, text, text, text, boolean, text, text, text, text, text, text, text)
  TO "anon", "authenticated", "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."submit_buzz_haven_volunteer_signup"(uuid, text, text, text, text, text) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."submit_buzz_haven_volunteer_signup"(uuid, text, text, text, text, text) TO "anon", "authenticated", "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."subscribe_buzz_haven_newsletter"(text, text) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."subscribe_buzz_haven_newsletter"(text, text) TO "anon", "authenticated", "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."update_buzz_haven_campaign"(uuid, text, text, text, text, text, text[]) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."update_buzz_haven_campaign"(uuid, text, text, text, text, text, text[]) TO "anon", "authenticated", "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."vote_buzz_haven_art"(uuid, text, text, text) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."vote_buzz_haven_art"(uuid, text, text, text) TO "anon", "authenticated", "postgres", "service_role";

GRANT DELETE, INSERT, REFERENCES, SELECT, TRIGGER, TRUNCATE, UPDATE ON TABLE "buzz_haven"."column_words" TO "postgres";

GRANT SELECT ON TABLE "buzz_haven_lists"."adoption_requests" TO "anon", "authenticated";

GRANT DELETE, INSERT, REFERENCES, SELECT, TRIGGER, TRUNCATE, UPDATE ON TABLE "buzz_haven_lists"."adoption_requests" TO "postgres";

GRANT SELECT ON TABLE "buzz_haven_lists"."adoption_requests" TO "service_role";

GRANT SELECT ON TABLE "buzz_haven_lists"."contact_messages" TO "anon", "authenticated";

GRANT DELETE, INSERT, REFERENCES, SELECT, TRIGGER, TRUNCATE, UPDATE ON TABLE "buzz_haven_lists"."contact_messages" TO "postgres";

GRANT SELECT ON TABLE "buzz_haven_lists"."contact_messages" TO "service_role";

GRANT SELECT ON TABLE "buzz_haven_lists"."event_registrations" TO "anon", "authenticated";

GRANT DELETE, INSERT, REFERENCES, SELECT, TRIGGER, TRUNCATE, UPDATE ON TABLE "buzz_haven_lists"."event_registrations" TO "postgres";

GRANT SELECT ON TABLE "buzz_haven_lists"."event_registrations" TO "service_role";

GRANT SELECT ON TABLE "buzz_haven_lists"."newsletter_subscribers" TO "anon", "authenticated";

GRANT DELETE, INSERT, REFERENCES, SELECT, TRIGGER, TRUNCATE, UPDATE ON TABLE "buzz_haven_lists"."newsletter_subscribers" TO "postgres";

GRANT SELECT ON TABLE "buzz_haven_lists"."newsletter_subscribers" TO "service_role";

GRANT SELECT ON TABLE "buzz_haven_lists"."orders" TO "anon", "authenticated";

GRANT DELETE, INSERT, REFERENCES, SELECT, TRIGGER, TRUNCATE, UPDATE ON TABLE "buzz_haven_lists"."orders" TO "postgres";

GRANT SELECT ON TABLE "buzz_haven_lists"."orders" TO "service_role";

GRANT SELECT ON TABLE "buzz_haven_lists"."swarm_reports" TO "anon", "authenticated";

GRANT DELETE, INSERT, REFERENCES, SELECT, TRIGGER, TRUNCATE, UPDATE ON TABLE "buzz_haven_lists"."swarm_reports" TO "postgres";

GRANT SELECT ON TABLE "buzz_haven_lists"."swarm_reports" TO "service_role";

-- The rows: the English words of the new rules, then the other languages' (schemas/translations.sql).
insert into buzz_haven.constraint_messages (constraint_name, message) values
  ('request_locale_known', 'Locale must be one of %s'),
  -- the words of a bound a CHECK says itself (buzz_haven.derived_message): the column's name, then
  -- the bound; the allowed values are joined with the separator and the last one
  ('derived_too_long', '%s is too long (%s characters at most)'),
  ('derived_between', '%s must be between %s and %s'),
  ('derived_one_of', '%s must be %s'),
  ('derived_separator', ', '),
  ('derived_last_separator', ' or ');

insert into buzz_haven.constraint_messages (constraint_name, message) values
  ('email_valid', 'A valid email is required'),
  ('name_required', 'Name is required'),
  ('address_required', 'Address is required'),
  ('city_required', 'City is required'),
  ('phone_required', 'Phone is required'),
  ('recipient_name_required', 'Recipient name is required'),
  ('location_required', 'Location is required'),
  ('phone_number_required', 'Phone number is required'),
  ('url_valid', 'Must be a valid URL'),
  ('street_address_required', 'Street address is required');

insert into buzz_haven.constraint_messages (constraint_name, message) values
  ('contact_name_too_long', 'Name is too long (200 characters at most)'),
  ('contact_phone_too_long', 'Phone number is too long (40 characters at most)'),
  ('contact_subject_required', 'Subject is required'),
  ('contact_subject_too_long', 'Subject is too long (200 characters at most)'),
  ('contact_message_required', 'Message is required'),
  ('contact_message_too_long', 'Message is too long (5000 characters at most)'),
  ('contact_hear_about_too_long', 'How you heard about us is too long (200 characters at most)');

insert into buzz_haven.constraint_messages (constraint_name, message) values
  ('order_payment_known', 'Payment must be card or later'),
  ('order_card_only', 'The shop takes card payments only: please choose Pay now'),
  ('order_address_required', 'A shipping address is required (or choose local pickup)'),
  ('order_us_only', 'We ship within the United States only'),
  ('order_state_format', 'State must be a two-letter US state code'),
  ('order_zip_format', 'ZIP code must be 5 or 9 digits'),
  ('order_cart_empty', 'Your cart is empty'),
  ('order_products_max', 'At most 20 different products per order'),
  ('order_item_product', 'Each item needs a product_id'),
  ('order_unit_price_cents', 'Unit price must be whole cents'),
  ('order_product_unavailable', 'A product in your cart is no longer available; please review your cart'),
  ('order_prices_changed', 'Prices have changed; please review your cart');

insert into buzz_haven.constraint_messages (constraint_name, message) values
  ('registration_places_range', 'Places must be between 1 and 10'),
  ('registration_not_open', 'This workshop is not open for registration'),
  ('registration_child_ages', 'Give the age of each child (one per place)'),
  ('registration_child_age_range', 'Children must be 5 to 12 years old'),
  ('registration_ages_children_only', 'Ages are only asked for children''s workshops'),
  ('registration_already', 'You are already registered for this workshop'),
  ('registration_full', 'This workshop is full'),
  ('registration_places_left', 'Only %s %s left in this workshop'),
  ('volunteer_shift_required', 'Choose a shift'),
  ('volunteer_not_open', 'This shift is not open for sign-ups'),
  ('volunteer_already', 'You are already signed up for this shift'),
  ('volunteer_full', 'This shift is full: every place has been taken. Please choose another shift.');

insert into buzz_haven.constraint_messages (constraint_name, message) values
  ('adoption_tier_known', 'Tier must be %s'),
  ('adoption_plan_known', 'Plan must be %s'),
  ('adoption_recipient_email', 'The recipient''s email must be valid'),
  ('swarm_in_structure_required', 'Say whether the swarm is inside a structure'),
  ('swarm_phone_digits', 'A phone number with 7 to 15 digits is required'),
  ('host_yard_size_required', 'The yard''s length and width are required (in feet)'),
  ('host_pets_required', 'Tell us whether pets use the yard'),
  ('host_children_required', 'Tell us whether children use the yard'),
  ('host_hive_style_known', 'Hive must be one of the hosting plans (%s)'),
  ('host_yard_too_small', 'A hive needs a yard of at least %s ft x %s ft: room for the hive, a water source and our beekeepers to work around it. %s ft x %s ft is smaller. If another spot is larger, measure it and apply again, or adopt a hive instead.');

insert into buzz_haven.constraint_messages (constraint_name, message) values
  ('art_title_required', 'A title is required'),
  ('art_statement_required', 'A statement is required'),
  ('art_artist_name_required', 'The name to credit is required'),
  ('art_consent_required', 'Please accept the collective''s licence terms'),
  ('art_not_on_ballot', 'This design is not on this month''s ballot'),
  ('art_vote_closed', 'This month''s vote is closed');

insert into buzz_haven.constraint_messages (constraint_name, locale, message) values
  -- a visitor request's language; the words of the bounds a CHECK says itself
  ('request_locale_known', 'es', 'El idioma debe ser uno de %s'),
  ('derived_too_long', 'es', '%s: no puede tener más de %s caracteres'),
  ('derived_between', 'es', '%s: debe estar entre %s y %s'),
  ('derived_one_of', 'es', '%s: debe ser %s'),
  ('derived_separator', 'es', ', '),
  ('derived_last_separator', 'es', ' o '),
  -- the visitor request tables' constraints
  ('orders_customer_name_not_blank', 'es', 'El nombre es obligatorio'),
  ('orders_customer_name_length', 'es', 'El nombre es demasiado largo (máximo 200 caracteres)'),
  ('orders_customer_phone_length', 'es', 'El número de teléfono es demasiado largo (máximo 40 caracteres)'),
  ('orders_address_line1_length', 'es', 'La dirección es demasiado larga (máximo 200 caracteres)'),
  ('orders_address_line2_length', 'es', 'La línea 2 de la dirección es demasiado larga (máximo 200 caracteres)'),
  ('event_registrations_amount_owed_range', 'es', 'El monto adeudado debe estar entre $0 y $100,000'),
  ('event_registrations_card_only', 'es', 'Los lugares en los talleres se pagan con tarjeta al inscribirse; vuelva a cargar la página e inscríbase otra vez'),
  ('event_registrations_held_per_email', 'es', 'Un correo electrónico puede apartar como máximo %s lugares a la vez mientras paga. Termine de pagar los lugares que ya apartó, o inscriba menos lugares'),
  ('event_registrations_held_per_client', 'es', 'Desde una misma conexión se pueden apartar como máximo %s lugares a la vez mientras se paga. Termine los pagos que empezó, o inténtelo de nuevo en unos minutos'),
  ('swarm_reports_formed_when_known', 'es', 'Cuándo se formó: elija menos de 24 horas, de 24 a 48 horas, más de 48 horas o no sé'),
  ('swarm_reports_formed_when_not_null', 'es', 'Cuándo se formó: elija menos de 24 horas, de 24 a 48 horas, más de 48 horas o no sé'),
  ('swarm_reports_size_not_null', 'es', 'Tamaño: elija más chico, del tamaño de un balón de fútbol americano o más grande'),
  ('swarm_reports_height_not_null', 'es', 'Altura: elija desde el suelo, con una escalera o muy alto'),
  ('swarm_reports_phone_length', 'es', 'El número de teléfono es demasiado largo (máximo 40 caracteres)'),
  ('swarm_reports_photo_url_http', 'es', 'Debe ser una dirección web válida'),
  ('host_applications_name_not_blank', 'es', 'El nombre es obligatorio'),
  ('host_applications_address_not_blank', 'es', 'La dirección es obligatoria'),
  ('host_applications_address_length', 'es', 'La dirección es demasiado larga (máximo 300 caracteres)'),
  ('host_applications_yard_length_range', 'es', 'El largo y el ancho del patio deben estar entre 1 y 10000 pies'),
  ('host_applications_yard_width_range', 'es', 'El largo y el ancho del patio deben estar entre 1 y 10000 pies'),
  ('host_applications_sun_not_null', 'es', 'Sol: elija sol todo el día, sol parte del día o casi siempre sombra'),
  ('host_applications_water_not_null', 'es', 'Agua: elija en el patio, cerca o todavía no hay'),
  ('host_applications_access_not_null', 'es', 'Acceso: elija camino plano, escalones o pendiente, o difícil'),
  ('host_applications_yard_photo_url_format', 'es', 'La foto del patio debe ser una dirección web'),
  ('host_applications_zip_format', 'es', 'El código postal debe tener 5 dígitos'),
  ('host_applications_zip_not_null', 'es', 'El código postal debe tener 5 dígitos'),
  ('art_designs_title_not_blank', 'es', 'El título es obligatorio'),
  ('art_designs_title_line', 'es', 'El título debe ser una sola línea de máximo 120 caracteres'),
  ('art_designs_title_max_length', 'es', 'El título debe ser una sola línea de máximo 120 caracteres'),
  ('art_designs_statement_not_blank', 'es', 'La declaración es obligatoria'),
  ('art_designs_statement_max_length', 'es', 'La declaración es demasiado larga (máximo 2000 caracteres)'),
  ('art_designs_artist_name_not_blank', 'es', 'El nombre para el crédito es obligatorio'),
  ('art_designs_artist_name_line', 'es', 'El nombre para el crédito debe ser una sola línea de máximo 120 caracteres'),
  ('art_designs_artist_name_max_length', 'es', 'El nombre para el crédito debe ser una sola línea de máximo 120 caracteres'),
  ('art_designs_link_http', 'es', 'El enlace debe ser una dirección que empiece con https:// o http://'),
  ('art_designs_upload_path_length', 'es', 'Ruta de almacenamiento incorrecta'),
  ('art_designs_upload_type_known', 'es', 'El archivo debe ser una imagen PNG, JPEG o WebP'),
  -- the visitor RPCs' own refusals
  ('email_valid', 'es', 'Escriba un correo electrónico válido'),
  ('name_required', 'es', 'El nombre es obligatorio'),
  ('contact_name_too_long', 'es', 'El nombre es demasiado largo (máximo 200 caracteres)'),
  ('contact_phone_too_long', 'es', 'El número de teléfono es demasiado largo (máximo 40 caracteres)'),
  ('contact_subject_required', 'es', 'El asunto es obligatorio'),
  ('contact_subject_too_long', 'es', 'El asunto es demasiado largo (máximo 200 caracteres)'),
  ('contact_message_required', 'es', 'El mensaje es obligatorio'),
  ('contact_message_too_long', 'es', 'El mensaje es demasiado largo (máximo 5000 caracteres)'),
  ('contact_hear_about_too_long', 'es', 'Cómo supo de nosotros es demasiado largo (máximo 200 caracteres)'),
  ('order_payment_known', 'es', 'Elija pagar con tarjeta o pagar después'),
  ('order_card_only', 'es', 'La tienda solo acepta pagos con tarjeta: elija Pagar ahora'),
  ('order_address_required', 'es', 'Escriba una dirección de envío (o elija recoger en persona)'),
  ('order_us_only', 'es', 'Solo enviamos dentro de los Estados Unidos'),
  ('address_required', 'es', 'La dirección es obligatoria'),
  ('city_required', 'es', 'La ciudad es obligatoria'),
  ('order_state_format', 'es', 'El estado debe ser el código de dos letras de un estado de EE. UU.'),
  ('order_zip_format', 'es', 'El código postal debe tener 5 o 9 dígitos'),
  ('order_cart_empty', 'es', 'Su carrito está vacío'),
  ('order_products_max', 'es', 'Como máximo 20 productos distintos por pedido'),
  ('order_item_product', 'es', 'Cada artículo necesita su product_id'),
  ('order_unit_price_cents', 'es', 'El precio unitario debe estar en centavos enteros'),
  ('order_product_unavailable', 'es', 'Un producto de su carrito ya no está disponible; revise su carrito'),
  ('order_prices_changed', 'es', 'Los precios cambiaron; revise su carrito'),
  ('registration_places_range', 'es', 'Los lugares deben ser entre 1 y 10'),
  ('registration_not_open', 'es', 'Este taller no está abierto para inscripciones'),
  ('registration_child_ages', 'es', 'Escriba la edad de cada niño (una por lugar)'),
  ('registration_child_age_range', 'es', 'Los niños deben tener de 5 a 12 años'),
  ('registration_ages_children_only', 'es', 'Las edades solo se piden para los talleres de niños'),
  ('registration_already', 'es', 'Usted ya está inscrito en este taller'),
  ('registration_full', 'es', 'Este taller está lleno'),
  ('registration_places_left', 'es', 'Solo quedan %s lugar(es) en este taller'),
  ('volunteer_shift_required', 'es', 'Elija un turno'),
  ('phone_required', 'es', 'El teléfono es obligatorio'),
  ('volunteer_not_open', 'es', 'Este turno no está abierto para inscripciones'),
  ('volunteer_already', 'es', 'Usted ya está inscrito en este turno'),
  ('volunteer_full', 'es', 'Este turno está lleno: ya se ocuparon todos los lugares. Por favor, elija otro turno.'),
  ('adoption_tier_known', 'es', 'Nivel: debe ser %s'),
  ('adoption_plan_known', 'es', 'Plan: debe ser %s'),
  ('recipient_name_required', 'es', 'El nombre de quien lo recibe es obligatorio'),
  ('adoption_recipient_email', 'es', 'El correo de quien lo recibe debe ser válido'),
  ('location_required', 'es', 'La ubicación es obligatoria'),
  ('swarm_in_structure_required', 'es', 'Díganos si el enjambre está dentro de una construcción'),
  ('phone_number_required', 'es', 'El número de teléfono es obligatorio'),
  ('swarm_phone_digits', 'es', 'Escriba un número de teléfono de 7 a 15 dígitos'),
  ('url_valid', 'es', 'Debe ser una dirección web válida'),
  ('street_address_required', 'es', 'La dirección es obligatoria'),
  ('host_yard_size_required', 'es', 'El largo y el ancho del patio son obligatorios (en pies)'),
  ('host_pets_required', 'es', 'Díganos si las mascotas usan el patio'),
  ('host_children_required', 'es', 'Díganos si los niños usan el patio'),
  ('host_hive_style_known', 'es', 'Colmena: debe ser uno de los planes para anfitriones (%s)'),
  ('host_yard_too_small', 'es', 'Una colmena necesita un patio de al menos %s pies x %s pies: lugar para la colmena, una fuente de agua y para que nuestros apicultores trabajen alrededor. %s pies x %s pies es más chico. Si otro lugar es más grande, mídalo y vuelva a hacer la solicitud, o mejor adopte una colmena.'),
  ('art_title_required', 'es', 'El título es obligatorio'),
  ('art_statement_required', 'es', 'La declaración es obligatoria'),
  ('art_artist_name_required', 'es', 'El nombre para el crédito es obligatorio'),
  ('art_consent_required', 'es', 'Por favor, acepte las condiciones de licencia del colectivo'),
  ('art_not_on_ballot', 'es', 'Este diseño no está en la votación de este mes'),
  ('art_vote_closed', 'es', 'La votación de este mes ya cerró');

-- The names of the columns and values a derived message says (buzz_haven.derived_message).
insert into buzz_haven.column_words (column_name, value, locale, words) values
  ('access', '', 'es', 'Acceso'),
  ('amount_due', '', 'es', 'Monto a pagar'),
  ('city', '', 'es', 'Ciudad'),
  ('client_hash', '', 'es', 'Huella del cliente'),
  ('decline_reason', '', 'es', 'Motivo del rechazo'),
  ('delivery', '', 'es', 'Entrega'),
  ('height', '', 'es', 'Altura'),
  ('hive_style', '', 'es', 'Tipo de colmena'),
  ('location', '', 'es', 'Ubicación'),
  ('message', '', 'es', 'Mensaje'),
  ('name', '', 'es', 'Nombre'),
  ('notes', '', 'es', 'Notas'),
  ('number', '', 'es', 'Número'),
  ('payment_state', '', 'es', 'Estado del pago'),
  ('phone', '', 'es', 'Teléfono'),
  ('places', '', 'es', 'Lugares'),
  ('plan', '', 'es', 'Plan'),
  ('quantity', '', 'es', 'Cantidad'),
  ('recipient_name', '', 'es', 'Nombre de quien lo recibe'),
  ('size', '', 'es', 'Tamaño'),
  ('staff_notes', '', 'es', 'Notas del personal'),
  ('state', '', 'es', 'Estado'),
  ('status', '', 'es', 'Situación'),
  ('sun', '', 'es', 'Sol'),
  ('tier', '', 'es', 'Nivel'),
  ('water', '', 'es', 'Agua'),
  ('zip', '', 'es', 'Código postal'),
  ('delivery', 'standard', 'es', 'envío estándar'),
  ('delivery', 'express', 'es', 'envío exprés'),
  ('delivery', 'pickup', 'es', 'recoger en persona'),
  ('sun', 'full', 'es', 'sol todo el día'),
  ('sun', 'partial', 'es', 'sol parte del día'),
  ('sun', 'shade', 'es', 'casi siempre sombra'),
  ('water', 'on_site', 'es', 'en el patio'),
  ('water', 'nearby', 'es', 'cerca'),
  ('water', 'none', 'es', 'todavía no hay'),
  ('access', 'level', 'es', 'camino plano'),
  ('access', 'steps', 'es', 'escalones o pendiente'),
  ('access', 'difficult', 'es', 'difícil'),
  ('size', 'smaller', 'es', 'más chico que un balón'),
  ('size', 'football', 'es', 'del tamaño de un balón'),
  ('size', 'larger', 'es', 'más grande que un balón'),
  ('height', 'ground', 'es', 'desde el suelo'),
  ('height', 'reachable', 'es', 'con una escalera'),
  ('height', 'high', 'es', 'muy alto');
