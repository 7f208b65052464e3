import { useState } from 'react';
import { Button } from '@mui/material';
import ManageAccountsIcon from '@mui/icons-material/ManageAccounts';
import { usePermissions, useRecordContext } from 'react-admin';
import { ManageRolesDialog } from './ManageRolesDialog';
import { canManageRoles } from './roles';
import type { UserRecord } from './UserList';

/** The row's 'Manage Roles' action; disabled for staff, who cannot change roles. */
export const ManageRolesButton = () => {
  const user = useRecordContext<UserRecord>();
  const { permissions } = usePermissions();
  const [open, setOpen] = useState(false);
  if (!user) return null;
  return (
    <>
      <Button
        size="small"
        startIcon={<ManageAccountsIcon />}
        disabled={!canManageRoles(permissions)}
        onClick={() => setOpen(true)}
      >
        Manage Roles
      </Button>
      {open ? <ManageRolesDialog user={user} onClose={() => setOpen(false)} /> : null}
    </>
  );
};
