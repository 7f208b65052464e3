/**
 * One art vote per mailbox, not per spelling of an address (buzz_haven.mailbox_key): a '+tag' in
 * the local part, and for Gmail dots and googlemail.com, reach the same inbox, so they confirm one
 * vote between them (a later one replaces it) and share the vote form's per-contact limit.
 */
import { anon, rpcOne, rpcValue } from './support/callers';
import { openTarget, SETUP_TIMEOUT, targets, type TestDb } from './support/targets';

describe.each(targets)('one art vote per mailbox on %s', (target) => {
  let t: TestDb;
  let designs: string[];
  beforeAll(async () => {
    t = await openTarget(target);
    const { rows } = await t.db.query<{ id: string }>(
      `insert into buzz_haven.art_designs (title, statement, artist_name, email, consent_at, email_confirmed_at, status, vote_month,
         storage_path, file_type, file_bytes, width, height, checks_passed)
       select 'Tag ' || i, 'Tags', 'Ta', 'ta' || i || '@art.test', now(), now(), 'approved', buzz_haven.art_current_month(),
         'tag/' || i || '.png', 'image/png', 1000, 3000, 2000, true from generate_series(1, 2) as i order by i returning id`);
    designs = rows.map((r) => r.id);
  }, SETUP_TIMEOUT);
  afterAll(() => t.close(), SETUP_TIMEOUT);

  const key = async (email: string) =>
    (await t.db.query<{ k: string }>('select buzz_haven.mailbox_key($1) as k', [email])).rows[0]!.k;
  const vote = (design: string, email: string) => rpcValue(t.db, anon, 'vote_buzz_haven_art', { p_design_id: design, p_email: email });
  /** Asks for a vote and confirms it with the e-mailed token; the outcome. */
  async function voteAndConfirm(design: string, email: string): Promise<string> {
    await vote(design, email);
    const { rows } = await t.db.query<{ token: string }>(`select data -> 'art' ->> 'vote_token' as token from buzz_haven.outbox_messages
      where kind = 'art_vote_confirm' and recipient = $1 order by created_at desc limit 1`, [email.toLowerCase()]);
    return (await rpcOne<{ outcome: string }>(t.db, anon, 'confirm_buzz_haven_art_vote', { p_token: rows[0]!.token }))!.outcome;
  }
  const votesOf = async (mailbox: string) => (await t.db.query<{ design_id: string }>(
    'select design_id from buzz_haven.art_votes where mailbox = $1 and month = buzz_haven.art_current_month()', [mailbox])).rows;

  test('the mailbox of an address: case, +tag, and Gmail dots', async () => {
    expect(await key(' Name+1@Example.com ')).toBe('name@example.com');
    expect(await key('name+a+b@example.com')).toBe('name@example.com');
    expect(await key('first.last@example.com')).toBe('first.last@example.com'); // dots matter elsewhere
    expect(await key('F.i.r.s.t.Last+news@GoogleMail.com')).toBe('firstlast@gmail.com');
    expect(await key('firstlast@gmail.com')).toBe('firstlast@gmail.com');
    expect(await key('+only@example.com')).toBe('+only@example.com'); // no name before the tag: kept whole
  });

  test('name+1@, name+2@ and Name@ confirm one vote between them; the last one counts', async () => {
    await t.db.query(`update buzz_haven.rate_limits set max_per_client = 1000, max_per_contact = 1000 where action = 'art_vote'`);
    try {
      expect(await voteAndConfirm(designs[0]!, 'name+1@example.com')).toBe('voted');
      expect(await voteAndConfirm(designs[0]!, 'name+2@example.com')).toBe('voted'); // the same vote again
      expect(await voteAndConfirm(designs[1]!, 'Name@example.com')).toBe('replaced');
      expect(await votesOf('name@example.com')).toEqual([{ design_id: designs[1] }]);

      expect(await voteAndConfirm(designs[0]!, 'bee.keeper+a@gmail.com')).toBe('voted');
      expect(await voteAndConfirm(designs[1]!, 'beekeeper@googlemail.com')).toBe('replaced');
      expect(await votesOf('beekeeper@gmail.com')).toEqual([{ design_id: designs[1] }]);
      // a different mailbox is a vote of its own
      expect(await voteAndConfirm(designs[0]!, 'other@example.com')).toBe('voted');
      const { rows } = await t.db.query<{ n: number }>(
        `select count(*)::int as n from buzz_haven.art_votes where month = buzz_haven.art_current_month()`);
      expect(rows[0]!.n).toBe(3);
    } finally {
      await t.db.query(`update buzz_haven.rate_limits set max_per_client = 20, max_per_contact = 5 where action = 'art_vote'`);
    }
  });

  test('a vote stored under one spelling is replaced, not doubled, by another', async () => {
    await t.db.query(`insert into buzz_haven.art_votes (month, email, design_id)
      values (buzz_haven.art_current_month(), 'early.bird@gmail.com', $1)`, [designs[0]]);
    await expect(t.db.query(`insert into buzz_haven.art_votes (month, email, design_id)
      values (buzz_haven.art_current_month(), 'earlybird+2@gmail.com', $1)`, [designs[1]])).rejects.toMatchObject({ code: '23505' });
    expect(await voteAndConfirm(designs[1]!, 'EarlyBird+late@gmail.com')).toBe('replaced');
    expect(await votesOf('earlybird@gmail.com')).toEqual([{ design_id: designs[1] }]);
  });

  test('the tags of one mailbox share its per-contact limit: the 6th vote request gets PT429', async () => {
    const statuses: string[] = [];
    for (let i = 0; i < 6; i++) statuses.push(await vote(designs[0]!, `flood+${i}@example.com`).then(() => 'ok', (e) => e.code));
    expect(statuses).toEqual([...Array(5).fill('ok'), 'PT429']);
  });
});
