-- How a refund is checked, stored once and logged; the messages of the refunds' and the
-- payment settings' rules.
set check_function_bodies = false;

-- The refund a prepare function is about to ask for, as a row of refunds: its reason and note.
-- A refund asked from the back office: owners and admins only, with the second factor when they have
-- one; the refund about to be asked for, as a row of refunds, has a reason and note its CHECKs allow.
create function buzz_haven.check_refund_request(p_reason text, p_note text) returns void
language plpgsql stable set search_path = ''
as $$
declare
  v buzz_haven.refunds;
begin
  perform buzz_haven.require_role(array['owner', 'admin'], 'Only an owner or admin can refund a payment');
  perform buzz_haven.require_second_factor();
  v.reason := p_reason;
  v.note := nullif(btrim(p_note), '');
  perform buzz_haven.explain_row(v);
end;
$$;
revoke all on function buzz_haven.check_refund_request(text, text) from public, anon, authenticated;

-- A refund Stripe made (the stripe-refund function), stored once per refund id and returned; told
-- again (a retry), only Stripe's status changes and the row returned is null.
create function buzz_haven.store_refund(p_order_id uuid, p_registration_id uuid, p_refund_id text,
  p_payment_intent text, p_amount integer, p_currency text, p_reason text, p_note text, p_status text,
  p_requested_by uuid, p_requested_by_name text) returns buzz_haven.refunds
language plpgsql set search_path = ''
as $$
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
$$;
revoke all on function buzz_haven.store_refund(uuid, uuid, text, text, integer, text, text, text, text, uuid, text)
  from public, anon, authenticated;

-- A stored refund in the activity log, as the staff member's, on the row it refunds (p_what names it).
create function buzz_haven.log_refund(p_refund buzz_haven.refunds, p_resource text, p_record_id uuid, p_what text)
returns void language sql set search_path = ''
as $$
  insert into buzz_haven.activity_log (actor_id, actor_name, action, resource, record_id, summary)
  values (p_refund.requested_by, p_refund.requested_by_name, 'update', p_resource, p_record_id,
    left(format('Refund of $%s %s for %s%s%s (%s)', to_char(p_refund.amount / 100.0, 'FM999999990.00'), p_refund.status,
      p_what, coalesce(', ' || replace(p_refund.reason, '_', ' '), ''), coalesce(': ' || p_refund.note, ''), p_refund.id), 500))
$$;
revoke all on function buzz_haven.log_refund(buzz_haven.refunds, text, uuid, text) from public, anon, authenticated;

-- The refunds' messages are their CHECKs' own (buzz_haven.derived_message): their bounds and
-- allowed values say them. buzz_haven.explain_constraints raises them on a write (23514,
-- PostgREST's `details` naming the field), buzz_haven.explain_row for a row a function checks
-- before it writes it: the prepare functions write no row (they run before the refund is asked of
-- Stripe), so they check the refund they are about to ask for with buzz_haven.explain_row.
select buzz_haven.derive_messages('buzz_haven.refunds');

-- The payment settings' bounds, in words of their own (the columns' names say less).
insert into buzz_haven.constraint_messages (constraint_name, message) values
  ('payment_settings_hold_places_per_email_range', 'Places held per e-mail must be between %s and %s'),
  ('payment_settings_hold_places_per_client_range', 'Places held per client must be between %s and %s'),
  ('payment_settings_hold_start_minutes_range', 'Minutes to start paying must be between %s and %s');
