-- Buzz Haven: repeated RPC shapes folded into two helpers, with every RPC's name, arguments,
-- return type, grants, codes and messages kept. buzz_haven.list_rows is the list RPC of a whole
-- table (the role checked, then every row in its order): the back-office lists of service area
-- ZIPs, neighbourhoods, content, users, host applications and campaigns call it (replaced in
-- place, so their grants stay). buzz_haven.check_found raises an RPC's 'not found' (PT404) after
-- the select or update that reads its row, where each wrote the same three lines.

set check_function_bodies = false;

CREATE OR REPLACE FUNCTION buzz_haven.check_found (
  p_found     boolean,
  p_not_found text
)
  RETURNS void
  LANGUAGE sql
  STABLE
  SET search_path TO ''
  AS $function$ select case when p_found is not true then buzz_haven.refuse(p_not_found, 'PT404') end $function$;

CREATE OR REPLACE FUNCTION buzz_haven.list_rows (
  p_row   anyelement,
  p_order text       DEFAULT NULL::text
)
  RETURNS SETOF anyelement
  LANGUAGE plpgsql
  STABLE
  SET search_path TO ''
  AS $function$
begin
  perform buzz_haven.require_role();
  return query execute format('select * from %s as t', buzz_haven.table_of(p_row)) || coalesce(' order by ' || p_order, '');
end;
$function$;

CREATE OR REPLACE FUNCTION buzz_haven.lock_content_document (
  p_key      text,
  p_revision integer,
  p_locale   text    DEFAULT 'en'::text
)
  RETURNS buzz_haven.content_documents
  LANGUAGE plpgsql
  SET search_path TO ''
  AS $function$
declare
  v buzz_haven.content_documents;
begin
  select * into v from buzz_haven.content_documents as d where d.key = p_key and d.locale = p_locale for update;
  perform buzz_haven.check_found(found, 'Content document not found');
  if p_revision is distinct from v.revision then
    raise exception 'Someone else saved this document since you opened it. Reload to see their changes; your edits are still in the form.'
      using errcode = 'PT409';
  end if;
  return v;
end;
$function$;

CREATE OR REPLACE FUNCTION public.begin_buzz_haven_adoption_checkout (
  p_adoption_id uuid DEFAULT NULL::uuid,
  p_email       text DEFAULT NULL::text
)
  RETURNS jsonb
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
declare
  v buzz_haven.adoption_requests;
  v_billing buzz_haven.adoption_billing;
  v_months integer;
begin
  perform buzz_haven.check_input(p_adoption_id is not null and buzz_haven.is_email(btrim(p_email)),
    'An adoption request id and its e-mail are required');
  select * into v from buzz_haven.adoption_requests as a
  where a.id = p_adoption_id and lower(a.email) = lower(btrim(p_email)) for update;
  perform buzz_haven.check_found(found, 'Adoption request not found');
  select * into v_billing from buzz_haven.adoption_billing as b where b.adoption_id = v.id;
  if v_billing.state in ('active', 'past_due') then
    raise exception 'This adoption is already paid' using errcode = 'PT409';
  end if;
  if v.status = 'ended' or v_billing.state = 'cancelled' then
    raise exception 'This adoption has ended; please send a new request' using errcode = 'PT409';
  end if;
  if v.monthly_price is null or v.monthly_price <= 0 then
    raise exception 'This adoption has no price to pay' using errcode = 'PT409';
  end if;
  v_months := case when v.plan like 'gift-%' then substr(v.plan, 6)::integer end;
  return jsonb_build_object('adoption_id', v.id, 'email', v.email, 'name', v.name, 'tier', v.tier, 'plan', v.plan,
    'mode', case when v_months is null then 'subscription' else 'payment' end, 'currency', 'usd',
    'monthly_price', v.monthly_price, 'months', v_months, 'amount', v.monthly_price * coalesce(v_months, 1),
    'recipient_name', v.recipient_name,
    'open_session', (select jsonb_build_object('id', s.id, 'url', s.url) from buzz_haven.checkout_sessions as s
      where s.adoption_id = v.id and s.status = 'open' and s.amount = v.monthly_price * coalesce(v_months, 1)
        and s.url is not null and s.expires_at > now() + interval '5 minutes'
      order by s.created_at desc limit 1));
