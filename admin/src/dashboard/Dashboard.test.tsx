import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { AdminContext } from 'react-admin';
import { Dashboard, DASHBOARD_RESOURCES } from './Dashboard';
import { stubRpc } from '../test/rpcStub';
import { supabase } from '../providers/supabase';
import { rpcEndpoint } from '../test/postgrestEndpoint';
import { createRpcDataProvider } from '../providers/dataProvider';
import { resources } from '../resources';
import { i18nProvider } from '../i18n/i18nProvider';

afterEach(() => jest.restoreAllMocks());

const hives = [
  { id: 'h1', name: 'Rooftop', inspection_due: true },
  { id: 'h2', name: 'Garden', inspection_due: false },
  { id: 'h3', name: 'Orchard', inspection_due: true },
];

const renderDashboard = (activity: Record<string, unknown>[] = [], outbox: Record<string, unknown>[] = []) => {
  const { client, requests } = rpcEndpoint({
    get_buzz_haven_outbox_messages: () => outbox,
    get_buzz_haven_hives: () => hives,
    get_buzz_haven_activity: () => activity,
    get_buzz_haven_swarm_reports: () => [{ id: 's1', status: 'new' }, { id: 's2', status: 'called_back' }, { id: 's3', status: 'collected' }],
  });
  render(
    <MemoryRouter>
      <AdminContext dataProvider={createRpcDataProvider(resources, client)} i18nProvider={i18nProvider}>
        <Dashboard />
      </AdminContext>
    </MemoryRouter>,
  );
  return requests;
};

test('the cards come from the declarations, in the seed order, with their icons', () => {
  expect(DASHBOARD_RESOURCES.map((r) => r.name)).toEqual(['products', 'orders', 'events', 'hives', 'content', 'users']);
});

test('placeholders, then the six counts; a failed count is 0 and logged', async () => {
  const counts: Record<string, number> = { products: 7, orders: 20000, events: 4, hives: 4, content: 0, users: 3 };
  const rpc = stubRpc({
    count_table_rows: (args) => {
      const { table_name } = args as { table_name: string };
      return table_name === 'users' ? { error: { message: 'boom' }, status: 500 } : { data: counts[table_name] };
    },
  });
  const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  renderDashboard();
  expect(screen.getByRole('heading', { name: 'Dashboard' })).toBeTruthy();
  expect(screen.getAllByTestId('count-loading')).toHaveLength(6);
  await screen.findAllByTestId('count-value');
  const value = (title: string) => within(screen.getByTestId(`count-card-${title}`)).getByTestId('count-value').textContent;
  expect(['products', 'orders', 'events', 'hives', 'content', 'users'].map(value)).toEqual(['7', '20,000', '4', '4', '0', '0']);
  expect(screen.getByText('Manage your hives')).toBeTruthy();
  expect(await screen.findByText('No recent activity to display.')).toBeTruthy();
  expect(rpc).toHaveBeenCalledWith('count_table_rows', { table_name: 'hives', schema_name: 'buzz_haven' });
  expect(logged).toHaveBeenCalledWith('Failed to count users:', 'boom');
});

test('a count refused as signed out (401, a re-run while Sign Out is under way) is 0 without a log', async () => {
  stubRpc({ count_table_rows: { error: { message: 'You are signed out. Sign in again.', code: '42501' }, status: 401 } });
  const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  renderDashboard();
  const values = await screen.findAllByTestId('count-value');
  expect(values.map((v) => v.textContent)).toEqual(['0', '0', '0', '0', '0', '0']);
  expect(logged).not.toHaveBeenCalledWith(expect.stringMatching(/^Failed to count/), expect.anything());
});

test('a card counts the hives due for inspection, asking the server for inspection_due=eq.true', async () => {
  stubRpc({ count_table_rows: { data: 1 } });
  const requests = renderDashboard();
  expect((await screen.findByTestId('hives-due-value')).textContent).toBe('2');
  expect(within(screen.getByTestId('hives-due-card')).getByText('Inspections due')).toBeTruthy();
  expect(requests.find((r) => r.fn === 'get_buzz_haven_hives')?.query).toBe('inspection_due=eq.true&order=name.asc,id.asc&offset=0&limit=1');
});

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();

