-- Buzz Haven: less SQL for the same behaviour. The per-table create and update RPCs of the
-- catalogue, the price tables, the settings rows, events, workshop offerings, campaigns and
-- contact messages become one call each to the row helpers (buzz_haven.create_row, change_row,
-- set_flag, which check a row in one order through buzz_haven.check_new_row); the refund, Stripe
-- event and Checkout Session RPCs of orders, registrations and adoptions share
-- buzz_haven.check_refund_request, store_refund, log_refund, find_row, store_stripe_event and
-- store_checkout_session. Every RPC keeps its name, arguments, defaults, return type, grants,
-- codes and messages. An RPC whose language changes (plpgsql to sql) is dropped and created again
-- and granted as before; record_buzz_haven_refund stays the service key's: its revoke from anon
-- and authenticated is written by hand (the generated difference leaves their default grant).

set check_function_bodies = false;

DROP FUNCTION "buzz_haven"."check_product_slug_free"(uuid, text);

DROP FUNCTION "buzz_haven"."check_refund_words"(text, text);

DROP FUNCTION "buzz_haven"."check_service_area_zip"(buzz_haven.service_area_zips);

DROP FUNCTION "buzz_haven"."lock_row"(anyelement, uuid, text);

DROP FUNCTION "public"."create_buzz_haven_adopt_gift_term"(integer);

DROP FUNCTION "public"."create_buzz_haven_adopt_tier"(text, integer, integer);

DROP FUNCTION "public"."create_buzz_haven_campaign"(text, text);

DROP FUNCTION "public"."create_buzz_haven_event"(text, timestamp WITH time zone, timestamp WITH time zone, text, text, text, text, integer, boolean, integer, text);

DROP FUNCTION "public"."create_buzz_haven_hosting_plan"(text, integer, integer);

DROP FUNCTION "public"."create_buzz_haven_product"(text, text, integer, text, text, text, text, text, boolean, integer, text);

DROP FUNCTION "public"."create_buzz_haven_service_area_zip"(text, text);

DROP FUNCTION "public"."create_buzz_haven_workshop_offering"(text, integer, integer, integer, integer);

DROP FUNCTION "public"."prepare_buzz_haven_refund"(uuid, integer, text, text);

DROP FUNCTION "public"."prepare_buzz_haven_registration_refund"(uuid, integer, text, text);

DROP FUNCTION "public"."record_buzz_haven_refund"(text, text, uuid, integer, text, text, text, text, uuid, text);

DROP FUNCTION "public"."set_buzz_haven_contact_message_handled"(uuid, boolean);

DROP FUNCTION "public"."set_buzz_haven_product_public"(uuid, boolean);

DROP FUNCTION "public"."update_buzz_haven_adopt_tier"(uuid, text, integer, integer, text[]);

DROP FUNCTION "public"."update_buzz_haven_event"(uuid, text, timestamp WITH time zone, timestamp WITH time zone, text, text, text, text, integer, boolean, integer, text[], text);

DROP FUNCTION "public"."update_buzz_haven_host_yard_minimum"(uuid, integer, integer, text[]);

DROP FUNCTION "public"."update_buzz_haven_hosting_plan"(uuid, text, integer, integer, text[]);

DROP FUNCTION "public"."update_buzz_haven_payment_settings"(uuid, boolean, text[], boolean, integer, integer, integer);

DROP FUNCTION "public"."update_buzz_haven_product"(uuid, text, text, integer, text, text, text, text, text, boolean, integer, text);

DROP FUNCTION "public"."update_buzz_haven_service_area_zip"(uuid, text, text, text[]);

DROP FUNCTION "public"."update_buzz_haven_shipping_rate"(uuid, integer, integer, text[]);

DROP FUNCTION "public"."update_buzz_haven_workshop_offering"(uuid, text, integer, integer, integer, integer, text[]);

CREATE OR REPLACE FUNCTION buzz_haven.change_row (
  p_row       anyelement,
  p_id        uuid,
  p_not_found text,
  p_values    jsonb,
  p_clear     text[]     DEFAULT '{}'::text[],
  p_clearable text[]     DEFAULT '{}'::text[],
  p_unique    text       DEFAULT NULL::text,
  p_taken     text       DEFAULT NULL::text,
  p_check     text       DEFAULT NULL::text
)
  RETURNS anyelement
  LANGUAGE plpgsql
  SET search_path TO ''
  AS $function$
declare
  v_given jsonb := pg_catalog.jsonb_strip_nulls(p_values);
  v_emptied jsonb := (select pg_catalog.jsonb_object_agg(c, null) from pg_catalog.unnest(p_clear) as c);
begin
  perform buzz_haven.require_role();
  perform buzz_haven.check_clear(p_clear, p_clearable, array(select pg_catalog.jsonb_object_keys(v_given)));
  v_emptied := coalesce(v_emptied, '{}') || coalesce((select pg_catalog.jsonb_object_agg(g.key, null)
    from pg_catalog.jsonb_each(v_given) as g where g.value = '""' and g.key = any (p_clearable)), '{}');
  p_row := buzz_haven.lock_row(p_row, p_id, p_not_found);
  p_row := pg_catalog.jsonb_populate_record(p_row, v_given || v_emptied);
  perform buzz_haven.check_new_row(p_row, p_unique, p_taken, p_check);
  return buzz_haven.update_row(p_row);
end;
$function$;

CREATE OR REPLACE FUNCTION buzz_haven.check_campaign (
  v buzz_haven.campaigns
)
  RETURNS void
  LANGUAGE sql
  STABLE
  SET search_path TO ''
  AS $function$
  select buzz_haven.check_required(v.subject, 'Subject');
  select buzz_haven.check_required(v.body, 'Body')
$function$;

CREATE OR REPLACE FUNCTION buzz_haven.check_event (
  v buzz_haven.events
)
  RETURNS void
  LANGUAGE plpgsql
  STABLE
  SET search_path TO ''
  AS $function$
begin
  perform buzz_haven.check_input(nullif(btrim(v.title), '') is not null, 'Title is required');
  perform buzz_haven.check_input(v.start_time is not null, 'Start time is required');
  perform buzz_haven.check_input(v.end_time is null or v.end_time > v.start_time, 'End must be after start');
  perform buzz_haven.check_input(v.price >= 0, 'Price must be positive');
  perform buzz_haven.check_input(v.kind <> 'volunteer' or v.capacity is not null, 'A volunteer shift needs its capacity (how many volunteers)');
  perform buzz_haven.check_event_offering(v.offering);
end;
$function$;

CREATE OR REPLACE FUNCTION buzz_haven.check_new_row (
  p_row    anyelement,
  p_unique text,
  p_taken  text,
  p_check  text
)
  RETURNS void
  LANGUAGE plpgsql
  SET search_path TO ''
  AS $function$
begin
  if p_check is not null then
    execute format('select %s($1)', p_check) using p_row;
  end if;
  perform buzz_haven.explain_row(p_row);
  if p_unique is not null then
    perform buzz_haven.check_free(p_row, p_unique, p_taken);
  end if;
end;
$function$;

CREATE OR REPLACE FUNCTION buzz_haven.check_product (
  v buzz_haven.products
)
  RETURNS void
  LANGUAGE sql
  STABLE
  SET search_path TO ''
  AS $function$
  select buzz_haven.check_input(nullif(btrim(v.name), '') is not null, 'Name is required')
$function$;

CREATE OR REPLACE FUNCTION buzz_haven.check_refund_request (
  p_reason text,
  p_note   text
)
  RETURNS void
  LANGUAGE plpgsql
  STABLE
  SET search_path TO ''
  AS $function$
declare
  v buzz_haven.refunds;
