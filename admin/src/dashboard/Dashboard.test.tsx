import { render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { Dashboard } from './Dashboard';
import { stubRpc } from '../test/rpcStub';

afterEach(() => jest.restoreAllMocks());

test('placeholders, then the six counts; a failed count is 0 and logged', async () => {
  const counts: Record<string, number> = { products: 7, orders: 0, events: 4, hives: 4, content: 0, users: 3 };
  const rpc = stubRpc({
    count_table_rows: (args) => {
      const { table_name } = args as { table_name: string };
      return table_name === 'users' ? { error: { message: 'boom' }, status: 500 } : { data: counts[table_name] };
    },
  });
  const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter><Dashboard /></MemoryRouter>
    </QueryClientProvider>,
  );
  expect(screen.getByRole('heading', { name: 'Dashboard' })).toBeTruthy();
  expect(screen.getAllByTestId('count-loading')).toHaveLength(6);
  await screen.findAllByTestId('count-value');
  const value = (title: string) => within(screen.getByTestId(`count-card-${title}`)).getByTestId('count-value').textContent;
  expect(['products', 'orders', 'events', 'hives', 'content', 'users'].map(value)).toEqual(['7', '0', '4', '4', '0', '0']);
  expect(screen.getByText('Manage your hives')).toBeTruthy();
  expect(screen.getByText('No recent activity to display.')).toBeTruthy();
  expect(rpc).toHaveBeenCalledWith('count_table_rows', { table_name: 'hives', schema_name: 'buzz_haven' });
  expect(logged).toHaveBeenCalledWith('Failed to count users:', 'boom');
});
