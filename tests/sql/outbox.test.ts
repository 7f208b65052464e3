/**
 * The transactional outbox (buzz_haven.outbox_messages): a committed request has its message, a refused
 * or rolled-back one none; staff alerts follow each profile's choice; the sender's claim leases
 * rows (skip locked), failures back off exponentially and die after the last try; staff retry the
 * dead. Rows written outside an API request (seed, maintenance) queue nothing.
 */
import { anon, createMember, rpcOne, rpcRows, rpcValue, service, type Caller } from './support/callers';
import { openTarget, SETUP_TIMEOUT, targets, type TestDb } from './support/targets';

const JAR = 'b0220000-0000-4000-8000-0000000000b1'; // 2000 cents
type Msg = Record<string, any>;

describe.each(targets)('outbox on %s', (target) => {
  let t: TestDb;
  let staff: Caller;
  let owner: Caller;
  let admin: Caller;
  let n = 0;
  beforeAll(async () => {
    t = await openTarget(target);
    staff = await createMember(t.db, 'staff@outbox.test', 'staff');
    owner = await createMember(t.db, 'owner@outbox.test', 'owner');
    admin = await createMember(t.db, 'admin@outbox.test', 'admin');
    await t.db.query(`insert into buzz_haven.products (id, name, price, is_public) values ($1, 'Wildflower Honey', 2000, true)`, [JAR]);
  }, SETUP_TIMEOUT);
  afterAll(() => t.close(), SETUP_TIMEOUT);

  const messages = async (where = 'true'): Promise<Msg[]> =>
    (await t.db.query<{ j: Msg }>(`select to_jsonb(m) as j from buzz_haven.outbox_messages as m where ${where} order by created_at, recipient`)).rows.map((r) => r.j);
  const order = (email: string, unitPrice = 2000) => rpcValue<{ number: string }>(t.db, anon, 'submit_buzz_haven_order_request', {
    p_customer_name: 'Ada Visitor', p_customer_email: email, p_delivery: 'pickup',
    p_items: JSON.stringify([{ product_id: JAR, quantity: 2, unit_price: unitPrice }]),
  });
  const swarm = (email: string | null) => rpcValue<{ id: string }>(t.db, anon, 'submit_buzz_haven_swarm_report', {
    p_location: `${++n} Elm St`, p_formed_when: 'under_24h', p_size: 'football', p_height: 'ground',
    p_in_structure: false, p_phone: `510555${String(1000 + n)}`, p_name: 'Reporter', p_email: email,
  });

  test('a committed order has its message with its lines and totals; a refused or rolled-back one none', async () => {
    const receipt = await order('ada@example.com');
    const [msg] = await messages(`recipient = 'ada@example.com'`);
    expect(msg).toMatchObject({
      kind: 'order_received', state: 'queued', tries: 0, recipient_name: 'Ada Visitor', related_table: 'orders',
      data: { customer: { name: 'Ada Visitor' }, order: { number: receipt.number, delivery: 'pickup', subtotal: 4000, total: 4000,
        lines: [{ name: 'Wildflower Honey', quantity: 2, unit_price: 2000, line_total: 4000 }] } },
    });
    expect(msg.idempotency_key).toBe(`order_received.${msg.related_id}`);

    await expect(order('stale@example.com', 1)).rejects.toThrow('Prices have changed');
    await expect(t.db.transaction(async (tx) => {
      await tx.query(`select set_config('request.jwt.claims', '{"role":"anon"}', true)`);
      await tx.query(`insert into buzz_haven.orders (customer_name, customer_email, delivery, subtotal, shipping, total)
        values ('Roll Back', 'rollback@example.com', 'pickup', 0, 0, 0)`);
      throw new Error('the request failed after the insert');
    })).rejects.toThrow('the request failed');
    expect(await messages(`recipient in ('stale@example.com', 'rollback@example.com')`)).toEqual([]);
  });

  test('the outbox refuses a recipient that is not one address (a line break, two addresses, a display name)', async () => {
    for (const recipient of ['a@example.com\r\nBcc: victim@example.com', 'a@example.com, b@example.com', 'Ada <a@example.com>', 'no-at-sign']) {
      await expect(t.db.query(`select buzz_haven.enqueue_message('order_received', $1, 'Ada', '{}', $2)`, [recipient, `bad.${++n}`]))
        .rejects.toThrow(/violates check constraint/);
    }
    expect(await messages(`idempotency_key like 'bad.%'`)).toEqual([]);
  });

  test('rows written outside an API request (seed, maintenance) queue nothing', async () => {
    await t.db.query(`insert into buzz_haven.orders (customer_name, customer_email, delivery, subtotal, shipping, total)
      values ('Seeded', 'seeded@example.com', 'pickup', 0, 0, 0)`);
    expect(await messages(`recipient = 'seeded@example.com'`)).toEqual([]);
  });

  test('a swarm report: the reporter\'s confirmation and an alert to owners and admins by default, to whoever chose it', async () => {
    const report = await swarm('reporter@example.com');
    const sent = await messages(`related_id = '${report.id}'`);
    expect(sent.map((m) => [m.kind, m.recipient]).sort()).toEqual([
      ['staff_swarm_alert', 'admin@outbox.test'], ['staff_swarm_alert', 'owner@outbox.test'],
      ['swarm_report_received', 'reporter@example.com'],
    ]);
    expect(sent.find((m) => m.kind === 'staff_swarm_alert')!.data.report).toMatchObject({ id: report.id, qualifies: true, phone: expect.any(String) });

    expect(await rpcValue(t.db, staff, 'set_buzz_haven_my_alerts', { p_alerts: ['swarm_report'] })).toEqual(['swarm_report']);
    expect(await rpcValue(t.db, admin, 'set_buzz_haven_my_alerts', { p_alerts: [] })).toEqual([]);
    await expect(rpcValue(t.db, owner, 'set_buzz_haven_my_alerts', { p_alerts: ['everything'] })).rejects.toThrow('Alerts can be: swarm_report');
    expect(await rpcValue(t.db, owner, 'set_buzz_haven_my_alerts', { p_alerts: null })).toEqual(['swarm_report']);
    expect(await rpcValue(t.db, owner, 'get_buzz_haven_my_alerts')).toEqual(['swarm_report']); // the role's default
    expect(await rpcValue(t.db, admin, 'get_buzz_haven_my_alerts')).toEqual([]); // chose none
    expect(await rpcValue(t.db, staff, 'get_buzz_haven_my_alerts')).toEqual(['swarm_report']); // chose swarm alerts
    await expect(rpcValue(t.db, anon, 'get_buzz_haven_my_alerts')).rejects.toThrow('Not signed in');
    const second = await swarm(null);
    expect((await messages(`related_id = '${second.id}'`)).map((m) => m.recipient).sort()).toEqual(['owner@outbox.test', 'staff@outbox.test']);
  });

  test('a registration is confirmed or waitlisted by e-mail with its event', async () => {
    const { rows } = await t.db.query<{ id: string }>(`insert into buzz_haven.events (title, start_time, end_time, kind, capacity, is_public, price, location)
      values ('Beekeeping Basics', now() + interval '7 days', now() + interval '7 days 2 hours', 'workshop', 1, true, 7500, 'The Apiary') returning id`);
    const register = (email: string, waitlist: boolean) => rpcValue(t.db, anon, 'register_buzz_haven_workshop', {
      p_event_id: rows[0]!.id, p_name: 'Bea', p_email: email, p_places: 1, p_join_waitlist: waitlist,
    });
    await register('first@example.com', false);
    await register('second@example.com', true);
    const sent = await messages(`recipient in ('first@example.com', 'second@example.com')`);
    expect(sent.map((m) => [m.recipient, m.kind, m.data.event.title, m.data.registration.position])).toEqual([
      ['first@example.com', 'registration_confirmed', 'Beekeeping Basics', null],
      ['second@example.com', 'registration_waitlisted', 'Beekeeping Basics', 1],
    ]);
  });

  test('status changes: an order confirmed then ready for pickup, a cancellation that moves the waitlist up', async () => {
    const receipt = await order('status@example.com');
    const { rows: [o] } = await t.db.query<{ id: string }>('select id from buzz_haven.orders where number = $1', [receipt.number]);
    await rpcOne(t.db, staff, 'update_buzz_haven_order', { p_id: o!.id, p_status: 'confirmed' });
    await rpcOne(t.db, staff, 'update_buzz_haven_order', { p_id: o!.id, p_status: 'ready' }); // a pickup order
    expect((await messages(`recipient = 'status@example.com'`)).map((m) => [m.kind, m.data.order?.number])).toEqual([
      ['order_received', receipt.number], ['order_confirmed', receipt.number], ['order_ready', receipt.number],
    ]);

    const { rows: [event] } = await t.db.query<{ id: string }>(`insert into buzz_haven.events (title, start_time, kind, capacity, is_public, price)
      values ('Queen Rearing', now() + interval '9 days', 'workshop', 1, true, 0) returning id`);
    const register = (email: string, waitlist: boolean) => rpcValue<{ id: string }>(t.db, anon, 'register_buzz_haven_workshop', {
      p_event_id: event!.id, p_name: 'Wren', p_email: email, p_places: 1, p_join_waitlist: waitlist,
    });
    const first = await register('leaving@example.com', false);
    await register('waiting@example.com', true);
    await rpcOne(t.db, staff, 'update_buzz_haven_event_registration', { p_id: first.id, p_status: 'cancelled' });
    const sent = await messages(`recipient in ('leaving@example.com', 'waiting@example.com')`);
    expect(sent.map((m) => [m.recipient, m.kind, m.data.event.title])).toEqual([
      ['leaving@example.com', 'registration_confirmed', 'Queen Rearing'],
      ['waiting@example.com', 'registration_waitlisted', 'Queen Rearing'],
      ['leaving@example.com', 'registration_cancelled', 'Queen Rearing'],
      ['waiting@example.com', 'registration_promoted', 'Queen Rearing'],
    ]);
  });

  test('an adoption request accepted (new -> active) e-mails the adopter once, with the hive, in the change\'s transaction', async () => {
    const request = await rpcValue<{ id: string }>(t.db, anon, 'submit_buzz_haven_adoption_request', {
      p_tier: 'hive-guardian', p_plan: 'gift-6', p_name: 'Ida Adopter', p_email: 'ida@example.com', p_recipient_name: 'Gus',
    });
    const hive = (await t.db.query<{ id: string }>(`insert into buzz_haven.hives (name) values ('Hive 7, Orchard') returning id`)).rows[0]!.id;
    const kinds = async () => (await messages(`recipient = 'ida@example.com'`)).map((m) => m.kind);
    await rpcOne(t.db, staff, 'update_buzz_haven_adoption_request', { p_id: request.id, p_hive_id: hive }); // still new
    expect(await kinds()).toEqual(['adoption_received']);
    // A change whose transaction rolls back queues nothing.
    await expect(t.db.transaction(async (tx) => {
      await tx.query(`select set_config('request.jwt.claims', '{"role":"authenticated"}', true)`);
      await tx.query(`update buzz_haven.adoption_requests set status = 'active' where id = $1`, [request.id]);
      throw new Error('the request failed after the update');
    })).rejects.toThrow('the request failed');
    expect(await kinds()).toEqual(['adoption_received']);

    await rpcOne(t.db, staff, 'update_buzz_haven_adoption_request', { p_id: request.id, p_status: 'active' });
    const accepted = (await messages(`recipient = 'ida@example.com' and kind = 'adoption_accepted'`))[0]!;
    expect(accepted).toMatchObject({
      recipient_name: 'Ida Adopter', related_table: 'adoption_requests', related_id: request.id, idempotency_key: `adoption_accepted.${request.id}`,
      data: { customer: { name: 'Ida Adopter' }, adoption: { tier: 'hive-guardian', plan: 'gift-6', monthly_price: 3500, recipient_name: 'Gus', hive: 'Hive 7, Orchard' } },
    });
    // Paused and resumed, or back to new and accepted again: still one acceptance.
    for (const status of ['paused', 'active', 'new', 'active']) {
      await rpcOne(t.db, staff, 'update_buzz_haven_adoption_request', { p_id: request.id, p_status: status });
    }
    expect(await kinds()).toEqual(['adoption_received', 'adoption_accepted']);
  });

  test('a reminder is queued once for each confirmed registration of a workshop within the next 24 hours, naming its offering', async () => {
    // The offering lets the sender title the workshop in the message's language.
    const event = async (title: string, hours: number) => (await t.db.query<{ id: string }>(
      `insert into buzz_haven.events (title, start_time, kind, capacity, is_public, price, offering)
       values ($1, now() + make_interval(hours => $2), 'workshop', 5, true, 0, 'honey-tasting') returning id`, [title, hours])).rows[0]!.id;
    const soon = await event('Honey Tasting', 20);
    const later = await event('Wax Wraps', 30);
    for (const [id, email] of [[soon, 'soon@example.com'], [later, 'later@example.com']] as const) {
      await rpcValue(t.db, anon, 'register_buzz_haven_workshop', { p_event_id: id, p_name: 'Rue', p_email: email, p_places: 1 });
    }
    await expect(rpcValue(t.db, anon, 'queue_buzz_haven_workshop_reminders')).rejects.toThrow(/permission denied/);
    expect(await rpcValue(t.db, service, 'queue_buzz_haven_workshop_reminders')).toBe(1);
    expect(await rpcValue(t.db, service, 'queue_buzz_haven_workshop_reminders')).toBe(0); // once
    expect((await messages(`kind = 'registration_reminder'`)).map((m) => [m.recipient, m.data.event.title, m.data.event.offering])).toEqual([
      ['soon@example.com', 'Honey Tasting', 'honey-tasting'],
    ]);
    expect((await messages(`recipient = 'soon@example.com' and kind = 'registration_confirmed'`)).map((m) => m.data.event.offering))
      .toEqual(['honey-tasting']);
  });

  test('claim leases due rows once; failures back off 30 s, 60 s... and the 3rd makes it dead; staff retry it', async () => {
    await t.db.query(`update buzz_haven.outbox_messages set state = 'sent'`);
    await order('claim@example.com');
    await expect(rpcRows(t.db, anon, 'claim_buzz_haven_outbox_messages')).rejects.toThrow(/permission denied/);
    const [claimed, ...others] = await rpcRows<Msg>(t.db, service, 'claim_buzz_haven_outbox_messages', { p_limit: 10, p_lease_seconds: 60 });
    expect(others).toEqual([]);
    expect(claimed).toMatchObject({ recipient: 'claim@example.com', state: 'sending', tries: 1 });
    expect(await rpcRows(t.db, service, 'claim_buzz_haven_outbox_messages')).toEqual([]); // leased

    const fail = (tryNo: number) => rpcOne<Msg>(t.db, service, 'mark_buzz_haven_outbox_message_failed', {
      p_id: claimed.id, p_try: tryNo, p_error: '451 try later', p_max_tries: 3, p_retry_base_seconds: 30,
    });
    const wait = async () => (await t.db.query<{ s: number }>(
      `select round(extract(epoch from next_attempt_at - now()))::int as s from buzz_haven.outbox_messages where id = $1`, [claimed.id])).rows[0]!.s;
    expect(await fail(1)).toMatchObject({ state: 'queued', tries: 1, last_error: '451 try later' });
    expect(await wait()).toBe(30);
    expect(await rpcRows(t.db, service, 'claim_buzz_haven_outbox_messages')).toEqual([]); // not due yet
    const due = () => t.db.query(`update buzz_haven.outbox_messages set next_attempt_at = now() - interval '1 second' where id = $1`, [claimed.id]);
    await due();
    expect((await rpcRows<Msg>(t.db, service, 'claim_buzz_haven_outbox_messages'))[0]).toMatchObject({ tries: 2 });
    expect(await fail(1)).toMatchObject({ state: 'sending', tries: 2 }); // a stale try changes nothing
    expect(await fail(2)).toMatchObject({ state: 'queued', tries: 2 });
    expect(await wait()).toBe(60);
    await due();
    await rpcRows(t.db, service, 'claim_buzz_haven_outbox_messages');
    expect(await fail(3)).toMatchObject({ state: 'dead', tries: 3 });

    await expect(rpcOne(t.db, anon, 'update_buzz_haven_outbox_message', { p_id: claimed.id, p_state: 'queued' })).rejects.toThrow('Not signed in');
    await expect(rpcOne(t.db, staff, 'update_buzz_haven_outbox_message', { p_id: claimed.id, p_state: 'sent' })).rejects.toThrow('Only a retry');
    expect(await rpcOne(t.db, staff, 'update_buzz_haven_outbox_message', { p_id: claimed.id, p_state: 'queued' }))
      .toMatchObject({ state: 'queued', tries: 0, last_error: '451 try later' });
    await expect(rpcOne(t.db, staff, 'update_buzz_haven_outbox_message', { p_id: claimed.id, p_state: 'queued' })).rejects.toThrow('failed for good');
    const listed = await rpcRows<Msg>(t.db, staff, 'get_buzz_haven_outbox_messages');
    expect(listed.find((m) => m.id === claimed.id)).toMatchObject({ recipient: 'claim@example.com', state: 'queued' });
    await expect(rpcRows(t.db, anon, 'get_buzz_haven_outbox_messages')).rejects.toThrow('Not signed in');
  });

  test('an expired lease is claimed again (the sender died); marking sent keeps the rendered text', async () => {
    await t.db.query(`update buzz_haven.outbox_messages set state = 'sent'`);
    await order('lease@example.com');
    const [first] = await rpcRows<Msg>(t.db, service, 'claim_buzz_haven_outbox_messages', { p_lease_seconds: 60 });
    await t.db.query(`update buzz_haven.outbox_messages set lease_until = now() - interval '1 second' where id = $1`, [first.id]);
    const [again] = await rpcRows<Msg>(t.db, service, 'claim_buzz_haven_outbox_messages');
    expect(again).toMatchObject({ id: first.id, tries: 2, state: 'sending' });
    expect(await rpcOne(t.db, service, 'mark_buzz_haven_outbox_message_sent', { p_id: first.id, p_subject: 'Order received', p_text: 'Thanks' }))
      .toMatchObject({ state: 'sent', subject: 'Order received', text_body: 'Thanks', lease_until: null });
  });

  test('the admin list is inlined: a page reads the table through its index, not the whole function result', async () => {
    const plan = await t.db.transaction(async (tx) => {
      await tx.query("select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)",
        [JSON.stringify({ sub: (staff as { sub: string }).sub, role: 'authenticated', aal: 'aal1' })]);
      const { rows } = await tx.query<{ 'QUERY PLAN': string }>(`explain (format text) select * from public.get_buzz_haven_outbox_messages()
        where state = 'dead' order by created_at desc, id limit 25`);
      return rows.map((r) => r['QUERY PLAN']).join('\n');
    });
    expect(plan).not.toContain('Function Scan');
    expect(plan).toContain('outbox_messages');
  });

  test('concurrent claims never take the same row', async () => {
    if (target !== 'postgres') return; // PGlite has one connection: no concurrency to test
    await t.db.query(`update buzz_haven.outbox_messages set state = 'sent'`);
    for (let i = 0; i < 6; i++) await order(`many${i}@example.com`);
    const claims = await Promise.all([1, 2, 3].map(() => rpcRows<Msg>(t.db, service, 'claim_buzz_haven_outbox_messages', { p_limit: 2 })));
    const ids = claims.flat().map((m) => m.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBe(6);
  });
});