begin
  perform buzz_haven.require_role(array['owner', 'admin'], 'Only an owner or admin can refund a payment');
  perform buzz_haven.require_second_factor();
  v.reason := p_reason;
  v.note := nullif(btrim(p_note), '');
  perform buzz_haven.explain_row(v);
end;
$function$;

CREATE OR REPLACE FUNCTION buzz_haven.create_row (
  p_row    anyelement,
  p_values jsonb,
  p_unique text       DEFAULT NULL::text,
  p_taken  text       DEFAULT NULL::text,
  p_check  text       DEFAULT NULL::text
)
  RETURNS anyelement
  LANGUAGE plpgsql
  SET search_path TO ''
  AS $function$
begin
  perform buzz_haven.require_role();
  p_row := pg_catalog.jsonb_populate_record(p_row,
    pg_catalog.jsonb_build_object('id', pg_catalog.gen_random_uuid()) || pg_catalog.jsonb_strip_nulls(p_values));
  perform buzz_haven.check_new_row(p_row, p_unique, p_taken, p_check);
  return buzz_haven.insert_row(p_row);
end;
$function$;

CREATE OR REPLACE FUNCTION buzz_haven.find_row (
  p_row       anyelement,
  p_id        uuid,
  p_not_found text,
  p_lock      boolean    DEFAULT false
)
  RETURNS anyelement
  LANGUAGE plpgsql
  SET search_path TO ''
  AS $function$
declare
  v_count bigint;
begin
  execute format('select * from %s as t where t.id = $1%s', buzz_haven.table_of(p_row),
    case when p_lock then ' for update' end) into p_row using p_id;
  get diagnostics v_count = row_count;
  if v_count = 0 then
    raise exception '%', p_not_found using errcode = 'PT404';
  end if;
  return p_row;
end;
$function$;

CREATE OR REPLACE FUNCTION buzz_haven.lock_row (
  p_row       anyelement,
  p_id        uuid,
  p_not_found text
)
  RETURNS anyelement
  LANGUAGE sql
  SET search_path TO ''
  AS $function$
  select buzz_haven.find_row(p_row, p_id, p_not_found, true)
$function$;

CREATE OR REPLACE FUNCTION buzz_haven.log_refund (
  p_refund    buzz_haven.refunds,
  p_resource  text,
  p_record_id uuid,
  p_what      text
)
  RETURNS void
  LANGUAGE sql
  SET search_path TO ''
  AS $function$
  insert into buzz_haven.activity_log (actor_id, actor_name, action, resource, record_id, summary)
  values (p_refund.requested_by, p_refund.requested_by_name, 'update', p_resource, p_record_id,
    left(format('Refund of $%s %s for %s%s%s (%s)', to_char(p_refund.amount / 100.0, 'FM999999990.00'), p_refund.status,
      p_what, coalesce(', ' || replace(p_refund.reason, '_', ' '), ''), coalesce(': ' || p_refund.note, ''), p_refund.id), 500))
$function$;

CREATE OR REPLACE FUNCTION buzz_haven.queue_registration_change()
  RETURNS TRIGGER
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
declare
  v_kind text := case
    when old.status = 'waitlisted' and new.status = 'confirmed' then 'registration_promoted'
    when old.status in ('confirmed', 'waitlisted') and new.status = 'cancelled' then 'registration_cancelled' end;
begin
  if v_kind is null or not buzz_haven.in_api_request() then return null; end if;
  perform buzz_haven.enqueue_message(v_kind, new.email, new.name, buzz_haven.registration_message_data(new),
    v_kind || '.' || new.id || '.' || (extract(epoch from new.updated_at) * 1000000)::bigint,
    'event_registrations', new.id);
  return null;
end;
$function$;

CREATE OR REPLACE FUNCTION buzz_haven.queue_registration_message()
  RETURNS TRIGGER
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
begin
  if not buzz_haven.in_api_request() or new.status not in ('confirmed', 'waitlisted') then return null; end if;
  perform buzz_haven.enqueue_message('registration_' || new.status, new.email, new.name,
    buzz_haven.registration_message_data(new), 'registration_' || new.status || '.' || new.id,
    'event_registrations', new.id);
  return null;
end;
$function$;

CREATE OR REPLACE FUNCTION buzz_haven.registration_message_data (
  r buzz_haven.event_registrations
)
  RETURNS jsonb
  LANGUAGE sql
  STABLE
  SET search_path TO ''
  AS $function$
  select jsonb_build_object('customer', jsonb_build_object('name', r.name),
    'registration', jsonb_build_object('id', r.id, 'places', r.places, 'position', r.position),
    'event', jsonb_build_object('id', e.id, 'title', e.title, 'location', e.location,
      'start_time', e.start_time, 'end_time', e.end_time))
  from (values (1)) as one (n) left join buzz_haven.events as e on e.id = r.event_id
$function$;

CREATE OR REPLACE FUNCTION buzz_haven.set_flag (
  p_row       anyelement,
  p_id        uuid,
  p_not_found text,
  p_column    text,
  p_value     boolean,
  p_refusal   text
)
  RETURNS anyelement
  LANGUAGE plpgsql
  SET search_path TO ''
  AS $function$
begin
  perform buzz_haven.require_role();
  perform buzz_haven.check_input(p_value is not null, p_refusal);
  return buzz_haven.change_row(p_row, p_id, p_not_found, pg_catalog.jsonb_build_object(p_column, p_value));
end;
$function$;

CREATE OR REPLACE FUNCTION buzz_haven.store_checkout_session (
  p_kind       text,
  p_target_id  uuid,
  p_session_id text,
  p_amount     integer,
  p_currency   text,
  p_url        text,
  p_expires_at timestamp with time zone
)
  RETURNS void
  LANGUAGE plpgsql
  SET search_path TO ''
  AS $function$
begin
  perform buzz_haven.check_input(buzz_haven.is_stripe_id(p_session_id, 'cs'), 'A Checkout Session id is required');
  insert into buzz_haven.checkout_sessions (id, order_id, registration_id, adoption_id, amount, currency, url, expires_at)
  values (p_session_id, case when p_kind = 'order' then p_target_id end,
    case when p_kind = 'registration' then p_target_id end, case when p_kind = 'adoption' then p_target_id end,
    p_amount, p_currency, p_url, p_expires_at)
  on conflict (id) do nothing;
end;
$function$;

CREATE OR REPLACE FUNCTION buzz_haven.store_refund (
  p_order_id          uuid,
  p_registration_id   uuid,
  p_refund_id         text,
  p_payment_intent    text,
  p_amount            integer,
  p_currency          text,
  p_reason            text,
  p_note              text,
  p_status            text,
  p_requested_by      uuid,
  p_requested_by_name text
)
  RETURNS buzz_haven.refunds
  LANGUAGE plpgsql
  SET search_path TO ''
  AS $function$
declare
  v buzz_haven.refunds;
begin
  insert into buzz_haven.refunds (id, payment_intent, order_id, registration_id, amount, currency, reason, note, status,
    requested_by, requested_by_name)
  values (p_refund_id, p_payment_intent, p_order_id, p_registration_id, p_amount, p_currency, p_reason,
    nullif(btrim(p_note), ''), p_status, p_requested_by, coalesce(left(p_requested_by_name, 200), 'Unknown'))
  on conflict (id) do nothing
  returning * into v;
  if not found then
    update buzz_haven.refunds set status = p_status where id = p_refund_id;
  end if;
  return v;
end;
$function$;

CREATE OR REPLACE FUNCTION buzz_haven.store_stripe_event (
  p_event jsonb
)
  RETURNS boolean
  LANGUAGE plpgsql
  SET search_path TO ''
  AS $function$
declare
  v_obj jsonb := p_event -> 'data' -> 'object';