end;
$function$;

CREATE OR REPLACE FUNCTION public.begin_buzz_haven_order_checkout (
  p_number text DEFAULT NULL::text,
  p_email  text DEFAULT NULL::text
)
  RETURNS jsonb
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
declare
  v buzz_haven.orders;
begin
  perform buzz_haven.check_input(buzz_haven.is_order_number(p_number), 'An order number (BH-1001) is required');
  perform buzz_haven.check_input(buzz_haven.is_email(btrim(p_email)), 'A valid email is required');
  select * into v from buzz_haven.orders as o
  where o.number = p_number and lower(o.customer_email) = lower(btrim(p_email))
  for update;
  perform buzz_haven.check_found(found, 'Order not found');
  if v.status = 'cancelled' then
    raise exception 'This order was cancelled' using errcode = 'PT409';
  end if;
  if v.payment_state in ('paid', 'partially_refunded', 'refunded') then
    raise exception 'This order is already paid' using errcode = 'PT409';
  end if;
  if v.total is null or v.total <= 0 or v.subtotal is null or v.shipping is null then
    raise exception 'This order has no total to pay; the shop will send an invoice' using errcode = 'PT409';
  end if;
  return jsonb_build_object(
    'order_id', v.id, 'number', v.number, 'email', v.customer_email, 'currency', 'usd',
    'subtotal', v.subtotal, 'shipping', v.shipping, 'total', v.total, 'delivery', v.delivery,
    'items', coalesce((select jsonb_agg(jsonb_build_object('name', i.name, 'unit_price', i.unit_price, 'quantity', i.quantity)
      order by i.name, i.id) from buzz_haven.order_items as i where i.order_id = v.id), '[]'::jsonb),
    'open_session', (select jsonb_build_object('id', s.id, 'url', s.url) from buzz_haven.checkout_sessions as s
      where s.order_id = v.id and s.status = 'open' and s.amount = v.total and s.url is not null
        and s.expires_at > now() + interval '5 minutes'
      order by s.created_at desc limit 1));
end;
$function$;

CREATE OR REPLACE FUNCTION public.begin_buzz_haven_registration_checkout (
  p_registration_id uuid DEFAULT NULL::uuid,
  p_email           text DEFAULT NULL::text
)
  RETURNS jsonb
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
declare
  v buzz_haven.event_registrations;
  v_event buzz_haven.events;
begin
  perform buzz_haven.check_input(p_registration_id is not null and buzz_haven.is_email(btrim(p_email)),
    'A registration id and its e-mail are required');
  select * into v from buzz_haven.event_registrations as r
  where r.id = p_registration_id and lower(r.email) = lower(btrim(p_email)) for update;
  perform buzz_haven.check_found(found, 'Registration not found');
  if not buzz_haven.hold_is_live(v) then
    raise exception '%', case when v.status in ('confirmed', 'attended') then 'This place is already confirmed'
      else 'This place is no longer held; please register again' end using errcode = 'PT409';
  end if;
  select * into v_event from buzz_haven.events as e where e.id = v.event_id;
  return jsonb_build_object('registration_id', v.id, 'email', v.email, 'currency', 'usd', 'places', v.places,
    'unit_price', v.amount_due / v.places, 'amount', v.amount_due, 'hold_expires_at', v.hold_expires_at,
    'event_id', v_event.id, 'event_title', v_event.title, 'event_start_time', v_event.start_time,
    'open_session', (select jsonb_build_object('id', s.id, 'url', s.url) from buzz_haven.checkout_sessions as s
      where s.registration_id = v.id and s.status = 'open' and s.amount = v.amount_due and s.url is not null
      order by s.created_at desc limit 1));
