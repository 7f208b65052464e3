import '../../test/testSetup';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { FunctionsClient, FunctionsHttpError } from '@supabase/functions-js';
import { supabase } from '../../providers/supabase';
import { renderAdmin } from '../../test/testHarness';
import { FieldInput } from '../../crud/FieldInput';
import type { ContentDocument } from '../../types';

// Counts the inputs' renders; each still renders as it does in the app.
jest.mock('../../crud/FieldInput', () => {
  const actual = jest.requireActual('../../crud/FieldInput');
  return { ...actual, FieldInput: jest.fn(actual.FieldInput) };
});

// The home document's form has about 150 inputs: jsdom renders it in seconds, not milliseconds.
jest.setTimeout(60_000);

const home = parse(readFileSync(join(__dirname, '../../../../content/home.yaml'), 'utf8')) as Record<string, unknown>;
const TITLE = 'Helping Honeybees Thrive in Every Backyard';
const STALE = 'Someone else saved this document since you opened it. Reload to see their changes; your edits are still in the form.';

const documentRow = (): ContentDocument => ({
  key: 'home', title: 'Home page', draft: JSON.parse(JSON.stringify(home)), revision: 3,
  updated_at: '2026-11-20T10:00:00Z', updated_by_name: 'Owner', published: JSON.parse(JSON.stringify(home)),
  published_version: 2, published_at: '2026-11-20T10:00:00Z', published_by_name: 'Owner', has_unpublished_changes: false,
});

type Answer = { data?: unknown; error?: { message: string; code?: string }; status?: number };

/** supabase.rpc answering from `answers` (with `.eq` for the one-document read); calls recorded. */
function stubContentRpc(answers: Record<string, (args: Record<string, unknown> | undefined) => Answer>) {
  const calls: { fn: string; args?: Record<string, unknown> }[] = [];
  jest.spyOn(supabase, 'rpc').mockImplementation(((fn: string, args?: Record<string, unknown>) => {
    calls.push({ fn, args });
    const answer = answers[fn]?.(args) ?? { error: { message: `unexpected rpc ${fn}` }, status: 404 };
    const result = Promise.resolve({ data: answer.data ?? null, error: answer.error ?? null, status: answer.status ?? 200 });
    return Object.assign(result, { eq: () => result });
  }) as never);
  return calls;
}

const baseAnswers = {
  get_buzz_haven_content_documents: () => ({ data: [documentRow()] }),
  get_buzz_haven_site_builds: () => ({ data: [] }),
};

const heroTitle = async () => {
  const hero = await screen.findByRole('group', { name: 'Hero' });
  return within(hero).getByLabelText(/^Title/) as HTMLInputElement;
};

