-- The outbox's message kinds in the order staff read them (the back office's Outbox filter lists a
-- table's values in its CHECK's order, read through admin/src/crud/tableRules.generated.ts): an
-- order's, then a workshop place's, order status, adoption, staff and newsletter messages. The same
-- kinds as 20251127090000_buzz_haven_payment_messages.sql; only their order changes.
alter table buzz_haven.outbox_messages drop constraint outbox_messages_kind_known;
alter table buzz_haven.outbox_messages add constraint outbox_messages_kind_known check (kind in (
  'order_received', 'order_received_card', 'swarm_report_received',
  'registration_confirmed', 'registration_waitlisted', 'registration_promoted', 'registration_cancelled',
  'registration_reminder', 'order_confirmed', 'order_ready', 'order_shipped', 'order_cancelled',
  'adoption_received', 'adoption_accepted', 'adoption_paid',
  'staff_swarm_alert', 'staff_order_alert', 'staff_registration_alert', 'staff_digest',
  'newsletter_confirm', 'newsletter_campaign',
  'art_confirm', 'art_approved', 'art_declined', 'art_vote_confirm'));
