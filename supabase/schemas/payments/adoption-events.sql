-- The Stripe events of an adoption, what its success page shows, the service key's grants
-- and the paid e-mail's trigger.
set check_function_bodies = false;

-- The adoption events, with the price checked on every event that would make an
-- adoption active, as gifts were: a subscription's checkout (amount_total), a paid invoice
-- (amount_paid) and an active subscription (its items' price, currency and interval) must charge
-- the adoption's monthly price in usd every month. Anything else is refused ('rejected', the
-- activity log's 'Card payment refused: …' line) and leaves the adoption's state, customer,
-- subscription and invoices as they were. Events that end or pause an adoption (a failed invoice,
-- a past_due or deleted subscription) grant nothing and are applied as before.
create function public.apply_buzz_haven_adoption_stripe_event(p_event jsonb default null) returns jsonb
language plpgsql security definer set search_path = '' -- writes stripe_events, payments, checkout_sessions, adoption_billing, adoption_invoices; the service key only
as $$
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
$$;

-- What Checkout's success page may show of an adoption: only to a caller holding its session id.
-- manage_token opens the customer portal (stripe-portal function) for a subscription.
create function public.get_buzz_haven_adoption_payment(p_adoption_id uuid default null, p_session_id text default null)
returns jsonb
language plpgsql stable security definer set search_path = '' -- reads buzz_haven.adoption_requests, adoption_billing and checkout_sessions, which anon has no grant on
as $$
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
$$;

select buzz_haven.grant_api_execute('get_buzz_haven_adoption_payment');
revoke all on function public.begin_buzz_haven_adoption_checkout(uuid, text),
  public.record_buzz_haven_adoption_checkout(uuid, text, text, integer, text, text, timestamptz),
  public.apply_buzz_haven_adoption_stripe_event(jsonb),
  public.get_buzz_haven_adoption_portal(text)
  from public, anon, authenticated;
grant execute on function public.begin_buzz_haven_adoption_checkout(uuid, text),
  public.record_buzz_haven_adoption_checkout(uuid, text, text, integer, text, text, timestamptz),
  public.apply_buzz_haven_adoption_stripe_event(jsonb),
  public.get_buzz_haven_adoption_portal(text)
  to service_role;

create trigger adoption_billing_queue_paid after insert or update of state on buzz_haven.adoption_billing
  for each row when (new.state = 'active') execute function buzz_haven.queue_adoption_paid();
