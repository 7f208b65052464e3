-- Buzz Haven: the back office's Payments page (get_buzz_haven_payments, order=created_at.desc,id.asc,
-- 25 rows) reads one page, not every payment (ten years of data: 10,000 payments).
-- buzz_haven_lists.payments (payments area) joined each side of its union to the orders, so
-- PostgreSQL could only join every payment and refund to its order and sort them all. The same
-- rows and columns, with the union of the two tables alone inside and the orders joined outside:
-- each side is read newest first through its index below, the two merged (Merge Append), and only
-- the page's orders looked up by key. A refund's livemode is its payment's (payment_intent is a
-- foreign key, not null: exactly one row, as the join before).

-- The view's id is the payment's intent on one side and the refund's id on the other.
create index payments_list_created_idx on buzz_haven.payments (created_at desc, payment_intent);
create index refunds_list_created_idx on buzz_haven.refunds (created_at desc, id);

create or replace view buzz_haven_lists.payments as
select x.id, x.kind, x.created_at, x.order_id, o.number as order_number, o.customer_name, x.amount, x.amount_refunded,
  x.currency, x.status, x.reason, x.note, x.requested_by_name, x.payment_intent, x.livemode,
  'https://dashboard.stripe.com/' || case when x.livemode then '' else 'test/' end || 'payments/' || x.payment_intent
    as stripe_url
from (
  select p.payment_intent as id, 'payment'::text as kind, p.created_at, p.order_id, p.amount, p.amount_refunded,
    p.currency, p.status, null::text as reason, null::text as note, null::text as requested_by_name, p.payment_intent,
    p.livemode
  from buzz_haven.payments as p
  union all
  select r.id, 'refund'::text, r.created_at, r.order_id, r.amount, r.amount, r.currency, r.status, r.reason, r.note,
    r.requested_by_name, r.payment_intent,
    (select p.livemode from buzz_haven.payments as p where p.payment_intent = r.payment_intent)
  from buzz_haven.refunds as r
) as x
left join buzz_haven.orders as o on o.id = x.order_id
where buzz_haven_lists.staff_only();
