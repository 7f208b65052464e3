/**
 * 'Invite User': e-mail and role, sent to the invite-user Edge Function (supabase-js
 * functions.invoke), which records the role and e-mails the invitation. The invitee opens the
 * link, sets a password on /auth/set-password and arrives with that role, no approval needed.
 */
import { useState, type FormEvent } from 'react';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, TextField } from '@mui/material';
import { useNotify, usePermissions, useRefresh } from 'react-admin';
import { FunctionsHttpError } from '@supabase/supabase-js';
import { supabase } from '../../providers/supabase';
import { ROLE_CHOICES, canGrant } from './roles';
import type { Role } from '../../types';

/** The invitee's landing page (the same page as a password reset). */
const setPasswordUrl = () => `${window.location.origin}/auth/set-password`;

/** The function's `{ error }` text, else a generic one. */
async function inviteError(error: unknown): Promise<string> {
  if (error instanceof FunctionsHttpError) {
    const body = (await (error.context as Response).json().catch(() => ({}))) as { error?: string };
    if (body.error) return body.error;
  }
  return 'Could not send the invitation';
}

export const InviteUserDialog = ({ onClose }: { onClose: () => void }) => {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('staff');
  const [error, setError] = useState('');
  const [sending, setSending] = useState(false);
  const { permissions } = usePermissions();
  const notify = useNotify();
  const refresh = useRefresh();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSending(true);
    setError('');
    const { error: failure } = await supabase.functions.invoke('invite-user', {
      body: { email: email.trim(), role, redirectTo: setPasswordUrl() },
    });
    if (failure) {
      setError(await inviteError(failure));
      setSending(false);
      return;
    }
    notify(`Invitation sent to ${email.trim()}`, { type: 'success' });
    refresh();
    onClose();
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="invite-user-title">
      <form onSubmit={submit} aria-label="Invite User">
        <DialogTitle id="invite-user-title">Invite User</DialogTitle>
        <DialogContent>
          <TextField label="Email" type="email" name="email" required fullWidth margin="normal" autoFocus
            inputProps={{ maxLength: 254 }} value={email} onChange={(e) => setEmail(e.target.value)} />
          <TextField select label="Role" fullWidth margin="normal" value={role} onChange={(e) => setRole(e.target.value as Role)}>
            {ROLE_CHOICES.filter((c) => c.id !== 'none').map((c) => (
              <MenuItem key={c.id} value={c.id} disabled={!canGrant(permissions, c.id)}>{c.name}</MenuItem>
            ))}
          </TextField>
          {error ? <Alert severity="error">{error}</Alert> : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={sending}>{sending ? 'Sending...' : 'Send invitation'}</Button>
        </DialogActions>
      </form>
    </Dialog>
  );
};
