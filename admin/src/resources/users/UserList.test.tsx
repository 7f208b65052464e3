import '../../test/testSetup';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import users from './index';
import { UserList } from './UserList';
import { RpcRefusal, renderResource, type RpcHandler } from '../../test/testHarness';

const owner = {
  id: 'u1', auth_user_id: 'a1', name: 'Olive Owner', email: 'owner@example.com', role: 'owner',
  is_active: true, created_at: '2026-01-05T12:00:00Z',
};
const pending = {
  id: 'u2', auth_user_id: 'a2', name: 'Pat Pending', email: 'pat@example.com', role: null,
  is_active: true, created_at: '2026-02-07T12:00:00Z',
};
const retired = {
  id: 'u3', auth_user_id: 'a3', name: 'Sam Staff', email: 'sam@example.com', role: 'staff',
  is_active: false, created_at: '2026-03-09T12:00:00Z',
};

/** A users table behind the two RPCs: set_buzz_haven_user_role changes the row it returns. */
const usersBackend = (rows = [owner, pending, retired]): Record<string, RpcHandler> => {
  const table = rows.map((r) => ({ ...r }));
  return {
    get_buzz_haven_users: () => table.map((r) => ({ ...r })),
    set_buzz_haven_user_role: (args) => {
      const row = table.find((r) => r.id === args?.p_id)!;
      if (args?.p_role != null) row.role = args.p_role === 'none' ? null : (args.p_role as string);
      if (args?.p_is_active != null) row.is_active = args.p_is_active as boolean;
      return { ...row };
    },
  };
};

const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr')!;

/** Permissions load asynchronously: the button is enabled once the role is known. */
const openManageRoles = async (name: string) => {
  const row = await rowOf(name);
  const button = within(row).getByRole('button', { name: 'Manage Roles' });
  await waitFor(() => expect(button).toBeEnabled());
  fireEvent.click(button);
  await screen.findByRole('dialog');
};

const chooseRole = (label: string) => {
  const dialog = screen.getByRole('dialog');
  fireEvent.mouseDown(within(dialog).getByRole('combobox'));
  fireEvent.click(screen.getByRole('option', { name: label }));
};

describe('Users list', () => {
  it('shows name, email, role, status, joined date and Manage Roles', async () => {
    renderResource(users, <UserList />, { handlers: usersBackend() });
    const row = await rowOf('Pat Pending');
    for (const header of ['Name', 'Email', 'Role', 'Status', 'Joined', 'Actions']) {
      expect(screen.getByRole('columnheader', { name: new RegExp(header) })).toBeInTheDocument();
    }
    expect(within(row).getByText('pat@example.com')).toBeInTheDocument();
    expect(within(row).getByText('Pending approval')).toBeInTheDocument();
    expect(within(row).getByText('Active')).toBeInTheDocument();
    expect(within(row).getByText(new Date(pending.created_at).toLocaleDateString())).toBeInTheDocument();
    expect(within(await rowOf('Sam Staff')).getByText('Inactive')).toBeInTheDocument();
    expect(within(await rowOf('Olive Owner')).getByText('Owner')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Manage Roles' })).toBeEnabled();
  });

  it('grants a role: only the role is sent, the toast confirms, the row updates', async () => {
    const { calls } = renderResource(users, <UserList />, { handlers: usersBackend() });
    await openManageRoles('Pat Pending');
    chooseRole('Staff');
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('User updated successfully')).toBeInTheDocument();
    expect(calls.filter((c) => c.fn === 'set_buzz_haven_user_role')).toEqual([
      { fn: 'set_buzz_haven_user_role', args: { p_id: 'u2', p_role: 'staff', p_is_active: null } },
    ]);
    await waitFor(async () => expect(within(await rowOf('Pat Pending')).getByText('Staff')).toBeInTheDocument());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('revokes with p_role none and reactivates with p_is_active', async () => {
    const { calls } = renderResource(users, <UserList />, { handlers: usersBackend() });
    await openManageRoles('Sam Staff');
    chooseRole('No role');
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('switch', { name: 'Active' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Save' }));
    await screen.findByText('User updated successfully');
    expect(calls.find((c) => c.fn === 'set_buzz_haven_user_role')?.args).toEqual({
      p_id: 'u3', p_role: 'none', p_is_active: true,
    });
  });

  it("shows the database's refusal and keeps the dialog open", async () => {
    const handlers = {
      ...usersBackend(),
      set_buzz_haven_user_role: () => { throw new RpcRefusal('You cannot change your own role'); },
    };
    // react-admin logs every failed data provider call in development builds.
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderResource(users, <UserList />, { handlers });
    await openManageRoles('Olive Owner');
    chooseRole('Staff');
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('You cannot change your own role')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(within(await rowOf('Olive Owner')).getByText('Owner')).toBeInTheDocument();
    expect(logged).toHaveBeenCalledWith(expect.objectContaining({ status: 403 }));
  });

  it('lets an admin grant every role but owner', async () => {
    renderResource(users, <UserList />, { handlers: usersBackend(), role: 'admin' });
    await openManageRoles('Pat Pending');
    fireEvent.mouseDown(within(screen.getByRole('dialog')).getByRole('combobox'));
    expect(screen.getByRole('option', { name: 'Owner' })).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('option', { name: 'Staff' })).not.toHaveAttribute('aria-disabled');
  });

  it('disables Manage Roles for staff', async () => {
    renderResource(users, <UserList />, { handlers: usersBackend(), role: 'staff' });
    const row = await rowOf('Pat Pending');
    await waitFor(() => expect(within(row).getByRole('button', { name: 'Manage Roles' })).toBeDisabled());
  });

  it('shows the empty text and Invite User when there are no users', async () => {
    renderResource(users, <UserList />, { handlers: { get_buzz_haven_users: () => [] } });
    expect(await screen.findByText('No users found.')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Invite User' }).length).toBeGreaterThan(0);
  });
});