begin
  perform buzz_haven.check_input(jsonb_typeof(p_event) = 'object' and buzz_haven.is_stripe_id(p_event ->> 'id', 'evt')
    and coalesce(p_event ->> 'type', '') <> '' and jsonb_typeof(v_obj) = 'object',
    'A Stripe event (id evt_…, type, data.object) is required');
  insert into buzz_haven.stripe_events (id, type, object_id, livemode, stripe_created, payload)
  values (p_event ->> 'id', left(p_event ->> 'type', 100), left(v_obj ->> 'id', 255),
    coalesce((p_event ->> 'livemode')::boolean, false), to_timestamp((p_event ->> 'created')::double precision), p_event)
  on conflict (id) do nothing;
  return found;
end;
$function$;

CREATE OR REPLACE FUNCTION public.apply_buzz_haven_adoption_stripe_event (
  p_event jsonb DEFAULT NULL::jsonb
)
  RETURNS jsonb
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
declare
  v_id text := p_event ->> 'id';
  v_type text := p_event ->> 'type';
  v_obj jsonb := p_event -> 'data' -> 'object';
  v_at timestamptz := to_timestamp((p_event ->> 'created')::double precision);
  v_outcome text := 'ignored';
  v_detail text;
  v_adoption buzz_haven.adoption_requests;
  v_billing buzz_haven.adoption_billing;
  v_sub text;
  v_state text;
  v_amount integer;
  v_months integer;
  v_period_end timestamptz;
  v_charge record;
begin
  if not buzz_haven.store_stripe_event(p_event) then
    return jsonb_build_object('id', v_id, 'outcome', 'duplicate');
  end if;

  v_sub := case
    when v_type like 'customer.subscription.%' then v_obj ->> 'id'
    when v_type like 'checkout.session.%' then v_obj ->> 'subscription'
    else coalesce(v_obj ->> 'subscription', v_obj -> 'parent' -> 'subscription_details' ->> 'subscription') end;
  select * into v_adoption from buzz_haven.adoption_requests as a
  where a.id = case when v_type like 'checkout.session.%' and (v_obj -> 'metadata' ->> 'adoption_id') ~* '^[0-9a-f-]{36}$'
      then (v_obj -> 'metadata' ->> 'adoption_id')::uuid else buzz_haven.adoption_of_stripe_object(v_obj, v_sub) end
  for update;
  if v_adoption.id is null then
    update buzz_haven.stripe_events set outcome = 'ignored', detail = 'No adoption for this event' where id = v_id;
    return jsonb_build_object('id', v_id, 'outcome', 'ignored', 'detail', 'No adoption for this event');
  end if;

  -- The charge an event would make the adoption active for, and why it is not the adoption's price.
  if v_type in ('checkout.session.completed', 'checkout.session.async_payment_succeeded') and v_obj ->> 'mode' = 'subscription'
    and v_obj ->> 'payment_status' = 'paid' then
    v_detail := buzz_haven.adoption_charge_refusal(v_adoption, (v_obj ->> 'amount_total')::integer, v_obj ->> 'currency');
  elsif v_type in ('invoice.paid', 'invoice.payment_succeeded') then
    v_detail := buzz_haven.adoption_charge_refusal(v_adoption, (v_obj ->> 'amount_paid')::integer, v_obj ->> 'currency');
  elsif v_type like 'customer.subscription.%' and v_type <> 'customer.subscription.deleted'
    and v_obj ->> 'status' in ('active', 'trialing') then
    select * into v_charge from buzz_haven.subscription_charge(v_obj);
    v_detail := buzz_haven.adoption_charge_refusal(v_adoption, v_charge.amount, v_charge.currency, v_charge.every);
  end if;
  if v_detail is not null then
    if v_type like 'checkout.session.%' then
      update buzz_haven.checkout_sessions set status = 'complete' where id = v_obj ->> 'id';
    end if;
    insert into buzz_haven.activity_log (actor_name, action, resource, record_id, summary)
    values ('Stripe', 'update', 'adoption_requests', v_adoption.id,
      left('Card payment refused: ' || v_detail || ' (' || v_id || ', ' || v_type || ')', 500));
    update buzz_haven.stripe_events set outcome = 'rejected', detail = left(v_detail, 500) where id = v_id;
    return jsonb_build_object('id', v_id, 'outcome', 'rejected', 'detail', v_detail);
  end if;

  select * into v_billing from buzz_haven.adoption_billing as b where b.adoption_id = v_adoption.id for update;
  if v_billing.adoption_id is null then -- a subscription made outside our checkout, or its record lost: keep it
    insert into buzz_haven.adoption_billing (adoption_id, mode, amount)
    values (v_adoption.id, case when v_sub is null then 'payment' else 'subscription' end, greatest(v_adoption.monthly_price, 1))
    returning * into v_billing;
  end if;

  if v_type in ('checkout.session.completed', 'checkout.session.async_payment_succeeded') then
    update buzz_haven.checkout_sessions set status = 'complete' where id = v_obj ->> 'id';
    if v_obj ->> 'mode' = 'subscription' then
      update buzz_haven.adoption_billing set
        stripe_customer = coalesce(stripe_customer, v_obj ->> 'customer'),
        stripe_subscription = coalesce(stripe_subscription, v_sub),
        -- The subscription's own events decide later; completing checkout makes it active unless one did already.
        state = case when state = 'awaiting_payment' and v_obj ->> 'payment_status' = 'paid' then 'active' else state end,
        last_event_at = case when state = 'awaiting_payment' then greatest(last_event_at, v_at) else last_event_at end
      where adoption_id = v_adoption.id;
      v_outcome := 'applied';
    elsif v_obj ->> 'payment_status' = 'paid' then
      v_months := case when v_adoption.plan like 'gift-%' then substr(v_adoption.plan, 6)::integer end;
      v_amount := (v_obj ->> 'amount_total')::integer;
      if v_months is null or v_amount is distinct from v_adoption.monthly_price * v_months or v_obj ->> 'currency' is distinct from 'usd'
        or buzz_haven.is_stripe_id(v_obj ->> 'payment_intent', 'pi') is not true then
        v_outcome := 'rejected';
        v_detail := format('Paid %s %s, but the gift of %s comes to %s usd: not marked paid', coalesce(v_amount::text, '?'),
          coalesce(v_obj ->> 'currency', '?'), v_adoption.name, coalesce((v_adoption.monthly_price * v_months)::text, '?'));
        insert into buzz_haven.activity_log (actor_name, action, resource, record_id, summary)
        values ('Stripe', 'update', 'adoption_requests', v_adoption.id, left('Card payment refused: ' || v_detail || ' (' || v_id || ')', 500));
      else
        insert into buzz_haven.payments (adoption_id, payment_intent, checkout_session, amount, currency, livemode)
        values (v_adoption.id, v_obj ->> 'payment_intent', v_obj ->> 'id', v_amount, 'usd', coalesce((v_obj ->> 'livemode')::boolean, false))
        on conflict (payment_intent) do nothing;
        update buzz_haven.adoption_billing set state = 'active', stripe_customer = coalesce(stripe_customer, v_obj ->> 'customer'),
          paid_until = coalesce(paid_until, v_at + make_interval(months => v_months)), last_event_at = greatest(last_event_at, v_at)
        where adoption_id = v_adoption.id;
        v_outcome := 'applied';
      end if;
    else
      v_detail := 'Checkout completed, payment not yet received (' || coalesce(v_obj ->> 'payment_status', '?') || ')';
    end if;
  elsif v_type in ('checkout.session.expired', 'checkout.session.async_payment_failed') then
    update buzz_haven.checkout_sessions set status = 'expired' where id = v_obj ->> 'id' and status = 'open';
    v_outcome := 'applied';
  elsif v_type like 'customer.subscription.%' or v_type in ('invoice.paid', 'invoice.payment_succeeded', 'invoice.payment_failed') then
    if v_type like 'invoice.%' then
      v_period_end := to_timestamp((coalesce(v_obj -> 'lines' -> 'data' -> 0 -> 'period' ->> 'end', v_obj ->> 'period_end'))::double precision);
      insert into buzz_haven.adoption_invoices (id, adoption_id, stripe_subscription, status, amount_due, amount_paid, currency,
        billing_reason, period_end)
      values (v_obj ->> 'id', v_adoption.id, v_sub, v_obj ->> 'status', coalesce((v_obj ->> 'amount_due')::integer, 0),
        coalesce((v_obj ->> 'amount_paid')::integer, 0), coalesce(v_obj ->> 'currency', 'usd'), left(v_obj ->> 'billing_reason', 60), v_period_end)
      on conflict (id) do update set status = case when buzz_haven.adoption_invoices.status = 'paid' then 'paid' else excluded.status end,
        amount_paid = greatest(buzz_haven.adoption_invoices.amount_paid, excluded.amount_paid);
      v_state := case when v_type = 'invoice.payment_failed' then 'past_due' else 'active' end;
    else
      v_period_end := to_timestamp((coalesce(v_obj ->> 'current_period_end',
        v_obj -> 'items' -> 'data' -> 0 ->> 'current_period_end'))::double precision);
      v_state := case
        when v_type = 'customer.subscription.deleted' then 'cancelled'
        when v_obj ->> 'status' in ('active', 'trialing') then 'active'
        when v_obj ->> 'status' in ('past_due', 'unpaid') then 'past_due'
        when v_obj ->> 'status' in ('canceled', 'incomplete_expired') then 'cancelled'
        else 'awaiting_payment' end;
      update buzz_haven.adoption_billing set stripe_subscription = coalesce(stripe_subscription, v_sub),
        stripe_customer = coalesce(stripe_customer, v_obj ->> 'customer')
      where adoption_id = v_adoption.id;
    end if;
    if v_billing.state = 'cancelled' and v_billing.stripe_subscription is not distinct from v_sub then
      v_detail := 'The subscription was cancelled already: ' || v_type || ' changes nothing';
    elsif v_billing.last_event_at is not null and v_at < v_billing.last_event_at then
      v_detail := 'Older than the last change applied: ' || v_type || ' changes nothing';
    else
      update buzz_haven.adoption_billing set state = v_state, last_event_at = v_at,
        current_period_end = case when v_state = 'active' then coalesce(v_period_end, current_period_end) else current_period_end end
      where adoption_id = v_adoption.id;
      v_outcome := 'applied';
    end if;
  end if;

  update buzz_haven.stripe_events set outcome = v_outcome, detail = left(v_detail, 500) where id = v_id;
  return jsonb_build_object('id', v_id, 'outcome', v_outcome, 'detail', v_detail);
