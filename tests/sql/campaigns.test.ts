/**
 * Newsletter campaigns: staff write one and send a test to themselves; an owner or
 * admin sends it to every confirmed subscriber (pending and unsubscribed addresses get nothing),
 * once: a second send is refused and the rows are keyed per campaign and subscriber.
 */
import { anon, createMember, rpcOne, rpcValue, type Caller } from './support/callers';
import { openTarget, SETUP_TIMEOUT, targets, type TestDb } from './support/targets';

describe.each(targets)('campaigns on %s', (target) => {
  let t: TestDb;
  let staff: Caller;
  let owner: Caller;
  beforeAll(async () => {
    t = await openTarget(target);
    staff = await createMember(t.db, 'writer@campaigns.test', 'staff');
    owner = await createMember(t.db, 'boss@campaigns.test', 'owner');
    for (const email of ['yes1@example.com', 'yes2@example.com', 'pending@example.com', 'gone@example.com']) {
      await rpcValue(t.db, anon, 'subscribe_buzz_haven_newsletter', { p_email: email });
    }
    await t.db.query(`update buzz_haven.newsletter_subscribers set status = 'confirmed' where email like 'yes%'`);
    await t.db.query(`update buzz_haven.newsletter_subscribers set status = 'unsubscribed' where email = 'gone@example.com'`);
  }, SETUP_TIMEOUT);
  afterAll(() => t.close(), SETUP_TIMEOUT);

  const outbox = async (campaign: string) => (await t.db.query<{ recipient: string; data: any }>(
    `select recipient, data from buzz_haven.outbox_messages where kind = 'newsletter_campaign' and related_id = $1 order by recipient`,
    [campaign])).rows;

  test('a test goes to its writer only; sending reaches the confirmed subscribers once, each with their token', async () => {
    const campaign = await rpcOne<{ id: string; state: string }>(t.db, staff, 'create_buzz_haven_campaign', {
      p_subject: 'Spring honey is here', p_body: '# Spring\n\nThe **first** jars are in.',
    });
    expect(campaign).toMatchObject({ state: 'draft' });
    // the subject's and body's rules are campaigns' CHECKs: 23514 with the form's words
    await expect(rpcOne(t.db, staff, 'create_buzz_haven_campaign', { p_subject: 'Two\nlines', p_body: 'x' }))
      .rejects.toMatchObject({ code: '23514', message: 'A subject is one line' });
    await expect(rpcOne(t.db, staff, 'create_buzz_haven_campaign', { p_subject: 's'.repeat(201), p_body: 'x' }))
      .rejects.toMatchObject({ code: '23514', message: 'Subject is too long (200 characters at most)' });
    await expect(rpcOne(t.db, staff, 'update_buzz_haven_campaign', { p_id: campaign!.id, p_body: 'b'.repeat(10001) }))
      .rejects.toMatchObject({ code: '23514', message: 'Body is too long (10000 characters at most)' });
    await expect(rpcOne(t.db, staff, 'create_buzz_haven_campaign', { p_subject: ' ', p_body: 'x' }))
      .rejects.toMatchObject({ code: '22023', message: 'Subject is required' });

    await rpcOne(t.db, staff, 'update_buzz_haven_campaign', { p_id: campaign!.id, p_send: 'test' });
    expect((await outbox(campaign!.id)).map((m) => [m.recipient, m.data.test])).toEqual([['writer@campaigns.test', true]]);

    await expect(rpcOne(t.db, staff, 'update_buzz_haven_campaign', { p_id: campaign!.id, p_send: 'all' }))
      .rejects.toThrow('Only an owner or admin can send a campaign');
    expect(await rpcOne(t.db, owner, 'update_buzz_haven_campaign', { p_id: campaign!.id, p_send: 'all' }))
      .toMatchObject({ state: 'sent', recipients: 2 });
    const sent = (await outbox(campaign!.id)).filter((m) => !m.data.test);
    const { rows: tokens } = await t.db.query<{ email: string; token: string }>(
      `select email, token::text from buzz_haven.newsletter_subscribers where status = 'confirmed' order by email`);
    expect(sent.map((m) => [m.recipient, m.data.newsletter.token, m.data.campaign.subject])).toEqual(
      tokens.map((r) => [r.email, r.token, 'Spring honey is here']));

    await expect(rpcOne(t.db, owner, 'update_buzz_haven_campaign', { p_id: campaign!.id, p_send: 'all' })).rejects.toThrow('already sent');
    await expect(rpcOne(t.db, owner, 'update_buzz_haven_campaign', { p_id: campaign!.id, p_body: 'changed' })).rejects.toThrow('cannot be changed');
    await expect(rpcOne(t.db, owner, 'delete_buzz_haven_campaign', { p_id: campaign!.id })).rejects.toThrow('Only a draft');
  });
});
