/**
 * Newsletter double opt-in: a sign-up is pending and queues one confirmation
 * e-mail (at most one an hour per address); the link's token confirms it; unsubscribing keeps the
 * row, and signing up again needs a new confirmation with a new token. The answers never tell
 * whether an address is on the list. Each sign-up counts against the visitor forms' limits
 * (buzz_haven.guard_request), per client and per mailbox (buzz_haven.mailbox_key).
 */
import { anon, createMember, rpcRows, rpcValue } from './support/callers';
import { openTarget, SETUP_TIMEOUT, targets, type TestDb } from './support/targets';

describe.each(targets)('newsletter opt-in on %s', (target) => {
  let t: TestDb;
  beforeAll(async () => { t = await openTarget(target); }, SETUP_TIMEOUT);
  afterAll(() => t.close(), SETUP_TIMEOUT);

  const subscribe = (email: string) => rpcValue<boolean>(t.db, anon, 'subscribe_buzz_haven_newsletter', { p_email: email });
  const row = async (email: string) => (await t.db.query<{ id: string; status: string; token: string; confirmed_at: Date | null }>(
    'select id, status, token::text, confirmed_at from buzz_haven.newsletter_subscribers where lower(email) = $1', [email])).rows[0]!;
  const confirmations = async (id: string) => (await t.db.query<{ data: { newsletter: { token: string } } }>(
    `select data from buzz_haven.outbox_messages where kind = 'newsletter_confirm' and related_id = $1 order by created_at`, [id])).rows;

  test('a sign-up is pending with one confirmation e-mail carrying its token; the token confirms it', async () => {
    expect(await subscribe('Bee@Example.com ')).toBe(true);
    const pending = await row('bee@example.com');
    expect(pending).toMatchObject({ status: 'pending', confirmed_at: null });
    expect((await confirmations(pending.id)).map((m) => m.data.newsletter.token)).toEqual([pending.token]);

    expect(await subscribe('bee@example.com')).toBe(true); // a repeat within the hour: no second e-mail
    expect(await confirmations(pending.id)).toHaveLength(1);

    expect(await rpcValue(t.db, anon, 'confirm_buzz_haven_newsletter', { p_token: '00000000-0000-4000-8000-000000000000' })).toBe('unknown');
    expect(await rpcValue(t.db, anon, 'confirm_buzz_haven_newsletter', { p_token: pending.token })).toBe('confirmed');
    expect(await row('bee@example.com')).toMatchObject({ status: 'confirmed', confirmed_at: expect.any(Date) });
    expect(await subscribe('bee@example.com')).toBe(true); // confirmed: nothing more is sent
    expect(await confirmations(pending.id)).toHaveLength(1);
  });

  test('unsubscribed stays unsubscribed; signing up again needs a new confirmation with a new token', async () => {
    await subscribe('wasp@example.com');
    const first = await row('wasp@example.com');
    await rpcValue(t.db, anon, 'confirm_buzz_haven_newsletter', { p_token: first.token });
    expect(await rpcValue(t.db, anon, 'unsubscribe_buzz_haven_newsletter', { p_token: first.token })).toBe(true);
    expect((await row('wasp@example.com')).status).toBe('unsubscribed');
    expect(await rpcValue(t.db, anon, 'confirm_buzz_haven_newsletter', { p_token: first.token })).toBe('unknown');

    await t.db.query(`update buzz_haven.outbox_messages set created_at = now() - interval '2 hours' where related_id = $1`, [first.id]);
    await subscribe('wasp@example.com');
    const again = await row('wasp@example.com');
    expect(again.status).toBe('pending');
    expect(again.token).not.toBe(first.token);
    expect((await confirmations(first.id)).map((m) => m.data.newsletter.token)).toEqual([first.token, again.token]);
  });

  test("'+tag' and Gmail-dot spellings of one mailbox share its limit: the 6th sign-up gets PT429", async () => {
    const spellings = ['hive@gmail.com', 'h.ive@gmail.com', 'hive+1@gmail.com', 'Hi.ve+2@googlemail.com', 'hive+3@gmail.com', 'hive+4@gmail.com'];
    const statuses: string[] = [];
    for (const email of spellings) statuses.push(await subscribe(email).then(() => 'ok', (e) => e.code));
    expect(statuses).toEqual([...Array(5).fill('ok'), 'PT429']);
    expect(await subscribe('other.hive@gmail.com')).toBe(true); // another mailbox
  });

  test("staff see each address's opt-in state in their list, never its token", async () => {
    const staff = await createMember(t.db, 'lists@newsletter.test', 'staff');
    await subscribe('moth@example.com');
    const rows = await rpcRows<Record<string, unknown>>(t.db, staff, 'get_buzz_haven_newsletter_subscribers');
    const moth = rows.find((r) => r.email === 'moth@example.com');
    expect(moth).toMatchObject({ status: 'pending', confirmed_at: null, unsubscribed_at: null });
    expect(moth).not.toHaveProperty('token');
  });
});