end;
$function$;

CREATE OR REPLACE FUNCTION public.apply_buzz_haven_registration_stripe_event (
  p_event jsonb DEFAULT NULL::jsonb
)
  RETURNS jsonb
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
declare
  v_id text := p_event ->> 'id';
  v_type text := p_event ->> 'type';
  v_obj jsonb := p_event -> 'data' -> 'object';
  v_reg buzz_haven.event_registrations;
  v_reg_id uuid;
  v_outcome text := 'ignored';
  v_detail text;
  v_amount integer;
begin
  if not buzz_haven.store_stripe_event(p_event) then
    return jsonb_build_object('id', v_id, 'outcome', 'duplicate');
  end if;
  if (v_obj -> 'metadata' ->> 'registration_id') ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
    v_reg_id := (v_obj -> 'metadata' ->> 'registration_id')::uuid;
    -- The event row first, as registering does: no overbooking against a registration in flight.
    perform 1 from buzz_haven.events as e
    where e.id = (select r.event_id from buzz_haven.event_registrations as r where r.id = v_reg_id) for update;
    select * into v_reg from buzz_haven.event_registrations as r where r.id = v_reg_id for update;
  end if;

  if v_type in ('checkout.session.completed', 'checkout.session.async_payment_succeeded') then
    v_amount := (v_obj ->> 'amount_total')::integer;
    if v_reg.id is null then
      v_outcome := 'rejected';
      v_detail := 'No registration ' || coalesce(v_reg_id::text, '(none named)');
    elsif v_obj ->> 'payment_status' <> 'paid' then
      v_detail := 'Checkout completed, payment not yet received (' || coalesce(v_obj ->> 'payment_status', '?') || ')';
    elsif v_amount is distinct from v_reg.amount_due or v_obj ->> 'currency' is distinct from 'usd'
      or buzz_haven.is_stripe_id(v_obj ->> 'payment_intent', 'pi') is not true then
      v_outcome := 'rejected';
      v_detail := format('Paid %s %s, but the places of %s come to %s usd: not confirmed', coalesce(v_amount::text, '?'),
        coalesce(v_obj ->> 'currency', '?'), v_reg.name, coalesce(v_reg.amount_due::text, '?'));
      insert into buzz_haven.activity_log (actor_name, action, resource, record_id, summary)
      values ('Stripe', 'update', 'event_registrations', v_reg.id, left('Card payment refused: ' || v_detail || ' (' || v_id || ')', 500));
    else
      insert into buzz_haven.payments (registration_id, payment_intent, checkout_session, amount, currency, livemode)
      values (v_reg.id, v_obj ->> 'payment_intent', v_obj ->> 'id', v_amount, 'usd', coalesce((v_obj ->> 'livemode')::boolean, false))
      on conflict (payment_intent) do update
        set registration_id = coalesce(buzz_haven.payments.registration_id, excluded.registration_id),
          checkout_session = coalesce(buzz_haven.payments.checkout_session, excluded.checkout_session);
      update buzz_haven.checkout_sessions set status = 'complete' where id = v_obj ->> 'id';
      v_outcome := 'applied';
      if v_reg.status = 'held' then
        update buzz_haven.event_registrations set status = 'confirmed', hold_expires_at = null where id = v_reg.id;
      elsif v_reg.status = 'expired' and v_reg.places <= coalesce(buzz_haven.spots_left(v_reg.event_id), v_reg.places) then
        -- Paid just after the hold ran out, and the places are still free: they are theirs.
        update buzz_haven.event_registrations set status = 'confirmed', hold_expires_at = null where id = v_reg.id;
      elsif v_reg.status in ('expired', 'cancelled') then
        v_detail := format('%s paid for %s place(s) of a hold that had %s and the places are gone: refund it', v_reg.name,
          v_reg.places, case v_reg.status when 'expired' then 'expired' else 'been cancelled' end);
        insert into buzz_haven.activity_log (actor_name, action, resource, record_id, summary)
        values ('Stripe', 'update', 'event_registrations', v_reg.id, left(v_detail || ' (' || v_id || ')', 500));
      end if;
    end if;
  elsif v_type in ('checkout.session.expired', 'checkout.session.async_payment_failed') then
    update buzz_haven.checkout_sessions set status = 'expired' where id = v_obj ->> 'id' and status = 'open';
    if v_reg.status = 'held' then
      update buzz_haven.event_registrations set status = 'expired' where id = v_reg.id;
      perform buzz_haven.promote_waitlist(v_reg.event_id);
    end if;
    v_outcome := 'applied';
  end if;

  update buzz_haven.stripe_events set outcome = v_outcome, detail = left(v_detail, 500) where id = v_id;
  return jsonb_build_object('id', v_id, 'outcome', v_outcome, 'detail', v_detail);
end;
$function$;

