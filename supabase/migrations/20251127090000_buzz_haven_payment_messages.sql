-- Buzz Haven: the e-mails of card payments (issue 25, through the outbox of issue 24).
-- 1. 'order_received_card': an order the visitor chose to pay by card (Pay now; it starts 'unpaid',
--    20251127010000_buzz_haven_payment_settings.sql) is acknowledged with wording that says its card
--    payment is awaited, not 'order_received''s "No payment has been taken" (which stays the wording
--    of an order paid at pickup or by invoice, payment_state 'offline'). Same trigger, same key
--    'order_received.<id>': one acknowledgement per order, whichever wording.
-- 2. 'adoption_paid': once an adoption's card payment makes it active (adoption_billing.state
--    becomes 'active': checkout completed, a subscription event, a gift paid;
--    apply_buzz_haven_adoption_stripe_event of 20251127021000_buzz_haven_adoption_billing.sql), the
--    adopter gets the link that opens Stripe's customer portal (a subscription with its customer:
--    the manage_token, as get_buzz_haven_adoption_payment shows it after payment) or a gift's end
--    date. Key 'adoption_paid.<adoption id>': a replayed event, a renewal or a past_due -> active
--    change queues nothing more.
-- The outbox's kinds: 20251127030010_buzz_haven_art_collective.sql's list, plus these two. The
-- stored 'messages' document gets content/messages.yaml's wording of both (as 20251127030020 did):
-- its schema requires every kind. A kind the document already has keeps its wording.

alter table buzz_haven.outbox_messages drop constraint outbox_messages_kind_known;
alter table buzz_haven.outbox_messages add constraint outbox_messages_kind_known check (kind in (
  'order_received', 'swarm_report_received', 'registration_confirmed', 'registration_waitlisted',
  'adoption_received', 'staff_swarm_alert', 'order_confirmed', 'order_ready', 'order_shipped', 'order_cancelled',
  'registration_promoted', 'registration_cancelled', 'newsletter_confirm', 'newsletter_campaign',
  'registration_reminder', 'adoption_accepted', 'staff_order_alert', 'staff_registration_alert', 'staff_digest',
  'art_confirm', 'art_approved', 'art_declined', 'art_vote_confirm',
  'order_received_card', 'adoption_paid'));

-- As in 20251125002020_buzz_haven_outbox_events.sql, the wording chosen by the order's payment.
create or replace function buzz_haven.queue_order_received() returns trigger
language plpgsql
security definer -- reads order_items and writes outbox_messages
set search_path = ''
as $$
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
        'lines', coalesce((select jsonb_agg(jsonb_build_object('name', i.name, 'quantity', i.quantity,
            'unit_price', i.unit_price, 'line_total', i.line_total) order by i.name, i.id)
          from buzz_haven.order_items as i where i.order_id = new.id), '[]'))),
    'order_received.' || new.id, 'orders', new.id);
  return null;
end;
$$;

create function buzz_haven.queue_adoption_paid() returns trigger
language plpgsql
security definer -- reads adoption_requests and writes outbox_messages
set search_path = ''
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
create trigger adoption_billing_queue_paid after insert or update of state on buzz_haven.adoption_billing
  for each row when (new.state = 'active') execute function buzz_haven.queue_adoption_paid();
revoke all on function buzz_haven.queue_adoption_paid() from public, anon, authenticated;

update buzz_haven.content_documents as d
set draft = case when jsonb_typeof(d.draft -> 'messages') = 'object'
      then jsonb_set(d.draft, '{messages}', w.wording || (d.draft -> 'messages')) else d.draft end,
  published = case when jsonb_typeof(d.published -> 'messages') = 'object'
      then jsonb_set(d.published, '{messages}', w.wording || (d.published -> 'messages')) else d.published end
from (select $wording$
{
  "order_received_card": {
    "subject": "We received your order {{order.number}}",
    "body": "Hello {{customer.name}},\n\nThank you for your order {{order.number}}. You chose to pay by card: the order waits for your payment on Stripe's secure page. Once it goes through, we confirm your order by e-mail. If you left the payment page before paying, nothing has been charged; reply to this e-mail and we help you finish your order.\n\n{{order.lines}}\n\nSubtotal: {{order.subtotal}}\nShipping: {{order.shipping}}\nTotal: {{order.total}}\n\nDelivery: {{order.delivery}}\n{{order.address}}\n\nQuestions? Reply to this e-mail or call us at {{business.phone}}.\n\nThe Buzz Haven team"
  },
  "adoption_paid": {
    "subject": "Your adoption of {{adoption.tier}} is active",
    "body": "Hello {{customer.name}},\n\nThank you! Your card payment went through: your Adopt-a-Hive adoption of {{adoption.tier}} ({{adoption.plan}}, {{adoption.monthlyPrice}} a month) is active.\n\nThe gift is paid and runs until {{adoption.paidUntil}}.\n\nManage or cancel your subscription at any time (card, invoices, cancellation) in Stripe's customer portal, through this link:\n{{adoption.manageLink}}\nKeep this e-mail: the link opens your subscription without a password.\n\nQuestions? Reply to this e-mail or call us at {{business.phone}}.\n\nThe Buzz Haven team"
  }
}
$wording$::jsonb as wording) as w
where d.key = 'messages';