end;
$function$;

CREATE OR REPLACE FUNCTION public.delete_buzz_haven_campaign (
  p_id uuid
)
  RETURNS buzz_haven.campaigns
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
declare
  v buzz_haven.campaigns;
begin
  perform buzz_haven.require_role(array['owner', 'admin']);
  delete from buzz_haven.campaigns as c where c.id = p_id and c.state = 'draft' returning * into v;
  perform buzz_haven.check_found(found, 'Only a draft campaign can be deleted');
  return v;
end;
$function$;

CREATE OR REPLACE FUNCTION public.finish_buzz_haven_site_build (
  p_id    uuid,
  p_state text,
  p_error text DEFAULT NULL::text
)
  RETURNS buzz_haven.site_builds
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
declare
  v buzz_haven.site_builds;
begin
  perform buzz_haven.check_input(p_state in ('succeeded', 'failed', 'triggered'), 'State must be succeeded, failed or triggered');
  update buzz_haven.site_builds as b
  set state = p_state,
    started_at = coalesce(b.started_at, now()),
    finished_at = now(),
    duration_ms = greatest(0, (extract(epoch from (now() - coalesce(b.started_at, now()))) * 1000)::integer),
    error = right(nullif(btrim(p_error), ''), 4000)
  where b.id = p_id and b.state in ('queued', 'running')
  returning b.* into v;
  perform buzz_haven.check_found(found, 'Build not found or already finished');
  return v;
end;
$function$;

CREATE OR REPLACE FUNCTION public.get_buzz_haven_adoption_payment (
  p_adoption_id uuid DEFAULT NULL::uuid,
  p_session_id  text DEFAULT NULL::text
)
  RETURNS jsonb
  LANGUAGE plpgsql
  STABLE
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
declare
  v jsonb;
begin
  perform buzz_haven.check_input(p_adoption_id is not null and buzz_haven.is_stripe_id(p_session_id, 'cs'),
    'An adoption request id and a Checkout Session id are required');
  select jsonb_build_object('tier', a.tier, 'plan', a.plan, 'state', coalesce(b.state, 'awaiting_payment'), 'mode', b.mode,
    'amount', b.amount, 'paid_until', b.paid_until,
    'manage_token', case when b.stripe_customer is not null and b.mode = 'subscription' then b.manage_token end) into v
  from buzz_haven.adoption_requests as a
  join buzz_haven.checkout_sessions as s on s.adoption_id = a.id and s.id = p_session_id
  left join buzz_haven.adoption_billing as b on b.adoption_id = a.id
  where a.id = p_adoption_id;
  perform buzz_haven.check_found(v is not null, 'Adoption request not found');
  return v;
end;
$function$;

CREATE OR REPLACE FUNCTION public.get_buzz_haven_adoption_portal (
  p_token text DEFAULT NULL::text
)
  RETURNS jsonb
  LANGUAGE plpgsql
  STABLE
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
declare
  v jsonb;
begin
  perform buzz_haven.check_input(coalesce(p_token, '') ~ '^[0-9a-f]{64}$', 'A manage link is required');
  select jsonb_build_object('adoption_id', b.adoption_id, 'customer', b.stripe_customer, 'state', b.state) into v
  from buzz_haven.adoption_billing as b where b.manage_token = p_token and b.stripe_customer is not null;
  perform buzz_haven.check_found(v is not null, 'This link does not open an adoption');
  return v;
end;
$function$;

CREATE OR REPLACE FUNCTION public.get_buzz_haven_campaigns()
  RETURNS SETOF buzz_haven.campaigns
  LANGUAGE sql
  STABLE
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$ select * from buzz_haven.list_rows(null::buzz_haven.campaigns) $function$;

CREATE OR REPLACE FUNCTION public.get_buzz_haven_content()
  RETURNS SETOF buzz_haven.content
  LANGUAGE sql
  STABLE
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$ select * from buzz_haven.list_rows(null::buzz_haven.content, 't.created_at desc, t.slug, t.id') $function$;

