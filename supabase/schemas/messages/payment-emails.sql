-- The e-mails of card payments, queued through the outbox.
set check_function_bodies = false;

-- Buzz Haven: the e-mails of card payments, queued through the outbox like every other e-mail.
-- 1. 'order_received_card': an order the visitor chose to pay by card (Pay now; it starts 'unpaid',
--    submit_buzz_haven_order_request) is acknowledged with wording that says its card
--    payment is awaited, not 'order_received''s "No payment has been taken" (which stays the wording
--    of an order paid at pickup or by invoice, payment_state 'offline'). Same trigger, same key
--    'order_received.<id>': one acknowledgement per order, whichever wording.
-- 2. 'adoption_paid': once an adoption's card payment makes it active (adoption_billing.state
--    becomes 'active': checkout completed, a subscription event, a gift paid;
--    apply_buzz_haven_adoption_stripe_event, payments area), the
--    adopter gets the link that opens Stripe's customer portal (a subscription with its customer:
--    the manage_token, as get_buzz_haven_adoption_payment shows it after payment) or a gift's end
--    date. Key 'adoption_paid.<adoption id>': a replayed event, a renewal or a past_due -> active
--    change queues nothing more.
-- Both are kinds of outbox_messages_kind_known; their wording is content/messages.yaml's (the
-- 'messages' document's schema requires every kind).


create function buzz_haven.queue_adoption_paid() returns trigger
language plpgsql security definer set search_path = '' -- reads adoption_requests and writes outbox_messages
as $$
declare
  a buzz_haven.adoption_requests;
begin
  if not buzz_haven.in_api_request() then return null; end if;
  select * into a from buzz_haven.adoption_requests as r where r.id = new.adoption_id;
  if a.id is null then return null; end if;
  perform buzz_haven.enqueue_message('adoption_paid', a.email, a.name,
    jsonb_build_object('customer', jsonb_build_object('name', a.name),
      'adoption', jsonb_build_object('id', a.id, 'tier', a.tier, 'plan', a.plan, 'monthly_price', a.monthly_price,
        'recipient_name', a.recipient_name, 'mode', new.mode, 'amount', new.amount, 'paid_until', new.paid_until,
        -- a subscription's portal (get_buzz_haven_adoption_portal, once checkout has recorded its customer);
        -- a gift has none to manage
        'manage_token', case when new.mode = 'subscription' then new.manage_token end)),
    'adoption_paid.' || a.id, 'adoption_requests', a.id);
  return null;
end;
$$;
revoke all on function buzz_haven.queue_adoption_paid() from public, anon, authenticated;
