import { useState } from 'react';
import {
  Button, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, MenuItem, Switch,
  TextField,
} from '@mui/material';
import { useNotify, usePermissions, useUpdate } from 'react-admin';
import { ROLE_CHOICES, canGrant, type RoleChange, type RoleChoice } from './roles';
import type { UserRecord } from '../../types';

export interface ManageRolesDialogProps {
  user: UserRecord;
  onClose: () => void;
}

/**
 * Grants or revokes a role and (de)activates an account. Only what changed is sent, so e.g.
 * deactivating someone never re-sends their role; the database has the last word and its
 * message (such as refusing to change your own role) is shown as is.
 */
export const ManageRolesDialog = ({ user, onClose }: ManageRolesDialogProps) => {
  const initialRole: RoleChoice = user.role ?? 'none';
  const [role, setRole] = useState<RoleChoice>(initialRole);
  const [isActive, setIsActive] = useState(user.is_active);
  const { permissions } = usePermissions();
  const notify = useNotify();
  // Untyped: the change ({ role: 'none' }) is RPC input, not a users row.
  const [update, { isPending }] = useUpdate();

  const save = () => {
    const data: RoleChange = {};
    if (role !== initialRole) data.role = role;
    if (isActive !== user.is_active) data.is_active = isActive;
    if (Object.keys(data).length === 0) return onClose();
    update(
      'users',
      { id: user.id, data, previousData: user },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          notify('User updated successfully', { type: 'success' });
          onClose();
        },
        onError: (error) =>
          notify((error as Error)?.message || 'Failed to update user', { type: 'error' }),
      },
    );
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="manage-roles-title">
      <DialogTitle id="manage-roles-title">Manage Roles: {user.name}</DialogTitle>
      <DialogContent>
        <TextField
          select
          fullWidth
          margin="normal"
          label="Role"
          value={role}
          onChange={(e) => setRole(e.target.value as RoleChoice)}
        >
          {ROLE_CHOICES.map((c) => (
            <MenuItem key={c.id} value={c.id} disabled={!canGrant(permissions, c.id)}>
              {c.name}
            </MenuItem>
          ))}
        </TextField>
        <FormControlLabel
          control={<Switch checked={isActive} onChange={(e) => setIsActive(e.target.checked)} />}
          label="Active"
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={save} disabled={isPending}>
          {isPending ? 'Saving...' : 'Save'}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
