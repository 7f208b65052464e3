-- Buzz Haven: Spanish for staff-entered rows (product names and descriptions, batch notes, hive names), falling back to the English.

set check_function_bodies = false;

DROP FUNCTION "public"."create_buzz_haven_hive"(text, text, text, text, date, text, text, text, text, numeric, numeric, boolean, text, boolean, boolean);

DROP FUNCTION "public"."create_buzz_haven_honey_batch"(text, uuid, integer, date, text, text, boolean);

DROP FUNCTION "public"."create_buzz_haven_product"(text, text, integer, text, text, text, text, text, boolean, integer, text);

DROP FUNCTION "public"."get_buzz_haven_hive_map"();

DROP FUNCTION "public"."get_buzz_haven_hives"();

DROP VIEW "buzz_haven_lists"."hives";

DROP FUNCTION "public"."get_buzz_haven_honey_batches"();

DROP VIEW "buzz_haven_lists"."honey_batches";

DROP FUNCTION "public"."get_buzz_haven_products"();

DROP VIEW "buzz_haven_lists"."products";

DROP FUNCTION "public"."get_buzz_haven_public_hive_signs"();

DROP FUNCTION "public"."get_buzz_haven_public_honey_batches"();

DROP FUNCTION "public"."get_buzz_haven_shop_products"();

DROP FUNCTION "public"."update_buzz_haven_hive"(uuid, text, text, text, text, date, text, text, text, text, numeric, numeric, boolean, text, boolean, boolean, text[]);

DROP FUNCTION "public"."update_buzz_haven_honey_batch"(uuid, text, uuid, integer, date, text, text, boolean, text[]);

DROP FUNCTION "public"."update_buzz_haven_product"(uuid, text, text, integer, text, text, text, text, text, boolean, integer, text);

ALTER TABLE "buzz_haven"."hives"
  ADD COLUMN "name_es" text;

ALTER TABLE "buzz_haven"."honey_batches"
  ADD COLUMN "notes_es" text;

ALTER TABLE "buzz_haven"."products"
  ADD COLUMN "name_es" text;

ALTER TABLE "buzz_haven"."products"
  ADD COLUMN "description_es" text;

CREATE OR REPLACE FUNCTION buzz_haven.honey_batch_story (
  p_batch_id uuid
)
  RETURNS TABLE (
    harvested_in text,
    season       text,
    harvested_on date,
    hives        jsonb,
    harvests     jsonb
  )
  LANGUAGE sql
  STABLE
  SET search_path TO ''
  AS $function$
  select
    (select string_agg(n.neighbourhood, ' & ' order by n.first_on, n.neighbourhood) from (
      select h.neighbourhood, min(h.harvested_on) as first_on from buzz_haven.honey_harvests as h
      where h.batch_id = p_batch_id group by h.neighbourhood) as n),
    (select string_agg(s.label, ' & ' order by s.first_on) from (
      select buzz_haven.season_label(h.season, h.harvested_on) as label, min(h.harvested_on) as first_on
      from buzz_haven.honey_harvests as h where h.batch_id = p_batch_id
      group by buzz_haven.season_label(h.season, h.harvested_on)) as s),
    (select max(h.harvested_on) from buzz_haven.honey_harvests as h where h.batch_id = p_batch_id),
    coalesce((select jsonb_agg(jsonb_build_object('id', x.id, 'name', x.name, 'name_es', x.name_es, 'neighbourhood', x.neighbourhood,
        'wrap', (select jsonb_build_object('title', d.title, 'artist', d.artist_name, 'photo_url', w.photo_url)
          from buzz_haven.hive_wraps as w
          join buzz_haven.art_designs as d on d.id = w.design_id
          where w.hive_id = x.id
          order by w.installed_on desc, w.created_at desc
          limit 1))
        order by x.name) from (
      select distinct on (hv.id) hv.id, hv.name, hv.name_es, h.neighbourhood
      from buzz_haven.honey_harvests as h join buzz_haven.hives as hv on hv.id = h.hive_id
      where h.batch_id = p_batch_id order by hv.id, h.harvested_on desc) as x), '[]'::jsonb),
    coalesce((select jsonb_agg(jsonb_build_object(
        'harvested_on', h.harvested_on, 'season', buzz_haven.season_label(h.season, h.harvested_on),
        'neighbourhood', h.neighbourhood, 'hive', hv.name, 'hive_es', hv.name_es, 'weight_lb', h.weight_lb,
        'moisture_pct', h.moisture_pct, 'floral_notes', h.floral_notes) order by h.harvested_on, hv.name)
      from buzz_haven.honey_harvests as h join buzz_haven.hives as hv on hv.id = h.hive_id
      where h.batch_id = p_batch_id), '[]'::jsonb)