CREATE OR REPLACE FUNCTION public.apply_buzz_haven_stripe_event (
  p_event jsonb DEFAULT NULL::jsonb
)
  RETURNS jsonb
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
declare
  v_id text := p_event ->> 'id';
  v_type text := p_event ->> 'type';
  v_obj jsonb := p_event -> 'data' -> 'object';
  v_order_id uuid;
  v_outcome text := 'ignored';
  v_detail text;
  v_applied record;
  v_pay buzz_haven.payments;
  v_refunded integer;
begin
  if not buzz_haven.store_stripe_event(p_event) then
    return jsonb_build_object('id', v_id, 'outcome', 'duplicate');
  end if;

  if (v_obj -> 'metadata' ->> 'order_id') ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
    v_order_id := (v_obj -> 'metadata' ->> 'order_id')::uuid;
  end if;

  if v_type in ('checkout.session.completed', 'checkout.session.async_payment_succeeded')
    and v_obj -> 'metadata' ->> 'kind' = 'order' then
    if v_obj ->> 'payment_status' = 'paid' then
      select * into v_applied from buzz_haven.apply_stripe_payment(v_id, v_order_id, v_obj ->> 'payment_intent',
        v_obj ->> 'id', (v_obj ->> 'amount_total')::integer, v_obj ->> 'currency', (v_obj ->> 'livemode')::boolean);
      v_outcome := v_applied.outcome;
      v_detail := v_applied.detail;
    else
      v_detail := 'Checkout completed, payment not yet received (' || coalesce(v_obj ->> 'payment_status', '?') || ')';
    end if;
  elsif v_type = 'payment_intent.succeeded' and v_obj -> 'metadata' ->> 'kind' = 'order' then
    select * into v_applied from buzz_haven.apply_stripe_payment(v_id, v_order_id, v_obj ->> 'id', null,
      (v_obj ->> 'amount_received')::integer, v_obj ->> 'currency', (v_obj ->> 'livemode')::boolean);
    v_outcome := v_applied.outcome;
    v_detail := v_applied.detail;
  elsif v_type in ('checkout.session.expired', 'checkout.session.async_payment_failed')
    and v_obj -> 'metadata' ->> 'kind' = 'order' then
    update buzz_haven.checkout_sessions set status = 'expired' where id = v_obj ->> 'id' and status = 'open';
    -- Unpaid unless another session of the order is still open or a payment arrived.
    update buzz_haven.orders as o set payment_state = 'unpaid'
    where o.id = v_order_id and o.payment_state = 'awaiting_payment'
      and not exists (select 1 from buzz_haven.checkout_sessions as s where s.order_id = o.id and s.status = 'open');
    v_outcome := 'applied';
  elsif v_type = 'charge.refunded' and buzz_haven.is_stripe_id(v_obj ->> 'payment_intent', 'pi') then
    v_refunded := (v_obj ->> 'amount_refunded')::integer;
    -- A refund before its payment: the payment row is made now and the payment's event fills in the order.
    insert into buzz_haven.payments (payment_intent, amount, currency, livemode)
    values (v_obj ->> 'payment_intent', (v_obj ->> 'amount')::integer, v_obj ->> 'currency', coalesce((v_obj ->> 'livemode')::boolean, false))
    on conflict (payment_intent) do nothing;
    select * into v_pay from buzz_haven.payments where payment_intent = v_obj ->> 'payment_intent' for update;
    -- Refunds only grow: an older charge.refunded arriving late changes nothing.
    update buzz_haven.payments set amount_refunded = greatest(amount_refunded, least(v_refunded, amount)),
      status = case when greatest(amount_refunded, least(v_refunded, amount)) >= amount then 'refunded'
        when greatest(amount_refunded, v_refunded) > 0 then 'partially_refunded' else status end
    where id = v_pay.id
    returning * into v_pay;
    v_order_id := v_pay.order_id;
    if v_pay.status <> 'succeeded' then
      update buzz_haven.orders set payment_state = v_pay.status where id = v_pay.order_id;
    end if;
    v_outcome := 'applied';
  end if;

  update buzz_haven.stripe_events set outcome = v_outcome, detail = left(v_detail, 500),
    order_id = (select o.id from buzz_haven.orders as o where o.id = v_order_id)
  where id = v_id;
  return jsonb_build_object('id', v_id, 'outcome', v_outcome, 'detail', v_detail);
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

CREATE OR REPLACE FUNCTION public.create_buzz_haven_campaign (
  p_subject text DEFAULT NULL::text,
  p_body    text DEFAULT NULL::text
)
  RETURNS buzz_haven.campaigns
  LANGUAGE sql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$ select buzz_haven.create_row(null::buzz_haven.campaigns, jsonb_build_object('subject', btrim(p_subject),
  'body', p_body), p_check => 'buzz_haven.check_campaign') $function$;

CREATE OR REPLACE FUNCTION public.create_buzz_haven_event (
  p_title       text,
  p_start_time  timestamp with time zone,
  p_end_time    timestamp with time zone DEFAULT NULL::timestamp WITH time zone,
  p_location    text                     DEFAULT NULL::text,
  p_description text                     DEFAULT NULL::text,
  p_status      text                     DEFAULT 'scheduled'::text,
  p_kind        text                     DEFAULT 'other'::text,
  p_capacity    integer                  DEFAULT NULL::integer,
  p_is_public   boolean                  DEFAULT false,
  p_price       integer                  DEFAULT 0,
  p_offering    text                     DEFAULT NULL::text
)
  RETURNS buzz_haven.events
  LANGUAGE sql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$ select buzz_haven.create_row(null::buzz_haven.events, jsonb_build_object('title', btrim(p_title),
  'start_time', p_start_time, 'end_time', p_end_time, 'location', nullif(btrim(p_location), ''),
  'description', nullif(btrim(p_description), ''), 'status', coalesce(p_status, 'scheduled'),
  'kind', coalesce(p_kind, 'other'), 'capacity', p_capacity, 'is_public', coalesce(p_is_public, false),
  'price', coalesce(p_price, 0), 'offering', nullif(btrim(p_offering), '')), p_check => 'buzz_haven.check_event') $function$;

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

CREATE OR REPLACE FUNCTION public.create_buzz_haven_product (
  p_name        text,
  p_description text    DEFAULT NULL::text,
  p_price       integer DEFAULT 0,
  p_category    text    DEFAULT NULL::text,
  p_image_url   text    DEFAULT NULL::text,
  p_slug        text    DEFAULT NULL::text,
  p_size_label  text    DEFAULT NULL::text,
  p_section     text    DEFAULT NULL::text,
  p_featured    boolean DEFAULT NULL::boolean,
  p_sort_order  integer DEFAULT NULL::integer,
  p_image_alt   text    DEFAULT NULL::text
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
  'sort_order', coalesce(p_sort_order, 0), 'image_alt', nullif(btrim(p_image_alt), '')),
  'slug', 'Another product already has this slug', 'buzz_haven.check_product') $function$;

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

CREATE OR REPLACE FUNCTION public.create_buzz_haven_workshop_offering (
  p_slug       text,
  p_price      integer,
  p_min_age    integer DEFAULT NULL::integer,
  p_max_age    integer DEFAULT NULL::integer,
  p_sort_order integer DEFAULT 0
)
  RETURNS buzz_haven.workshop_offerings
  LANGUAGE sql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$ select buzz_haven.create_row(null::buzz_haven.workshop_offerings, jsonb_build_object('slug', btrim(p_slug),
  'price', p_price, 'min_age', p_min_age, 'max_age', p_max_age, 'sort_order', coalesce(p_sort_order, 0)),
  p_check => 'buzz_haven.check_workshop_offering') $function$;

CREATE OR REPLACE FUNCTION public.delete_buzz_haven_adopt_gift_term (
  p_id uuid
)
  RETURNS buzz_haven.adopt_gift_terms
  LANGUAGE sql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$ select buzz_haven.delete_row(null::buzz_haven.adopt_gift_terms, p_id, 'Gift term not found',
  'Only an owner or admin can delete gift terms') $function$;

