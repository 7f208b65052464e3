/**
 * Content documents: seeded from content/*.yaml as published version 1; drafts saved with a
 * revision (a stale one is refused, PT409, and of two saves of the same revision exactly one
 * wins); publishing (service role only) records a version; versions restore into the draft; anon
 * reads the published bodies only. Site builds: one queued build at a time, claimed and finished
 * by the publisher (service role).
 */
import { join } from 'node:path';
import { readStartingDocuments } from '../../supabase/functions/_shared/content-schema/starting.ts';
import { anon, createMember, rpcOne, rpcRows, rpcValue, service, type Caller } from './support/callers';
import { openTarget, SETUP_TIMEOUT, targets, type TestDb } from './support/targets';

const STALE = 'Someone else saved this document since you opened it. Reload to see their changes; your edits are still in the form.';
const starting = readStartingDocuments(join(__dirname, '../../content'));

describe.each(targets)('content documents on %s', (target) => {
  let t: TestDb;
  let staff: Awaited<ReturnType<typeof createMember>>;
  let admin: Awaited<ReturnType<typeof createMember>>;
  let pending: Caller;
  beforeAll(async () => {
    t = await openTarget(target);
    staff = await createMember(t.db, 'staff@content.test', 'staff');
    admin = await createMember(t.db, 'admin@content.test', 'admin');
    pending = await createMember(t.db, 'pending@content.test', null);
    await expect(rpcValue(t.db, service, 'seed_buzz_haven_content', { p_documents: JSON.stringify(starting) })).resolves.toBe(starting.length);
  }, SETUP_TIMEOUT);
  afterAll(() => t.close(), SETUP_TIMEOUT);

  const doc = async (key: string) => (await rpcRows(t.db, staff, 'get_buzz_haven_content_documents')).find((d) => d.key === key)!;
  const save = (who: Caller, key: string, body: unknown, revision: number) =>
    rpcValue<number>(t.db, who, 'save_buzz_haven_content_draft', { p_key: key, p_body: JSON.stringify(body), p_revision: revision });
  const publish = (key: string, revision: number, userId?: string) =>
    rpcValue<number>(t.db, service, 'publish_buzz_haven_content', { p_key: key, p_revision: revision, p_user_id: userId ?? null });

  test('the seed: every document published as version 1, draft = published; seeding again adds nothing', async () => {
    const docs = await rpcRows(t.db, staff, 'get_buzz_haven_content_documents');
    expect(docs).toHaveLength(starting.length);
    expect(docs.slice(0, 2).map((d) => d.key)).toEqual(['home', 'site']);
    const about = docs.find((d) => d.key === 'pages/about')!;
    expect(about).toMatchObject({
      title: 'About', revision: 1, published_version: 1, has_unpublished_changes: false, updated_by_name: null,
    });
    expect(about.draft).toEqual(starting.find((d) => d.key === 'pages/about')!.body);
    expect(about.published).toEqual(about.draft);
    await expect(rpcRows(t.db, staff, 'get_buzz_haven_content_versions', { p_key: 'pages/about' })).resolves.toEqual([
      expect.objectContaining({ version: 1, body: about.draft, published_by_name: null }),
    ]);
    await expect(rpcValue(t.db, service, 'seed_buzz_haven_content', { p_documents: JSON.stringify(starting) })).resolves.toBe(0);
  });

  test('save a draft: new revision, who and when; anon still reads the published body', async () => {
    const before = await doc('pages/faq');
    const body = { ...before.draft, seo: { ...before.draft.seo, title: 'Questions, answered' } };
    await expect(save(staff, 'pages/faq', body, before.revision)).resolves.toBe(before.revision + 1);
    const after = await doc('pages/faq');
    expect(after).toMatchObject({ revision: before.revision + 1, updated_by_name: 'staff', has_unpublished_changes: true });
    expect(after.draft.seo.title).toBe('Questions, answered');
    const published = await rpcRows(t.db, anon, 'get_buzz_haven_published_content');
    expect(published.find((d) => d.key === 'pages/faq')!.body.seo.title).toBe(before.published.seo.title);
    expect(Object.keys(published[0]).sort()).toEqual(['body', 'key', 'locale']);
  });

  test('a stale revision is refused with PT409 and the draft is unchanged', async () => {
    const before = await doc('pages/terms');
    await save(admin, 'pages/terms', { ...before.draft, seo: { ...before.draft.seo, title: 'Terms (new)' } }, before.revision);
    await expect(save(staff, 'pages/terms', { ...before.draft, seo: { ...before.draft.seo, title: 'Mine' } }, before.revision))
      .rejects.toMatchObject({ code: 'PT409', message: STALE });
    expect((await doc('pages/terms')).draft.seo.title).toBe('Terms (new)');
  });

  test('two saves of the same revision at once: exactly one wins', async () => {
    const before = await doc('pages/shipping');
    const results = await Promise.allSettled([
      save(staff, 'pages/shipping', { ...before.draft, seo: { ...before.draft.seo, title: 'A' } }, before.revision),
      save(admin, 'pages/shipping', { ...before.draft, seo: { ...before.draft.seo, title: 'B' } }, before.revision),
    ]);
    const won = results.filter((r) => r.status === 'fulfilled');
    const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(won).toHaveLength(1);
    expect(lost.map((r) => r.reason)).toEqual([expect.objectContaining({ code: 'PT409', message: STALE })]);
    const after = await doc('pages/shipping');
    expect(after.revision).toBe(before.revision + 1);
    expect(['A', 'B']).toContain(after.draft.seo.title);
  });

  test('bad input: not an object, too large, unknown key', async () => {
    const { revision } = await doc('pages/privacy');
    await expect(save(staff, 'pages/privacy', ['a'], revision)).rejects.toMatchObject({ code: '22023', message: 'The document must be a JSON object' });
    await expect(save(staff, 'pages/privacy', { text: 'x'.repeat(200_001) }, revision))
      .rejects.toMatchObject({ code: '22023', message: 'This document is too large (200000 characters at most)' });
    await expect(save(staff, 'pages/nope', {}, 1)).rejects.toMatchObject({ code: 'PT404', message: 'Content document not found' });
    await expect(t.db.query(`update buzz_haven.content_documents set title = repeat('a', 201) where key = 'home'`)).rejects.toThrow();
    await expect(t.db.query(`update buzz_haven.content_documents set draft = jsonb_build_object('x', repeat('a', 200001)) where key = 'home'`))
      .rejects.toThrow();
    await expect(t.db.query(`insert into buzz_haven.site_builds (reason) values (repeat('a', 501))`)).rejects.toThrow();
  });

  test('publish: service role only, a new version with its publisher, the draft goes live; restore brings an old body back', async () => {
    const before = await doc('pages/impact');
    const body = { ...before.draft, hero: { ...before.draft.hero, title: 'Our impact, counted' } };
    const revision = await save(staff, 'pages/impact', body, before.revision);
    for (const who of [staff, admin, anon, pending]) {
      await expect(rpcValue(t.db, who, 'publish_buzz_haven_content', { p_key: 'pages/impact', p_revision: revision }))
        .rejects.toMatchObject({ code: '42501' });
    }
    await expect(publish('pages/impact', revision - 1)).rejects.toMatchObject({ code: 'PT409', message: STALE });
    await expect(publish('pages/impact', revision, admin.sub)).resolves.toBe(2);
    const after = await doc('pages/impact');
    expect(after).toMatchObject({ published_version: 2, published_by_name: 'admin', has_unpublished_changes: false });
    const published = await rpcRows(t.db, anon, 'get_buzz_haven_published_content');
    expect(published.find((d) => d.key === 'pages/impact')!.body.hero.title).toBe('Our impact, counted');
    const versions = await rpcRows(t.db, staff, 'get_buzz_haven_content_versions', { p_key: 'pages/impact' });
    expect(versions.map((v) => [v.version, v.published_by_name])).toEqual([[2, 'admin'], [1, null]]);

    const restored = await rpcValue<number>(t.db, staff, 'restore_buzz_haven_content_version', { p_key: 'pages/impact', p_version: 1, p_revision: revision });
    expect(restored).toBe(revision + 1);
    expect((await doc('pages/impact')).draft).toEqual(before.published);
    expect((await doc('pages/impact')).has_unpublished_changes).toBe(true);
    await expect(rpcValue(t.db, staff, 'restore_buzz_haven_content_version', { p_key: 'pages/impact', p_version: 1, p_revision: revision }))
      .rejects.toMatchObject({ code: 'PT409', message: STALE });
    await expect(rpcValue(t.db, staff, 'restore_buzz_haven_content_version', { p_key: 'pages/impact', p_version: 9, p_revision: restored }))
      .rejects.toMatchObject({ code: 'PT404', message: 'Version not found' });
    await expect(publish('pages/impact', restored)).resolves.toBe(3);
    expect((await rpcRows(t.db, anon, 'get_buzz_haven_published_content')).find((d) => d.key === 'pages/impact')!.body)
      .toEqual(before.published);
  });

  test('only the service role seeds', async () => {
    for (const who of [anon, staff, admin]) {
      await expect(rpcValue(t.db, who, 'seed_buzz_haven_content', { p_documents: '[]' })).rejects.toMatchObject({ code: '42501' });
    }
  });
});

