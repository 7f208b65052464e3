import { useState } from 'react';
import { Button, IconButton, Tooltip, useMediaQuery, type Theme } from '@mui/material';
import ManageAccountsIcon from '@mui/icons-material/ManageAccounts';
import { usePermissions, useRecordContext } from 'react-admin';
import { ManageRolesDialog } from './ManageRolesDialog';
import { canManageRoles } from './roles';
import type { UserRecord } from '../../types';

/** The row's 'Manage Roles' action; disabled for staff, who cannot change roles. */
export const ManageRolesButton = () => {
  const user = useRecordContext<UserRecord>();
  const { permissions } = usePermissions();
  const [open, setOpen] = useState(false);
  // Phones get the icon alone (same accessible name) so the column stays narrow.
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  if (!user) return null;
  const disabled = !canManageRoles(permissions);
  return (
    <>
      {phone ? (
        <Tooltip title="Manage Roles">
          <span>
            <IconButton aria-label="Manage Roles" color="primary" disabled={disabled} onClick={() => setOpen(true)}>
              <ManageAccountsIcon />
            </IconButton>
          </span>
        </Tooltip>
      ) : (
        <Button size="small" startIcon={<ManageAccountsIcon />} disabled={disabled} onClick={() => setOpen(true)}>
          Manage Roles
        </Button>
      )}
      {open ? <ManageRolesDialog user={user} onClose={() => setOpen(false)} /> : null}
    </>
  );
};
