/**
 * The public site's forms: anon submits contact messages and newsletter sign-ups, validated by
 * the database with messages the site shows as is; staff list them (newest first) and mark
 * messages handled.
 */
import { anon, createMember, rpcOne, rpcRows, rpcValue } from './support/callers';
import { openTarget, SETUP_TIMEOUT, targets, type TestDb } from './support/targets';

type Message = { id: string; name: string; email: string; phone: string | null; subject: string; message: string; hear_about: string | null; handled: boolean; created_at: string };
const valid = {
  p_name: 'Rosa Diaz', p_email: 'rosa@example.com', p_phone: '555-0100', p_subject: 'Swarm Report',
  p_message: 'A swarm is hanging from our lemon tree.', p_hear_about: 'Friend/Family',
};

describe.each(targets)('contact messages and newsletter on %s', (target) => {
  let t: TestDb;
  let staff: Awaited<ReturnType<typeof createMember>>;
  beforeAll(async () => {
    t = await openTarget(target);
    staff = await createMember(t.db, 'staff@forms.test', 'staff');
  }, SETUP_TIMEOUT);
  afterAll(() => t.close(), SETUP_TIMEOUT);

  const submit = (args: Record<string, unknown>) => rpcValue<string>(t.db, anon, 'submit_buzz_haven_contact_message', args);
  const subscribe = (email: unknown) => rpcValue<boolean>(t.db, anon, 'subscribe_buzz_haven_newsletter', { p_email: email });

  test('anon submits a message and gets its id; staff see every field', async () => {
    const id = await submit(valid);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-/);
    const rows = await rpcRows<Message>(t.db, staff, 'get_buzz_haven_contact_messages', {}, 'created_at desc, id');
    expect(rows.find((m) => m.id === id)).toEqual({
      id, name: 'Rosa Diaz', email: 'rosa@example.com', phone: '555-0100', subject: 'Swarm Report',
      message: 'A swarm is hanging from our lemon tree.', hear_about: 'Friend/Family', handled: false,
      created_at: expect.any(String), locale: 'en',
    });
  });

  test('phone and hear-about are optional (null, empty or left out)', async () => {
    const id = await submit({ ...valid, p_phone: '', p_hear_about: null });
    const required = Object.fromEntries(Object.entries(valid).filter(([key]) => key !== 'p_phone' && key !== 'p_hear_about'));
    const id2 = await submit(required);
    const rows = await rpcRows<Message>(t.db, staff, 'get_buzz_haven_contact_messages', {}, 'created_at desc, id');
    for (const each of [id, id2]) expect(rows.find((m) => m.id === each)).toMatchObject({ phone: null, hear_about: null });
  });

  test.each([
    [{ p_name: '' }, 'Name is required'],
    [{ p_name: null }, 'Name is required'],
    [{ p_name: 'x'.repeat(201) }, 'Name is too long (200 characters at most)'],
    [{ p_email: 'rosa' }, 'A valid email is required'],
    [{ p_email: 'rosa@example' }, 'A valid email is required'],
    [{ p_email: '' }, 'A valid email is required'],
    [{ p_subject: ' ' }, 'Subject is required'],
    [{ p_message: '' }, 'Message is required'],
    [{ p_message: null }, 'Message is required'],
    [{ p_message: 'x'.repeat(5001) }, 'Message is too long (5000 characters at most)'],
    [{ p_phone: '1'.repeat(41) }, 'Phone number is too long (40 characters at most)'],
  ])('refuses %j with "%s"', async (override, message) => {
    await expect(submit({ ...valid, ...override })).rejects.toMatchObject({ code: '22023', message });
  });

  test('messages are listed newest first and can be marked handled and unhandled', async () => {
    await t.db.query(
      "insert into buzz_haven.contact_messages (name, email, subject, message, created_at) values ('Old', 'old@example.com', 'Other', 'Old one', now() - interval '1 day')",
    );
    const newest = await submit({ ...valid, p_name: 'Newest' });
    const rows = await rpcRows<Message>(t.db, staff, 'get_buzz_haven_contact_messages', {}, 'created_at desc, id');
    expect(rows[0].id).toBe(newest);
    expect(rows[rows.length - 1].name).toBe('Old');
    const handled = await rpcOne<Message>(t.db, staff, 'set_buzz_haven_contact_message_handled', { p_id: newest, p_handled: true });
    expect(handled).toMatchObject({ id: newest, handled: true });
    await expect(rpcOne(t.db, staff, 'set_buzz_haven_contact_message_handled', { p_id: newest, p_handled: false }))
      .resolves.toMatchObject({ handled: false });
    await expect(rpcOne(t.db, staff, 'set_buzz_haven_contact_message_handled', { p_id: newest, p_handled: null }))
      .rejects.toMatchObject({ code: '22023', message: 'Handled must be true or false' });
    await expect(rpcOne(t.db, staff, 'set_buzz_haven_contact_message_handled', { p_id: '00000000-0000-4000-8000-000000000000', p_handled: true }))
      .rejects.toMatchObject({ code: 'PT404', message: 'Message not found' });
  });

  test('newsletter: a new e-mail and a repeat (any case, spaces) answer alike (true), never an error', async () => {
    await expect(subscribe('Bee.Friend@Example.com')).resolves.toBe(true);
    await expect(subscribe('bee.friend@example.com')).resolves.toBe(true);
    await expect(subscribe('  BEE.FRIEND@EXAMPLE.COM ')).resolves.toBe(true);
    await expect(subscribe('other@example.com')).resolves.toBe(true);
    const rows = await rpcRows<{ id: string; email: string; created_at: string }>(t.db, staff, 'get_buzz_haven_newsletter_subscribers');
    expect(rows.map((r) => r.email).sort()).toEqual(['bee.friend@example.com', 'other@example.com']);
    expect(Object.keys(rows[0]).sort()).toEqual(['confirmed_at', 'created_at', 'email', 'id', 'locale', 'status', 'unsubscribed_at']);
  });

  test('subscribers are listed newest first', async () => {
    await t.db.query("insert into buzz_haven.newsletter_subscribers (email, created_at) values ('early@example.com', now() - interval '1 day')");
    await subscribe('latest@example.com');
    const emails = (await rpcRows<{ email: string }>(t.db, staff, 'get_buzz_haven_newsletter_subscribers', {}, 'created_at desc, id')).map((r) => r.email);
    expect(emails[0]).toBe('latest@example.com');
    expect(emails[emails.length - 1]).toBe('early@example.com');
  });

  test.each([[''], ['not-an-email'], [null], ['a b@example.com']])('newsletter refuses %j', async (email) => {
    await expect(subscribe(email)).rejects.toMatchObject({ code: '22023', message: 'A valid email is required' });
  });

  test('the unique index holds even without the RPC', async () => {
    await expect(t.db.query("insert into buzz_haven.newsletter_subscribers (email) values ('OTHER@example.com')"))
      .rejects.toMatchObject({ code: '23505' });
  });
});