$function$;

CREATE OR REPLACE FUNCTION buzz_haven.my_hive_batches (
  p_hive_id uuid
)
  RETURNS jsonb
  LANGUAGE plpgsql
  STABLE
  SET search_path TO ''
  AS $function$
declare
  v jsonb;
begin
  if to_regclass('buzz_haven.honey_batches') is null or to_regclass('buzz_haven.honey_harvests') is null then
    return '[]'::jsonb;
  end if;
  execute $q$
    select coalesce(jsonb_agg(jsonb_build_object('code', b.code, 'product', p.name, 'product_es', p.name_es, 'season', b.season,
        'harvested_on', b.harvested_on) order by b.harvested_on desc, b.code), '[]'::jsonb)
    from (select hb.code, hb.product_id, min(h.season) as season, max(h.harvested_on) as harvested_on
      from buzz_haven.honey_batches as hb join buzz_haven.honey_harvests as h on h.batch_id = hb.id
      where h.hive_id = $1 and hb.published group by hb.id, hb.code, hb.product_id) as b
    join buzz_haven.products as p on p.id = b.product_id $q$
  into v using p_hive_id;
  return coalesce(v, '[]'::jsonb);
exception when undefined_table or undefined_column then
  return '[]'::jsonb;
end;
$function$;

CREATE OR REPLACE FUNCTION buzz_haven.queue_order_received()
  RETURNS TRIGGER
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
begin
  if not buzz_haven.in_api_request() then return null; end if;
  perform buzz_haven.enqueue_message(
    case when new.payment_state = 'offline' then 'order_received' else 'order_received_card' end,
    new.customer_email, new.customer_name,
    jsonb_build_object('customer', jsonb_build_object('name', new.customer_name),
      'order', jsonb_build_object('id', new.id, 'number', new.number, 'delivery', new.delivery,
        'subtotal', new.subtotal, 'shipping', new.shipping, 'total', new.total,
        'payment', case when new.payment_state = 'offline' then 'later' else 'card' end,
        'address', concat_ws(', ', new.address_line1, new.address_line2, new.city,
          nullif(concat_ws(' ', new.state, new.zip), '')),
        -- each line named in the order's language: the product's Spanish name for a Spanish order
        'lines', coalesce((select jsonb_agg(jsonb_build_object('name', coalesce(p.name_es, i.name), 'quantity', i.quantity,
            'unit_price', i.unit_price, 'line_total', i.line_total) order by i.name, i.id)
          from buzz_haven.order_items as i
          left join buzz_haven.products as p on p.id = i.product_id and new.locale = 'es'
          where i.order_id = new.id), '[]'))),
    'order_received.' || new.id, 'orders', new.id);
  return null;
end;
$function$;

CREATE OR REPLACE FUNCTION public.create_buzz_haven_hive (
  p_name                 text,
  p_location             text    DEFAULT NULL::text,
  p_host                 text    DEFAULT NULL::text,
  p_status               text    DEFAULT 'active'::text,
  p_queen_installed_date date    DEFAULT NULL::date,
  p_queen_source         text    DEFAULT NULL::text,
  p_queen_marking        text    DEFAULT NULL::text,
  p_notes                text    DEFAULT NULL::text,
  p_neighbourhood        text    DEFAULT NULL::text,
  p_latitude             numeric DEFAULT NULL::numeric,
  p_longitude            numeric DEFAULT NULL::numeric,
  p_on_map               boolean DEFAULT false,
  p_host_display_name    text    DEFAULT NULL::text,
  p_show_host_name       boolean DEFAULT false,
  p_show_adopter_names   boolean DEFAULT false,
  p_name_es              text    DEFAULT NULL::text
)
  RETURNS buzz_haven.hives
  LANGUAGE sql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
  select buzz_haven.create_row(null::buzz_haven.hives, jsonb_build_object('name', btrim(p_name),
    'location', nullif(btrim(p_location), ''), 'host', nullif(btrim(p_host), ''), 'status', coalesce(p_status, 'active'),
    'queen_installed_date', p_queen_installed_date, 'queen_source', nullif(btrim(p_queen_source), ''),
    'queen_marking', nullif(btrim(p_queen_marking), ''), 'notes', nullif(btrim(p_notes), ''),
    'neighbourhood', nullif(btrim(p_neighbourhood), ''), 'latitude', p_latitude, 'longitude', p_longitude,
    'on_map', coalesce(p_on_map, false), 'host_display_name', nullif(btrim(p_host_display_name), ''),
    'show_host_name', coalesce(p_show_host_name, false), 'show_adopter_names', coalesce(p_show_adopter_names, false),
    'name_es', nullif(btrim(p_name_es), '')
  ), p_check => 'buzz_haven.check_hive')
