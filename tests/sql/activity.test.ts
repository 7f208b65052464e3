/**
 * The activity log (who, what, which record, when) written by changes made through the RPCs, and
 * the request guard: per-client (IP hash from the request headers) and per-contact rate limits.
 */
import type { Db } from '../../supabase/local/src/db/index';
import { anon, createMember, rpcOne, rpcRows, rpcValue, service, type Caller } from './support/callers';
import { openTarget, SETUP_TIMEOUT, targets, type TestDb } from './support/targets';

/** An anonymous call carrying the headers PostgREST would put in request.headers. */
function fromClient(db: Db, headers: Record<string, string>, fn: string, args: Record<string, unknown>) {
  const keys = Object.keys(args);
  return db.transaction(async (tx) => {
    await tx.query(
      "select set_config('role', 'anon', true), set_config('request.jwt.claims', $1, true), set_config('request.headers', $2, true)",
      [JSON.stringify({ role: 'anon' }), JSON.stringify(headers)],
    );
    const list = keys.map((k, i) => `${k} => $${i + 1}`).join(', ');
    return (await tx.query<{ j: unknown }>(`select public.${fn}(${list}) as j`, keys.map((k) => args[k]))).rows[0]!.j;
  });
}

describe.each(targets)('activity log and request guard on %s', (target) => {
  let t: TestDb;
  let owner: Caller & { profileId: string };
  let staff: Caller;
  beforeAll(async () => {
    t = await openTarget(target);
    owner = await createMember(t.db, 'olive@activity.test', 'owner');
    staff = await createMember(t.db, 'stan@activity.test', 'staff');
  }, SETUP_TIMEOUT);
  afterAll(() => t.close(), SETUP_TIMEOUT);

  const activity = () => rpcRows(t.db, staff, 'get_buzz_haven_activity', {}, 'id desc');

  test('nothing is logged for direct SQL (migrations, seed): the log starts empty', async () => {
    expect(await activity()).toEqual([]);
  });

  test('create, update, status and delete through the RPCs: who, what, which record, newest first', async () => {
    const product = await rpcOne(t.db, owner, 'create_buzz_haven_product', { p_name: 'Comb Honey', p_price: 1200 });
    await rpcOne(t.db, staff, 'update_buzz_haven_product', { p_id: product!.id, p_price: 1300 });
    const event = await rpcOne(t.db, staff, 'create_buzz_haven_event', { p_title: 'Open Day', p_start_time: '2030-01-01T10:00:00Z' });
    await rpcOne(t.db, staff, 'update_buzz_haven_event', { p_id: event!.id, p_status: 'cancelled' });
    await rpcOne(t.db, owner, 'delete_buzz_haven_product', { p_id: product!.id });
    const rows = await activity();
    expect(rows.map(({ actor_name, action, resource, summary }) => ({ actor_name, action, resource, summary }))).toEqual([
      { actor_name: 'olive', action: 'delete', resource: 'products', summary: 'Deleted product Comb Honey' },
      { actor_name: 'stan', action: 'status', resource: 'events', summary: 'Updated event Open Day: status scheduled → cancelled' },
      { actor_name: 'stan', action: 'create', resource: 'events', summary: 'Created event Open Day' },
      { actor_name: 'stan', action: 'update', resource: 'products', summary: 'Updated product Comb Honey: price' },
      { actor_name: 'olive', action: 'create', resource: 'products', summary: 'Created product Comb Honey' },
    ]);
    expect(rows[0]).toMatchObject({ actor_id: owner.profileId, record_id: product!.id });
    expect(rows.filter((r) => r.record_id === event!.id)).toHaveLength(2);
    expect(rows.every((r) => Date.parse(r.created_at) > 0)).toBe(true);
  });

  test('visitors, the service key, role changes and handled messages are logged too', async () => {
    const messageId = await rpcValue<string>(t.db, anon, 'submit_buzz_haven_contact_message', {
      p_name: 'Vi', p_email: 'vi@example.com', p_subject: 'Hello', p_message: 'Hi there',
    });
    await rpcOne(t.db, service, 'set_buzz_haven_contact_message_handled', { p_id: messageId, p_handled: true });
    const target = await createMember(t.db, 'promote@activity.test', 'staff');
    await rpcOne(t.db, owner, 'set_buzz_haven_user_role', { p_id: target.profileId, p_role: 'admin' });
    const [role, handled, sent] = await activity();
    expect(sent).toMatchObject({ actor_id: null, actor_name: 'Visitor', action: 'create', record_id: messageId, summary: 'Created message Hello' });
    expect(handled).toMatchObject({ actor_name: 'Service key', action: 'update', summary: 'Updated message Hello: handled false → true' });
    expect(role).toMatchObject({ actor_name: 'olive', action: 'update', record_id: target.profileId, summary: 'Updated user promote: role staff → admin' });
  });

  test('anon cannot read the log', async () => {
    await expect(rpcRows(t.db, anon, 'get_buzz_haven_activity')).rejects.toMatchObject({ code: '42501', message: 'Not signed in' });
  });

  const swarm = (phone: string) => ({
    p_location: 'Park', p_formed_when: 'under_24h', p_size: 'football', p_height: 'ground', p_in_structure: false,
    p_phone: phone, p_name: 'Sam',
  });

  test('per client: the 11th report from one IP within 10 minutes gets PT429; another IP is not affected', async () => {
    const ip = { 'x-forwarded-for': '203.0.113.7, 10.0.0.1' };
    for (let i = 0; i < 10; i++) await fromClient(t.db, ip, 'submit_buzz_haven_swarm_report', swarm(`510555${1000 + i}`));
    await expect(fromClient(t.db, ip, 'submit_buzz_haven_swarm_report', swarm('5105559999')))
      .rejects.toMatchObject({ code: 'PT429', message: 'Too many requests; please try again later' });
    await expect(fromClient(t.db, { 'x-real-ip': '198.51.100.2' }, 'submit_buzz_haven_swarm_report', swarm('5105559999')))
      .resolves.toMatchObject({ qualifies: true });
    const { rows } = await t.db.query("select count(*)::int as n from buzz_haven.request_log where client_hash like '%.%' or client_hash like '%:%'");
    expect(rows[0]).toEqual({ n: 0 }); // hashes only, never the address
  });

  test('per contact: the 6th adoption request for one e-mail gets PT429 from any client; an owner can raise the limit', async () => {
    const args = { p_tier: 'hive-guardian', p_plan: 'monthly', p_name: 'Ann', p_email: 'Same@Example.com' };
    for (let i = 0; i < 5; i++) await fromClient(t.db, { 'x-real-ip': `192.0.2.${i}` }, 'submit_buzz_haven_adoption_request', args);
    await expect(fromClient(t.db, { 'x-real-ip': '192.0.2.99' }, 'submit_buzz_haven_adoption_request', { ...args, p_email: 'same@example.com' }))
      .rejects.toMatchObject({ code: 'PT429' });
    await expect(rpcOne(t.db, staff, 'set_buzz_haven_rate_limit', { p_action: 'adoption', p_max_per_contact: 6 }))
      .rejects.toMatchObject({ code: '42501', message: 'Only an owner or admin can change rate limits' });
    await expect(rpcOne(t.db, owner, 'set_buzz_haven_rate_limit', { p_action: 'adoption', p_max_per_contact: 6 }))
      .resolves.toMatchObject({ action: 'adoption', max_per_client: 10, max_per_contact: 6, window_minutes: 10 });
    await expect(fromClient(t.db, { 'x-real-ip': '192.0.2.99' }, 'submit_buzz_haven_adoption_request', args)).resolves.toMatchObject({ tier: 'hive-guardian' });
    await expect(rpcOne(t.db, owner, 'set_buzz_haven_rate_limit', { p_action: 'nope', p_max_per_client: 1 })).rejects.toMatchObject({ code: 'PT404' });
    await expect(rpcOne(t.db, owner, 'set_buzz_haven_rate_limit', { p_action: 'order', p_max_per_client: 0 })).rejects.toMatchObject({ code: '23514', message: 'Limits must be between 1 and 1000000' });
    await expect(rpcOne(t.db, owner, 'set_buzz_haven_rate_limit', { p_action: 'order', p_window_minutes: 1441 }))
      .rejects.toMatchObject({ code: '23514', message: 'The window must be between 1 and 1440 minutes' });
  });

  test('a refused submission is not counted; the window forgets old submissions', async () => {
    const args = { p_tier: 'swarm-supporter', p_plan: 'monthly', p_name: 'Old', p_email: 'old@example.com' };
    for (let i = 0; i < 3; i++) await expect(fromClient(t.db, {}, 'submit_buzz_haven_adoption_request', { ...args, p_name: '' })).rejects.toThrow('Name is required');
    for (let i = 0; i < 6; i++) await fromClient(t.db, {}, 'submit_buzz_haven_adoption_request', args);
    await expect(fromClient(t.db, {}, 'submit_buzz_haven_adoption_request', args)).rejects.toMatchObject({ code: 'PT429' });
    await t.db.query("update buzz_haven.request_log set created_at = created_at - interval '11 minutes'");
    await expect(fromClient(t.db, {}, 'submit_buzz_haven_adoption_request', args)).resolves.toMatchObject({ tier: 'swarm-supporter' });
  });
});
