-- Buzz Haven: what the paid confirmation page (/cart/paid/?order=BH-…&session_id=cs_…, Checkout's
-- success URL) may show a visitor: the order's number, total and payment state, only to a caller
-- who holds the Checkout Session id that was made for that order (an id Stripe makes unguessable),
-- so a number alone tells nothing. The page shows 'paid' once Stripe's webhook has arrived and
-- 'awaiting_payment' until then (it can ask again).

create function public.get_buzz_haven_order_payment(p_number text default null, p_session_id text default null)
returns jsonb
language plpgsql
stable
security definer -- reads buzz_haven.orders and checkout_sessions, which anon has no grant on
set search_path = ''
as $$
declare
  v jsonb;
begin
  perform buzz_haven.check_input(coalesce(p_number, '') ~ '^BH-[0-9]{4,12}$'
    and coalesce(p_session_id, '') ~ '^cs_[A-Za-z0-9_]{1,250}$', 'An order number and a Checkout Session id are required');
  select jsonb_build_object('number', o.number, 'total', o.total, 'payment_state', o.payment_state) into v
  from buzz_haven.orders as o
  join buzz_haven.checkout_sessions as s on s.order_id = o.id and s.id = p_session_id
  where o.number = p_number;
  if v is null then
    raise exception 'Order not found' using errcode = 'PT404';
  end if;
  return v;
end;
$$;

select buzz_haven.grant_api_execute('public.get_buzz_haven_order_payment(text, text)');