$function$;

CREATE OR REPLACE FUNCTION public.create_buzz_haven_honey_batch (
  p_code       text,
  p_product_id uuid,
  p_jar_count  integer,
  p_bottled_on date    DEFAULT NULL::date,
  p_net_weight text    DEFAULT NULL::text,
  p_notes      text    DEFAULT NULL::text,
  p_published  boolean DEFAULT false,
  p_notes_es   text    DEFAULT NULL::text
)
  RETURNS buzz_haven.honey_batches
  LANGUAGE sql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
  select buzz_haven.create_row(null::buzz_haven.honey_batches, jsonb_build_object('code', upper(btrim(p_code)),
    'product_id', p_product_id, 'jar_count', p_jar_count, 'bottled_on', p_bottled_on,
    'net_weight', nullif(btrim(p_net_weight), ''), 'notes', nullif(btrim(p_notes), ''),
    'published', coalesce(p_published, false),
    'notes_es', nullif(btrim(p_notes_es), '')), p_check => 'buzz_haven.check_honey_batch')
$function$;

CREATE OR REPLACE FUNCTION public.create_buzz_haven_product (
  p_name           text,
  p_description    text    DEFAULT NULL::text,
  p_price          integer DEFAULT 0,
  p_category       text    DEFAULT NULL::text,
  p_image_url      text    DEFAULT NULL::text,
  p_slug           text    DEFAULT NULL::text,
  p_size_label     text    DEFAULT NULL::text,
  p_section        text    DEFAULT NULL::text,
  p_featured       boolean DEFAULT NULL::boolean,
  p_sort_order     integer DEFAULT NULL::integer,
  p_image_alt      text    DEFAULT NULL::text,
  p_name_es        text    DEFAULT NULL::text,
  p_description_es text    DEFAULT NULL::text
)
  RETURNS buzz_haven.products
  LANGUAGE sql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$ select buzz_haven.create_row(null::buzz_haven.products, jsonb_build_object('name', btrim(p_name),
  'description', nullif(btrim(p_description), ''), 'price', coalesce(p_price, 0),
  'category', nullif(btrim(p_category), ''), 'image_url', nullif(btrim(p_image_url), ''),
  'slug', nullif(btrim(p_slug), ''), 'size_label', nullif(btrim(p_size_label), ''),
  'section', nullif(btrim(p_section), ''), 'featured', coalesce(p_featured, false),
  'sort_order', coalesce(p_sort_order, 0), 'image_alt', nullif(btrim(p_image_alt), ''),
  'name_es', nullif(btrim(p_name_es), ''), 'description_es', nullif(btrim(p_description_es), '')),
  'slug', 'Another product already has this slug', 'buzz_haven.check_product') $function$;

CREATE OR REPLACE FUNCTION public.get_buzz_haven_hive_map()
  RETURNS TABLE (
    id                uuid,
    name              text,
    neighbourhood     text,
    latitude          numeric,
    longitude         numeric,
    host_name         text,
    adopter_names     text[],
    wrap_title        text,
    wrap_artist       text,
    wrap_image_url    text,
    wrap_installed_on date,
    name_es           text
  )
  LANGUAGE sql
  STABLE
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
  select h.id, h.name, h.neighbourhood, p.latitude, p.longitude,
    case when h.show_host_name then h.host_display_name end,
    case when h.show_adopter_names then coalesce((
      select array_agg(distinct split_part(btrim(coalesce(a.recipient_name, a.name)), ' ', 1))
      from buzz_haven.adoption_requests as a
      where a.hive_id = h.id and a.status = 'active'
    ), '{}') else '{}' end,
    w.title, w.artist_name, w.photo_url, w.installed_on, h.name_es
  from buzz_haven.hives as h
  cross join lateral buzz_haven.approximate_position(h.latitude, h.longitude) as p
  left join lateral (
    select d.title, d.artist_name, x.photo_url, x.installed_on
    from buzz_haven.hive_wraps as x
    join buzz_haven.art_designs as d on d.id = x.design_id
    where x.hive_id = h.id
    order by x.installed_on desc, x.created_at desc
    limit 1
  ) as w on true
  where h.on_map and h.status <> 'retired' and h.latitude is not null
  order by h.neighbourhood, h.name, h.id
