/**
 * Staff alerts for new orders and registrations:
 * each staff member chooses per kind off / each one / daily digest with set_buzz_haven_my_alerts;
 * one-by-one alerts are queued in the event's transaction (none when it rolls back), the digest by
 * queue_buzz_haven_staff_digests (service role), once a day per staff member, listing what came in
 * since their last digest.
 */
import { anon, createMember, rpcValue, service, type Caller } from './support/callers';
import { openTarget, SETUP_TIMEOUT, targets, type TestDb } from './support/targets';

const JAR = 'b0220000-0000-4000-8000-0000000000c1'; // 1500 cents
type Msg = Record<string, any>;

describe.each(targets)('staff order and registration alerts on %s', (target) => {
  let t: TestDb;
  let each: Caller & { profileId: string };
  let digest: Caller & { profileId: string };
  let owner: Caller & { profileId: string };
  let event: string;
  let n = 0;
  beforeAll(async () => {
    t = await openTarget(target);
    each = await createMember(t.db, 'each@alerts.test', 'staff');
    digest = await createMember(t.db, 'digest@alerts.test', 'admin');
    owner = await createMember(t.db, 'owner@alerts.test', 'owner');
    await t.db.query(`insert into buzz_haven.products (id, name, price, is_public) values ($1, 'Comb Honey', 1500, true)`, [JAR]);
    event = (await t.db.query<{ id: string }>(`insert into buzz_haven.events (title, start_time, kind, capacity, is_public, price, location)
      values ('Hive Open Day', now() + interval '10 days', 'workshop', 20, true, 0, 'The Apiary') returning id`)).rows[0]!.id;
  }, SETUP_TIMEOUT);
  afterAll(() => t.close(), SETUP_TIMEOUT);

  const messages = async (where: string): Promise<Msg[]> =>
    (await t.db.query<{ j: Msg }>(`select to_jsonb(m) as j from buzz_haven.outbox_messages as m where ${where} order by created_at, recipient`)).rows.map((r) => r.j);
  const order = (email: string) => rpcValue<{ number: string }>(t.db, anon, 'submit_buzz_haven_order_request', {
    p_customer_name: `Buyer ${++n}`, p_customer_email: email, p_delivery: 'pickup',
    p_items: JSON.stringify([{ product_id: JAR, quantity: 3, unit_price: 1500 }]),
  });
  const register = (email: string) => rpcValue<{ id: string }>(t.db, anon, 'register_buzz_haven_workshop', {
    p_event_id: event, p_name: `Guest ${++n}`, p_email: email, p_places: 2,
  });
  const staffMail = (kinds: string) => messages(`kind in (${kinds}) and recipient like '%@alerts.test'`);
  /** Time moves on a day: every timestamp the digest reads moves 25 hours back. */
  const aDayPasses = async () => {
    for (const [table, column] of [['orders', 'created_at'], ['event_registrations', 'created_at'], ['alert_preferences', 'digest_since']]) {
      await t.db.query(`update buzz_haven.${table} set ${column} = ${column} - interval '25 hours'`);
    }
  };
  const digestSince = async (who: { profileId: string }) =>
    (await t.db.query<{ d: string | null }>('select digest_since as d from buzz_haven.alert_preferences where user_id = $1', [who.profileId])).rows[0]?.d ?? null;

  test('the choice per kind is saved and read back; a bad or double choice is refused', async () => {
    expect(await rpcValue(t.db, each, 'get_buzz_haven_my_alerts')).toEqual([]); // staff: nothing by default
    expect(await rpcValue(t.db, owner, 'get_buzz_haven_my_alerts')).toEqual(['swarm_report']); // no order mail by default
    expect(await rpcValue(t.db, each, 'set_buzz_haven_my_alerts', { p_alerts: ['order', 'registration'] })).toEqual(['order', 'registration']);
    expect(await rpcValue(t.db, digest, 'set_buzz_haven_my_alerts', { p_alerts: ['swarm_report', 'order_digest', 'registration_digest'] }))
      .toEqual(['swarm_report', 'order_digest', 'registration_digest']);
    expect(await rpcValue(t.db, digest, 'get_buzz_haven_my_alerts')).toEqual(['swarm_report', 'order_digest', 'registration_digest']);
    await expect(rpcValue(t.db, each, 'set_buzz_haven_my_alerts', { p_alerts: ['order', 'order_digest'] }))
      .rejects.toThrow('Choose each order or a daily digest of them, not both');
    await expect(rpcValue(t.db, each, 'set_buzz_haven_my_alerts', { p_alerts: ['orders'] }))
      .rejects.toThrow('Alerts can be: swarm_report, order or order_digest, registration or registration_digest');
    await expect(rpcValue(t.db, each, 'set_buzz_haven_my_alerts', { p_alerts: [null] })).rejects.toThrow('Alerts can be');
    expect(await rpcValue(t.db, each, 'get_buzz_haven_my_alerts')).toEqual(['order', 'registration']);
    expect(await digestSince(each)).toBeNull();
    expect(await digestSince(digest)).not.toBeNull();
  });

  test('one by one: each new order and registration alerts who chose it, in the event\'s transaction', async () => {
    const receipt = await order('buyer1@example.com');
    const registration = await register('guest1@example.com');
    const sent = await staffMail(`'staff_order_alert', 'staff_registration_alert'`);
    expect(sent.map((m) => [m.kind, m.recipient])).toEqual([
      ['staff_order_alert', 'each@alerts.test'], ['staff_registration_alert', 'each@alerts.test'],
    ]);
    expect(sent[0]).toMatchObject({
      recipient_name: 'each', related_table: 'orders',
      data: { staff: { name: 'each' }, customer: { email: 'buyer1@example.com' },
        order: { number: receipt.number, total: 4500, delivery: 'pickup', lines: [{ name: 'Comb Honey', quantity: 3, line_total: 4500 }] } },
    });
    expect(sent[1]).toMatchObject({
      related_id: registration.id, idempotency_key: `staff_registration_alert.${registration.id}.${each.profileId}`,
      data: { customer: { email: 'guest1@example.com' }, registration: { places: 2, status: 'confirmed' }, event: { title: 'Hive Open Day', location: 'The Apiary' } },
    });

    await expect(t.db.transaction(async (tx) => {
      await tx.query(`select set_config('request.jwt.claims', '{"role":"anon"}', true)`);
      await tx.query(`insert into buzz_haven.orders (customer_name, customer_email, delivery, subtotal, shipping, total)
        values ('Roll Back', 'rollback@example.com', 'pickup', 0, 0, 0)`);
      throw new Error('the request failed after the insert');
    })).rejects.toThrow('the request failed');
    expect(await staffMail(`'staff_order_alert'`)).toHaveLength(1);
  });

  test('the digest: once a day per staff member, listing the orders and registrations since the last one', async () => {
    await expect(rpcValue(t.db, anon, 'queue_buzz_haven_staff_digests')).rejects.toThrow(/permission denied/);
    await expect(rpcValue(t.db, digest, 'queue_buzz_haven_staff_digests')).rejects.toThrow(/permission denied/);
    expect(await rpcValue(t.db, service, 'queue_buzz_haven_staff_digests')).toBe(0); // chosen less than a day ago
    // A day has passed since the choice: what came in since (the order and registration above, and these) is listed.
    await aDayPasses();
    const second = await order('buyer2@example.com');
    await register('guest2@example.com');
    expect(await rpcValue(t.db, service, 'queue_buzz_haven_staff_digests')).toBe(1);
    expect(await rpcValue(t.db, service, 'queue_buzz_haven_staff_digests')).toBe(0); // once a day
    const [mail, ...more] = await staffMail(`'staff_digest'`);
    expect(more).toEqual([]);
    expect(mail).toMatchObject({ recipient: 'digest@alerts.test', related_table: 'users', related_id: digest.profileId,
      data: { staff: { name: 'digest' }, digest: { order_count: 2, registration_count: 2 } } });
    expect(mail!.data.digest.orders.map((o: Msg) => [o.number, o.total, o.delivery])).toEqual([
      [expect.any(String), 4500, 'pickup'], [second.number, 4500, 'pickup'],
    ]);
    expect(mail!.data.digest.registrations.map((r: Msg) => [r.name, r.places, r.event_title])).toEqual([
      [expect.any(String), 2, 'Hive Open Day'], [expect.any(String), 2, 'Hive Open Day'],
    ]);
    expect(await staffMail(`'staff_order_alert'`)).toHaveLength(2); // the one-by-one chooser still got each
    // The next day: only what came in after the first digest; a day with nothing new sends nothing.
    await order('buyer3@example.com');
    await aDayPasses();
    expect(await rpcValue(t.db, service, 'queue_buzz_haven_staff_digests')).toBe(1);
    const next = (await staffMail(`'staff_digest'`))[1]!;
    expect(next.data.digest).toMatchObject({ order_count: 1, registration_count: 0, registrations: [] });
    await aDayPasses();
    expect(await rpcValue(t.db, service, 'queue_buzz_haven_staff_digests')).toBe(0);
    expect(await staffMail(`'staff_digest'`)).toHaveLength(2);
  });

  test('only the chosen kinds are in a digest; choosing no digest stops it', async () => {
    await rpcValue(t.db, digest, 'set_buzz_haven_my_alerts', { p_alerts: ['registration_digest'] });
    await aDayPasses();
    await order('buyer4@example.com');
    expect(await rpcValue(t.db, service, 'queue_buzz_haven_staff_digests')).toBe(0); // an order only: nothing to tell
    await register('guest3@example.com');
    await aDayPasses();
    expect(await rpcValue(t.db, service, 'queue_buzz_haven_staff_digests')).toBe(1);
    const last = (await staffMail(`'staff_digest'`)).at(-1)!;
    expect(last.data.digest).toMatchObject({ registration_count: 1 });
    expect(last.data.digest).not.toHaveProperty('orders');
    expect(last.data.digest).not.toHaveProperty('order_count');

    await rpcValue(t.db, digest, 'set_buzz_haven_my_alerts', { p_alerts: [] });
    expect(await digestSince(digest)).toBeNull();
    await register('guest4@example.com');
    expect(await rpcValue(t.db, service, 'queue_buzz_haven_staff_digests')).toBe(0);
    expect(await staffMail(`'staff_digest'`)).toHaveLength(3);
  });
});
