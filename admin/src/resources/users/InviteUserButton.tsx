import { useState } from 'react';
import { Button } from '@mui/material';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import { usePermissions } from 'react-admin';
import { InviteUserDialog } from './InviteUserDialog';
import { canManageRoles } from './roles';

/** 'Invite User' in the Users header: owners and admins only (the database checks it too). */
export const InviteUserButton = () => {
  const { permissions } = usePermissions();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="contained" startIcon={<PersonAddIcon />} disabled={!canManageRoles(permissions)} onClick={() => setOpen(true)}>
        Invite User
      </Button>
      {open ? <InviteUserDialog onClose={() => setOpen(false)} /> : null}
    </>
  );
};
