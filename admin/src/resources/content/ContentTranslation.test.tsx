import '../../test/testSetup';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { FunctionsClient, FunctionsHttpError } from '@supabase/functions-js';
import { supabase } from '../../providers/supabase';
import { renderAdmin, renderResource } from '../../test/testHarness';
import type { ContentDocument } from '../../types';
import content from './index';
import { ContentList } from './ContentList';

// A generated form of a few dozen inputs: jsdom renders it in seconds on a busy machine.
jest.setTimeout(60_000);

const faq = parse(readFileSync(join(__dirname, '../../../../content/pages/faq.yaml'), 'utf8')) as Record<string, any>;
const copy = <T,>(value: T): T => JSON.parse(JSON.stringify(value));

const row = (locale: 'en' | 'es', extra: Partial<ContentDocument>): ContentDocument => ({
  key: 'pages/faq', title: 'FAQ', draft: copy(faq), revision: 3, updated_at: '2026-11-20T10:00:00Z', updated_by_name: 'Owner',
  published: copy(faq), published_version: 2, published_at: '2026-11-20T10:00:00Z', published_by_name: 'Owner',
  has_unpublished_changes: false, locale, source_version: null, needs_translation: false, ...extra,
});
const spanish = { heading: 'Preguntas frecuentes', seo: { title: 'Preguntas', description: 'Respuestas sobre Buzz Haven.' } };

/** supabase.rpc answering by function and language (p_locale), with `.eq` for the one-document read; calls recorded. */
function stubByLocale(answers: Record<string, (args: Record<string, any> | undefined) => unknown>) {
  const calls: { fn: string; args?: Record<string, any> }[] = [];
  jest.spyOn(supabase, 'rpc').mockImplementation(((fn: string, args?: Record<string, any>) => {
    calls.push({ fn, args });
    const answer = answers[fn];
    const result = Promise.resolve(answer
      ? { data: answer(args), error: null, status: 200 }
      : { data: null, error: { message: `unexpected rpc ${fn}` }, status: 404 });
    return Object.assign(result, { eq: () => result });
  }) as never);
  return calls;
}

test('the Content list: the Spanish state of each document and how many of its fields show the English words', async () => {
  const home = { key: 'home', title: 'Home page' };
  stubByLocale({
    get_buzz_haven_content_documents: (args) => (args?.p_locale === 'es'
      ? [row('es', { ...home, published: null, published_version: null, revision: 0, draft: {} }), row('es', { draft: spanish, published: spanish })]
      : [row('en', { ...home, needs_translation: true }), row('en', { needs_translation: true })]),
    get_buzz_haven_site_builds: () => [],
  });
  renderResource(content, <ContentList />, { handlers: {} });
  expect(await screen.findByRole('columnheader', { name: 'Español' })).toBeInTheDocument();
  const rows = await screen.findAllByTestId('content-row');
  await waitFor(() => expect(rows[1]).toHaveTextContent('Needs translation'));
  expect(rows[0]).toHaveTextContent('Not translated');
  // intro, items and closing fall back to English
  expect(within(rows[1]).getByTestId('fallback-count')).toHaveTextContent('3 fields in English');
});

describe('the Español tab of the Content editor', () => {
  const answers = (esRevision = 1) => ({
    get_buzz_haven_content_documents: (args?: Record<string, any>) => (args?.p_locale === 'es'
      ? [row('es', { draft: copy(spanish), published: copy(spanish), revision: esRevision, published_version: 1, source_version: 1, needs_translation: true })]
      : [row('en', { needs_translation: true })]),
    get_buzz_haven_site_builds: () => [],
    save_buzz_haven_content_draft: () => esRevision + 1,
  });

  it('opens the Spanish draft in the same form and lists the fields that show the English words', async () => {
    const calls = stubByLocale(answers());
    renderAdmin('/content/pages/faq?locale=es', { handlers: {} });
    const languages = await screen.findByRole('tablist', { name: 'Language' });
    expect(within(languages).getByRole('tab', { name: 'Español' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getAllByText('Needs translation').length).toBeGreaterThan(0);
    const heading = (await screen.findAllByLabelText(/^Heading/))[0] as HTMLInputElement;
    expect(heading.value).toBe('Preguntas frecuentes');
    const fallback = screen.getByTestId('fallback-fields');
    expect(fallback).toHaveTextContent('These fields show the English words: intro, items, closing');
    fireEvent.change(screen.getByLabelText(/^Intro/), { target: { value: 'Todo sobre las abejas.' } });
    await waitFor(() => expect(fallback).toHaveTextContent('These fields show the English words: items, closing'));

    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText(/Draft saved/, {}, { timeout: 20_000 })).toBeInTheDocument();
    const save = calls.find((c) => c.fn === 'save_buzz_haven_content_draft')!;
    expect(save.args).toMatchObject({ p_key: 'pages/faq', p_revision: 1, p_locale: 'es', p_body: { intro: 'Todo sobre las abejas.', heading: 'Preguntas frecuentes' } });
  });

  it('Publish names the English and the Spanish revisions; a Spanish 422 is shown at its field, an English one named', async () => {
    const refusal = new FunctionsHttpError({
      status: 422,
      json: async () => ({ error: 'This document has errors', issues: [
        { path: ['heading'], message: 'Too long for the heading', locale: 'es' },
        { path: ['intro'], message: 'Required' },
      ] }),
    });
    const invoke = jest.spyOn(FunctionsClient.prototype, 'invoke')
      .mockResolvedValueOnce({ data: null, error: refusal } as never)
      .mockResolvedValueOnce({ data: { version: 3, translations: { es: 2 }, build: { id: 'b1', state: 'queued' } }, error: null } as never);
    stubByLocale(answers());
    renderAdmin('/content/pages/faq?locale=es', { handlers: {} });
    await screen.findAllByLabelText(/^Heading/);
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('Too long for the heading', { selector: 'p' })).toBeInTheDocument();
    expect(screen.getByText((_, el) => el?.tagName === 'LI' && el.textContent === 'English: intro: Required')).toBeInTheDocument();
    expect(invoke).toHaveBeenCalledWith('publish-content', { body: { key: 'pages/faq', revision: 3, translations: { es: 1 } } });
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('Published version 3. The site is being rebuilt.')).toBeInTheDocument();
  });

  it('the English tab opens the English draft', async () => {
    stubByLocale(answers());
    renderAdmin('/content/pages/faq?locale=es', { handlers: {} });
    const languages = await screen.findByRole('tablist', { name: 'Language' });
    fireEvent.click(within(languages).getByRole('tab', { name: 'English' }));
    await waitFor(() => expect(((screen.getAllByLabelText(/^Heading/))[0] as HTMLInputElement).value).toBe(faq.heading));
    expect(screen.queryByTestId('fallback-fields')).not.toBeInTheDocument();
  });
});
