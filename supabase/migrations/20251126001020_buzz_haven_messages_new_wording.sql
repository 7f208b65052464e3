-- Buzz Haven: the stored 'messages' document gets the wording of the messages added since it was
-- seeded (registration_reminder, 20251125002100; adoption_accepted, 20251126001000; the staff order
-- and registration alerts and the daily digest, 20251126001010). Its schema
-- (content/schema/messages.ts) requires every kind, so without them the publish check would refuse
-- the document and the sender would refuse those messages ("no wording"). A kind the document
-- already has keeps its wording; the added wording is content/messages.yaml's, in the draft and the
-- published body (content_versions keep each version as it was published). A database seeded after
-- this migration gets the whole document from content/.

update buzz_haven.content_documents as d
set draft = case when jsonb_typeof(d.draft -> 'messages') = 'object'
      then jsonb_set(d.draft, '{messages}', w.wording || (d.draft -> 'messages')) else d.draft end,
  published = case when jsonb_typeof(d.published -> 'messages') = 'object'
      then jsonb_set(d.published, '{messages}', w.wording || (d.published -> 'messages')) else d.published end
from (select $wording$
{
  "registration_reminder": {
    "subject": "Tomorrow: {{event.title}}",
    "body": "Hello {{customer.name}},\n\nA reminder: your {{registration.places}} place(s) at {{event.title}} are booked.\n\nWhen: {{event.when}}\nWhere: {{event.location}}\n\nWear light-coloured clothes and closed shoes; we provide veils and gloves. If you can no longer come, reply to this e-mail so someone on the waitlist can have your place.\n\nSee you there,\nThe Buzz Haven team"
  },
  "adoption_accepted": {
    "subject": "Welcome to the hive: your adoption of {{adoption.tier}} is accepted",
    "body": "Hello {{customer.name}},\n\nGood news: your Adopt-a-Hive request for {{adoption.tier}} ({{adoption.plan}}, {{adoption.monthlyPrice}} a month) is accepted.\n\nYour hive: {{adoption.hive}}\n\nWe write to you with how to pay and with news from the hive as the season goes on. Questions? Reply to this e-mail or call us at {{business.phone}}.\n\nThe Buzz Haven team"
  },
  "staff_order_alert": {
    "subject": "New order {{order.number}}: {{order.total}}",
    "body": "Hello {{staff.name}},\n\nA new order came in from {{customer.name}} ({{customer.email}}).\n\n{{order.lines}}\n\nTotal: {{order.total}}\nDelivery: {{order.delivery}}\n{{order.address}}\n\nOpen the order: {{order.link}}"
  },
  "staff_registration_alert": {
    "subject": "New registration: {{event.title}}",
    "body": "Hello {{staff.name}},\n\n{{customer.name}} ({{customer.email}}) registered for {{event.title}}: {{registration.places}} place(s), {{registration.status}}.\n\nWhen: {{event.when}}\nWhere: {{event.location}}\n\nOpen the registration: {{registration.link}}"
  },
  "staff_digest": {
    "subject": "Your daily {{business.name}} digest",
    "body": "Hello {{staff.name}},\n\nHere is what came in since {{digest.since}}.\n\nNew orders: {{digest.orderCount}}\n{{digest.orders}}\n\nNew workshop registrations: {{digest.registrationCount}}\n{{digest.registrations}}\n\nOpen the admin: {{digest.link}}"
  }
}
$wording$::jsonb as wording) as w
where d.key = 'messages';
