/**
 * The art collective's RPCs: submit and confirm, the recorded upload and its print
 * checks, moderation, the monthly vote (one per confirmed address per month, a second replaces the
 * first, refused off the ballot and after the close, tallies hidden until the close) and the close.
 * The 50-concurrent-votes race runs on PostgreSQL only (PGlite has one connection).
 */
import pg from 'pg';
import { anon, createMember, rpcOne, rpcRows, rpcValue, service, sqlAs } from './support/callers';
import { openTarget, PG_URL, SETUP_TIMEOUT, targets, type TestDb } from './support/targets';

const GOOD = { p_type: 'image/png', p_bytes: 5_000_000, p_width: 3000, p_height: 2000, p_decoded: true };

describe.each(targets)('art collective on %s', (target) => {
  let t: TestDb;
  let staff: Awaited<ReturnType<typeof createMember>>;
  beforeAll(async () => {
    t = await openTarget(target);
    staff = await createMember(t.db, 'moderator@art.test', 'staff');
    await t.db.query(`update buzz_haven.rate_limits set max_per_client = 1000, max_per_contact = 1000 where action in ('art_submission', 'art_vote')`);
  }, SETUP_TIMEOUT);
  afterAll(() => t.close(), SETUP_TIMEOUT);

  const month = async () => (await t.db.query<{ m: string }>(`select to_char(buzz_haven.art_current_month(), 'YYYY-MM-DD') as m`)).rows[0]!.m;
  const design = async (email: string) => (await t.db.query<Record<string, any>>(
    `select id, status, token::text, storage_path, votes, winner from buzz_haven.art_designs where email = $1 order by created_at desc limit 1`, [email])).rows[0]!;
  const messages = async (kind: string, to: string) => (await t.db.query<{ data: any }>(
    `select data from buzz_haven.outbox_messages where kind = $1 and recipient = $2 order by created_at`, [kind, to])).rows;
  const submit = (email: string, extra: Record<string, unknown> = {}) => rpcValue(t.db, anon, 'submit_buzz_haven_art_design', {
    p_title: 'Clover', p_statement: 'Bees in clover', p_artist_name: 'Ana Artist', p_email: email, p_consent: true, ...extra,
  });
  /** The art function's upload URL for `path`: the design's live upload. */
  const issue = (d: Record<string, any>, path: string, type = 'image/png') =>
    rpcRows(t.db, service, 'issue_buzz_haven_art_upload', { p_token: d.token, p_path: path, p_type: type });
  /** A design submitted, confirmed, uploaded and approved for this month. */
  async function onBallot(email: string): Promise<string> {
    await submit(email, { p_title: `Design of ${email}` });
    const d = await design(email);
    await rpcOne(t.db, anon, 'confirm_buzz_haven_art_design', { p_token: d.token });
    await issue(d, `${d.id}/a.png`);
    await rpcValue(t.db, service, 'record_buzz_haven_art_upload', { p_token: d.token, p_path: `${d.id}/a.png`, ...GOOD });
    await rpcValue(t.db, staff, 'approve_buzz_haven_art_design', { p_id: d.id });
    return d.id;
  }
  const voteToken = async (designId: string, email: string) => {
    await rpcValue(t.db, anon, 'vote_buzz_haven_art', { p_design_id: designId, p_email: email });
    const sent = await messages('art_vote_confirm', email.toLowerCase());
    return sent[sent.length - 1]!.data.art.vote_token as string;
  };
  const confirmVote = (token: string) => rpcOne<{ outcome: string }>(t.db, anon, 'confirm_buzz_haven_art_vote', { p_token: token });

  test('a submission is unconfirmed with a confirmation e-mail; bad fields are refused and store nothing', async () => {
    const before = (await t.db.query('select count(*)::int as n from buzz_haven.art_designs')).rows[0];
    await expect(submit('x@art.test', { p_consent: false })).rejects.toThrow(/licence terms/);
    await expect(submit('x@art.test', { p_link: 'javascript:alert(1)' })).rejects.toThrow(/https:\/\/ or http:\/\//);
    await expect(submit('not-an-email')).rejects.toThrow(/valid email/);
    await expect(submit('x@art.test', { p_title: ' ' })).rejects.toThrow(/title is required/);
    // art_designs' CHECKs: 23514 with the form's words, naming the field
    for (const [extra, message, field] of [
      [{ p_title: 't'.repeat(121) }, 'The title is one line of at most 120 characters', 'title'],
      [{ p_title: 'Two\nlines' }, 'The title is one line of at most 120 characters', 'title'],
      [{ p_statement: 's'.repeat(2001) }, 'The statement is too long (2000 characters at most)', 'statement'],
      [{ p_artist_name: 'a'.repeat(121) }, 'The name to credit is one line of at most 120 characters', 'artist_name'],
      [{ p_link: `https://x.test/${'l'.repeat(500)}` }, 'The link must be an https:// or http:// address', 'link'],
    ] as const) {
      await expect(submit('x@art.test', extra)).rejects.toMatchObject({ code: '23514', message, detail: expect.stringContaining(`"field" : "${field}"`) });
    }
    await expect(submit('x@art.test', { p_statement: ' ' })).rejects.toMatchObject({ code: '22023', message: 'A statement is required' });
    await expect(submit('x@art.test', { p_artist_name: '' })).rejects.toMatchObject({ code: '22023', message: 'The name to credit is required' });
    expect((await t.db.query('select count(*)::int as n from buzz_haven.art_designs')).rows[0]).toEqual(before);
    expect(await submit('x@art.test', { p_website: 'spam' })).toBe(true); // the honeypot: a fake success
    expect((await t.db.query('select count(*)::int as n from buzz_haven.art_designs')).rows[0]).toEqual(before);

    expect(await submit('Ana@Art.test', { p_link: 'https://instagram.com/ana' })).toBe(true);
    const d = await design('ana@art.test');
    expect(d.status).toBe('unconfirmed');
    expect((await messages('art_confirm', 'ana@art.test')).map((m) => m.data.art.upload_token)).toEqual([d.token]);
    // staff see nothing before the e-mail is confirmed and the image stored
    expect((await rpcRows(t.db, staff, 'get_buzz_haven_art_designs')).find((r) => r.id === d.id)).toBeUndefined();
  });

  test('the upload is recorded only after the e-mail is confirmed, only when it passes the print checks', async () => {
    await submit('ben@art.test');
    const d = await design('ben@art.test');
    const record = (over: Record<string, unknown>) =>
      rpcValue(t.db, service, 'record_buzz_haven_art_upload', { p_token: d.token, p_path: `${d.id}/x.png`, ...GOOD, ...over });
    await expect(record({})).rejects.toThrow(/confirm your e-mail/);
    expect(await rpcOne(t.db, anon, 'confirm_buzz_haven_art_design', { p_token: '00000000-0000-4000-8000-000000000000' }))
      .toEqual({ outcome: 'unknown' });
    expect(await rpcOne(t.db, anon, 'confirm_buzz_haven_art_design', { p_token: d.token }))
      .toEqual({ outcome: 'confirmed', title: 'Clover', needs_upload: true });
    await issue(d, `${d.id}/x.png`);
    await expect(record({ p_type: 'text/html' })).rejects.toThrow(/not a PNG, JPEG or WebP/);
    await expect(record({ p_type: 'image/svg+xml' })).rejects.toThrow(/not a PNG, JPEG or WebP/);
    await expect(record({ p_bytes: 20 * 1024 * 1024 + 1 })).rejects.toThrow(/larger than 20 MB/);
    await expect(record({ p_width: 1999, p_height: 1200 })).rejects.toThrow(/1999 x 1200 px; print needs at least 2000 px/);
    await expect(record({ p_path: 'someone-else/x.png' })).rejects.toThrow(/Wrong storage path/);
    expect(await design('ben@art.test')).toMatchObject({ status: 'unconfirmed', storage_path: null }); // nothing half-stored
    await expect(rpcValue(t.db, anon, 'record_buzz_haven_art_upload', { p_token: d.token, p_path: `${d.id}/x.png`, ...GOOD }))
      .rejects.toThrow(/permission denied/);
    await record({ p_width: 1200, p_height: 2000 }); // the long side may be the height
    expect(await design('ben@art.test')).toMatchObject({ status: 'pending', storage_path: `${d.id}/x.png` });
    await expect(record({})).rejects.toThrow(/already has its image/);
    const listed = (await rpcRows(t.db, staff, 'get_buzz_haven_art_designs')).find((r) => r.id === d.id)!;
    expect(listed).toMatchObject({ status: 'pending', print_check: 'passed', width: 1200, height: 2000, file_type: 'image/png' });
    expect(listed).not.toHaveProperty('token');
  });

  test('approval is refused for a file failing the print checks; decline needs a reason, e-mails it and releases the file', async () => {
    const { rows } = await t.db.query<{ id: string }>(
      `insert into buzz_haven.art_designs (title, statement, artist_name, email, consent_at, email_confirmed_at, status,
         storage_path, file_type, file_bytes, width, height, checks_passed)
       values ('Tiny', 'Too small', 'Cy', 'cy@art.test', now(), now(), 'pending', 'tiny/t.png', 'image/png', 1000, 800, 600, false)
       returning id`);
    const id = rows[0]!.id;
    expect((await rpcRows(t.db, staff, 'get_buzz_haven_art_designs')).find((r) => r.id === id)!.print_check)
      .toBe('The image is 800 x 600 px; print needs at least 2000 px on its long side');
    await expect(rpcValue(t.db, staff, 'approve_buzz_haven_art_design', { p_id: id }))
      .rejects.toThrow(/fails the print checks: The image is 800 x 600 px/);
    await expect(rpcValue(t.db, anon, 'decline_buzz_haven_art_design', { p_id: id, p_reason: 'x' })).rejects.toThrow(/Not signed in/);
    await expect(rpcValue(t.db, staff, 'decline_buzz_haven_art_design', { p_id: id, p_reason: ' ' })).rejects.toThrow(/reason is required/);
    expect(await rpcValue(t.db, staff, 'decline_buzz_haven_art_design', { p_id: id, p_reason: 'Too small to print' })).toBe('tiny/t.png');
    expect((await design('cy@art.test'))).toMatchObject({ status: 'declined', storage_path: null });
    expect((await messages('art_declined', 'cy@art.test')).map((m) => m.data.art.reason)).toEqual(['Too small to print']);
  });

  test('one vote per confirmed address per month: a second replaces the first; off-ballot designs and forged tokens are refused', async () => {
    const first = await onBallot('dee@art.test');
    const second = await onBallot('eve@art.test');
    expect((await messages('art_approved', 'dee@art.test'))).toHaveLength(1);
    // approval requested a site build, so the static ballot catches up
    const builds = await t.db.query(`select 1 from buzz_haven.site_builds where reason like 'Art ballot changed: %' and state = 'queued'`);
    expect(builds.rows).toHaveLength(1);
    const ballot = await rpcRows(t.db, anon, 'get_buzz_haven_art_ballot');
    expect(ballot.map((b) => b.id)).toEqual(expect.arrayContaining([first, second]));
    expect(ballot[0]).not.toHaveProperty('votes');

    await expect(rpcValue(t.db, anon, 'vote_buzz_haven_art', { p_design_id: '00000000-0000-4000-8000-000000000000', p_email: 'v@art.test' }))
      .rejects.toThrow(/not on this month's ballot/);
    const pendingOne = (await design('ben@art.test')).id; // pending, not approved
    await expect(rpcValue(t.db, anon, 'vote_buzz_haven_art', { p_design_id: pendingOne, p_email: 'v@art.test' }))
      .rejects.toThrow(/not on this month's ballot/);
    expect(await confirmVote('00000000-0000-4000-8000-000000000000')).toEqual({ outcome: 'unknown' });

    const a = await voteToken(first, 'Voter@Art.test');
    expect(await sqlAs(t.db, anon, 'select 1')).toBeTruthy();
    expect((await t.db.query(`select count(*)::int as n from buzz_haven.art_votes where email = 'voter@art.test'`)).rows[0]).toEqual({ n: 0 });
    expect(await confirmVote(a)).toMatchObject({ outcome: 'voted' });
    expect(await confirmVote(a)).toMatchObject({ outcome: 'voted' }); // the same link twice: still one vote
    const b = await voteToken(second, 'voter@art.test');
    expect(await confirmVote(b)).toMatchObject({ outcome: 'replaced' });
    const votes = await t.db.query<{ design_id: string }>(`select design_id from buzz_haven.art_votes where email = 'voter@art.test'`);
    expect(votes.rows).toEqual([{ design_id: second }]);
  });

  test('tallies are invisible to anon and staff before the close; the close records the winner and its tally; later votes are refused', async () => {
    const m = await month();
    const first = (await design('dee@art.test')).id;
    const second = (await design('eve@art.test')).id;
    expect(await confirmVote(await voteToken(second, 'fay@art.test'))).toMatchObject({ outcome: 'voted' });
    expect(await confirmVote(await voteToken(first, 'gus@art.test'))).toMatchObject({ outcome: 'voted' });
    const late = await voteToken(first, 'hal@art.test'); // asked before the close, confirmed after

    await expect(sqlAs(t.db, anon, 'select * from buzz_haven.art_votes')).rejects.toThrow(/permission denied/);
    await expect(sqlAs(t.db, anon, 'select votes from buzz_haven.art_designs')).rejects.toThrow(/permission denied/);
    expect(await rpcRows(t.db, anon, 'get_buzz_haven_art_results')).toEqual([]);
    expect((await rpcRows(t.db, staff, 'get_buzz_haven_art_designs')).find((r) => r.id === first)!.votes).toBeNull();
    expect((await rpcRows(t.db, staff, 'get_buzz_haven_art_ballots')).find((b) => b.month === m)).toMatchObject({ closed_at: null, total_votes: null });

    await expect(rpcOne(t.db, anon, 'close_buzz_haven_art_vote', {})).rejects.toThrow(/Not signed in/);
    expect(await rpcOne(t.db, staff, 'close_buzz_haven_art_vote', {})).toEqual({ month: m, total_votes: 3, winners: 1 });
    await expect(rpcOne(t.db, staff, 'close_buzz_haven_art_vote', {})).rejects.toThrow(/already closed/);

    const results = await rpcRows(t.db, anon, 'get_buzz_haven_art_results');
    const mine = results.filter((r) => r.id === first || r.id === second);
    expect(mine.map((r) => [r.id, r.votes, r.winner])).toEqual([[second, 2, true], [first, 1, false]]);
    expect(results[0]).toMatchObject({ month: m, total_votes: 3 });
    expect(await design('eve@art.test')).toMatchObject({ status: 'to_print', winner: true });
    expect(await rpcRows(t.db, anon, 'get_buzz_haven_art_ballot')).toEqual([]);

    expect(await confirmVote(late)).toMatchObject({ outcome: 'closed' });
    await expect(rpcValue(t.db, anon, 'vote_buzz_haven_art', { p_design_id: first, p_email: 'ivy@art.test' }))
      .rejects.toThrow(/not on this month's ballot|vote is closed/);
    expect((await t.db.query(`select count(*)::int as n from buzz_haven.art_votes where month = $1`, [m])).rows[0]).toEqual({ n: 3 });
    // the close requested a site build (one queued: requests join it)
    expect((await t.db.query(`select 1 from buzz_haven.site_builds where state = 'queued'`)).rows).toHaveLength(1);

    await expect(rpcValue(t.db, staff, 'mark_buzz_haven_art_printed', { p_id: first })).rejects.toThrow(/Only a design to print/);
    await rpcValue(t.db, staff, 'mark_buzz_haven_art_printed', { p_id: second });
    expect((await design('eve@art.test')).status).toBe('printed');
  });

  test('the schedule closes past months still open (service role only)', async () => {
    const { rows } = await t.db.query<{ id: string }>(
      `insert into buzz_haven.art_designs (title, statement, artist_name, email, consent_at, email_confirmed_at, status, vote_month,
         storage_path, file_type, file_bytes, width, height, checks_passed)
       values ('Old', 'Last month', 'Jo', 'jo@art.test', now(), now(), 'approved', (buzz_haven.art_current_month() - interval '1 month')::date,
         'old/o.png', 'image/png', 1000, 3000, 2000, true) returning id`);
    await expect(rpcValue(t.db, anon, 'close_buzz_haven_art_votes_due')).rejects.toThrow(/permission denied/);
    expect(await rpcValue(t.db, service, 'close_buzz_haven_art_votes_due')).toBe(1);
    expect(await rpcValue(t.db, service, 'close_buzz_haven_art_votes_due')).toBe(0);
    const d = await t.db.query(`select votes, winner, status from buzz_haven.art_designs where id = $1`, [rows[0]!.id]);
    expect(d.rows[0]).toEqual({ votes: 0, winner: false, status: 'approved' }); // no votes: no winner
  });
});

const onPostgres = PG_URL ? describe : describe.skip;

onPostgres('50 concurrent votes from one address (PostgreSQL)', () => {
  let t: TestDb;
  beforeAll(async () => { t = await openTarget('postgres'); }, SETUP_TIMEOUT);
  afterAll(() => t.close(), SETUP_TIMEOUT);

  test('50 confirmations of one address at once, for two designs: exactly one vote is stored, for one of them', async () => {
    await t.db.query(`update buzz_haven.rate_limits set max_per_client = 1000, max_per_contact = 1000 where action = 'art_vote'`);
    const { rows: designs } = await t.db.query<{ id: string }>(
      `insert into buzz_haven.art_designs (title, statement, artist_name, email, consent_at, email_confirmed_at, status, vote_month,
         storage_path, file_type, file_bytes, width, height, checks_passed)
       select 'Race ' || i, 'Race', 'Ra', 'ra' || i || '@art.test', now(), now(), 'approved', buzz_haven.art_current_month(),
         'race/' || i || '.png', 'image/png', 1000, 3000, 2000, true from generate_series(1, 2) as i returning id`);
    const { rows: requests } = await t.db.query<{ token: string }>(
      `insert into buzz_haven.art_vote_requests (month, email, design_id)
       select buzz_haven.art_current_month(), 'racer@art.test', (array[$1::uuid, $2::uuid])[1 + i % 2] from generate_series(1, 50) as i
       returning token::text`, [designs[0]!.id, designs[1]!.id]);
    const clients = requests.map(() => new pg.Client({ connectionString: t.url! }));
    await Promise.all(clients.map((c) => c.connect()));
    const outcomes = await Promise.all(clients.map(async (c, i) => {
      await c.query('begin');
      await c.query("select set_config('role', 'anon', true), set_config('request.jwt.claims', $1, true)",
        [JSON.stringify({ role: 'anon', iss: 'supabase-demo' })]);
      const res = await c.query<{ j: { outcome: string } }>('select public.confirm_buzz_haven_art_vote(p_token => $1) as j', [requests[i]!.token]);
      await c.query('commit');
      return res.rows[0]!.j.outcome;
    }));
    await Promise.all(clients.map((c) => c.end()));
    expect(outcomes.every((o) => o === 'voted' || o === 'replaced')).toBe(true);
    const stored = await t.db.query<{ design_id: string }>(`select design_id from buzz_haven.art_votes where email = 'racer@art.test'`);
    expect(stored.rows).toHaveLength(1);
    expect(designs.map((d) => d.id)).toContain(stored.rows[0]!.design_id);
  }, 120_000);
});