CREATE OR REPLACE FUNCTION public.delete_buzz_haven_event (
  p_id uuid
)
  RETURNS buzz_haven.events
  LANGUAGE sql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$ select buzz_haven.delete_row(null::buzz_haven.events, p_id, 'Event not found',
  'Only an owner or admin can delete events') $function$;

CREATE OR REPLACE FUNCTION public.delete_buzz_haven_hosting_plan (
  p_id uuid
)
  RETURNS buzz_haven.hosting_plans
  LANGUAGE sql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$ select buzz_haven.delete_row(null::buzz_haven.hosting_plans, p_id, 'Hosting plan not found',
  'Only an owner or admin can delete hosting plans') $function$;

CREATE OR REPLACE FUNCTION public.delete_buzz_haven_product (
  p_id uuid
)
  RETURNS buzz_haven.products
  LANGUAGE sql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$ select buzz_haven.delete_row(null::buzz_haven.products, p_id, 'Product not found',
  p_roles => array['owner', 'admin', 'staff']) $function$;

CREATE OR REPLACE FUNCTION public.delete_buzz_haven_service_area_zip (
  p_id uuid
)
  RETURNS buzz_haven.service_area_zips
  LANGUAGE sql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$ select buzz_haven.delete_row(null::buzz_haven.service_area_zips, p_id, 'Service area ZIP not found',
  'Only an owner or admin can remove a ZIP code from the service area') $function$;

CREATE OR REPLACE FUNCTION public.delete_buzz_haven_workshop_offering (
  p_id uuid
)
  RETURNS buzz_haven.workshop_offerings
  LANGUAGE sql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$ select buzz_haven.delete_row(null::buzz_haven.workshop_offerings, p_id, 'Workshop offering not found',
  'Only an owner or admin can delete workshop offerings') $function$;

CREATE OR REPLACE FUNCTION public.get_buzz_haven_host_yard_minimum()
  RETURNS SETOF buzz_haven.host_yard_minimum
  LANGUAGE sql
  STABLE
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$ select * from buzz_haven.host_yard_minimum $function$;

CREATE OR REPLACE FUNCTION public.prepare_buzz_haven_refund (
  p_order_id uuid    DEFAULT NULL::uuid,
  p_amount   integer DEFAULT NULL::integer,
  p_reason   text    DEFAULT NULL::text,
  p_note     text    DEFAULT NULL::text
)
  RETURNS jsonb
  LANGUAGE sql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
  select buzz_haven.check_refund_request(p_reason, p_note);
  select jsonb_build_object('order_id', o.id, 'number', o.number) || buzz_haven.prepare_refund('order_id', o.id, p_amount,
    p_reason, p_note, format('Order %s has no card payment left to refund', o.number))
  from buzz_haven.find_row(null::buzz_haven.orders, p_order_id, 'Order not found') as o
$function$;

CREATE OR REPLACE FUNCTION public.prepare_buzz_haven_registration_refund (
  p_registration_id uuid    DEFAULT NULL::uuid,
  p_amount          integer DEFAULT NULL::integer,
  p_reason          text    DEFAULT NULL::text,
  p_note            text    DEFAULT NULL::text
)
  RETURNS jsonb
  LANGUAGE sql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
  select buzz_haven.check_refund_request(p_reason, p_note);
  select jsonb_build_object('registration_id', r.id, 'name', r.name) || buzz_haven.prepare_refund('registration_id',
    r.id, p_amount, p_reason, p_note, format('The registration of %s has no card payment left to refund', r.name))
  from buzz_haven.find_row(null::buzz_haven.event_registrations, p_registration_id, 'Registration not found') as r
$function$;

CREATE OR REPLACE FUNCTION public.record_buzz_haven_adoption_checkout (
  p_adoption_id uuid                     DEFAULT NULL::uuid,
  p_session_id  text                     DEFAULT NULL::text,
  p_mode        text                     DEFAULT NULL::text,
  p_amount      integer                  DEFAULT NULL::integer,
  p_currency    text                     DEFAULT NULL::text,
  p_url         text                     DEFAULT NULL::text,
  p_expires_at  timestamp with time zone DEFAULT NULL::timestamp WITH time zone
)
  RETURNS void
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
begin
  perform buzz_haven.store_checkout_session('adoption', p_adoption_id, p_session_id, p_amount, p_currency, p_url, p_expires_at);
  insert into buzz_haven.adoption_billing (adoption_id, mode, amount)
  values (p_adoption_id, p_mode, p_amount)
  on conflict (adoption_id) do nothing;
end;
$function$;

CREATE OR REPLACE FUNCTION public.record_buzz_haven_checkout_session (
  p_order_id   uuid                     DEFAULT NULL::uuid,
  p_session_id text                     DEFAULT NULL::text,
  p_amount     integer                  DEFAULT NULL::integer,
  p_currency   text                     DEFAULT NULL::text,
  p_url        text                     DEFAULT NULL::text,
  p_expires_at timestamp with time zone DEFAULT NULL::timestamp WITH time zone
)
  RETURNS void
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
begin
  perform buzz_haven.store_checkout_session('order', p_order_id, p_session_id, p_amount, p_currency, p_url, p_expires_at);
  update buzz_haven.orders set payment_state = 'awaiting_payment'
  where id = p_order_id and payment_state in ('offline', 'unpaid');
end;
$function$;

CREATE OR REPLACE FUNCTION public.record_buzz_haven_refund (
  p_refund_id         text    DEFAULT NULL::text,
  p_payment_intent    text    DEFAULT NULL::text,
  p_order_id          uuid    DEFAULT NULL::uuid,
  p_amount            integer DEFAULT NULL::integer,
  p_currency          text    DEFAULT NULL::text,
  p_reason            text    DEFAULT NULL::text,
  p_note              text    DEFAULT NULL::text,
  p_status            text    DEFAULT NULL::text,
  p_requested_by      uuid    DEFAULT NULL::uuid,
  p_requested_by_name text    DEFAULT NULL::text
)
  RETURNS void
  LANGUAGE sql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
  select buzz_haven.log_refund(r, 'orders', o.id, 'order ' || o.number)
  from buzz_haven.store_refund(p_order_id, null, p_refund_id, p_payment_intent, p_amount, p_currency, p_reason, p_note,
    p_status, p_requested_by, p_requested_by_name) as r
  join buzz_haven.orders as o on o.id = r.order_id
$function$;

CREATE OR REPLACE FUNCTION public.record_buzz_haven_registration_checkout (
  p_registration_id uuid                     DEFAULT NULL::uuid,
  p_session_id      text                     DEFAULT NULL::text,
  p_amount          integer                  DEFAULT NULL::integer,
  p_currency        text                     DEFAULT NULL::text,
  p_url             text                     DEFAULT NULL::text,
  p_expires_at      timestamp with time zone DEFAULT NULL::timestamp WITH time zone
)
  RETURNS void
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
begin
  perform buzz_haven.store_checkout_session('registration', p_registration_id, p_session_id, p_amount, p_currency, p_url, p_expires_at);
  update buzz_haven.event_registrations
  set hold_expires_at = greatest(hold_expires_at, least(p_expires_at, now() + interval '24 hours'))
  where id = p_registration_id and status = 'held' and p_expires_at is not null;
end;
$function$;

