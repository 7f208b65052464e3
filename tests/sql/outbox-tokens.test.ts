/**
 * The public's tokens leave the database only in the e-mail itself: the outbox as staff, admins
 * and owners list it (get_buzz_haven_outbox_messages) and a retry's answer carry neither the token
 * keys of the message data (newsletter, art upload and vote, adoption manage) nor the links made of
 * them in the rendered bodies, the idempotency key or the last error; everything else is shown.
 * The sender, with the service role, still claims whole rows to render the links.
 */
import { anon, createMember, rpcOne, rpcRows, rpcValue, service, type Caller } from './support/callers';
import { openTarget, SETUP_TIMEOUT, targets, type TestDb } from './support/targets';

type Msg = Record<string, any>;
const MANAGE = 'ab'.repeat(32); // an adoption's manage token: 64 hex digits

describe.each(targets)('outbox tokens on %s', (target) => {
  let t: TestDb;
  let roles: [string, Caller][];
  let tokens: Record<string, string>;
  beforeAll(async () => {
    t = await openTarget(target);
    roles = [
      ['staff', await createMember(t.db, 'staff@tokens.test', 'staff')],
      ['admin', await createMember(t.db, 'admin@tokens.test', 'admin')],
      ['owner', await createMember(t.db, 'owner@tokens.test', 'owner')],
    ];
    const { rows: [design] } = await t.db.query<{ id: string }>(
      `insert into buzz_haven.art_designs (title, statement, artist_name, email, consent_at, email_confirmed_at, status, vote_month,
         storage_path, file_type, file_bytes, width, height, checks_passed)
       values ('Comb', 'Hexagons', 'Hex', 'hex@tokens.test', now(), now(), 'approved', buzz_haven.art_current_month(),
         'comb/c.png', 'image/png', 1000, 3000, 2000, true) returning id`);
    await rpcValue(t.db, anon, 'subscribe_buzz_haven_newsletter', { p_email: 'reader@tokens.test' });
    await rpcValue(t.db, anon, 'submit_buzz_haven_art_design', {
      p_title: 'Clover', p_statement: 'Bees in clover', p_artist_name: 'Ana', p_email: 'artist@tokens.test', p_consent: true,
    });
    await rpcValue(t.db, anon, 'vote_buzz_haven_art', { p_design_id: design!.id, p_email: 'voter@tokens.test' });
    await t.db.query(`select buzz_haven.enqueue_message('adoption_paid', 'adopter@tokens.test', 'Ada',
      jsonb_build_object('adoption', jsonb_build_object('tier', 'hive', 'manage_token', $1::text)), 'adoption_paid.tokens')`, [MANAGE]);
    const { rows } = await t.db.query<{ kind: string; token: string }>(`select kind, coalesce(data #>> '{newsletter,token}',
      data #>> '{art,upload_token}', data #>> '{art,vote_token}', data #>> '{adoption,manage_token}') as token
      from buzz_haven.outbox_messages`);
    tokens = Object.fromEntries(rows.map((r) => [r.kind, r.token]));
  }, SETUP_TIMEOUT);
  afterAll(() => t.close(), SETUP_TIMEOUT);

  test('each kind of message holds its token in the table', () => {
    expect(Object.keys(tokens).sort()).toEqual(['adoption_paid', 'art_confirm', 'art_vote_confirm', 'newsletter_confirm']);
    for (const token of Object.values(tokens)) expect(token).toMatch(/^[0-9a-f-]{36,64}$/);
  });

  test('the service-role sender claims whole rows: every token is there to render its link', async () => {
    const claimed = await rpcRows<Msg>(t.db, service, 'claim_buzz_haven_outbox_messages', { p_limit: 50 });
    expect(claimed).toHaveLength(4);
    expect(Object.values(tokens).every((token) => JSON.stringify(claimed).includes(token))).toBe(true);
    // As the sender does: the vote's confirmation goes out with its link; the upload link fails for good.
    const byKind = Object.fromEntries(claimed.map((m) => [m.kind, m]));
    const link = `https://buzz.example/art/vote/confirm?token=${tokens.art_vote_confirm}`;
    await rpcOne(t.db, service, 'mark_buzz_haven_outbox_message_sent', {
      p_id: byKind.art_vote_confirm.id, p_subject: 'Confirm your vote', p_text: `Confirm: ${link}`, p_html: `<a href="${link}">Confirm</a>`,
    });
    await rpcOne(t.db, service, 'mark_buzz_haven_outbox_message_failed', {
      p_id: byKind.art_confirm.id, p_try: 1, p_error: `550 rejected: mentions ${tokens.art_confirm}`,
      p_permanent: true,
    });
  });

  test.each(['staff', 'admin', 'owner'])('%s lists the outbox without a single token, with the rest of each message', async (role) => {
    const caller = roles.find(([name]) => name === role)![1];
    const rows = await rpcRows<Msg>(t.db, caller, 'get_buzz_haven_outbox_messages');
    expect(rows).toHaveLength(4);
    const listed = JSON.stringify(rows);
    for (const [kind, token] of Object.entries(tokens)) expect([kind, listed.includes(token)]).toEqual([kind, false]);
    const byKind = Object.fromEntries(rows.map((m) => [m.kind, m]));
    expect(byKind.newsletter_confirm.data).toEqual({ newsletter: {} });
    expect(byKind.adoption_paid.data).toEqual({ adoption: { tier: 'hive' } });
    expect(byKind.art_vote_confirm).toMatchObject({
      state: 'sent', subject: 'Confirm your vote', data: { art: { title: 'Comb' } },
      text_body: 'Confirm: https://buzz.example/art/vote/confirm?token=(hidden)',
      html_body: '<a href="https://buzz.example/art/vote/confirm?token=(hidden)">Confirm</a>',
      idempotency_key: 'art_vote_confirm.(hidden)',
    });
    expect(byKind.art_confirm).toMatchObject({ state: 'dead', data: { art: { title: 'Clover' } } });
    expect(byKind.art_confirm.data.art).not.toHaveProperty('upload_token');
    expect(byKind.art_confirm.last_error).toBe('550 rejected: mentions (hidden)');
  });

  test("a retry answers the message as the list shows it; the sender's next claim has the token again", async () => {
    const [, staff] = roles[0]!;
    const id = (await t.db.query<{ id: string }>(`select id from buzz_haven.outbox_messages where kind = 'art_confirm'`)).rows[0]!.id;
    const retried = await rpcOne<Msg>(t.db, staff, 'update_buzz_haven_outbox_message', { p_id: id, p_state: 'queued' });
    expect(retried).toMatchObject({ id, state: 'queued', tries: 0, data: { art: { title: 'Clover' } } });
    expect(JSON.stringify(retried)).not.toContain(tokens.art_confirm);
    const [again] = await rpcRows<Msg>(t.db, service, 'claim_buzz_haven_outbox_messages', { p_limit: 50 });
    expect(again).toMatchObject({ id, data: { art: { upload_token: tokens.art_confirm } } });
  });
});
