/**
 * Who pays for a priced workshop place, and how many places one visitor holds while paying
 * (register_buzz_haven_workshop, buzz_haven.payment_settings): without p_pay a priced place is
 * confirmed owing its price, shown unpaid to staff, only while workshop_pay_later allows it, and
 * refused otherwise; one e-mail and one client hold at most hold_places_per_email /
 * hold_places_per_client places at once; a hold whose Checkout Session never opens frees its
 * places after hold_start_minutes, one with an open session keeps them.
 */
import { randomBytes } from 'node:crypto';
import { anon, createMember, rpcOne, rpcRows, rpcValue, service, type Caller } from './support/callers';
import { fromClient } from './support/fromClient';
import { openTarget, SETUP_TIMEOUT, targets, type TestDb } from './support/targets';

type Answer = { id: string; status: string; amount_due: number | null; amount_owed: number | null; spots_left: number | null };
type Settings = { id: string; workshop_pay_later: boolean; hold_places_per_email: number; hold_places_per_client: number;
  hold_start_minutes: number };

describe.each(targets)('workshop places and holds on %s', (target) => {
  let t: TestDb;
  let owner: Caller;
  let staff: Caller;
  let price: number;
  let n = 0;
  beforeAll(async () => {
    t = await openTarget(target);
    owner = await createMember(t.db, 'owner@places.test', 'owner');
    staff = await createMember(t.db, 'staff@places.test', 'staff');
    await t.db.query("update buzz_haven.rate_limits set max_per_client = 1000, max_per_contact = 1000 where action = 'registration'");
    price = (await t.db.query<{ price: number }>("select price from buzz_haven.workshop_offerings where slug = 'beekeeping-basics'"))
      .rows[0].price;
  }, SETUP_TIMEOUT);
  afterAll(() => t.close(), SETUP_TIMEOUT);

  /** A Beekeeping Basics session: a place costs the offering's price. */
  async function workshop(capacity: number): Promise<string> {
    const { rows } = await t.db.query<{ id: string }>(
      `insert into buzz_haven.events (title, start_time, kind, capacity, is_public, offering)
       values ($1, now() + interval '7 days', 'workshop', $2, true, 'beekeeping-basics') returning id`,
      [`Beekeeping Basics ${++n}`, capacity],
    );
    return rows[0].id;
  }
  const email = () => `placer${++n}@example.com`;
  const register = (eventId: string, args: Record<string, unknown> = {}) =>
    rpcValue<Answer>(t.db, anon, 'register_buzz_haven_workshop', { p_event_id: eventId, p_name: 'Bea Placer', p_email: email(), ...args });
  /** A registration from the client at `ip` (behind the gateway, as hosted projects write X-Forwarded-For). */
  const registerFrom = (ip: string, eventId: string, args: Record<string, unknown> = {}) =>
    fromClient(t.db, { 'x-forwarded-for': `${ip}, 10.0.0.1` }, 'register_buzz_haven_workshop',
      { p_event_id: eventId, p_name: 'Bea Placer', p_email: email(), ...args }) as Promise<Answer>;
  const settings = async () => (await rpcRows<Settings>(t.db, anon, 'get_buzz_haven_payment_settings'))[0];
  const setSettings = async (args: Record<string, unknown>) =>
    rpcOne<Settings>(t.db, owner, 'update_buzz_haven_payment_settings', { p_id: (await settings()).id, ...args });
  const staffRow = async (id: string) => (await rpcRows(t.db, staff, 'get_buzz_haven_event_registrations')).find((r) => r.id === id)!;
  const message = async (rule: string, value: number) =>
    (await t.db.query<{ message: string }>("select message from buzz_haven.constraint_messages where constraint_name = $1 and locale = 'en'", [rule]))
      .rows[0].message.replace('%s', String(value));

  test('pay later on (the default): a priced place without p_pay is confirmed owing its price and staff see it unpaid', async () => {
    expect(await settings()).toMatchObject({ workshop_pay_later: true, hold_places_per_email: 4, hold_places_per_client: 6,
      hold_start_minutes: 5 });
    const id = await workshop(5);
    for (const args of [{}, { p_pay: false }]) {
      const reg = await register(id, { p_places: 2, ...args });
      expect(reg).toMatchObject({ status: 'confirmed', amount_due: null, amount_owed: 2 * price });
      expect(await staffRow(reg.id)).toMatchObject({ status: 'confirmed', payment_state: 'unpaid', amount_owed: 2 * price, amount_paid: 0 });
    }
    // The waitlist owes its price too, and is shown unpaid once it moves up.
    const waiting = await register(id, { p_places: 2, p_join_waitlist: true });
    expect(waiting).toMatchObject({ status: 'waitlisted', amount_owed: 2 * price });
    expect(await staffRow(waiting.id)).toMatchObject({ payment_state: null });
    const first = (await rpcRows(t.db, staff, 'get_buzz_haven_event_registrations')).find((r) => r.event_id === id && r.status === 'confirmed')!;
    await rpcOne(t.db, staff, 'update_buzz_haven_event_registration', { p_id: first.id, p_status: 'cancelled' });
    expect(await staffRow(waiting.id)).toMatchObject({ status: 'confirmed', payment_state: 'unpaid' });
  });

  test('pay later off: a priced place without p_pay is refused in the message table\'s words; p_pay holds it; a free event registers', async () => {
    await expect(rpcOne(t.db, staff, 'update_buzz_haven_payment_settings', { p_id: (await settings()).id, p_workshop_pay_later: false }))
      .rejects.toMatchObject({ code: '42501' });
    await setSettings({ p_workshop_pay_later: false });
    try {
      const id = await workshop(5);
      const words = (await t.db.query("select message from buzz_haven.constraint_messages where constraint_name = 'event_registrations_card_only' and locale = 'en'"))
        .rows[0].message;
      for (const args of [{}, { p_pay: false }]) {
        await expect(register(id, args)).rejects.toMatchObject({ code: '22023', message: words });
      }
      expect((await t.db.query('select count(*)::int as c from buzz_haven.event_registrations where event_id = $1', [id])).rows[0].c).toBe(0);
      await expect(register(id, { p_pay: true })).resolves.toMatchObject({ status: 'held', amount_due: price });
      const { rows } = await t.db.query<{ id: string }>(
        `insert into buzz_haven.events (title, start_time, kind, capacity, is_public) values ('Free Hive Walk', now() + interval '7 days',
         'workshop', 5, true) returning id`);
      await expect(register(rows[0].id)).resolves.toMatchObject({ status: 'confirmed', amount_owed: null });
    } finally {
      await setSettings({ p_workshop_pay_later: true });
    }
  });

  test('one e-mail holds at most hold_places_per_email places at once, across workshops; an ended hold no longer counts', async () => {
    const a = await workshop(10);
    const b = await workshop(10);
    const limit = (await settings()).hold_places_per_email;
    const mine = email();
    // The whole workshop in one request is refused ...
    await expect(register(a, { p_email: mine, p_places: 10, p_pay: true }))
      .rejects.toMatchObject({ code: 'PT409', message: await message('event_registrations_held_per_email', limit) });
    // ... as is a second hold that would pass the bound.
    const held = await register(a, { p_email: mine, p_places: limit - 1, p_pay: true });
    expect(held).toMatchObject({ status: 'held', spots_left: 11 - limit });
    await expect(register(b, { p_email: mine, p_places: 2, p_pay: true })).rejects.toMatchObject({ code: 'PT409' });
    const last = await register(b, { p_email: mine, p_places: 1, p_pay: true });
    expect(last).toMatchObject({ status: 'held' });
    await t.db.query("update buzz_haven.event_registrations set hold_expires_at = now() - interval '1 second' where id = $1", [last.id]);
    // Once it ended, its place no longer counts: the same e-mail may hold it again.
    await expect(register(b, { p_email: mine, p_places: 1, p_pay: true })).resolves.toMatchObject({ status: 'held' });
    await expect(register(await workshop(10), { p_email: mine, p_places: 1, p_pay: true })).rejects.toMatchObject({ code: 'PT409' });
    // The bound is the settings' number.
    await setSettings({ p_hold_places_per_email: limit + 2 });
    try {
      await expect(register(await workshop(10), { p_email: mine.toUpperCase(), p_places: 2, p_pay: true }))
        .resolves.toMatchObject({ status: 'held' });
    } finally {
      await setSettings({ p_hold_places_per_email: limit });
    }
  });

  test('one client holds at most hold_places_per_client places at once, whatever e-mails it gives; other clients still get places', async () => {
    const id = await workshop(10);
    const limit = (await settings()).hold_places_per_client;
    for (let i = 0; i < limit; i += 2) await registerFrom('203.0.113.7', id, { p_places: 2, p_pay: true });
    await expect(registerFrom('203.0.113.7', id, { p_places: 1, p_pay: true }))
      .rejects.toMatchObject({ code: 'PT409', message: await message('event_registrations_held_per_client', limit) });
    await expect(registerFrom('198.51.100.9', id, { p_places: 2, p_pay: true })).resolves.toMatchObject({ status: 'held' });
    // Registering without a card hold (pay later) is not bounded by holds.
    await expect(registerFrom('203.0.113.7', id, { p_places: 1 })).resolves.toMatchObject({ status: 'confirmed' });
  });

  test('a hold whose Checkout Session never opens frees its places after hold_start_minutes; an open session keeps them', async () => {
    const id = await workshop(2);
    const idle = await register(id, { p_pay: true });
    const paying = await register(id, { p_pay: true });
    const to = (await t.db.query<{ email: string }>('select email from buzz_haven.event_registrations where id = $1', [paying.id])).rows[0].email;
    const begun = await rpcValue<{ amount: number }>(t.db, service, 'begin_buzz_haven_registration_checkout', { p_registration_id: paying.id, p_email: to });
    const session = `cs_test_${randomBytes(8).toString('hex')}`;
    await rpcValue(t.db, service, 'record_buzz_haven_registration_checkout', {
      p_registration_id: paying.id, p_session_id: session, p_amount: begun.amount, p_currency: 'usd',
      p_url: `https://checkout.stripe.com/c/pay/${session}`, p_expires_at: new Date(Date.now() + 1800_000).toISOString(),
    });
    await expect(register(id, { p_pay: true })).rejects.toMatchObject({ code: 'PT409', message: 'This workshop is full' });
    // Both holds were made before the start window.
    const minutes = (await settings()).hold_start_minutes;
    await t.db.query(`update buzz_haven.event_registrations set created_at = now() - make_interval(mins => $2) where id = any ($1)`,
      [[idle.id, paying.id], minutes + 1]);
    const idleEmail = (await t.db.query<{ email: string }>('select email from buzz_haven.event_registrations where id = $1', [idle.id])).rows[0].email;
    await expect(rpcValue(t.db, service, 'begin_buzz_haven_registration_checkout', { p_registration_id: idle.id, p_email: idleEmail }))
      .rejects.toMatchObject({ code: 'PT409', message: 'This place is no longer held; please register again' });
    const next = await register(id);
    expect(next).toMatchObject({ status: 'confirmed', spots_left: 0 });
    expect(await staffRow(idle.id)).toMatchObject({ status: 'expired', payment_state: 'expired' });
    expect(await staffRow(paying.id)).toMatchObject({ status: 'held', payment_state: 'awaiting_payment' });
    // The periodic pass expires such a hold too.
    const other = await workshop(1);
    const left = await register(other, { p_pay: true });
    await t.db.query(`update buzz_haven.event_registrations set created_at = now() - make_interval(mins => $2) where id = $1`, [left.id, minutes + 1]);
    expect(await rpcValue<number>(t.db, service, 'expire_buzz_haven_workshop_holds')).toBeGreaterThanOrEqual(1);
    expect(await staffRow(left.id)).toMatchObject({ status: 'expired' });
  });
});