CREATE OR REPLACE FUNCTION public.get_buzz_haven_host_applications()
  RETURNS SETOF buzz_haven.host_applications
  LANGUAGE sql
  STABLE
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$ select * from buzz_haven.list_rows(null::buzz_haven.host_applications, 't.created_at desc, t.id') $function$;

CREATE OR REPLACE FUNCTION public.get_buzz_haven_neighbourhoods()
  RETURNS SETOF buzz_haven.neighbourhoods
  LANGUAGE sql
  STABLE
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$ select * from buzz_haven.list_rows(null::buzz_haven.neighbourhoods, 't.name') $function$;

CREATE OR REPLACE FUNCTION public.get_buzz_haven_order_payment (
  p_number     text DEFAULT NULL::text,
  p_session_id text DEFAULT NULL::text
)
  RETURNS jsonb
  LANGUAGE plpgsql
  STABLE
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
declare
  v jsonb;
begin
  perform buzz_haven.check_input(buzz_haven.is_order_number(p_number)
    and buzz_haven.is_stripe_id(p_session_id, 'cs'), 'An order number and a Checkout Session id are required');
  select jsonb_build_object('number', o.number, 'total', o.total, 'payment_state', o.payment_state) into v
  from buzz_haven.orders as o
  join buzz_haven.checkout_sessions as s on s.order_id = o.id and s.id = p_session_id
  where o.number = p_number;
  perform buzz_haven.check_found(v is not null, 'Order not found');
  return v;
end;
$function$;

CREATE OR REPLACE FUNCTION public.get_buzz_haven_registration_payment (
  p_registration_id uuid DEFAULT NULL::uuid,
  p_session_id      text DEFAULT NULL::text
)
  RETURNS jsonb
  LANGUAGE plpgsql
  STABLE
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
declare
  v jsonb;
begin
  perform buzz_haven.check_input(p_registration_id is not null and buzz_haven.is_stripe_id(p_session_id, 'cs'),
    'A registration id and a Checkout Session id are required');
  select jsonb_build_object('status', r.status, 'places', r.places, 'amount', r.amount_due, 'event_title', e.title,
    'event_start_time', e.start_time) into v
  from buzz_haven.event_registrations as r
  join buzz_haven.events as e on e.id = r.event_id
  join buzz_haven.checkout_sessions as s on s.registration_id = r.id and s.id = p_session_id
  where r.id = p_registration_id;
  perform buzz_haven.check_found(v is not null, 'Registration not found');
  return v;
end;
$function$;

CREATE OR REPLACE FUNCTION public.get_buzz_haven_service_area_zips()
  RETURNS SETOF buzz_haven.service_area_zips
  LANGUAGE sql
  STABLE
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$ select * from buzz_haven.list_rows(null::buzz_haven.service_area_zips, 't.zip') $function$;

CREATE OR REPLACE FUNCTION public.get_buzz_haven_users()
  RETURNS SETOF buzz_haven.users
  LANGUAGE sql
  STABLE
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$ select * from buzz_haven.list_rows(null::buzz_haven.users, 't.created_at desc, t.email, t.id') $function$;

CREATE OR REPLACE FUNCTION public.mark_buzz_haven_outbox_message_sent (
  p_id      uuid,
  p_subject text DEFAULT NULL::text,
  p_text    text DEFAULT NULL::text,
  p_html    text DEFAULT NULL::text
)
  RETURNS buzz_haven.outbox_messages
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
declare
  v buzz_haven.outbox_messages;
begin
  update buzz_haven.outbox_messages as m
  set state = 'sent', sent_at = coalesce(m.sent_at, now()), lease_until = null, last_error = null,
    subject = coalesce(p_subject, m.subject), text_body = coalesce(p_text, m.text_body),
    html_body = coalesce(p_html, m.html_body)
  where m.id = p_id
  returning m.* into v;
  perform buzz_haven.check_found(found, 'Message not found');
  return v;
