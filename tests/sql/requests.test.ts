/**
 * Adopt-a-Hive requests and swarm reports: what a visitor sends, the refusals, the honeypot, and
 * what staff see and change. And the order form's honeypot answer, which must not tell a bot how many
 * orders the shop takes.
 */
import { anon, createMember, rpcOne, rpcRows, rpcValue, type Caller } from './support/callers';
import { openTarget, SETUP_TIMEOUT, targets, type TestDb } from './support/targets';

const MISSING = '00000000-0000-4000-8000-000000000000';

describe.each(targets)('adoption requests and swarm reports on %s', (target) => {
  let t: TestDb;
  let staff: Caller;
  let hiveId: string;
  let n = 0;
  beforeAll(async () => {
    t = await openTarget(target);
    staff = await createMember(t.db, 'staff@requests.test', 'staff');
    hiveId = (await t.db.query<{ id: string }>("insert into buzz_haven.hives (name) values ('Rooftop') returning id")).rows[0]!.id;
  }, SETUP_TIMEOUT);
  afterAll(() => t.close(), SETUP_TIMEOUT);

  const adopt = (args: Record<string, unknown>) =>
    rpcValue<Record<string, any>>(t.db, anon, 'submit_buzz_haven_adoption_request', {
      p_tier: 'hive-guardian', p_plan: 'monthly', p_name: 'Ann Adopter', p_email: `ann${++n}@example.com`, ...args,
    });
  const swarm = (args: Record<string, unknown>) =>
    rpcValue<{ id: string; qualifies: boolean }>(t.db, anon, 'submit_buzz_haven_swarm_report', {
      p_location: '5 Elm St, Oakland', p_formed_when: 'under_24h', p_size: 'football', p_height: 'reachable',
      p_in_structure: false, p_phone: `(510) 555-${String(1000 + ++n)}`, p_name: 'Sam Spotter', ...args,
    });

  test('a monthly adoption and a gift: the tier price copied, the gift total, the recipient kept', async () => {
    await expect(adopt({})).resolves.toMatchObject({ tier: 'hive-guardian', plan: 'monthly', monthly_price: 3500, months: null, total: null });
    const gift = await adopt({ p_tier: 'apiary-insider', p_plan: 'gift-6', p_recipient_name: 'Rita', p_recipient_email: 'rita@example.com', p_message: 'Happy birthday' });
    expect(gift).toMatchObject({ monthly_price: 7500, months: 6, total: 45000 });
    const row = (await rpcRows(t.db, staff, 'get_buzz_haven_adoption_requests')).find((r) => r.id === gift.id);
    expect(row).toMatchObject({ tier: 'apiary-insider', plan: 'gift-6', recipient_name: 'Rita', recipient_email: 'rita@example.com', message: 'Happy birthday', status: 'new', hive_id: null });
    const monthlyWithRecipient = await adopt({ p_tier: 'swarm-supporter', p_recipient_name: 'Ignored' });
    expect((await rpcRows(t.db, staff, 'get_buzz_haven_adoption_requests')).find((r) => r.id === monthlyWithRecipient.id))
      .toMatchObject({ monthly_price: 2000, recipient_name: null });
  });

  test.each([
    [{ p_tier: 'queen' }, 'Tier must be swarm-supporter, hive-guardian or apiary-insider'],
    [{ p_plan: 'gift-24' }, 'Plan must be monthly, gift-3, gift-6 or gift-12'],
    [{ p_name: '' }, 'Name is required'],
    [{ p_email: 'a@b' }, 'A valid email is required'],
    [{ p_plan: 'gift-3' }, 'Recipient name is required'],
    [{ p_plan: 'gift-3', p_recipient_name: 'R', p_recipient_email: 'nope' }, "The recipient's email must be valid"],
    [{ p_message: 'm'.repeat(501) }, 'Message is too long (500 characters at most)'],
    [{ p_name: 'n'.repeat(201) }, 'Name is too long (200 characters at most)'],
    [{ p_plan: 'gift-3', p_recipient_name: 'r'.repeat(201) }, 'Recipient name is too long (200 characters at most)'],
  ])('adoption %j is refused with "%s"', async (args, message) => {
    // the lengths are adoption_requests' CHECKs: 23514 with the same words
    await expect(adopt(args)).rejects.toMatchObject({ code: message.includes('too long') ? '23514' : '22023', message });
  });

  test('staff link a hive and activate, pause, end; clear the hive; refusals', async () => {
    const { id } = await adopt({});
    const update = (args: Record<string, unknown>) => rpcOne(t.db, staff, 'update_buzz_haven_adoption_request', { p_id: id, ...args });
    await expect(update({ p_hive_id: hiveId, p_status: 'active' })).resolves.toMatchObject({ hive_id: hiveId, status: 'active' });
    await expect(update({ p_status: 'paused', p_staff_notes: 'Away in July' })).resolves.toMatchObject({ hive_id: hiveId, status: 'paused', staff_notes: 'Away in July' });
    await expect(update({ p_status: 'ended', p_clear: ['hive_id'] })).resolves.toMatchObject({ hive_id: null, status: 'ended', staff_notes: 'Away in July' });
    await expect(update({ p_status: 'lapsed' })).rejects.toMatchObject({ code: '23514', message: 'Status must be new, active, paused or ended' });
    await expect(update({ p_hive_id: MISSING })).rejects.toMatchObject({ message: 'Hive not found' });
    await expect(update({ p_clear: ['tier'] })).rejects.toMatchObject({ message: 'Cannot clear tier (only hive_id, staff_notes can be cleared)' });
    await expect(rpcOne(t.db, staff, 'update_buzz_haven_adoption_request', { p_id: MISSING, p_status: 'active' })).rejects.toMatchObject({ code: 'PT404', message: 'Adoption request not found' });
  });

  test.each([
    [{}, true],
    [{ p_size: 'larger', p_formed_when: '24_48h' }, true],
    [{ p_size: 'smaller' }, false],
    [{ p_formed_when: 'over_48h' }, false],
    [{ p_formed_when: 'unknown' }, false],
    [{ p_in_structure: true }, false],
  ])('a swarm report %j qualifies: %s', async (args, qualifies) => {
    const answer = await swarm(args);
    expect(answer.qualifies).toBe(qualifies);
    expect((await rpcRows(t.db, staff, 'get_buzz_haven_swarm_reports')).find((r) => r.id === answer.id)).toMatchObject({ qualifies, status: 'new' });
  });

  test.each([
    [{ p_location: ' ' }, 'Location is required'],
    [{ p_location: 'l'.repeat(501) }, 'Location is too long (500 characters at most)'],
    [{ p_formed_when: 'last week' }, 'When it formed must be under_24h, 24_48h, over_48h or unknown'],
    [{ p_size: 'huge' }, 'Size must be smaller, football or larger'],
    [{ p_height: 'roof' }, 'Height must be ground, reachable or high'],
    [{ p_in_structure: null }, 'Say whether the swarm is inside a structure'],
    [{ p_phone: '' }, 'Phone number is required'],
    [{ p_phone: 'call me' }, 'A phone number with 7 to 15 digits is required'],
    [{ p_name: '' }, 'Name is required'],
    [{ p_email: 'a@b' }, 'A valid email is required'],
    [{ p_photo_url: 'javascript:alert(1)' }, 'Must be a valid URL'],
    [{ p_notes: 'n'.repeat(5001) }, 'Notes is too long (5000 characters at most)'],
    [{ p_name: 'n'.repeat(201) }, 'Name is too long (200 characters at most)'],
    [{ p_photo_url: `https://example.com/${'p'.repeat(2000)}.jpg` }, 'Must be a valid URL'],
  ])('swarm report %j is refused with "%s"', async (args, message) => {
    // the table's CHECKs fail with their constraint_messages (23514); the RPC's own checks with 22023
    const onTable = /too long|must be (under_24h|smaller|ground)/.test(message) || message.startsWith('When it formed')
      || String((args as Record<string, unknown>).p_photo_url).length > 2000;
    await expect(swarm(args)).rejects.toMatchObject({ code: onTable ? '23514' : '22023', message });
  });

  test('a swarm report without a size keeps the size\'s words (the NOT NULL\'s message, 23502)', async () => {
    await expect(swarm({ p_size: null })).rejects.toMatchObject({ code: '23502', message: 'Size must be smaller, football or larger' });
  });

  test('a photo URL is kept; staff triage; open reports are listed first; honeypots store nothing', async () => {
    const { id } = await swarm({ p_photo_url: 'https://example.com/storage/v1/object/public/media/swarm.jpg', p_notes: 'On the fence' });
    const update = (args: Record<string, unknown>) => rpcOne(t.db, staff, 'update_buzz_haven_swarm_report', { p_id: id, ...args });
    await expect(update({ p_status: 'called_back' })).resolves.toMatchObject({ status: 'called_back', photo_url: 'https://example.com/storage/v1/object/public/media/swarm.jpg' });
    await expect(update({ p_status: 'collected', p_staff_notes: 'Into the rescue hive' })).resolves.toMatchObject({ status: 'collected', staff_notes: 'Into the rescue hive' });
    await expect(update({ p_status: 'escaped' })).rejects.toMatchObject({ code: '23514', message: 'Status must be new, called_back, collected, not_bees or referred' });
    const list = await rpcRows(t.db, staff, 'get_buzz_haven_swarm_reports');
    expect(list[list.length - 1]!.id).toBe(id);
    const before = [list.length, (await rpcRows(t.db, staff, 'get_buzz_haven_adoption_requests')).length];
    await expect(swarm({ p_website: 'x' })).resolves.toMatchObject({ qualifies: true });
    await expect(adopt({ p_website: 'x' })).resolves.toMatchObject({ monthly_price: 3500 });
    expect([(await rpcRows(t.db, staff, 'get_buzz_haven_swarm_reports')).length, (await rpcRows(t.db, staff, 'get_buzz_haven_adoption_requests')).length]).toEqual(before);
    await expect(rpcOne(t.db, staff, 'update_buzz_haven_swarm_report', { p_id: MISSING, p_status: 'referred' })).rejects.toMatchObject({ code: 'PT404', message: 'Swarm report not found' });
  });

  test('the order honeypot: the real prices and a random BH- number, never the next real one; the same refusals', async () => {
    const jar = (await t.db.query<{ id: string }>("insert into buzz_haven.products (name, price, is_public) values ('Jar', 2000, true) returning id")).rows[0]!.id;
    const order = (args: Record<string, unknown>) => rpcValue<Record<string, any>>(t.db, anon, 'submit_buzz_haven_order_request', {
      p_customer_name: 'Bot', p_customer_email: `bot${++n}@example.com`, p_delivery: 'standard',
      p_address: JSON.stringify({ line1: '1 Comb St', city: 'Oakland', state: 'CA', zip: '94601' }),
      p_items: JSON.stringify([{ product_id: jar, quantity: 1, unit_price: 2000 }]), ...args,
    });
    const first = await order({});
    const fakes = [];
    for (let i = 0; i < 20; i++) fakes.push(await order({ p_website: 'http://spam.example' }));
    expect(fakes.every((f) => /^BH-\d{4}$/.test(f.number) && f.subtotal === 2000 && f.shipping === 595 && f.total === 2595)).toBe(true);
    expect(new Set(fakes.map((f) => f.number)).size).toBeGreaterThan(1); // was always the next real number
    const next = await order({});
    expect(Number(next.number.slice(3))).toBe(Number(first.number.slice(3)) + 1); // no number taken, no order stored
    expect((await rpcRows(t.db, staff, 'get_buzz_haven_orders')).map((o) => o.number).sort()).toEqual([first.number, next.number].sort());
    await expect(order({ p_website: 'x', p_items: JSON.stringify([{ product_id: jar, quantity: 1, unit_price: 1 }]) }))
      .rejects.toMatchObject({ code: 'PT409', message: 'Prices have changed; please review your cart' });
    await expect(order({ p_website: 'x', p_customer_name: '' })).rejects.toMatchObject({ code: '22023', message: 'Name is required' });
    for (let i = 0; i < 5; i++) await order({ p_website: 'x', p_customer_email: 'same-bot@example.com' });
    await expect(order({ p_website: 'x', p_customer_email: 'same-bot@example.com' })).rejects.toMatchObject({ code: 'PT429' });
  });

  test('anon cannot list or update either', async () => {
    for (const fn of ['get_buzz_haven_adoption_requests', 'get_buzz_haven_swarm_reports']) {
      await expect(rpcRows(t.db, anon, fn)).rejects.toMatchObject({ code: '42501', message: 'Not signed in' });
    }
    for (const fn of ['update_buzz_haven_adoption_request', 'update_buzz_haven_swarm_report']) {
      await expect(rpcOne(t.db, anon, fn, { p_id: MISSING, p_status: 'new' })).rejects.toMatchObject({ code: '42501' });
    }
  });
});
