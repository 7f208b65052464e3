-- The back office's Payments page: every card payment and refund, and the totals by month.
set check_function_bodies = false;

-- Buzz Haven: the back office's Payments page: every card payment and every refund
-- asked from the back office, one row each (get_buzz_haven_payments), and the totals by month
-- (get_buzz_haven_payment_months), both with a link to the object in Stripe's dashboard
-- (https://dashboard.stripe.com/test/payments/<pi> in test mode, without /test in live mode;
-- a refund is shown on its payment's page there). Staff only, like every list
-- (buzz_haven_lists.staff_only). Amounts in cents.
-- A refund made in Stripe's dashboard has no refunds row (only the payment's amount_refunded,
-- from the charge.refunded webhook): the months count it in the month its webhook arrived.

-- The page reads one page, not every payment: the union of the two tables alone inside, each side
-- read newest first through its list index (payments_list_created_idx, refunds_list_created_idx)
-- and the two merged, and only the page's orders joined outside, by key. A refund's livemode is its
-- payment's (payment_intent is a foreign key, not null: exactly one row).
create view buzz_haven_lists.payments as
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

create view buzz_haven_lists.payment_months as
with received as (
  select date_trunc('month', p.created_at at time zone 'UTC')::date as month, count(*)::integer as payments,
    sum(p.amount)::integer as received
  from buzz_haven.payments as p where buzz_haven_lists.staff_only()
  group by 1
), refunded as (
  select date_trunc('month', r.created_at at time zone 'UTC')::date as month, count(*)::integer as refunds,
    sum(r.amount)::integer as refunded
  from buzz_haven.refunds as r where r.status in ('pending', 'requires_action', 'succeeded') and buzz_haven_lists.staff_only()
  group by 1
  union all
  -- refunded in Stripe's dashboard (more than the refunds asked here): when the webhook told of it
  select date_trunc('month', p.updated_at at time zone 'UTC')::date, 0,
    (p.amount_refunded - coalesce(x.asked, 0))::integer
  from buzz_haven.payments as p
  left join lateral (select sum(r.amount) as asked from buzz_haven.refunds as r
    where r.payment_intent = p.payment_intent and r.status in ('pending', 'requires_action', 'succeeded')) as x on true
  where p.amount_refunded > coalesce(x.asked, 0) and buzz_haven_lists.staff_only()
), months as (
  select month from received union select month from refunded
)
select to_char(m.month, 'YYYY-MM') as id, m.month,
  coalesce(rc.payments, 0) as payments, coalesce(rc.received, 0) as received,
  coalesce(rf.refunds, 0) as refunds, coalesce(rf.refunded, 0) as refunded,
  coalesce(rc.received, 0) - coalesce(rf.refunded, 0) as net
from months as m
left join received as rc on rc.month = m.month
left join (select month, sum(refunds)::integer as refunds, sum(refunded)::integer as refunded from refunded group by month) as rf
  on rf.month = m.month;

grant select on buzz_haven_lists.payments, buzz_haven_lists.payment_months to anon, authenticated, service_role;

create function public.get_buzz_haven_payments() returns setof buzz_haven_lists.payments
language sql stable as $$ select * from buzz_haven_lists.payments $$;
create function public.get_buzz_haven_payment_months() returns setof buzz_haven_lists.payment_months
language sql stable as $$ select * from buzz_haven_lists.payment_months $$;

select buzz_haven.grant_api_execute('get_buzz_haven_payments', 'get_buzz_haven_payment_months');