end;
$function$;

CREATE OR REPLACE FUNCTION public.restore_buzz_haven_content_version (
  p_key      text,
  p_version  integer,
  p_revision integer,
  p_locale   text    DEFAULT 'en'::text
)
  RETURNS integer
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
declare
  v_body jsonb;
begin
  perform buzz_haven.require_role();
  select cv.body into v_body from buzz_haven.content_versions as cv
  where cv.key = p_key and cv.locale = p_locale and cv.version = p_version;
  perform buzz_haven.check_found(found, 'Version not found');
  -- Saved like any draft: the same revision check, lock and who/when.
  return public.save_buzz_haven_content_draft(p_key, v_body, p_revision, p_locale);
end;
$function$;

CREATE OR REPLACE FUNCTION public.set_buzz_haven_rate_limit (
  p_action          text,
  p_max_per_client  integer DEFAULT NULL::integer,
  p_max_per_contact integer DEFAULT NULL::integer,
  p_window_minutes  integer DEFAULT NULL::integer
)
  RETURNS buzz_haven.rate_limits
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
declare
  v buzz_haven.rate_limits;
begin
  perform buzz_haven.require_role(array['owner', 'admin'], 'Only an owner or admin can change rate limits');
  update buzz_haven.rate_limits as l
  set max_per_client = coalesce(p_max_per_client, l.max_per_client),
    max_per_contact = coalesce(p_max_per_contact, l.max_per_contact),
    window_minutes = coalesce(p_window_minutes, l.window_minutes)
  where l.action = p_action
  returning l.* into v;
  perform buzz_haven.check_found(found, 'Unknown action (order, registration, adoption or swarm_report)');
  return v;
end;
$function$;

CREATE OR REPLACE FUNCTION public.set_buzz_haven_user_role (
  p_id        uuid,
  p_role      text    DEFAULT NULL::text,
  p_is_active boolean DEFAULT NULL::boolean
)
  RETURNS buzz_haven.users
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
declare
  v_caller text;
  v_target buzz_haven.users;
  v_role text;
  v_active boolean;
begin
  -- A cheap refusal first, so callers without the right never wait for the lock.
  perform buzz_haven.require_role(array['owner', 'admin'], 'Only an owner or admin can manage roles');
  perform buzz_haven.check_input(
    p_role is null or p_role in ('owner', 'admin', 'staff', 'none'),
    'Role must be owner, admin, staff or none'
  );
  lock table buzz_haven.users in share row exclusive mode;
  -- Read committed: this statement sees every change committed before the lock was granted.
  v_caller := buzz_haven.require_role(array['owner', 'admin'], 'Only an owner or admin can manage roles');
  select * into v_target from buzz_haven.users where id = p_id;
  perform buzz_haven.check_found(found, 'User not found');
  v_role := case when p_role is null then v_target.role when p_role = 'none' then null else p_role end;
  v_active := coalesce(p_is_active, v_target.is_active);

  if v_target.auth_user_id = buzz_haven.caller_id() then
    if v_role is distinct from v_target.role then
      raise exception 'You cannot change your own role' using errcode = '42501';
    end if;
    if v_active is distinct from v_target.is_active then
      raise exception 'You cannot deactivate your own account' using errcode = '42501';
    end if;
  end if;
  if v_caller <> 'owner' then
    if v_target.role = 'owner'
      and (v_role is distinct from v_target.role or v_active is distinct from v_target.is_active) then
      raise exception 'Only an owner can change an owner' using errcode = '42501';
    end if;
    if v_role = 'owner' and v_target.role is distinct from 'owner' then
      raise exception 'Only an owner can grant the owner role' using errcode = '42501';
    end if;
  end if;
  if v_target.role = 'owner' and v_target.is_active
    and (v_role is distinct from 'owner' or not v_active)
    and not exists (
      select 1 from buzz_haven.users as u
      where u.role = 'owner' and u.is_active and u.id <> v_target.id
    ) then
    raise exception 'The last active owner must stay an active owner' using errcode = '42501';
  end if;

  update buzz_haven.users
  set role = v_role, is_active = v_active
  where id = p_id
  returning * into v_target;
  return v_target;
