/**
 * Publishing a document in both languages through supabase-js and the publish-content Edge
 * Function: Publish puts the English draft and a changed Spanish draft live together, the Spanish
 * recorded against the new English version; a Spanish field left empty falls back to English and
 * is allowed, a Spanish field the schema refuses once completed is a 422 naming the language and
 * nothing goes live; English alone leaves the Spanish "needing translation". Independent of the
 * Spanish words content/es holds: the test sets the fields it reads.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { client } from './support/clients';
import { member } from './support/members';
import { invokePublish } from './support/publish';
import { removeDataDir, startBackend, type Backend } from './support/server';

const STALE = 'Someone else saved this document since you opened it. Reload to see their changes; your edits are still in the form.';
const KEY = 'pages/faq';
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

const invoke = (body: Record<string, unknown>) => invokePublish(staff, body);

async function documentOf(locale: 'en' | 'es') {
  const { data, error } = await staff.rpc('get_buzz_haven_content_documents', { p_locale: locale });
  if (error) throw new Error(error.message);
  return (data as any[]).find((d) => d.key === KEY);
}

async function saveSpanish(body: Record<string, unknown>): Promise<number> {
  const es = await documentOf('es');
  const { data, error } = await staff.rpc('save_buzz_haven_content_draft', { p_key: KEY, p_body: body, p_revision: es.revision, p_locale: 'es' });
  if (error) throw new Error(error.message);
  return data as number;
}

const publishedSpanish = async () =>
  ((await client(backend.url).rpc('get_buzz_haven_published_content', { p_locale: 'es' })).data as any[]).find((d) => d.key === KEY);

test('a Spanish field the schema refuses once completed from English is 422 with its language; nothing goes live', async () => {
  const en = await documentOf('en');
  const esBefore = await documentOf('es');
  await saveSpanish({ heading: 42 });
  const answer = await invoke({ key: KEY, revision: en.revision });
  expect(answer.status).toBe(422);
  expect(answer.body.issues).toEqual([expect.objectContaining({ locale: 'es', path: ['heading'] })]);
  expect((await documentOf('en')).published_version).toBe(en.published_version);
  expect((await documentOf('es')).published_version).toBe(esBefore.published_version);
});

test('Publish puts both live: the Spanish as written (an empty field allowed), against the new English version', async () => {
  const revision = await saveSpanish({ heading: 'Preguntas de prueba', intro: '' });
  const en = await documentOf('en');
  const answer = await invoke({ key: KEY, revision: en.revision });
  expect(answer).toEqual({ status: 200, body: { version: en.published_version + 1, translations: { es: expect.any(Number) }, build: expect.any(Object) } });
  const es = await documentOf('es');
  expect(es).toMatchObject({ revision, published_version: answer.body.translations.es, source_version: answer.body.version, needs_translation: false });
  expect((await documentOf('en')).needs_translation).toBe(false);
  // raw: the reader completes the empty intro from English
  expect((await publishedSpanish()).body).toEqual({ heading: 'Preguntas de prueba', intro: '' });
});

test('English alone (Spanish unchanged) leaves the Spanish as it was, needing translation; a stale Spanish revision is 409', async () => {
  const esBefore = await documentOf('es');
  const en = await documentOf('en');
  const saved = await staff.rpc('save_buzz_haven_content_draft', { p_key: KEY, p_body: { ...en.draft, heading: 'FAQ' }, p_revision: en.revision });
  const answer = await invoke({ key: KEY, revision: saved.data });
  expect(answer).toEqual({ status: 200, body: { version: en.published_version + 1, build: expect.any(Object) } });
  expect(await documentOf('es')).toMatchObject({ published_version: esBefore.published_version, needs_translation: true });
  expect((await documentOf('en')).needs_translation).toBe(true);

  await expect(invoke({ key: KEY, revision: saved.data, translations: { es: esBefore.revision - 1 } }))
    .resolves.toEqual({ status: 409, body: { error: STALE } });
  // naming the Spanish revision publishes it unchanged: translated against the current English
  const again = await invoke({ key: KEY, revision: saved.data, translations: { es: esBefore.revision } });
  expect(again.status).toBe(200);
  expect(await documentOf('es')).toMatchObject({ source_version: again.body.version, needs_translation: false });
});