test('Recent Activity: the latest ten entries, newest first, with who, what, a link to the record and when', async () => {
  stubRpc({ count_table_rows: { data: 1 } });
  const entries = Array.from({ length: 12 }, (_, i) => ({
    id: i + 1, actor_name: i % 2 ? 'Owner' : 'Visitor', action: i === 11 ? 'status' : 'create', resource: 'orders',
    record_id: `00000000-0000-4000-8000-0000000000${String(i + 10)}`, summary: `Created order BH-${1001 + i}`,
    created_at: minutesAgo(12 - i),
  }));
  entries.push({ id: 13, actor_name: 'Owner', action: 'delete', resource: 'hives', record_id: 'x', summary: 'Deleted hive Old', created_at: minutesAgo(0) });
  const requests = renderDashboard(entries);
  const items = await screen.findAllByTestId('activity-entry');
  expect(items).toHaveLength(10);
  expect(items[0].textContent).toMatch(/^Owner · Deleted hive Oldjust now · /);
  expect(within(items[0]).queryByRole('link')).toBeNull(); // a deleted record has no page
  expect(items[1].textContent).toMatch(/^Owner · Created order BH-1012\d+ minutes? ago · /);
  expect(within(items[1]).getByRole('link', { name: 'Created order BH-1012' }).getAttribute('href'))
    .toBe('/admin/orders/00000000-0000-4000-8000-000000000021/show');
  expect(requests.find((r) => r.fn === 'get_buzz_haven_activity')?.query).toBe('order=id.desc&offset=0&limit=10');
  expect(screen.queryByText('No recent activity to display.')).toBeNull();
});

test('open swarm reports: the count of new and called-back reports, asked of the server', async () => {
  stubRpc({ count_table_rows: { data: 1 } });
  const requests = renderDashboard();
  expect((await screen.findByTestId('swarm-open-value')).textContent).toBe('2');
  expect(requests.find((r) => r.fn === 'get_buzz_haven_swarm_reports')?.query).toBe(
    'status=in.(new,called_back)&order=created_at.desc,id.asc&offset=0&limit=1');
});

/** supabase.rpc answering from `answers` by name, `.eq()` included (getContentDocument filters on the server). */
function stubRpcWithFilters(answers: Record<string, unknown>) {
  return jest.spyOn(supabase, 'rpc').mockImplementation(((fn: string) => {
    const result = Promise.resolve({ data: answers[fn] ?? null, error: null, status: 200 });
    return Object.assign(result, { eq: () => result });
  }) as never);
}

describe('the swarm season is the one catalog/swarm publishes, read from the database', () => {
  const month = new Date().toLocaleString('en-US', { month: 'long' });
  const other = new Date(2026, (new Date().getMonth() + 6) % 12, 1).toLocaleString('en-US', { month: 'long' });
  const published = (season: string) => [{ key: 'catalog/swarm', published: { hotlineSeason: season } }];

  test('in season: the open swarm reports card comes first and names the season', async () => {
    const rpc = stubRpcWithFilters({ count_table_rows: 1, get_buzz_haven_content_documents: published(`${month}-${month}`) });
    renderDashboard();
    expect(await screen.findByText(`Swarm season (${month}-${month})`)).toBeTruthy();
    expect(screen.getAllByTestId(/^(swarm-open-card|count-card-.*)$/)[0]!.dataset.testid).toBe('swarm-open-card');
    expect(rpc).toHaveBeenCalledWith('get_buzz_haven_content_documents');
  });

  test('out of season: the card sits beside the hives due, without the season', async () => {
    stubRpcWithFilters({ count_table_rows: 1, get_buzz_haven_content_documents: published(`${other}-${other}`) });
    renderDashboard();
    expect(await screen.findByText('New or called back')).toBeTruthy();
    expect(screen.getAllByTestId(/^(swarm-open-card|count-card-.*)$/)[0]!.dataset.testid).toBe('count-card-products');
    expect(screen.queryByText(/Swarm season/)).toBeNull();
  });
});

test('failed e-mails: a warning with their count and the way to the Outbox; none while nothing failed', async () => {
  stubRpc({ count_table_rows: { data: 1 } });
  const requests = renderDashboard([], [
    { id: 'm1', state: 'dead', created_at: minutesAgo(5) }, { id: 'm2', state: 'dead', created_at: minutesAgo(4) },
    { id: 'm3', state: 'sent', created_at: minutesAgo(3) },
  ]);
  const alert = await screen.findByRole('alert');
  expect(alert.textContent).toContain('2 e-mails could not be sent.');
  expect(within(alert).getByRole('link', { name: 'Open Outbox' }).getAttribute('href'))
    .toBe('/admin/outbox?filter=%7B%22state%22%3A%22dead%22%7D');
  expect(requests.find((r) => r.fn === 'get_buzz_haven_outbox_messages')?.query).toBe('state=eq.dead&order=created_at.desc,id.asc&offset=0&limit=1');
});

test('no failed e-mails: no warning', async () => {
  stubRpc({ count_table_rows: { data: 1 } });
  const requests = renderDashboard([], [{ id: 'm3', state: 'sent', created_at: minutesAgo(3) }]);
  await screen.findAllByTestId('count-value');
  await screen.findByText('No recent activity to display.');
  expect(requests.some((r) => r.fn === 'get_buzz_haven_outbox_messages')).toBe(true);
  expect(screen.queryByRole('alert')).toBeNull();
});
