import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { AdminContext } from 'react-admin';
import { Dashboard, DASHBOARD_RESOURCES } from './Dashboard';
import { stubRpc } from '../test/rpcStub';
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

const renderDashboard = () => {
  const { client, requests } = rpcEndpoint({ get_buzz_haven_hives: () => hives });
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
  const counts: Record<string, number> = { products: 7, orders: 0, events: 4, hives: 4, content: 0, users: 3 };
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
  expect(['products', 'orders', 'events', 'hives', 'content', 'users'].map(value)).toEqual(['7', '0', '4', '4', '0', '0']);
  expect(screen.getByText('Manage your hives')).toBeTruthy();
  expect(await screen.findByText('No recent activity to display.')).toBeTruthy();
  expect(rpc).toHaveBeenCalledWith('count_table_rows', { table_name: 'hives', schema_name: 'buzz_haven' });
  expect(logged).toHaveBeenCalledWith('Failed to count users:', 'boom');
});

test('a card counts the hives due for inspection, asking the server for inspection_due=eq.true', async () => {
  stubRpc({ count_table_rows: { data: 1 } });
  const requests = renderDashboard();
  expect((await screen.findByTestId('hives-due-value')).textContent).toBe('2');
  expect(within(screen.getByTestId('hives-due-card')).getByText('Inspections due')).toBeTruthy();
  expect(requests.find((r) => r.fn === 'get_buzz_haven_hives')?.query).toBe('inspection_due=eq.true&order=name.asc,id.asc&offset=0&limit=1');
});
