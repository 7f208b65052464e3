/**
 * Content documents per language: the keys (key, locale) of documents and versions, a translation
 * started by its first save (revision 0), published against the English version (source_version),
 * "needs translation" once English is published since, each language's own version history, the
 * published content naming each row's language, and the starting translations seeded from
 * content/<locale>/ beside the English documents. English calls (no p_locale) are content.test.ts's.
 */
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readStartingDocuments } from '../../supabase/functions/_shared/content-schema/starting.ts';
import { seedContent } from '../../supabase/local/src/db/seedContent';
import { anon, createMember, rpcRows, rpcValue, service } from './support/callers';
import { openTarget, SETUP_TIMEOUT, targets, type TestDb } from './support/targets';

const STALE = 'Someone else saved this document since you opened it. Reload to see their changes; your edits are still in the form.';
const contentDir = join(__dirname, '../../content');
const starting = readStartingDocuments(contentDir);
const faqEs = { heading: 'Preguntas (prueba)', seo: { title: 'Preguntas' } };

describe.each(targets)('content documents per language on %s', (target) => {
  let t: TestDb;
  let staff: Awaited<ReturnType<typeof createMember>>;
  beforeAll(async () => {
    t = await openTarget(target);
    staff = await createMember(t.db, 'staff@locales.test', 'staff');
    await rpcValue(t.db, service, 'seed_buzz_haven_content', { p_documents: JSON.stringify(starting) });
    // a translation of a key English does not have is left out
    const spanish = [{ key: 'pages/faq', title: 'FAQ', body: faqEs }, { key: 'pages/nope', title: 'Nope', body: {} }];
    await expect(rpcValue(t.db, service, 'seed_buzz_haven_content', { p_documents: JSON.stringify(spanish), p_locale: 'es' }))
      .resolves.toBe(1);
  }, SETUP_TIMEOUT);
  afterAll(() => t.close(), SETUP_TIMEOUT);

  const list = async (locale?: string) =>
    rpcRows(t.db, staff, 'get_buzz_haven_content_documents', locale ? { p_locale: locale } : {});
  const doc = async (key: string, locale?: string) => (await list(locale)).find((d) => d.key === key)!;
  const save = (key: string, body: unknown, revision: number, locale = 'es') =>
    rpcValue<number>(t.db, staff, 'save_buzz_haven_content_draft', { p_key: key, p_body: JSON.stringify(body), p_revision: revision, p_locale: locale });
  const publish = (key: string, revision: number, locale?: string) =>
    rpcValue<number>(t.db, service, 'publish_buzz_haven_content', { p_key: key, p_revision: revision, ...(locale ? { p_locale: locale } : {}) });

  test('one row per (key, locale): a seeded translation is version 1 against English version 1', async () => {
    const rows = await t.db.query<{ key: string; locale: string; source_version: number | null }>(
      "select key, locale, source_version from buzz_haven.content_documents where key = 'pages/faq' order by locale");
    expect(rows.rows).toEqual([
      { key: 'pages/faq', locale: 'en', source_version: null },
      { key: 'pages/faq', locale: 'es', source_version: 1 },
    ]);
    await expect(t.db.query(`insert into buzz_haven.content_documents (key, locale, title, draft) values ('home', 'fr', 'Accueil', '{}')`))
      .rejects.toThrow();
    await expect(t.db.query(`insert into buzz_haven.content_documents (key, locale, title, draft) values ('home', 'en', 'Home', '{}')`))
      .rejects.toThrow();
    expect(await list()).toHaveLength(starting.length);
    // the dashboard's Content card counts documents, not each language's copy
    await expect(rpcValue(t.db, staff, 'count_table_rows', { table_name: 'content' })).resolves.toBe(starting.length);
    // by either name: the back office's Content resource counts its table, content_documents
    await expect(rpcValue(t.db, staff, 'count_table_rows', { table_name: 'content_documents' })).resolves.toBe(starting.length);
  });

  test('the Spanish list: every English key, a missing translation as revision 0 with nothing published', async () => {
    const spanish = await list('es');
    expect(spanish.map((d) => d.key)).toEqual((await list()).map((d) => d.key));
    expect(spanish.find((d) => d.key === 'pages/faq')).toMatchObject({
      locale: 'es', revision: 1, draft: faqEs, published: faqEs, published_version: 1, source_version: 1,
      has_unpublished_changes: false, needs_translation: false,
    });
    expect(spanish.find((d) => d.key === 'pages/about')).toMatchObject({
      locale: 'es', title: 'About', revision: 0, draft: {}, published: null, published_version: null,
      has_unpublished_changes: false, needs_translation: true,
    });
    await expect(list('fr')).rejects.toMatchObject({ code: '22023', message: 'Unknown language' });
  });

  test('a first save creates the translation; a second first save and an unknown key are refused', async () => {
    await expect(save('pages/about', { hero: { title: 'Sobre nosotros' } }, 0)).resolves.toBe(1);
    await expect(save('pages/about', { hero: { title: 'Otro' } }, 0)).rejects.toMatchObject({ code: 'PT409', message: STALE });
    await expect(save('pages/nope', {}, 0)).rejects.toMatchObject({ code: 'PT404', message: 'Content document not found' });
    await expect(save('pages/about', {}, 0, 'en')).rejects.toMatchObject({ code: 'PT409' });
    const about = await doc('pages/about', 'es');
    expect(about).toMatchObject({ revision: 1, draft: { hero: { title: 'Sobre nosotros' } }, updated_by_name: 'staff', has_unpublished_changes: true });
    // English is untouched
    expect((await doc('pages/about')).draft).toEqual(starting.find((d) => d.key === 'pages/about')!.body);
  });

  test('needs translation: English published since the Spanish, until the Spanish is published against it', async () => {
    expect((await doc('pages/faq')).needs_translation).toBe(false);
    const en = await doc('pages/faq');
    const revision = await save('pages/faq', { ...en.draft, heading: 'FAQ' }, en.revision, 'en');
    await expect(publish('pages/faq', revision)).resolves.toBe(2);
    expect((await doc('pages/faq')).needs_translation).toBe(true);
    expect((await doc('pages/faq', 'es')).needs_translation).toBe(true);

    const es = await doc('pages/faq', 'es');
    const esRevision = await save('pages/faq', { ...es.draft, heading: 'Preguntas frecuentes' }, es.revision);
    await expect(publish('pages/faq', esRevision - 1, 'es')).rejects.toMatchObject({ code: 'PT409' });
    await expect(publish('pages/faq', esRevision, 'es')).resolves.toBe(2);
    expect(await doc('pages/faq', 'es')).toMatchObject({ published_version: 2, source_version: 2, needs_translation: false });
    expect((await doc('pages/faq')).needs_translation).toBe(false);
  });

  test('each language has its own version history and restores from it', async () => {
    const es = await rpcRows(t.db, staff, 'get_buzz_haven_content_versions', { p_key: 'pages/faq', p_locale: 'es' });
    expect(es.map((v) => [v.version, v.source_version, v.body.heading])).toEqual([[2, 2, 'Preguntas frecuentes'], [1, 1, 'Preguntas (prueba)']]);
    const en = await rpcRows(t.db, staff, 'get_buzz_haven_content_versions', { p_key: 'pages/faq' });
    expect(en.map((v) => [v.version, v.source_version, v.body.heading])).toEqual([[2, null, 'FAQ'], [1, null, 'Frequently Asked Questions']]);

    const { revision } = await doc('pages/faq', 'es');
    await expect(rpcValue(t.db, staff, 'restore_buzz_haven_content_version', { p_key: 'pages/faq', p_version: 1, p_revision: revision, p_locale: 'es' }))
      .resolves.toBe(revision + 1);
    expect((await doc('pages/faq', 'es')).draft).toEqual(faqEs);
    expect((await doc('pages/faq')).draft.heading).toBe('FAQ');
  });

  test('published content: one row per published (key, locale), English first, translations as written', async () => {
    const all = await rpcRows(t.db, anon, 'get_buzz_haven_published_content');
    expect(Object.keys(all[0]).sort()).toEqual(['body', 'key', 'locale']);
    expect(all.filter((d) => d.key === 'pages/faq').map((d) => [d.locale, d.body.heading])).toEqual([['en', 'FAQ'], ['es', 'Preguntas frecuentes']]);
    // the draft-only translation of pages/about is not published
    expect(all.filter((d) => d.key === 'pages/about').map((d) => d.locale)).toEqual(['en']);
    const spanish = await rpcRows(t.db, anon, 'get_buzz_haven_published_content', { p_locale: 'es' });
    expect(spanish.map((d) => d.key)).toEqual(['pages/faq']);
    expect(spanish[0].body.items).toBeUndefined();
  });
});