CREATE OR REPLACE FUNCTION public.record_buzz_haven_registration_refund (
  p_refund_id         text    DEFAULT NULL::text,
  p_payment_intent    text    DEFAULT NULL::text,
  p_registration_id   uuid    DEFAULT NULL::uuid,
  p_amount            integer DEFAULT NULL::integer,
  p_currency          text    DEFAULT NULL::text,
  p_reason            text    DEFAULT NULL::text,
  p_note              text    DEFAULT NULL::text,
  p_status            text    DEFAULT NULL::text,
  p_requested_by      uuid    DEFAULT NULL::uuid,
  p_requested_by_name text    DEFAULT NULL::text
)
  RETURNS void
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
declare
  v buzz_haven.refunds := buzz_haven.store_refund(null, p_registration_id, p_refund_id, p_payment_intent, p_amount,
    p_currency, p_reason, p_note, p_status, p_requested_by, p_requested_by_name);
  v_reg buzz_haven.event_registrations;
begin
  if v.id is null then return; end if;
  perform 1 from buzz_haven.events as e
  where e.id = (select r.event_id from buzz_haven.event_registrations as r where r.id = p_registration_id) for update;
  select * into v_reg from buzz_haven.event_registrations as r where r.id = p_registration_id for update;
  if not found then return; end if;
  perform buzz_haven.log_refund(v, 'event_registrations', v_reg.id, 'the registration of ' || v_reg.name);
  if v_reg.status in ('confirmed', 'held', 'waitlisted') then
    update buzz_haven.event_registrations set status = 'cancelled', position = null, hold_expires_at = null where id = v_reg.id;
    perform buzz_haven.promote_waitlist(v_reg.event_id);
  end if;
end;
$function$;

CREATE OR REPLACE FUNCTION public.set_buzz_haven_contact_message_handled (
  p_id      uuid,
  p_handled boolean
)
  RETURNS buzz_haven.contact_messages
  LANGUAGE sql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$ select buzz_haven.set_flag(null::buzz_haven.contact_messages, p_id, 'Message not found', 'handled', p_handled,
  'Handled must be true or false') $function$;

CREATE OR REPLACE FUNCTION public.set_buzz_haven_product_public (
  p_id        uuid,
  p_is_public boolean
)
  RETURNS buzz_haven.products
  LANGUAGE sql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$ select buzz_haven.set_flag(null::buzz_haven.products, p_id, 'Product not found', 'is_public', p_is_public,
  'is_public must be true or false') $function$;

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

CREATE OR REPLACE FUNCTION public.update_buzz_haven_event (
  p_id          uuid,
  p_title       text                     DEFAULT NULL::text,
  p_start_time  timestamp with time zone DEFAULT NULL::timestamp WITH time zone,
  p_end_time    timestamp with time zone DEFAULT NULL::timestamp WITH time zone,
  p_location    text                     DEFAULT NULL::text,
  p_description text                     DEFAULT NULL::text,
  p_status      text                     DEFAULT NULL::text,
  p_kind        text                     DEFAULT NULL::text,
  p_capacity    integer                  DEFAULT NULL::integer,
  p_is_public   boolean                  DEFAULT NULL::boolean,
  p_price       integer                  DEFAULT NULL::integer,
  p_clear       text[]                   DEFAULT '{}'::text[],
  p_offering    text                     DEFAULT NULL::text
)
  RETURNS buzz_haven.events
  LANGUAGE sql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$ select buzz_haven.change_row(null::buzz_haven.events, p_id, 'Event not found', jsonb_build_object(
  'title', btrim(p_title), 'start_time', p_start_time, 'end_time', p_end_time, 'location', btrim(p_location),
  'description', btrim(p_description), 'status', p_status, 'kind', p_kind, 'capacity', p_capacity,
  'is_public', p_is_public, 'price', p_price, 'offering', btrim(p_offering)), p_clear,
  '{location,description,end_time,capacity,offering}', p_check => 'buzz_haven.check_event') $function$;

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

CREATE OR REPLACE FUNCTION public.update_buzz_haven_payment_settings (
  p_id                     uuid,
  p_pay_later              boolean DEFAULT NULL::boolean,
  p_clear                  text[]  DEFAULT '{}'::text[],
  p_workshop_pay_later     boolean DEFAULT NULL::boolean,
  p_hold_places_per_email  integer DEFAULT NULL::integer,
  p_hold_places_per_client integer DEFAULT NULL::integer,
  p_hold_start_minutes     integer DEFAULT NULL::integer
)
  RETURNS buzz_haven.payment_settings
  LANGUAGE sql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
  select buzz_haven.require_role(array['owner', 'admin'], 'Only an owner or admin can change how orders are paid');
  select buzz_haven.change_row(null::buzz_haven.payment_settings, p_id, 'Payment settings not found',
    jsonb_build_object('pay_later', p_pay_later, 'workshop_pay_later', p_workshop_pay_later,
      'hold_places_per_email', p_hold_places_per_email, 'hold_places_per_client', p_hold_places_per_client,
      'hold_start_minutes', p_hold_start_minutes), p_clear)
$function$;

CREATE OR REPLACE FUNCTION public.update_buzz_haven_product (
  p_id          uuid,
  p_name        text    DEFAULT NULL::text,
  p_description text    DEFAULT NULL::text,
  p_price       integer DEFAULT NULL::integer,
  p_category    text    DEFAULT NULL::text,
  p_image_url   text    DEFAULT NULL::text,
  p_slug        text    DEFAULT NULL::text,
  p_size_label  text    DEFAULT NULL::text,
  p_section     text    DEFAULT NULL::text,
  p_featured    boolean DEFAULT NULL::boolean,
  p_sort_order  integer DEFAULT NULL::integer,
  p_image_alt   text    DEFAULT NULL::text
)
  RETURNS buzz_haven.products
  LANGUAGE sql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$ select buzz_haven.change_row(null::buzz_haven.products, p_id, 'Product not found', jsonb_build_object(
  'name', btrim(p_name), 'description', btrim(p_description), 'price', p_price, 'category', btrim(p_category),
  'image_url', btrim(p_image_url), 'slug', btrim(p_slug), 'size_label', btrim(p_size_label),
  'section', btrim(p_section), 'featured', p_featured, 'sort_order', p_sort_order, 'image_alt', btrim(p_image_alt)),
  '{}', '{description,category,image_url,slug,size_label,section,image_alt}',
  'slug', 'Another product already has this slug', 'buzz_haven.check_product') $function$;

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

CREATE OR REPLACE FUNCTION public.update_buzz_haven_workshop_offering (
  p_id         uuid,
  p_slug       text    DEFAULT NULL::text,
  p_price      integer DEFAULT NULL::integer,
  p_min_age    integer DEFAULT NULL::integer,
  p_max_age    integer DEFAULT NULL::integer,
  p_sort_order integer DEFAULT NULL::integer,
  p_clear      text[]  DEFAULT '{}'::text[]
)
  RETURNS buzz_haven.workshop_offerings
  LANGUAGE sql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$ select buzz_haven.change_row(null::buzz_haven.workshop_offerings, p_id, 'Workshop offering not found',
  jsonb_build_object('slug', btrim(p_slug), 'price', p_price, 'min_age', p_min_age, 'max_age', p_max_age,
  'sort_order', p_sort_order), p_clear, '{min_age,max_age}', p_check => 'buzz_haven.check_workshop_offering') $function$;

REVOKE ALL ON FUNCTION "buzz_haven"."change_row"(anyelement, uuid, text, jsonb, text[], text[], text, text, text) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "buzz_haven"."change_row"(anyelement, uuid, text, jsonb, text[], text[], text, text, text) TO "postgres";

REVOKE ALL ON FUNCTION "buzz_haven"."check_campaign"(buzz_haven.campaigns) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "buzz_haven"."check_campaign"(buzz_haven.campaigns) TO "postgres";

REVOKE ALL ON FUNCTION "buzz_haven"."check_new_row"(anyelement, text, text, text) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "buzz_haven"."check_new_row"(anyelement, text, text, text) TO "postgres";