end;
$function$;

CREATE OR REPLACE FUNCTION public.update_buzz_haven_adoption_request (
  p_id          uuid,
  p_status      text   DEFAULT NULL::text,
  p_hive_id     uuid   DEFAULT NULL::uuid,
  p_staff_notes text   DEFAULT NULL::text,
  p_clear       text[] DEFAULT '{}'::text[]
)
  RETURNS buzz_haven.adoption_requests
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
declare
  v buzz_haven.adoption_requests;
  v_clear text[] := coalesce(p_clear, '{}');
begin
  perform buzz_haven.require_role();
  perform buzz_haven.check_clear(v_clear, array['hive_id', 'staff_notes'], array_remove(array[
    case when p_hive_id is not null then 'hive_id' end, case when p_staff_notes is not null then 'staff_notes' end], null));
  perform buzz_haven.check_input(p_hive_id is null or exists (select 1 from buzz_haven.hives as h where h.id = p_hive_id),
    'Hive not found');
  update buzz_haven.adoption_requests as a
  set status = coalesce(p_status, a.status),
    hive_id = case when 'hive_id' = any (v_clear) then null else coalesce(p_hive_id, a.hive_id) end,
    staff_notes = case when 'staff_notes' = any (v_clear) then null
      when p_staff_notes is null then a.staff_notes else nullif(btrim(p_staff_notes), '') end
  where a.id = p_id
  returning a.* into v;
  perform buzz_haven.check_found(found, 'Adoption request not found');
  return v;
end;
$function$;

CREATE OR REPLACE FUNCTION public.update_buzz_haven_media (
  p_id    uuid,
  p_title text DEFAULT NULL::text
)
  RETURNS buzz_haven.media
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
declare
  v_row buzz_haven.media;
begin
  perform buzz_haven.require_role();
  perform buzz_haven.check_input(nullif(btrim(p_title), '') is not null, 'Title is required');
  update buzz_haven.media as m
  set title = btrim(p_title), updated_at = now()
  where m.id = p_id
  returning m.* into v_row;
  perform buzz_haven.check_found(found, 'Media not found');
  return v_row;
end;
$function$;

CREATE OR REPLACE FUNCTION public.update_buzz_haven_swarm_report (
  p_id          uuid,
  p_status      text   DEFAULT NULL::text,
  p_staff_notes text   DEFAULT NULL::text,
  p_clear       text[] DEFAULT '{}'::text[]
)
  RETURNS buzz_haven.swarm_reports
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
declare
  v buzz_haven.swarm_reports;
begin
  perform buzz_haven.require_role();
  perform buzz_haven.check_clear(p_clear, array['staff_notes'],
    array_remove(array[case when p_staff_notes is not null then 'staff_notes' end], null));
  update buzz_haven.swarm_reports as s
  set status = coalesce(p_status, s.status),
    staff_notes = case when 'staff_notes' = any (coalesce(p_clear, '{}')) then null
      when p_staff_notes is null then s.staff_notes else nullif(btrim(p_staff_notes), '') end
  where s.id = p_id
  returning s.* into v;
  perform buzz_haven.check_found(found, 'Swarm report not found');
  return v;
end;
$function$;

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
  perform buzz_haven.check_found(found, 'Varroa settings not found');
  return v;
end;
$function$;

REVOKE ALL ON FUNCTION "buzz_haven"."check_found"(boolean, text) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "buzz_haven"."check_found"(boolean, text) TO "postgres";

REVOKE ALL ON FUNCTION "buzz_haven"."list_rows"(anyelement, text) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "buzz_haven"."list_rows"(anyelement, text) TO "postgres";