$function$;

CREATE OR REPLACE FUNCTION public.get_buzz_haven_my_hives (
  p_hive_id uuid DEFAULT NULL::uuid
)
  RETURNS jsonb
  LANGUAGE plpgsql
  STABLE
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
declare
  v_email text;
  v_hives jsonb;
begin
  if auth.uid() is null then
    raise exception 'Sign in with the link we e-mail you to see your hive' using errcode = '42501';
  end if;
  v_email := buzz_haven.my_confirmed_email();
  if v_email is null then
    raise exception 'Confirm your e-mail address with the link we sent to see your hive' using errcode = '42501';
  end if;
  with mine as (
    select h.id, 'host' as relation, null::uuid as adoption_id
    from buzz_haven.hives as h where lower(h.host_email) = v_email
    union all
    select a.hive_id, 'adopter', a.id
    from buzz_haven.adoption_requests as a
    where a.hive_id is not null and a.status <> 'ended'
      and (lower(a.email) = v_email or lower(a.recipient_email) = v_email)
  ),
  hive_ids as (
    select m.id, array_agg(distinct m.relation order by m.relation) as relations from mine as m group by m.id
  )
  select coalesce(jsonb_agg(jsonb_build_object(
      'id', h.id,
      'name', h.name,
      'name_es', h.name_es,
      'status', h.status,
      'relations', to_jsonb(x.relations),
      'wrap', buzz_haven.my_hive_wrap(h.id),
      'highlights', coalesce((
        select jsonb_agg(jsonb_build_object('id', i.id, 'date', i.inspected_on, 'note', i.share_note, 'photo_url', i.share_photo_url)
          order by i.inspected_on desc, i.created_at desc)
        from (select * from buzz_haven.hive_inspections as i
          where i.hive_id = h.id and i.share order by i.inspected_on desc, i.created_at desc limit 20) as i), '[]'::jsonb),
      'batches', buzz_haven.my_hive_batches(h.id),
      'adoptions', coalesce((
        select jsonb_agg(jsonb_build_object('tier', a.tier, 'plan', a.plan, 'status', a.status,
            'monthly_price', a.monthly_price, 'since', a.created_at, 'gift', a.plan <> 'monthly')
          order by a.created_at)
        from buzz_haven.adoption_requests as a
        where a.hive_id = h.id and a.status <> 'ended'
          and (lower(a.email) = v_email or lower(a.recipient_email) = v_email)), '[]'::jsonb)
    ) order by h.name, h.id), '[]'::jsonb)
  into v_hives
  from hive_ids as x join buzz_haven.hives as h on h.id = x.id
  where p_hive_id is null or h.id = p_hive_id;
  if p_hive_id is not null and jsonb_array_length(v_hives) = 0 then
    raise exception 'This hive is not one of yours' using errcode = '42501';
  end if;
  return jsonb_build_object(
    'email', v_email,
    'hives', v_hives,
    'workshops', coalesce((
      select jsonb_agg(jsonb_build_object('id', e.id, 'title', e.title, 'start_time', e.start_time, 'location', e.location)
        order by e.start_time)
      from (select * from buzz_haven.events as e
        where e.is_public and e.kind = 'workshop' and e.status = 'scheduled' and e.start_time > now()
        order by e.start_time limit 4) as e), '[]'::jsonb)
  );
end;
$function$;

CREATE OR REPLACE FUNCTION public.get_buzz_haven_public_hive_signs()
  RETURNS TABLE (
    id            uuid,
    sign_code     text,
    name          text,
    neighbourhood text,
    status        text,
    wrap          jsonb,
    name_es       text
  )
  LANGUAGE sql
  STABLE
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
  select h.id, h.sign_code, h.name, h.neighbourhood, h.status, buzz_haven.my_hive_wrap(h.id) - 'installed_on', h.name_es
  from buzz_haven.hives as h where h.status <> 'retired' order by h.sign_code