REVOKE ALL ON FUNCTION "buzz_haven"."check_product"(buzz_haven.products) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "buzz_haven"."check_product"(buzz_haven.products) TO "postgres";

REVOKE ALL ON FUNCTION "buzz_haven"."check_refund_request"(text, text) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "buzz_haven"."check_refund_request"(text, text) TO "postgres";

REVOKE ALL ON FUNCTION "buzz_haven"."create_row"(anyelement, jsonb, text, text, text) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "buzz_haven"."create_row"(anyelement, jsonb, text, text, text) TO "postgres";

REVOKE ALL ON FUNCTION "buzz_haven"."find_row"(anyelement, uuid, text, boolean) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "buzz_haven"."find_row"(anyelement, uuid, text, boolean) TO "postgres";

REVOKE ALL ON FUNCTION "buzz_haven"."lock_row"(anyelement, uuid, text) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "buzz_haven"."lock_row"(anyelement, uuid, text) TO "postgres";

REVOKE ALL ON FUNCTION "buzz_haven"."log_refund"(buzz_haven.refunds, text, uuid, text) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "buzz_haven"."log_refund"(buzz_haven.refunds, text, uuid, text) TO "postgres";

REVOKE ALL ON FUNCTION "buzz_haven"."registration_message_data"(buzz_haven.event_registrations) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "buzz_haven"."registration_message_data"(buzz_haven.event_registrations) TO "postgres";

REVOKE ALL ON FUNCTION "buzz_haven"."set_flag"(anyelement, uuid, text, text, boolean, text) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "buzz_haven"."set_flag"(anyelement, uuid, text, text, boolean, text) TO "postgres";

REVOKE ALL ON FUNCTION "buzz_haven"."store_checkout_session"(text, uuid, text, integer, text, text, timestamp WITH time zone) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "buzz_haven"."store_checkout_session"(text, uuid, text, integer, text, text, timestamp WITH time zone) TO "postgres";

REVOKE ALL ON FUNCTION "buzz_haven"."store_refund"(uuid, uuid, text, text, integer, text, text, text, text, uuid, text) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "buzz_haven"."store_refund"(uuid, uuid, text, text, integer, text, text, text, text, uuid, text) TO "postgres";

REVOKE ALL ON FUNCTION "buzz_haven"."store_stripe_event"(jsonb) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "buzz_haven"."store_stripe_event"(jsonb) TO "postgres";

REVOKE ALL ON FUNCTION "public"."create_buzz_haven_adopt_gift_term"(integer) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."create_buzz_haven_adopt_gift_term"(integer) TO "anon", "authenticated", "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."create_buzz_haven_adopt_tier"(text, integer, integer) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."create_buzz_haven_adopt_tier"(text, integer, integer) TO "anon", "authenticated", "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."create_buzz_haven_campaign"(text, text) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."create_buzz_haven_campaign"(text, text) TO "anon", "authenticated", "postgres", "service_role";

REVOKE ALL
  ON FUNCTION "public"."create_buzz_haven_event"(text, timestamp WITH time zone, timestamp WITH time zone, text, text, text, text, integer, boolean, integer, text)
  FROM PUBLIC;

GRANT EXECUTE
  ON FUNCTION "public"."create_buzz_haven_event"(text, timestamp WITH time zone, timestamp WITH time zone, text, text, text, text, integer, boolean, integer, text)
  TO "anon", "authenticated", "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."create_buzz_haven_hosting_plan"(text, integer, integer) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."create_buzz_haven_hosting_plan"(text, integer, integer) TO "anon", "authenticated", "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."create_buzz_haven_product"(text, text, integer, text, text, text, text, text, boolean, integer, text) FROM PUBLIC;

GRANT EXECUTE
  ON FUNCTION "public"."create_buzz_haven_product"(text, text, integer, text, text, text, text, text, boolean, integer, text)
  TO "anon", "authenticated", "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."create_buzz_haven_service_area_zip"(text, text) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."create_buzz_haven_service_area_zip"(text, text) TO "anon", "authenticated", "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."create_buzz_haven_workshop_offering"(text, integer, integer, integer, integer) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."create_buzz_haven_workshop_offering"(text, integer, integer, integer, integer) TO "anon", "authenticated", "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."prepare_buzz_haven_refund"(uuid, integer, text, text) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."prepare_buzz_haven_refund"(uuid, integer, text, text) TO "anon", "authenticated", "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."prepare_buzz_haven_registration_refund"(uuid, integer, text, text) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."prepare_buzz_haven_registration_refund"(uuid, integer, text, text) TO "anon", "authenticated", "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."record_buzz_haven_refund"(text, text, uuid, integer, text, text, text, text, uuid, text) FROM PUBLIC, "anon", "authenticated";

GRANT EXECUTE ON FUNCTION "public"."record_buzz_haven_refund"(text, text, uuid, integer, text, text, text, text, uuid, text) TO "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."set_buzz_haven_contact_message_handled"(uuid, boolean) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."set_buzz_haven_contact_message_handled"(uuid, boolean) TO "anon", "authenticated", "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."set_buzz_haven_product_public"(uuid, boolean) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."set_buzz_haven_product_public"(uuid, boolean) TO "anon", "authenticated", "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."update_buzz_haven_adopt_tier"(uuid, text, integer, integer, text[]) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."update_buzz_haven_adopt_tier"(uuid, text, integer, integer, text[]) TO "anon", "authenticated", "postgres", "service_role";

REVOKE ALL
  ON FUNCTION "public"."update_buzz_haven_event"(uuid, text, timestamp WITH time zone, timestamp WITH time zone, text, text, text, text, integer, boolean, integer, text[], text)
  FROM PUBLIC;

GRANT EXECUTE
  ON FUNCTION "public"."update_buzz_haven_event"(uuid, text, timestamp WITH time zone, timestamp WITH time zone, text, text, text, text, integer, boolean, integer, text[], text)
  TO "anon", "authenticated", "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."update_buzz_haven_host_yard_minimum"(uuid, integer, integer, text[]) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."update_buzz_haven_host_yard_minimum"(uuid, integer, integer, text[]) TO "anon", "authenticated", "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."update_buzz_haven_hosting_plan"(uuid, text, integer, integer, text[]) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."update_buzz_haven_hosting_plan"(uuid, text, integer, integer, text[]) TO "anon", "authenticated", "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."update_buzz_haven_payment_settings"(uuid, boolean, text[], boolean, integer, integer, integer) FROM PUBLIC;

GRANT EXECUTE
  ON FUNCTION "public"."update_buzz_haven_payment_settings"(uuid, boolean, text[], boolean, integer, integer, integer)
  TO "anon", "authenticated", "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."update_buzz_haven_product"(uuid, text, text, integer, text, text, text, text, text, boolean, integer, text) FROM PUBLIC;

GRANT EXECUTE
  ON FUNCTION "public"."update_buzz_haven_product"(uuid, text, text, integer, text, text, text, text, text, boolean, integer, text)
  TO "anon", "authenticated", "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."update_buzz_haven_service_area_zip"(uuid, text, text, text[]) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."update_buzz_haven_service_area_zip"(uuid, text, text, text[]) TO "anon", "authenticated", "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."update_buzz_haven_shipping_rate"(uuid, integer, integer, text[]) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."update_buzz_haven_shipping_rate"(uuid, integer, integer, text[]) TO "anon", "authenticated", "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."update_buzz_haven_workshop_offering"(uuid, text, integer, integer, integer, integer, text[]) FROM PUBLIC;

GRANT EXECUTE
  ON FUNCTION "public"."update_buzz_haven_workshop_offering"(uuid, text, integer, integer, integer, integer, text[])
  TO "anon", "authenticated", "postgres", "service_role";
