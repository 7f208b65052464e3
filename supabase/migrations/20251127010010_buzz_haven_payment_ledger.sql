-- Buzz Haven: the back office's Payments page (issue 25): every card payment and every refund
-- asked from the back office, one row each (get_buzz_haven_payments), and the totals by month
-- (get_buzz_haven_payment_months), both with a link to the object in Stripe's dashboard
-- (https://dashboard.stripe.com/test/payments/<pi> in test mode, without /test in live mode;
-- a refund is shown on its payment's page there). Staff only, like every list
-- (20251125001000_buzz_haven_lists_by_page.sql). Amounts in cents.
-- A refund made in Stripe's dashboard has no refunds row (only the payment's amount_refunded,
-- from the charge.refunded webhook): the months count it in the month its webhook arrived.

create view buzz_haven_lists.payments as
select p.payment_intent as id, 'payment'::text as kind, p.created_at, p.order_id, o.number as order_number,
  o.customer_name, p.amount, p.amount_refunded, p.currency, p.status, null::text as reason, null::text as note,
  null::text as requested_by_name, p.payment_intent, p.livemode,
  'https://dashboard.stripe.com/' || case when p.livemode then '' else 'test/' end || 'payments/' || p.payment_intent
    as stripe_url
from buzz_haven.payments as p
left join buzz_haven.orders as o on o.id = p.order_id
where buzz_haven_lists.staff_only()
union all
select r.id, 'refund'::text, r.created_at, r.order_id, o.number, o.customer_name, r.amount, r.amount, r.currency, r.status,
  r.reason, r.note, r.requested_by_name, r.payment_intent, p.livemode,
  'https://dashboard.stripe.com/' || case when p.livemode then '' else 'test/' end || 'payments/' || r.payment_intent
from buzz_haven.refunds as r
join buzz_haven.payments as p on p.payment_intent = r.payment_intent
left join buzz_haven.orders as o on o.id = r.order_id
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

select buzz_haven.grant_api_execute('public.get_buzz_haven_payments()', 'public.get_buzz_haven_payment_months()');