$function$;

CREATE OR REPLACE FUNCTION public.get_buzz_haven_public_honey_batches()
  RETURNS TABLE (
    code            text,
    product_slug    text,
    product_name    text,
    net_weight      text,
    jar_count       integer,
    bottled_on      date,
    notes           text,
    harvested_in    text,
    season          text,
    harvested_on    date,
    hives           jsonb,
    harvests        jsonb,
    product_name_es text,
    notes_es        text
  )
  LANGUAGE sql
  STABLE
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
  select b.code, p.slug, p.name, coalesce(b.net_weight, p.size_label), b.jar_count, b.bottled_on, b.notes,
    s.harvested_in, s.season, s.harvested_on, s.hives, s.harvests, p.name_es, b.notes_es
  from buzz_haven.honey_batches as b
  join buzz_haven.products as p on p.id = b.product_id
  cross join lateral buzz_haven.honey_batch_story(b.id) as s
  where b.published and p.is_public and s.harvested_on is not null
  order by coalesce(b.bottled_on, s.harvested_on) desc, b.code
$function$;

CREATE OR REPLACE FUNCTION public.get_buzz_haven_shop_products()
  RETURNS TABLE (
    id             uuid,
    name           text,
    price          integer,
    category       text,
    image_url      text,
    slug           text,
    description    text,
    size_label     text,
    section        text,
    featured       boolean,
    sort_order     integer,
    image_alt      text,
    name_es        text,
    description_es text
  )
  LANGUAGE sql
  STABLE
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
  select p.id, p.name, p.price, p.category, p.image_url, p.slug, p.description,
    p.size_label, p.section, p.featured, p.sort_order, p.image_alt, p.name_es, p.description_es
  from buzz_haven.products as p
  where p.is_public order by p.sort_order, p.created_at desc, p.name, p.id
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
  if exists (select 1 from buzz_haven.workshop_offerings as w
      where w.slug = v_event.offering and (w.min_age is not null or w.max_age is not null)) then
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

CREATE OR REPLACE FUNCTION public.update_buzz_haven_hive (
  p_id                   uuid,
  p_name                 text    DEFAULT NULL::text,
  p_location             text    DEFAULT NULL::text,
  p_host                 text    DEFAULT NULL::text,
  p_status               text    DEFAULT NULL::text,
  p_queen_installed_date date    DEFAULT NULL::date,
  p_queen_source         text    DEFAULT NULL::text,
  p_queen_marking        text    DEFAULT NULL::text,
  p_notes                text    DEFAULT NULL::text,
  p_neighbourhood        text    DEFAULT NULL::text,
  p_latitude             numeric DEFAULT NULL::numeric,
  p_longitude            numeric DEFAULT NULL::numeric,
  p_on_map               boolean DEFAULT NULL::boolean,
  p_host_display_name    text    DEFAULT NULL::text,
  p_show_host_name       boolean DEFAULT NULL::boolean,
  p_show_adopter_names   boolean DEFAULT NULL::boolean,
  p_clear                text[]  DEFAULT '{}'::text[],
  p_name_es              text    DEFAULT NULL::text
)
  RETURNS buzz_haven.hives
  LANGUAGE sql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
  select buzz_haven.change_row(null::buzz_haven.hives, p_id, 'Hive not found', jsonb_build_object('name', btrim(p_name),
    'location', btrim(p_location), 'host', btrim(p_host), 'status', p_status, 'queen_installed_date', p_queen_installed_date,
    'queen_source', btrim(p_queen_source), 'queen_marking', btrim(p_queen_marking), 'notes', btrim(p_notes),
    'neighbourhood', btrim(p_neighbourhood), 'latitude', p_latitude, 'longitude', p_longitude, 'on_map', p_on_map,
    'host_display_name', btrim(p_host_display_name), 'show_host_name', p_show_host_name,
    'show_adopter_names', p_show_adopter_names, 'name_es', btrim(p_name_es)
  ), p_clear, '{location, host, queen_installed_date, queen_source, queen_marking, notes, neighbourhood, latitude,
    longitude, host_display_name, name_es}', p_check => 'buzz_haven.check_hive')
$function$;