describe.each(targets)('site builds on %s', (target) => {
  let t: TestDb;
  let staff: Caller;
  beforeAll(async () => {
    t = await openTarget(target);
    staff = await createMember(t.db, 'staff@builds.test', 'staff');
  }, SETUP_TIMEOUT);
  afterAll(() => t.close(), SETUP_TIMEOUT);

  test('one queued build is reused; claimed, then finished with its duration; a failure keeps its error', async () => {
    const first = await rpcValue<string>(t.db, staff, 'request_buzz_haven_site_build', { p_reason: 'Published pages/about' });
    const again = await rpcValue<string>(t.db, staff, 'request_buzz_haven_site_build', { p_reason: 'Publish site' });
    expect(again).toBe(first);
    // the reason's bound is site_builds' CHECK, checked even when a build is already queued
    await expect(rpcValue(t.db, staff, 'request_buzz_haven_site_build', { p_reason: 'r'.repeat(501) }))
      .rejects.toMatchObject({ code: '23514', message: 'Reason is too long (500 characters at most)' });
    await expect(rpcRows(t.db, staff, 'claim_buzz_haven_site_build')).rejects.toMatchObject({ code: '42501' });
    const claimed = await rpcRows(t.db, service, 'claim_buzz_haven_site_build');
    expect(claimed).toEqual([expect.objectContaining({ id: first, reason: 'Published pages/about' })]);
    await expect(rpcRows(t.db, service, 'claim_buzz_haven_site_build')).resolves.toEqual([]);
    // a request while one runs queues a new one
    const next = await rpcValue<string>(t.db, staff, 'request_buzz_haven_site_build', { p_reason: 'Publish site' });
    expect(next).not.toBe(first);
    await expect(rpcOne(t.db, service, 'finish_buzz_haven_site_build', { p_id: first, p_state: 'succeeded' }))
      .resolves.toMatchObject({ state: 'succeeded', error: null });
    await expect(rpcOne(t.db, service, 'finish_buzz_haven_site_build', { p_id: first, p_state: 'failed' }))
      .rejects.toMatchObject({ code: 'PT404' });
    await rpcRows(t.db, service, 'claim_buzz_haven_site_build');
    await rpcOne(t.db, service, 'finish_buzz_haven_site_build', { p_id: next, p_state: 'failed', p_error: `${'x'.repeat(5000)}the end` });
    const builds = await rpcRows(t.db, staff, 'get_buzz_haven_site_builds');
    expect(builds.map((b) => [b.id, b.state])).toEqual([[next, 'failed'], [first, 'succeeded']]);
    expect(builds[0]).toMatchObject({ requested_by_name: 'staff', reason: 'Publish site' });
    expect(builds[0].error).toHaveLength(4000);
    expect(builds[0].error.endsWith('the end')).toBe(true);
    expect(builds[1].duration_ms).toBeGreaterThanOrEqual(0);
    expect(builds[1].started_at).not.toBeNull();
    expect(builds[1].finished_at).not.toBeNull();
  });

  test('a build hook request is marked triggered straight from the queue', async () => {
    const id = await rpcValue<string>(t.db, staff, 'request_buzz_haven_site_build', { p_reason: 'Publish site' });
    await expect(rpcOne(t.db, service, 'finish_buzz_haven_site_build', { p_id: id, p_state: 'triggered' }))
      .resolves.toMatchObject({ state: 'triggered' });
    await expect(rpcOne(t.db, service, 'finish_buzz_haven_site_build', { p_id: id, p_state: 'queued' }))
      .rejects.toMatchObject({ code: '22023', message: 'State must be succeeded, failed or triggered' });
  });
});
