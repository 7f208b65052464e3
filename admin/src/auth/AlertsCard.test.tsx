import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AdminContext } from 'react-admin';
import { AlertsCard } from './AlertsCard';
import { stubRpc } from '../test/rpcStub';

afterEach(() => jest.restoreAllMocks());

test('the swarm alert switch shows the alerts in force and saves a change', async () => {
  const rpc = stubRpc({
    get_buzz_haven_my_alerts: { data: ['swarm_report'] },
    set_buzz_haven_my_alerts: (args) => ({ data: (args as { p_alerts: string[] }).p_alerts }),
  });
  render(<AdminContext><AlertsCard /></AdminContext>);
  const toggle = await screen.findByRole('switch', { name: 'E-mail me each new swarm report' }) as HTMLInputElement;
  expect(toggle.checked).toBe(true);
  fireEvent.click(toggle);
  expect(rpc).toHaveBeenCalledWith('set_buzz_haven_my_alerts', { p_alerts: [] });
  await waitFor(() => expect(toggle.checked).toBe(false));
  expect(toggle.disabled).toBe(false);
});

test('nothing shows when the alerts cannot be read', async () => {
  const rpc = stubRpc({ get_buzz_haven_my_alerts: { error: { message: 'Not signed in' }, status: 401 } });
  const { container } = render(<AdminContext><AlertsCard /></AdminContext>);
  await new Promise((done) => setTimeout(done, 0));
  expect(rpc).toHaveBeenCalledWith('get_buzz_haven_my_alerts');
  expect(container.textContent).toBe('');
});