CREATE OR REPLACE FUNCTION public.update_buzz_haven_honey_batch (
  p_id         uuid,
  p_code       text    DEFAULT NULL::text,
  p_product_id uuid    DEFAULT NULL::uuid,
  p_jar_count  integer DEFAULT NULL::integer,
  p_bottled_on date    DEFAULT NULL::date,
  p_net_weight text    DEFAULT NULL::text,
  p_notes      text    DEFAULT NULL::text,
  p_published  boolean DEFAULT NULL::boolean,
  p_clear      text[]  DEFAULT '{}'::text[],
  p_notes_es   text    DEFAULT NULL::text
)
  RETURNS buzz_haven.honey_batches
  LANGUAGE sql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
  select buzz_haven.change_row(null::buzz_haven.honey_batches, p_id, 'Honey batch not found', jsonb_build_object(
    'code', upper(btrim(p_code)), 'product_id', p_product_id, 'jar_count', p_jar_count, 'bottled_on', p_bottled_on,
    'net_weight', btrim(p_net_weight), 'notes', btrim(p_notes), 'published', p_published,
    'notes_es', btrim(p_notes_es)), p_clear, '{bottled_on, net_weight, notes, notes_es}', p_check => 'buzz_haven.check_honey_batch')
$function$;

CREATE OR REPLACE FUNCTION public.update_buzz_haven_product (
  p_id             uuid,
  p_name           text    DEFAULT NULL::text,
  p_description    text    DEFAULT NULL::text,
  p_price          integer DEFAULT NULL::integer,
  p_category       text    DEFAULT NULL::text,
  p_image_url      text    DEFAULT NULL::text,
  p_slug           text    DEFAULT NULL::text,
  p_size_label     text    DEFAULT NULL::text,
  p_section        text    DEFAULT NULL::text,
  p_featured       boolean DEFAULT NULL::boolean,
  p_sort_order     integer DEFAULT NULL::integer,
  p_image_alt      text    DEFAULT NULL::text,
  p_name_es        text    DEFAULT NULL::text,
  p_description_es text    DEFAULT NULL::text
)
  RETURNS buzz_haven.products
  LANGUAGE sql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$ select buzz_haven.change_row(null::buzz_haven.products, p_id, 'Product not found', jsonb_build_object(
  'name', btrim(p_name), 'description', btrim(p_description), 'price', p_price, 'category', btrim(p_category),
  'image_url', btrim(p_image_url), 'slug', btrim(p_slug), 'size_label', btrim(p_size_label),
  'section', btrim(p_section), 'featured', p_featured, 'sort_order', p_sort_order, 'image_alt', btrim(p_image_alt),
  'name_es', btrim(p_name_es), 'description_es', btrim(p_description_es)),
  '{}', '{description,category,image_url,slug,size_label,section,image_alt,name_es,description_es}',
  'slug', 'Another product already has this slug', 'buzz_haven.check_product') $function$;

ALTER TABLE "buzz_haven"."hives"
  ADD CONSTRAINT "hives_name_es_length" CHECK ((char_length(name_es) <= 200));

ALTER TABLE "buzz_haven"."honey_batches"
  ADD CONSTRAINT "honey_batches_notes_es_length" CHECK ((char_length(notes_es) <= 2000));

ALTER TABLE "buzz_haven"."products"
  ADD CONSTRAINT "products_description_es_length" CHECK ((char_length(description_es) <= 5000));

ALTER TABLE "buzz_haven"."products"
  ADD CONSTRAINT "products_name_es_length" CHECK ((char_length(name_es) <= 200));

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
    h.name_es
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
    b.notes_es
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
    p.description_es
   FROM buzz_haven.products p
  WHERE buzz_haven_lists.staff_only();

CREATE OR REPLACE FUNCTION public.get_buzz_haven_products()
  RETURNS SETOF buzz_haven_lists.products
  LANGUAGE sql
  STABLE
  AS $function$ select * from buzz_haven_lists.products $function$;

REVOKE ALL ON FUNCTION "public"."create_buzz_haven_hive"(text, text, text, text, date, text, text, text, text, numeric, numeric, boolean, text, boolean, boolean, text) FROM PUBLIC;

