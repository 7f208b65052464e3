/**
 * Whose address the per-client limit of the visitor forms (the newsletter sign-up among them) counts
 * (buzz_haven.client_address):
 * only the one header entry the deployment's own gateway writes, chosen in
 * buzz_haven.request_settings, never one a client can choose; IPv6 clients counted by their /64.
 */
import type { Db } from '../../supabase/local/src/db/index';
import { anon, createMember, sqlAs } from './support/callers';
import { fromClient } from './support/fromClient';
import { openTarget, SETUP_TIMEOUT, targets, type TestDb } from './support/targets';

/** buzz_haven.client_address() for a request carrying `headers` (as the table owner). */
async function addressOf(db: Db, headers: Record<string, string>): Promise<string | null> {
  return db.transaction(async (tx) => {
    await tx.query("select set_config('request.headers', $1, true)", [JSON.stringify(headers)]);
    return (await tx.query<{ a: string | null }>('select buzz_haven.client_address() as a')).rows[0]!.a;
  });
}

const FORGED = { 'cf-connecting-ip': '198.51.100.7', 'x-real-ip': '198.51.100.8', 'true-client-ip': '198.51.100.9' };

describe.each(targets)('the client address of the request guard on %s', (target) => {
  let t: TestDb;
  let n = 0;
  beforeAll(async () => {
    t = await openTarget(target);
  }, SETUP_TIMEOUT);
  afterAll(() => t.close(), SETUP_TIMEOUT);

  const setSource = (header: string, hops = 1) =>
    t.db.query('update buzz_haven.request_settings set client_address_header = $1, forwarded_for_hops = $2', [header, hops]);
  const swarm = () => ({
    p_location: 'Park', p_formed_when: 'under_24h', p_size: 'football', p_height: 'ground', p_in_structure: false,
    p_phone: `510555${1000 + ++n}`, p_name: 'Sam',
  });

  test('rotating CF-Connecting-IP, X-Real-IP or the left of X-Forwarded-For does not escape: the 11th report gets PT429', async () => {
    const statuses: string[] = [];
    for (let i = 0; i < 11; i++) {
      const headers = {
        'cf-connecting-ip': `198.51.100.${i}`, 'x-real-ip': `198.51.100.${i}`, 'x-forwarded-for': `6.6.6.${i}, 192.0.2.10, 10.0.0.1`,
      };
      statuses.push(await fromClient(t.db, headers, 'submit_buzz_haven_swarm_report', swarm()).then(() => 'ok', (e) => e.code));
    }
    expect(statuses).toEqual([...Array(10).fill('ok'), 'PT429']);
  });

  test('newsletter sign-ups of 40 addresses from one client: 10 confirmations, then PT429 and no more e-mail', async () => {
    const headers = { 'x-forwarded-for': '192.0.2.40, 10.0.0.1' };
    const queued = async () => (await t.db.query<{ n: number }>(
      "select count(*)::int as n from buzz_haven.outbox_messages where kind = 'newsletter_confirm' and recipient like 'stranger%'")).rows[0]!.n;
    const statuses: string[] = [];
    for (let i = 0; i < 40; i++) {
      const args = { p_email: `stranger${i}@example.com` };
      statuses.push(await fromClient(t.db, headers, 'subscribe_buzz_haven_newsletter', args).then(() => 'ok', (e) => e.code));
    }
    expect(statuses).toEqual([...Array(10).fill('ok'), ...Array(30).fill('PT429')]);
    expect(await queued()).toBe(10);
    // another client is counted on its own
    expect(await fromClient(t.db, { 'x-forwarded-for': '192.0.2.41, 10.0.0.1' }, 'subscribe_buzz_haven_newsletter',
      { p_email: 'stranger99@example.com' })).toBe(true);
    expect(await queued()).toBe(11);
  });

  test('contact messages from one client: 20 stored, then PT429 and nothing more stored', async () => {
    const headers = { 'x-forwarded-for': '192.0.2.50, 10.0.0.1' };
    const stored = async () => (await t.db.query<{ n: number }>(
      "select count(*)::int as n from buzz_haven.contact_messages where email like 'writer%'")).rows[0]!.n;
    const message = (i: number) => ({ p_name: 'Writer', p_email: `writer${i}@example.com`, p_subject: 'Bees', p_message: 'Hello' });
    const statuses: string[] = [];
    for (let i = 0; i < 25; i++) {
      statuses.push(await fromClient(t.db, headers, 'submit_buzz_haven_contact_message', message(i)).then(() => 'ok', (e) => e.code));
    }
    expect(statuses).toEqual([...Array(20).fill('ok'), ...Array(5).fill('PT429')]);
    expect(await stored()).toBe(20);
    // one mailbox, '+tag' spellings included, is limited on its own whatever the client
    const sameMailbox = [];
    for (let i = 0; i < 11; i++) {
      sameMailbox.push(await fromClient(t.db, { 'x-forwarded-for': `192.0.2.${60 + i}, 10.0.0.1` }, 'submit_buzz_haven_contact_message',
        { ...message(0), p_email: `writer+${i}@example.org` }).then(() => 'ok', (e) => e.code));
    }
    expect(sameMailbox).toEqual([...Array(10).fill('ok'), 'PT429']);
  });

  test('by default the entry before the last of X-Forwarded-For counts, as hosted projects write it; forged headers are ignored', async () => {
    expect(await t.db.query('select client_address_header, forwarded_for_hops from buzz_haven.request_settings'))
      .toMatchObject({ rows: [{ client_address_header: 'x-forwarded-for', forwarded_for_hops: 1 }] });
    expect(await addressOf(t.db, { 'x-forwarded-for': '192.0.2.1, 10.0.0.1', ...FORGED })).toBe('192.0.2.1');
    expect(await addressOf(t.db, { 'x-forwarded-for': '6.6.6.6,192.0.2.1 , 10.0.0.1' })).toBe('192.0.2.1');
    expect(await addressOf(t.db, { 'x-forwarded-for': '192.0.2.1' })).toBeNull(); // not through the gateway's hops
    expect(await addressOf(t.db, FORGED)).toBeNull();
    expect(await addressOf(t.db, {})).toBeNull();
  });

  test('the hops are counted from the right; X-Real-IP or CF-Connecting-IP can be chosen instead', async () => {
    const chain = { 'x-forwarded-for': '6.6.6.6, 203.0.113.5, 10.0.0.1', ...FORGED };
    try {
      await setSource('x-forwarded-for', 0);
      expect(await addressOf(t.db, chain)).toBe('10.0.0.1');
      await setSource('x-forwarded-for', 2);
      expect(await addressOf(t.db, chain)).toBe('6.6.6.6');
      await setSource('x-real-ip');
      expect(await addressOf(t.db, chain)).toBe('198.51.100.8');
      await setSource('cf-connecting-ip');
      expect(await addressOf(t.db, chain)).toBe('198.51.100.7');
      expect(await addressOf(t.db, { 'x-forwarded-for': '192.0.2.1, 10.0.0.1' })).toBeNull();
    } finally {
      await setSource('x-forwarded-for', 1);
    }
  });

  test('an IPv6 client is one client across its /64; IPv4 and IPv4-mapped addresses stay whole', async () => {
    const of = (ip: string) => addressOf(t.db, { 'x-forwarded-for': `${ip}, 10.0.0.1` });
    expect(await of('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(await of('2001:DB8:1:2:bbbb::2')).toBe('2001:db8:1:2::/64');
    expect(await of('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(await of('::ffff:192.0.2.1')).toBe('::ffff:192.0.2.1');
    expect(await of('192.0.2.1')).toBe('192.0.2.1');
    expect(await of('not an address')).toBe('not an address'); // a bucket of its own, never an error
  });

  test('the setting: one row, known headers, hops 0 to 10; the API roles cannot read it', async () => {
    await expect(setSource('x-client-ip')).rejects.toMatchObject({ code: '23514' });
    await expect(setSource('x-forwarded-for', 11)).rejects.toMatchObject({ code: '23514' });
    await expect(t.db.query('insert into buzz_haven.request_settings default values')).rejects.toMatchObject({ code: '23505' });
    await expect(sqlAs(t.db, anon, 'select * from buzz_haven.request_settings')).rejects.toMatchObject({ code: '42501' });
  });

  test('an owner or admin sees what is counted for their own request; staff and visitors cannot', async () => {
    const owner = await createMember(t.db, 'olive@client-address.test', 'owner');
    const staff = await createMember(t.db, 'stan@client-address.test', 'staff');
    const headers = { 'x-forwarded-for': '2001:db8::5, 10.0.0.1', 'x-real-ip': '10.0.0.1' };
    await expect(fromClient(t.db, headers, 'get_buzz_haven_client_address', {}, owner)).resolves.toEqual({
      address: '2001:db8::/64', header: 'x-forwarded-for', forwarded_for_hops: 1,
      x_forwarded_for: '2001:db8::5, 10.0.0.1', x_real_ip: '10.0.0.1', cf_connecting_ip: null,
    });
    await expect(fromClient(t.db, headers, 'get_buzz_haven_client_address', {}, staff))
      .rejects.toMatchObject({ code: '42501', message: 'Only an owner or admin can see how clients are counted' });
    await expect(fromClient(t.db, headers, 'get_buzz_haven_client_address')).rejects.toMatchObject({ code: '42501' });
  });
});
