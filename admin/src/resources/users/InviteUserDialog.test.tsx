import '../../test/testSetup';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { FunctionsClient, FunctionsHttpError } from '@supabase/functions-js';
import users from './index';
import { UserList } from './UserList';
import { renderResource } from '../../test/testHarness';

const handlers = { get_buzz_haven_users: () => [] };

const openInvite = async () => {
  const button = await screen.findByRole('button', { name: 'Invite User' });
  await waitFor(() => expect(button).toBeEnabled());
  fireEvent.click(button);
  return screen.findByRole('dialog', { name: 'Invite User' });
};

afterEach(() => jest.restoreAllMocks());

describe('Invite User', () => {
  it('sends e-mail and role to the invite-user function, with the set-password page as landing', async () => {
    const invoke = jest.spyOn(FunctionsClient.prototype, 'invoke').mockResolvedValue({ data: { role: 'staff' }, error: null } as never);
    renderResource(users, <UserList />, { handlers });
    const dialog = await openInvite();
    fireEvent.change(within(dialog).getByLabelText(/^Email/), { target: { value: ' new@example.com ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Invitation sent to new@example.com')).toBeInTheDocument();
    expect(invoke).toHaveBeenCalledWith('invite-user', {
      body: { email: 'new@example.com', role: 'staff', redirectTo: 'http://localhost/auth/set-password' },
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("shows the function's refusal and keeps the dialog open", async () => {
    const refusal = new FunctionsHttpError({ status: 403, json: async () => ({ error: 'Only an owner or admin can invite users' }) });
    jest.spyOn(FunctionsClient.prototype, 'invoke').mockResolvedValue({ data: null, error: refusal } as never);
    renderResource(users, <UserList />, { handlers });
    const dialog = await openInvite();
    fireEvent.change(within(dialog).getByLabelText(/^Email/), { target: { value: 'new@example.com' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog).findByText('Only an owner or admin can invite users')).toBeInTheDocument();
  });

  it('is disabled for staff, and an admin cannot pick Owner', async () => {
    const staff = renderResource(users, <UserList />, { handlers, role: 'staff' });
    const button = await screen.findByRole('button', { name: 'Invite User' });
    expect(button).toBeDisabled();
    staff.unmount();
    renderResource(users, <UserList />, { handlers, role: 'admin' });
    const dialog = await openInvite();
    fireEvent.mouseDown(within(dialog).getByRole('combobox'));
    expect(screen.getByRole('option', { name: 'Owner' })).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('option', { name: 'Admin' })).not.toHaveAttribute('aria-disabled');
  });
});
