/**
 * Paid workshop places in SQL: with p_pay a priced
 * place is held for 30 minutes at the offering's price (workshop_offerings, not the browser); the
 * signed completion confirms it and queues the confirmation e-mail once; an overdue hold expires
 * (the sender's periodic call, Stripe's checkout.session.expired, or lazily on a registration)
 * and promotes the waitlist with its e-mail; a wrong amount
 * confirms nothing; a replay changes nothing; a refund recorded by the refund function cancels
 * the place and moves the waitlist. Without p_pay registering is as before.
 */
import { randomBytes } from 'node:crypto';
import { anon, createMember, rpcRows, rpcValue, service, type Caller } from './support/callers';
import { openTarget, SETUP_TIMEOUT, targets, type TestDb } from './support/targets';

type Answer = { id: string; status: string; position: number | null; spots_left: number | null; amount_due: number | null; hold_expires_at: string | null };
const rnd = () => randomBytes(8).toString('hex');
const event = (type: string, object: Record<string, unknown>) =>
  ({ id: `evt_${rnd()}`, object: 'event', type, created: Math.floor(Date.now() / 1000), livemode: false, data: { object } });

describe.each(targets)('paid workshop places on %s', (target) => {
  let t: TestDb;
  let staff: Caller;
  let n = 0;
  beforeAll(async () => {
    t = await openTarget(target);
    staff = await createMember(t.db, 'staff@holds.test', 'staff');
  }, SETUP_TIMEOUT);
  afterAll(() => t.close(), SETUP_TIMEOUT);

  // A Beekeeping Basics session: its place costs what workshop_offerings says (7500), not the event's legacy 100.
  async function workshop(capacity: number | null): Promise<string> {
    const { rows } = await t.db.query<{ id: string }>(
      `insert into buzz_haven.events (title, start_time, kind, capacity, is_public, price, offering)
       values ($1, now() + interval '7 days', 'workshop', $2, true, 100, 'beekeeping-basics') returning id`,
      [`Beekeeping Basics ${++n}`, capacity],
    );
    return rows[0]!.id;
  }
  const register = (eventId: string, args: Record<string, unknown> = {}) =>
    rpcValue<Answer>(t.db, anon, 'register_buzz_haven_workshop', {
      p_event_id: eventId, p_name: 'Bea Payer', p_email: `hold${++n}@example.com`, p_places: 1, ...args,
    });
  const row = async (id: string) =>
    (await rpcRows(t.db, staff, 'get_buzz_haven_event_registrations')).find((r) => r.id === id)!;
  const spots = async (eventId: string) =>
    (await rpcRows(t.db, anon, 'get_buzz_haven_workshop_availability')).find((e) => e.id === eventId)!.spots_left;
  const mail = async (id: string) =>
    (await t.db.query<{ kind: string }>('select kind from buzz_haven.outbox_messages where related_id = $1 order by created_at, kind', [id]))
      .rows.map((r) => r.kind);
  const apply = (e: unknown) =>
    rpcValue<{ outcome: string; detail: string | null }>(t.db, service, 'apply_buzz_haven_registration_stripe_event', { p_event: JSON.stringify(e) });
  const email = async (id: string) => (await t.db.query<{ email: string }>('select email from buzz_haven.event_registrations where id = $1', [id])).rows[0].email;
  async function checkout(reg: Answer) {
    const begun = await rpcValue<{ amount: number; unit_price: number; registration_id: string; open_session: unknown }>(
      t.db, service, 'begin_buzz_haven_registration_checkout', { p_registration_id: reg.id, p_email: await email(reg.id) });
    const id = `cs_test_${rnd()}`;
    await rpcValue(t.db, service, 'record_buzz_haven_registration_checkout', {
      p_registration_id: reg.id, p_session_id: id, p_amount: begun.amount, p_currency: 'usd',
      p_url: `https://checkout.stripe.com/c/pay/${id}`, p_expires_at: new Date(Date.now() + 1800_000).toISOString(),
    });
    return { begun, session: { id, object: 'checkout.session', mode: 'payment', status: 'complete', payment_status: 'paid',
      amount_total: begun.amount, currency: 'usd', payment_intent: `pi_${rnd()}`, metadata: { kind: 'registration', registration_id: reg.id } } };
  }
  const overdue = (id: string) =>
    t.db.query(`update buzz_haven.event_registrations set hold_expires_at = now() - interval '1 second' where id = $1`, [id]);

  test('an event without an offering has no table price: p_pay registers it as before, confirmed', async () => {
    const { rows } = await t.db.query<{ id: string }>(
      `insert into buzz_haven.events (title, start_time, kind, capacity, is_public, price)
       values ('Open Hive Day', now() + interval '7 days', 'workshop', 5, true, 4500) returning id`);
    await expect(register(rows[0].id, { p_pay: true })).resolves.toMatchObject({ status: 'confirmed', amount_due: null });
  });

  test('without p_pay registering is as before: confirmed, no hold, no amount', async () => {
    const id = await workshop(3);
    const reg = await register(id);
    expect(reg).toMatchObject({ status: 'confirmed', amount_due: null, hold_expires_at: null, spots_left: 2 });
    expect(await mail(reg.id)).toEqual(['registration_confirmed']);
  });

  test('p_pay holds the places for 30 minutes at the table price; payment confirms them and e-mails once; a replay changes nothing', async () => {
    const id = await workshop(3);
    const reg = await register(id, { p_places: 2, p_pay: true });
    expect(reg).toMatchObject({ status: 'held', amount_due: 15000, spots_left: 1 });
    const minutes = (Date.parse(reg.hold_expires_at!) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(29);
    expect(minutes).toBeLessThanOrEqual(30);
    expect(await mail(reg.id)).toEqual([]);
    expect(await row(reg.id)).toMatchObject({ status: 'held', payment_state: 'awaiting_payment', amount_due: 15000 });

    const { begun, session } = await checkout(reg);
    expect(begun).toMatchObject({ amount: 15000, unit_price: 7500, open_session: null });
    const paid = event('checkout.session.completed', session);
    await expect(apply(paid)).resolves.toMatchObject({ outcome: 'applied' });
    await expect(apply(paid)).resolves.toMatchObject({ outcome: 'duplicate' });
    expect(await row(reg.id)).toMatchObject({ status: 'confirmed', payment_state: 'paid', amount_paid: 15000, hold_expires_at: null });
    expect(await mail(reg.id)).toEqual(['registration_confirmed']);
    // A confirmed place is not paid again.
    await expect(rpcValue(t.db, service, 'begin_buzz_haven_registration_checkout', { p_registration_id: reg.id, p_email: await email(reg.id) }))
      .rejects.toMatchObject({ code: 'PT409', message: 'This place is already confirmed' });
  });

  test('a payment of another amount confirms nothing and is logged', async () => {
    const id = await workshop(3);
    const reg = await register(id, { p_pay: true });
    const { session } = await checkout(reg);
    await expect(apply(event('checkout.session.completed', { ...session, amount_total: 100 })))
      .resolves.toMatchObject({ outcome: 'rejected', detail: expect.stringContaining('Paid 100 usd') });
    expect(await row(reg.id)).toMatchObject({ status: 'held', payment_state: 'awaiting_payment', amount_paid: 0 });
    const log = await t.db.query(`select summary from buzz_haven.activity_log where record_id = $1 and actor_name = 'Stripe'`, [reg.id]);
    expect(log.rows[0].summary).toMatch(/^Card payment refused: Paid 100 usd/);
  });

  test('an overdue hold expires on the next registration, which then gets the place; with a waitlist, the waitlist gets it with its e-mail', async () => {
    const id = await workshop(1);
    const held = await register(id, { p_pay: true });
    await expect(register(id)).rejects.toMatchObject({ code: 'PT409', message: 'This workshop is full' });
    await overdue(held.id);
    const next = await register(id);
    expect(next).toMatchObject({ status: 'confirmed', spots_left: 0 });
    expect(await row(held.id)).toMatchObject({ status: 'expired', payment_state: 'expired' });
    expect(await mail(held.id)).toEqual([]);

    const other = await workshop(1);
    const hold = await register(other, { p_pay: true });
    const waiting = await register(other, { p_join_waitlist: true });
    expect(waiting).toMatchObject({ status: 'waitlisted', position: 1 });
    expect(await spots(other)).toBe(0);
    await overdue(hold.id);
    expect(await spots(other)).toBe(0); // taken until it is expired: never shown free to a newcomer before the waitlist
    // A newcomer's attempt expires the hold and promotes the waitlist, then is refused (and rolls back with it) ...
    await expect(register(other)).rejects.toMatchObject({ code: 'PT409', message: 'This workshop is full' });
    // ... so the periodic pass does it.
    await rpcValue(t.db, service, 'expire_buzz_haven_workshop_holds');
    expect(await row(hold.id)).toMatchObject({ status: 'expired', payment_state: 'expired' });
    expect(await row(waiting.id)).toMatchObject({ status: 'confirmed', position: null });
    expect(await mail(waiting.id)).toEqual(['registration_waitlisted', 'registration_promoted']);
    // The same e-mail may register again once its hold expired.
    await expect(register(other, { p_email: await email(hold.id), p_join_waitlist: true })).resolves.toMatchObject({ status: 'waitlisted' });
  });

  test('the periodic expiry (service role only) expires every overdue hold; Stripe\'s session expiry does too', async () => {
    const id = await workshop(2);
    const a = await register(id, { p_pay: true });
    const b = await register(id, { p_pay: true });
    const w = await register(id, { p_join_waitlist: true });
    await overdue(a.id);
    await expect(rpcValue(t.db, anon, 'expire_buzz_haven_workshop_holds')).rejects.toMatchObject({ code: '42501' });
    expect(await rpcValue<number>(t.db, service, 'expire_buzz_haven_workshop_holds')).toBeGreaterThanOrEqual(1);
    expect(await row(a.id)).toMatchObject({ status: 'expired' });
    expect(await row(w.id)).toMatchObject({ status: 'confirmed' });
    expect(await row(b.id)).toMatchObject({ status: 'held' });

    const { session } = await checkout(b);
    const expired = event('checkout.session.expired', { ...session, status: 'expired', payment_status: 'unpaid', payment_intent: null });
    await expect(apply(expired)).resolves.toMatchObject({ outcome: 'applied' });
    expect(await row(b.id)).toMatchObject({ status: 'expired', payment_state: 'expired' });
    expect(await spots(id)).toBe(1);
    // A completion arriving after the expiry, with the place still free: the payer gets it.
    await expect(apply(event('checkout.session.completed', session))).resolves.toMatchObject({ outcome: 'applied' });
    expect(await row(b.id)).toMatchObject({ status: 'confirmed', payment_state: 'paid' });
  });

  test('paid after the hold expired and the place went to someone else: not confirmed, logged for a refund', async () => {
    const id = await workshop(1);
    const held = await register(id, { p_pay: true });
    const { session } = await checkout(held);
    await overdue(held.id);
    await register(id); // takes the freed place
    const late = await apply(event('checkout.session.completed', session));
    expect(late).toMatchObject({ outcome: 'applied', detail: expect.stringContaining('the places are gone: refund it') });
    expect(await row(held.id)).toMatchObject({ status: 'expired', payment_state: 'paid' });
  });

  test('refunding a paid place cancels it and moves the waitlist; only owners and admins prepare a refund', async () => {
    const id = await workshop(1);
    const reg = await register(id, { p_pay: true });
    const { session } = await checkout(reg);
    await apply(event('checkout.session.completed', session));
    const w = await register(id, { p_join_waitlist: true });
    await expect(rpcValue(t.db, staff, 'prepare_buzz_haven_registration_refund', { p_registration_id: reg.id }))
      .rejects.toMatchObject({ code: '42501' });
    const owner = await createMember(t.db, `owner${++n}@holds.test`, 'owner');
    await expect(rpcValue(t.db, owner, 'prepare_buzz_haven_registration_refund', { p_registration_id: reg.id, p_amount: 7600 }))
      .rejects.toMatchObject({ message: 'A refund of this payment is between $0.01 and $75.00' });
    await expect(rpcValue(t.db, owner, 'prepare_buzz_haven_registration_refund', { p_registration_id: reg.id, p_reason: 'rain' }))
      .rejects.toMatchObject({ code: '23514', message: 'Reason must be requested_by_customer, duplicate or fraudulent' });
    const prepared = await rpcValue<Record<string, unknown>>(t.db, owner, 'prepare_buzz_haven_registration_refund', {
      p_registration_id: reg.id, p_amount: 5000, p_reason: 'requested_by_customer', p_note: 'Cannot come',
    });
    expect(prepared).toMatchObject({ registration_id: reg.id, payment_intent: session.payment_intent, amount: 5000, refunded_before: 0 });
    const record = () => rpcValue(t.db, service, 'record_buzz_haven_registration_refund', {
      p_refund_id: 're_holds1', p_payment_intent: session.payment_intent, p_registration_id: reg.id, p_amount: 5000, p_currency: 'usd',
      p_reason: 'requested_by_customer', p_note: 'Cannot come', p_status: 'succeeded', p_requested_by: prepared.requested_by,
      p_requested_by_name: prepared.requested_by_name,
    });
    await record();
    await record(); // told twice: stored once
    expect((await t.db.query('select count(*)::int as c from buzz_haven.refunds where registration_id = $1', [reg.id])).rows[0].c).toBe(1);
    expect(await row(reg.id)).toMatchObject({ status: 'cancelled' });
    expect(await row(w.id)).toMatchObject({ status: 'confirmed' });
    expect(await mail(reg.id)).toEqual(['registration_confirmed', 'registration_cancelled']);
    // What is left of the payment may still be refunded (a second, partial refund).
    await expect(rpcValue(t.db, owner, 'prepare_buzz_haven_registration_refund', { p_registration_id: reg.id }))
      .resolves.toMatchObject({ amount: 2500, refunded_before: 5000 });
  });
});