describe('Content editor', () => {
  it('opens the document in its schema form, saves the draft with the revision it loaded; an edit renders no other input', async () => {
    const calls = stubContentRpc({ ...baseAnswers, save_buzz_haven_content_draft: () => ({ data: 4 }) });
    renderAdmin('/content/home', { handlers: {} });
    expect(await screen.findByRole('heading', { name: 'Home page', level: 1 })).toBeInTheDocument();
    const title = await heroTitle();
    expect(title.value).toBe(TITLE);
    jest.mocked(FieldInput).mockClear();
    fireEvent.change(title, { target: { value: 'Bees in Every Backyard' } });
    expect(await screen.findByText('Edits not saved')).toBeInTheDocument();
    // The edit marks the form dirty; the other inputs of the form do not render again for it.
    expect(jest.mocked(FieldInput).mock.calls.length).toBe(0);
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    // the first save re-renders the whole form after a cold start: seconds on a busy machine
    expect(await screen.findByText('Draft saved', {}, { timeout: 20_000 })).toBeInTheDocument();
    expect(screen.queryByText('Edits not saved')).not.toBeInTheDocument();
    const save = calls.find((c) => c.fn === 'save_buzz_haven_content_draft')!;
    expect(save.args).toMatchObject({ p_key: 'home', p_revision: 3 });
    expect((save.args!.p_body as typeof home & { hero: { title: string } }).hero.title).toBe('Bees in Every Backyard');
    expect(screen.getByText(/Revision 4/)).toBeInTheDocument();
  });

  it('list items are added, removed and reordered, and saved in that order', async () => {
    const calls = stubContentRpc({ ...baseAnswers, save_buzz_haven_content_draft: () => ({ data: 4 }) });
    renderAdmin('/content/home', { handlers: {} });
    const mission = await screen.findByRole('group', { name: 'Mission' }, { timeout: 20_000 });
    const items = (home.mission as { items: string[] }).items;
    const inputs = () => within(mission).getAllByLabelText(/^Item/) as HTMLInputElement[];
    expect(inputs().map((i) => i.value)).toEqual(items);
    fireEvent.click(within(mission).getAllByRole('button', { name: 'Move down' })[0]);
    fireEvent.click(within(mission).getAllByRole('button', { name: 'Remove' })[items.length - 1]);
    fireEvent.click(within(mission).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(inputs()).toHaveLength(items.length), { timeout: 20_000 });
    fireEvent.change(inputs()[items.length - 1], { target: { value: 'Plant native flowers' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText('Draft saved', {}, { timeout: 20_000 })).toBeInTheDocument();
    const body = calls.find((c) => c.fn === 'save_buzz_haven_content_draft')!.args!.p_body as { mission: { items: string[] } };
    expect(body.mission.items).toEqual([items[1], items[0], ...items.slice(2, -1), 'Plant native flowers']);
  });

  it('a stale save is refused with the server message and the form keeps what was typed', async () => {
    stubContentRpc({ ...baseAnswers, save_buzz_haven_content_draft: () => ({ error: { message: STALE, code: 'PT409' }, status: 409 }) });
    renderAdmin('/content/home', { handlers: {} });
    const title = await heroTitle();
    fireEvent.change(title, { target: { value: 'Typed by me' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText(STALE)).toBeInTheDocument();
    expect((await heroTitle()).value).toBe('Typed by me');
  });

  it('Changes since last publish lists the edited field with both values', async () => {
    stubContentRpc(baseAnswers);
    renderAdmin('/content/home', { handlers: {} });
    fireEvent.change(await heroTitle(), { target: { value: 'Bees in Every Backyard' } });
    fireEvent.click(screen.getByRole('tab', { name: 'Changes since last publish' }));
    const rows = await screen.findAllByTestId('diff-row');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toHaveTextContent('hero.title');
    expect(rows[0]).toHaveTextContent(TITLE);
    expect(rows[0]).toHaveTextContent('Bees in Every Backyard');
  });

  it('Publish: an empty required field is refused at the field by the schema, nothing is sent', async () => {
    const invoke = jest.spyOn(FunctionsClient.prototype, 'invoke');
    stubContentRpc(baseAnswers);
    renderAdmin('/content/home', { handlers: {} });
    fireEvent.change(await heroTitle(), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    const hero = await screen.findByRole('group', { name: 'Hero' });
    expect(await within(hero).findByText('Required')).toBeInTheDocument();
    expect(invoke).not.toHaveBeenCalled();
    expect((await heroTitle()).value).toBe('');
  });

  it("Publish: the function's 422 issues are shown at their fields; a success names the version", async () => {
    const refusal = new FunctionsHttpError({
      status: 422,
      json: async () => ({ error: 'This document has errors', issues: [{ path: ['hero', 'title'], message: 'Too long for the hero' }] }),
    });
    const invoke = jest.spyOn(FunctionsClient.prototype, 'invoke')
      .mockResolvedValueOnce({ data: null, error: refusal } as never)
      .mockResolvedValueOnce({ data: { version: 3, build: { id: 'b1', state: 'queued' } }, error: null } as never);
    stubContentRpc(baseAnswers);
    renderAdmin('/content/home', { handlers: {} });
    await heroTitle();
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    const hero = await screen.findByRole('group', { name: 'Hero' });
    expect(await within(hero).findByText('Too long for the hero')).toBeInTheDocument();
    expect(invoke).toHaveBeenCalledWith('publish-content', { body: { key: 'home', revision: 3 } });
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('Published version 3. The site is being rebuilt.')).toBeInTheDocument();
    await waitFor(() => expect(invoke).toHaveBeenCalledTimes(2));
  });
});
