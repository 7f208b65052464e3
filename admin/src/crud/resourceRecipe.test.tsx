/**
 * The recipe for a new resource (docs/back-office.md, 'Adding a resource'), walked through in the
 * back office: the page's `bees` declaration, compiled as written, is added to
 * a copy of the registry (`resources/index.ts` plus its one array line), and nothing else. Its
 * generated list, create form and detail page with History work, Recent Activity links its
 * entries, and a hive's page lists its bees (declared on the child). The migration half of the
 * recipe is tests/sql/resource-recipe.test.ts.
 */
import '../test/testSetup';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { resources } from '../resources';
import { recipeDeclarationSource } from '../test/docsRecipe';
import { renderAdmin, RpcRefusal, type RpcHandler } from '../test/testHarness';
import { activityLink } from './activityLink';

// Step 3 of the recipe: the registry with one more entry.
jest.mock('../resources', () => {
  const actual = jest.requireActual('../resources');
  const { recipeDeclaration } = jest.requireActual('../test/docsRecipe');
  return { ...actual, resources: [...actual.resources, recipeDeclaration()] };
});

// What `npm run gen:rules` adds to the generated rules once the recipe's migration is in
// (tests/sql/resource-recipe.test.ts checks that the migration gives exactly this).
jest.mock('./tableRules.generated', () => {
  const actual = jest.requireActual('./tableRules.generated');
  return { tableRules: { ...actual.tableRules, bees: { name: { maxLength: 200, required: true } } } };
});

const HIVE = { id: 'h1', name: 'North Hive', status: 'active' };
const BEE = { id: 'b1', name: 'Buzz', hive_id: 'h1', created_at: '2026-11-26T09:00:00Z', updated_at: '2026-11-26T09:00:00Z' };
const handlers: Record<string, RpcHandler> = {
  get_buzz_haven_bees: () => [BEE],
  get_buzz_haven_hives: () => [HIVE],
  get_buzz_haven_inspections: () => [],
  get_buzz_haven_treatments: () => [],
  get_buzz_haven_activity: () => [
    { id: 2, actor_name: 'Stan', action: 'update', resource: 'bees', record_id: 'b1', summary: 'Updated bee Buzz: name', created_at: '2026-11-26T09:05:00Z' },
    { id: 1, actor_name: 'Stan', action: 'create', resource: 'bees', record_id: 'b1', summary: 'Created bee Bee', created_at: '2026-11-26T09:00:00Z' },
  ],
};

test('the declaration is at most 60 lines and is registered by the one array line', () => {
  expect(recipeDeclarationSource().trimEnd().split('\n').length).toBeLessThanOrEqual(60);
  expect(resources.map((r) => r.name)).toContain('bees');
});

test('list: the generated page, its columns and the hive by name', async () => {
  const { requests } = renderAdmin('/bees', { handlers });
  expect(await screen.findByRole('heading', { name: 'Bees', level: 1 })).toBeInTheDocument();
  const row = (await screen.findAllByRole('row'))[1]!;
  await waitFor(() => expect(within(row).getByText('Buzz')).toBeInTheDocument());
  await waitFor(() => expect(within(row).getByText('North Hive')).toBeInTheDocument());
  expect(requests.find((r) => r.fn === 'get_buzz_haven_bees')?.query).toBe('order=id.asc&offset=0&limit=10');
});

test('create: the generated form sends the RPC its named arguments', async () => {
  const { calls } = renderAdmin('/bees/create', {
    handlers: { ...handlers, create_buzz_haven_bee: (args) => ({ ...BEE, name: args?.p_name, hive_id: null }) },
  });
  fireEvent.click(await screen.findByRole('button', { name: 'Save' }));
  expect(await screen.findByText('Name is required')).toBeInTheDocument();
  fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: 'Buzz' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(calls.filter((c) => c.fn === 'create_buzz_haven_bee').map((c) => c.args)).toEqual([{ p_name: 'Buzz', p_hive_id: null }]));
});

test("the form checks the table's bound before sending, with the label's message", async () => {
  const { calls } = renderAdmin('/bees/create', { handlers });
  fireEvent.change(await screen.findByLabelText(/^Name/), { target: { value: 'x'.repeat(201) } });
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  expect(await screen.findByText('Name is too long (200 characters at most)')).toBeInTheDocument();
  expect(calls.filter((c) => c.fn === 'create_buzz_haven_bee')).toEqual([]);
});

test("a constraint the server reports broken: its message (buzz_haven.constraint_messages) at the field, the values kept", async () => {
  renderAdmin('/bees/create', {
    handlers: {
      ...handlers,
      create_buzz_haven_bee: () => {
        throw new RpcRefusal('Name must be 1 to 200 characters', 400, '23514', '{"field" : "name", "constraint" : "bees_name_length"}');
      },
    },
  });
  const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined); // the failed mutation is logged
  fireEvent.change(await screen.findByLabelText(/^Name/), { target: { value: 'A name the server refuses' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  const input = screen.getByLabelText(/^Name/);
  await waitFor(() => expect(input).toHaveAttribute('aria-invalid', 'true'));
  expect(document.getElementById(`${input.id}-helper-text`)?.textContent).toContain('Name must be 1 to 200 characters');
  expect(input).toHaveValue('A name the server refuses');
  expect(logged).toHaveBeenCalledWith(expect.objectContaining({ body: expect.objectContaining({ errors: { name: 'Name must be 1 to 200 characters' } }) }));
});

test('detail: the fields, Edit and Delete, and the History of the record from the activity log', async () => {
  const { requests } = renderAdmin('/bees/b1/show', { handlers });
  expect(await screen.findByRole('heading', { name: 'Bee details' })).toBeInTheDocument();
  await waitFor(() => expect(within(document.querySelector<HTMLElement>('[data-field="name"]')!).getByText('Buzz')).toBeInTheDocument());
  expect(screen.getByRole('link', { name: /Edit/ })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: /Delete/ })).toBeInTheDocument();
  const history = within(screen.getByRole('region', { name: 'History' }));
  expect(await history.findByText(/Updated bee Buzz: name/)).toBeInTheDocument();
  expect(history.getAllByTestId('history-entry')).toHaveLength(2);
  expect(requests.find((r) => r.fn === 'get_buzz_haven_activity')?.query).toContain('record_id=eq.b1');
});

test("Recent Activity links a bee's entry to its page: the table in the log is the declaration's", () => {
  expect(activityLink({ action: 'create', resource: 'bees', record_id: 'b1' }, resources)).toBe('/admin/bees/b1/show');
  expect(activityLink({ action: 'delete', resource: 'bees', record_id: 'b1' }, resources)).toBeNull();
});

test("a hive's page lists its bees: the related list declared on the child", async () => {
  const { requests } = renderAdmin('/hives/h1/show', { handlers });
  const list = within(await screen.findByRole('region', { name: 'Bees' }));
  expect(await list.findByText('Buzz')).toBeInTheDocument();
  await waitFor(() => expect(requests.find((r) => r.fn === 'get_buzz_haven_bees')?.query).toBe('hive_id=eq.h1&order=name.asc,id.asc&offset=0&limit=10'));
  // The hive's own inspections (declared on inspections) still come first.
  const regions = screen.getAllByRole('region').map((r) => r.getAttribute('aria-label'));
  expect(regions.indexOf('Inspections')).toBeLessThan(regions.indexOf('Bees'));
});