GRANT EXECUTE
  ON FUNCTION "public"."create_buzz_haven_hive"(text, text, text, text, date, text, text, text, text, numeric, numeric, boolean, text, boolean, boolean, text)
  TO "anon", "authenticated", "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."create_buzz_haven_honey_batch"(text, uuid, integer, date, text, text, boolean, text) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."create_buzz_haven_honey_batch"(text, uuid, integer, date, text, text, boolean, text) TO "anon", "authenticated", "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."create_buzz_haven_product"(text, text, integer, text, text, text, text, text, boolean, integer, text, text, text) FROM PUBLIC;

GRANT EXECUTE
  ON FUNCTION "public"."create_buzz_haven_product"(text, text, integer, text, text, text, text, text, boolean, integer, text, text, text)
  TO "anon", "authenticated", "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."get_buzz_haven_hive_map"() FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."get_buzz_haven_hive_map"() TO "anon", "authenticated", "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."get_buzz_haven_hives"() FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."get_buzz_haven_hives"() TO "anon", "authenticated", "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."get_buzz_haven_honey_batches"() FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."get_buzz_haven_honey_batches"() TO "anon", "authenticated", "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."get_buzz_haven_products"() FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."get_buzz_haven_products"() TO "anon", "authenticated", "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."get_buzz_haven_public_hive_signs"() FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."get_buzz_haven_public_hive_signs"() TO "anon", "authenticated", "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."get_buzz_haven_public_honey_batches"() FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."get_buzz_haven_public_honey_batches"() TO "anon", "authenticated", "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."get_buzz_haven_shop_products"() FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."get_buzz_haven_shop_products"() TO "anon", "authenticated", "postgres", "service_role";

REVOKE ALL
  ON FUNCTION "public"."update_buzz_haven_hive"(uuid, text, text, text, text, date, text, text, text, text, numeric, numeric, boolean, text, boolean, boolean, text[], text)
  FROM PUBLIC;

GRANT EXECUTE
  ON FUNCTION "public"."update_buzz_haven_hive"(uuid, text, text, text, text, date, text, text, text, text, numeric, numeric, boolean, text, boolean, boolean, text[], text)
  TO "anon", "authenticated", "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."update_buzz_haven_honey_batch"(uuid, text, uuid, integer, date, text, text, boolean, text[], text) FROM PUBLIC;

GRANT EXECUTE
  ON FUNCTION "public"."update_buzz_haven_honey_batch"(uuid, text, uuid, integer, date, text, text, boolean, text[], text)
  TO "anon", "authenticated", "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."update_buzz_haven_product"(uuid, text, text, integer, text, text, text, text, text, boolean, integer, text, text, text) FROM PUBLIC;

GRANT EXECUTE
  ON FUNCTION "public"."update_buzz_haven_product"(uuid, text, text, integer, text, text, text, text, text, boolean, integer, text, text, text)
  TO "anon", "authenticated", "postgres", "service_role";

GRANT SELECT ON TABLE "buzz_haven_lists"."hives" TO "anon", "authenticated";

GRANT DELETE, INSERT, REFERENCES, SELECT, TRIGGER, TRUNCATE, UPDATE ON TABLE "buzz_haven_lists"."hives" TO "postgres";

GRANT SELECT ON TABLE "buzz_haven_lists"."hives" TO "service_role";

GRANT SELECT ON TABLE "buzz_haven_lists"."honey_batches" TO "anon", "authenticated";

GRANT DELETE, INSERT, REFERENCES, SELECT, TRIGGER, TRUNCATE, UPDATE ON TABLE "buzz_haven_lists"."honey_batches" TO "postgres";

GRANT SELECT ON TABLE "buzz_haven_lists"."honey_batches" TO "service_role";

GRANT SELECT ON TABLE "buzz_haven_lists"."products" TO "anon", "authenticated";

GRANT DELETE, INSERT, REFERENCES, SELECT, TRIGGER, TRUNCATE, UPDATE ON TABLE "buzz_haven_lists"."products" TO "postgres";

GRANT SELECT ON TABLE "buzz_haven_lists"."products" TO "service_role";

insert into buzz_haven.constraint_messages (constraint_name, message) values
  ('products_name_es_length', 'Name (Spanish) is too long (%s characters at most)'),
  ('products_description_es_length', 'Description (Spanish) is too long (%s characters at most)'),
  ('honey_batches_notes_es_length', 'Notes (Spanish) are too long (%s characters at most)'),
  ('hives_name_es_length', 'Name (Spanish) is too long (%s characters at most)');