describe.each(targets)('the embedded backend seeds each language from content/ on %s', (target) => {
  let t: TestDb;
  let dir: string;
  beforeAll(async () => {
    t = await openTarget(target);
    // content/ with one Spanish document of the test's own (the real Spanish files change)
    dir = mkdtempSync(join(tmpdir(), 'buzz-content-'));
    cpSync(contentDir, dir, { recursive: true, filter: (src) => !src.startsWith(join(contentDir, 'es')) });
    cpSync(join(contentDir, 'es', 'pages', 'faq.yaml'), join(dir, 'es', 'pages', 'faq.yaml'));
    writeFileSync(join(dir, 'es', 'pages', 'faq.yaml'), 'heading: Preguntas de prueba\n');
  }, SETUP_TIMEOUT);
  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    await t.close();
  }, SETUP_TIMEOUT);

  test('English and the Spanish found, once; a database without Spanish gets it at its next start', async () => {
    await expect(seedContent(t.admin, dir)).resolves.toBe(starting.length + 1);
    await expect(seedContent(t.admin, dir)).resolves.toBe(0);
    await t.admin.query("delete from buzz_haven.content_documents where locale = 'es'");
    await expect(seedContent(t.admin, dir)).resolves.toBe(1);
    const { rows } = await t.admin.query<{ published: { heading: string }; source_version: number }>(
      "select published, source_version from buzz_haven.content_documents where key = 'pages/faq' and locale = 'es'");
    expect(rows).toEqual([{ published: { heading: 'Preguntas de prueba' }, source_version: 1 }]);
  });

  test('a Spanish file invalid once completed from English names its file and field', async () => {
    writeFileSync(join(dir, 'es', 'pages', 'faq.yaml'), 'heading: 42\n');
    await t.admin.query("delete from buzz_haven.content_documents where locale = 'es'");
    await expect(seedContent(t.admin, dir)).rejects.toThrow(/^content\/es\/pages\/faq\.yaml: heading: /);
  });

  test('a database holding every language reads nothing of content/ at its next start', async () => {
    await seedContent(t.admin, contentDir);
    // A folder that does not exist: reading it would throw.
    await expect(seedContent(t.admin, join(dir, 'no-such-folder'))).resolves.toBe(0);
  });
});
