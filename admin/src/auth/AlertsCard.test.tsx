import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AdminContext } from 'react-admin';
import { AlertsCard, choiceOf, withChoice } from './AlertsCard';
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

test('new orders and registrations: off, each one or a daily digest, saved with the other alerts kept', async () => {
  const rpc = stubRpc({
    get_buzz_haven_my_alerts: { data: ['swarm_report'] },
    set_buzz_haven_my_alerts: (args) => ({ data: (args as { p_alerts: string[] }).p_alerts }),
  });
  render(<AdminContext><AlertsCard /></AdminContext>);
  const orders = await screen.findByRole('radiogroup', { name: 'New orders' });
  const registrations = screen.getByRole('radiogroup', { name: 'New workshop registrations' });
  expect((within(orders).getByRole('radio', { name: 'Off' }) as HTMLInputElement).checked).toBe(true);
  fireEvent.click(within(orders).getByRole('radio', { name: 'A daily digest' }));
  expect(rpc).toHaveBeenLastCalledWith('set_buzz_haven_my_alerts', { p_alerts: ['swarm_report', 'order_digest'] });
  await waitFor(() => expect((within(orders).getByRole('radio', { name: 'A daily digest' }) as HTMLInputElement).checked).toBe(true));
  fireEvent.click(within(registrations).getByRole('radio', { name: 'An e-mail for each new registration' }));
  expect(rpc).toHaveBeenLastCalledWith('set_buzz_haven_my_alerts', { p_alerts: ['swarm_report', 'order_digest', 'registration'] });
  await waitFor(() => expect((within(registrations).getByRole('radio', { name: 'An e-mail for each new registration' }) as HTMLInputElement).checked).toBe(true));
  fireEvent.click(within(orders).getByRole('radio', { name: 'An e-mail for each new order' }));
  expect(rpc).toHaveBeenLastCalledWith('set_buzz_haven_my_alerts', { p_alerts: ['swarm_report', 'order', 'registration'] });
  await waitFor(() => expect((within(orders).getByRole('radio', { name: 'An e-mail for each new order' }) as HTMLInputElement).checked).toBe(true));
});

test('withChoice replaces a kind\'s choice only; choiceOf reads it back', () => {
  expect(withChoice(['order', 'swarm_report'], 'order', 'digest')).toEqual(['swarm_report', 'order_digest']);
  expect(withChoice(['order_digest', 'registration'], 'registration', 'off')).toEqual(['order_digest']);
  expect(choiceOf(['registration_digest'], 'registration')).toBe('digest');
  expect(choiceOf(['registration_digest'], 'order')).toBe('off');
});
