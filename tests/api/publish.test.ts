/**
 * Publishing content through supabase-js against the embedded backend: the publish-content Edge
 * Function (POST /functions/v1/publish-content) refuses anon (401) and a pending user (403),
 * answers 422 with the issues of a document that fails its schema, 409 for a stale revision, and
 * publishes a valid draft (200, a new version, a queued build). Anon reads published bodies only.
 * A second backend with SITE_BUILD_HOOK_URL posts the hook and marks the build 'triggered'.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SupabaseClient } from '@supabase/supabase-js';
import { OWNER, client, signedIn } from './support/clients';
import { member } from './support/members';
import { invokePublish } from './support/publish';
import { removeDataDir, startBackend, type Backend } from './support/server';
import { documentKeys } from '../../supabase/functions/_shared/content-schema/index.ts';

const STALE = 'Someone else saved this document since you opened it. Reload to see their changes; your edits are still in the form.';
let backend: Backend;
let staff: SupabaseClient;

beforeAll(async () => {
  backend = await startBackend({ env: { SUPABASE_AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS: '1000' } });
  staff = await member(backend.url, 'staff');
}, 200_000);

afterAll(async () => {
  await backend?.stop();
  if (backend) removeDataDir(backend.dataDir);
});

const invoke = invokePublish;

async function documentOf(who: SupabaseClient, key: string) {
  const { data, error } = await who.rpc('get_buzz_haven_content_documents');
  if (error) throw new Error(error.message);
  return (data as any[]).find((d) => d.key === key);
}

test('anon is 401 and a pending user 403; neither publishes nor queues a build', async () => {
  const about = await documentOf(staff, 'pages/about');
  await expect(invoke(client(backend.url), { key: 'pages/about', revision: about.revision })).resolves.toEqual({
    status: 401, body: { error: 'Not signed in' },
  });
  const pending = await member(backend.url, null);
  await expect(invoke(pending, { key: 'pages/about', revision: about.revision })).resolves.toEqual({
    status: 403, body: { error: 'Your account is waiting for approval' },
  });
  await expect(invoke(pending, { site: true })).resolves.toMatchObject({ status: 403 });
  expect((await documentOf(staff, 'pages/about')).published_version).toBe(1);
  expect((await staff.rpc('get_buzz_haven_site_builds')).data).toEqual([]);
});

test('an invalid draft is 422 with each issue at its field, and is not published', async () => {
  const faq = await documentOf(staff, 'pages/faq');
  const broken = { ...faq.draft, seo: { title: '', description: 42 } };
  const saved = await staff.rpc('save_buzz_haven_content_draft', { p_key: 'pages/faq', p_body: broken, p_revision: faq.revision });
  expect(saved.error).toBeNull();
  const answer = await invoke(staff, { key: 'pages/faq', revision: saved.data });
  expect(answer.status).toBe(422);
  expect(answer.body.error).toBe('This document has errors. Fix the fields shown, then publish again.');
  expect(answer.body.issues).toEqual(expect.arrayContaining([
    { path: ['seo', 'title'], message: 'Required' },
    expect.objectContaining({ path: ['seo', 'description'] }),
  ]));
  expect((await documentOf(staff, 'pages/faq')).published_version).toBe(1);
});

test('a valid draft is published (200, version 2, build queued); anon reads it; a stale revision is 409', async () => {
  const anon = client(backend.url);
  const before = await anon.rpc('get_buzz_haven_published_content');
  const about = await documentOf(staff, 'pages/about');
  const draft = { ...about.draft, hero: { ...about.draft.hero, title: 'Rooted in East Hills, run by neighbours' } };
  const saved = await staff.rpc('save_buzz_haven_content_draft', { p_key: 'pages/about', p_body: draft, p_revision: about.revision });
  // a saved but unpublished draft is not what anon reads
  const stillOld = (await anon.rpc('get_buzz_haven_published_content')).data as { key: string; body: any }[];
  expect(stillOld.find((d) => d.key === 'pages/about')!.body.hero.title).toBe(about.published.hero.title);
  expect((before.data as { locale: string }[]).filter((d) => d.locale === 'en').length).toBe(documentKeys.length);

  await expect(invoke(staff, { key: 'pages/about', revision: about.revision })).resolves.toEqual({ status: 409, body: { error: STALE } });
  const answer = await invoke(staff, { key: 'pages/about', revision: saved.data });
  expect(answer).toEqual({ status: 200, body: { version: 2, build: { id: expect.any(String), state: 'queued' } } });
  const published = (await anon.rpc('get_buzz_haven_published_content')).data as { key: string; body: any }[];
  expect(published.find((d) => d.key === 'pages/about')!.body.hero.title).toBe('Rooted in East Hills, run by neighbours');
  const builds = (await staff.rpc('get_buzz_haven_site_builds')).data as any[];
  expect(builds).toEqual([expect.objectContaining({ id: answer.body.build.id, state: 'queued', reason: 'Published About', requested_by_name: 'staff' })]);
  // 'Publish site' joins the queued build
  await expect(invoke(staff, { site: true })).resolves.toEqual({ status: 200, body: { build: { id: answer.body.build.id, state: 'queued' } } });
  const history = (await staff.rpc('get_buzz_haven_content_versions', { p_key: 'pages/about' })).data as any[];
  expect(history.map((v) => [v.version, v.published_by_name])).toEqual([[2, 'staff'], [1, null]]);
});

test('bad requests: 400 without key and revision, 404 for an unknown document', async () => {
  await expect(invoke(staff, { key: 'pages/about' })).resolves.toMatchObject({ status: 400 });
  await expect(invoke(staff, { key: 'pages/nope', revision: 1 })).resolves.toEqual({ status: 404, body: { error: 'Content document not found' } });
});

describe('with SITE_BUILD_HOOK_URL (production static host)', () => {
  let hookBackend: Backend;
  let hook: Server;
  const calls: string[] = [];
  beforeAll(async () => {
    hook = createServer((req, res) => {
      calls.push(`${req.method} ${req.url}`);
      res.writeHead(200).end('{}');
    });
    await new Promise<void>((done) => hook.listen(0, '127.0.0.1', done));
    const hookUrl = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/build_hooks/abc`;
    hookBackend = await startBackend({ env: { SITE_BUILD_HOOK_URL: hookUrl } });
  }, 200_000);
  afterAll(async () => {
    await hookBackend?.stop();
    if (hookBackend) removeDataDir(hookBackend.dataDir);
    hook?.close();
  });

  test('publishing posts the build hook and marks the build triggered', async () => {
    const owner = await signedIn(hookBackend.url, OWNER.email, OWNER.password);
    const answer = await invoke(owner, { site: true });
    expect(answer).toEqual({ status: 200, body: { build: { id: expect.any(String), state: 'triggered' } } });
    expect(calls).toEqual(['POST /build_hooks/abc']);
    const builds = (await owner.rpc('get_buzz_haven_site_builds')).data as any[];
    expect(builds[0]).toMatchObject({ state: 'triggered', requested_by_name: 'Demo Owner' });
  });
});
