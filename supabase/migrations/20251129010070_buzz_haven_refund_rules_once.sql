-- Buzz Haven: a refund's reason and note rules live in refunds' CHECKs only (issue 23, item 2), as
-- 20251128030010 did for inspections. prepare_buzz_haven_refund (20251126005010) and
-- prepare_buzz_haven_registration_refund (20251127020000) repeated the reason's values and the
-- note's length with their messages; the messages become buzz_haven.constraint_messages rows (same
-- words). The prepare functions write no row: they run before the refund is asked of Stripe, so
-- a bad reason must fail before anything is sent. buzz_haven.explain_row checks a row the caller
-- built against its table's CHECKs that have a message, as the table's explain_constraints trigger
-- (20251127080010, 20251128030010) does on a write (23514, the message, `details` naming the field).

insert into buzz_haven.constraint_messages (constraint_name, message) values
  ('refunds_reason_known', 'Reason must be requested_by_customer, duplicate or fraudulent'),
  ('refunds_note_length', 'Note is too long (500 characters at most)')
on conflict (constraint_name) do update set message = excluded.message;
select buzz_haven.explain_constraints_of('buzz_haven.refunds');

-- A row of a buzz_haven table, not written: each CHECK of its table that has a message is evaluated
-- on it (a CHECK passes when true or null, as PostgreSQL's); the first broken one raises its message.
create function buzz_haven.explain_row(p_row anyelement) returns void
language plpgsql
stable
security definer -- reads buzz_haven.constraint_messages whoever checks
set search_path = ''
as $$
declare
  v_table regclass;
  v record;
  v_ok boolean;
begin
  select c.oid into v_table from pg_catalog.pg_class as c where c.reltype = pg_catalog.pg_typeof(p_row)::oid;
  if v_table is null then
    raise exception 'explain_row: % is not a table''s row type', pg_catalog.pg_typeof(p_row) using errcode = '22023';
  end if;
  for v in
    select c.conname, m.message, pg_catalog.pg_get_expr(c.conbin, c.conrelid) as expr,
      (select a.attname from pg_catalog.pg_attribute as a
       where a.attrelid = c.conrelid and a.attnum = c.conkey[1] and pg_catalog.array_length(c.conkey, 1) = 1) as field
    from pg_catalog.pg_constraint as c join buzz_haven.constraint_messages as m on m.constraint_name = c.conname
    where c.conrelid = v_table and c.contype = 'c'
    order by c.conname
  loop
    execute format('select %s from (select ($1::%s).*) as t', v.expr, v_table) into v_ok using p_row;
    if v_ok is false then
      raise exception using errcode = '23514', message = v.message, constraint = v.conname,
        detail = pg_catalog.json_build_object('field', v.field, 'constraint', v.conname)::text;
    end if;
  end loop;
end;
$$;
revoke all on function buzz_haven.explain_row(anyelement) from public, anon, authenticated;

-- The refund a prepare function is about to ask for, as a row of refunds: its reason and note.
create function buzz_haven.check_refund_words(p_reason text, p_note text) returns void
language plpgsql
stable
set search_path = ''
as $$
declare
  v buzz_haven.refunds;
begin
  v.reason := p_reason;
  v.note := nullif(btrim(p_note), '');
  perform buzz_haven.explain_row(v);
end;
$$;
revoke all on function buzz_haven.check_refund_words(text, text) from public, anon, authenticated;

create or replace function public.prepare_buzz_haven_refund(
  p_order_id uuid default null, p_amount integer default null, p_reason text default null, p_note text default null
)
returns jsonb
language plpgsql
security definer -- reads buzz_haven.payments and orders, which the caller has no grant on
set search_path = ''
as $$
declare
  v_pay buzz_haven.payments;
  v_order buzz_haven.orders;
  v_left integer;
  v_amount integer;
  v_who record;
begin
  perform buzz_haven.require_role(array['owner', 'admin'], 'Only an owner or admin can refund a payment');
  perform buzz_haven.require_second_factor();
  perform buzz_haven.check_refund_words(p_reason, p_note);
  select * into v_order from buzz_haven.orders as o where o.id = p_order_id;
  if not found then
    raise exception 'Order not found' using errcode = 'PT404';
  end if;
  select * into v_pay from buzz_haven.payments as p
  where p.order_id = p_order_id and buzz_haven.refundable(p) > 0
  order by p.created_at, p.id limit 1
  for update;
  if not found then
    raise exception 'Order % has no card payment left to refund', v_order.number using errcode = 'PT409';
  end if;
  v_left := buzz_haven.refundable(v_pay);
  v_amount := coalesce(p_amount, v_left);
  perform buzz_haven.check_input(v_amount between 1 and v_left,
    format('A refund of this payment is between $0.01 and $%s', to_char(v_left / 100.0, 'FM999999990.00')));
  select * into v_who from buzz_haven.caller_profile();
  return jsonb_build_object('order_id', v_order.id, 'number', v_order.number, 'payment_intent', v_pay.payment_intent,
    'amount', v_amount, 'currency', v_pay.currency, 'refunded_before', v_pay.amount - v_left,
    'reason', p_reason, 'note', nullif(btrim(p_note), ''),
    'requested_by', v_who.profile_id, 'requested_by_name', v_who.display_name);
end;
$$;

create or replace function public.prepare_buzz_haven_registration_refund(
  p_registration_id uuid default null, p_amount integer default null, p_reason text default null, p_note text default null
)
returns jsonb
language plpgsql
security definer -- reads buzz_haven.payments and event_registrations, which the caller has no grant on
set search_path = ''
as $$
declare
  v_pay buzz_haven.payments;
  v_reg buzz_haven.event_registrations;
  v_left integer;
  v_amount integer;
  v_who record;
begin
  perform buzz_haven.require_role(array['owner', 'admin'], 'Only an owner or admin can refund a payment');
  perform buzz_haven.require_second_factor();
  perform buzz_haven.check_refund_words(p_reason, p_note);
  select * into v_reg from buzz_haven.event_registrations as r where r.id = p_registration_id;
  if not found then
    raise exception 'Registration not found' using errcode = 'PT404';
  end if;
  select * into v_pay from buzz_haven.payments as p
  where p.registration_id = p_registration_id and buzz_haven.refundable(p) > 0
  order by p.created_at, p.id limit 1
  for update;
  if not found then
    raise exception 'The registration of % has no card payment left to refund', v_reg.name using errcode = 'PT409';
  end if;
  v_left := buzz_haven.refundable(v_pay);
  v_amount := coalesce(p_amount, v_left);
  perform buzz_haven.check_input(v_amount between 1 and v_left,
    format('A refund of this payment is between $0.01 and $%s', to_char(v_left / 100.0, 'FM999999990.00')));
  select * into v_who from buzz_haven.caller_profile();
  return jsonb_build_object('registration_id', v_reg.id, 'name', v_reg.name, 'payment_intent', v_pay.payment_intent,
    'amount', v_amount, 'currency', v_pay.currency, 'refunded_before', v_pay.amount - v_left,
    'reason', p_reason, 'note', nullif(btrim(p_note), ''),
    'requested_by', v_who.profile_id, 'requested_by_name', v_who.display_name);
end;
$$;
