/**
 * 'Forgot password?': asks for the e-mail and sends the recovery link (supabase-js
 * resetPasswordForEmail), which leads to the 'Set a new password' page. The answer is the same
 * whether or not the address has an account, as the server's.
 */
import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { supabase } from '../providers/supabase';
import { errorMessage } from './errorMessage';

export const SET_PASSWORD_PATH = '/auth/set-password';

/** Where e-mailed links lead: this origin's 'Set a new password' page. */
export const setPasswordUrl = () => `${window.location.origin}${SET_PASSWORD_PATH}`;

export function ForgotPasswordForm({ initialEmail = '', onBack }: { initialEmail?: string; onBack: () => void }) {
  const [email, setEmail] = useState(initialEmail);
  const [state, setState] = useState<'idle' | 'sending' | 'sent'>('idle');
  const [error, setError] = useState('');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setState('sending');
    setError('');
    const { error: failure } = await supabase.auth.resetPasswordForEmail(email, { redirectTo: setPasswordUrl() });
    if (failure) {
      setError(errorMessage(failure, 'Could not send the e-mail, please try again'));
      setState('idle');
      return;
    }
    setState('sent');
  };

  return (
    <Stack component="form" spacing={2} onSubmit={submit} aria-label="Reset password">
      {state === 'sent' ? (
        <Alert severity="success">
          If an account uses {email}, an e-mail with a link to set a new password is on its way. The link works once, for an hour.
        </Alert>
      ) : (
        <>
          <TextField label="Email" type="email" name="email" autoComplete="email" required fullWidth
            value={email} onChange={(e) => setEmail(e.target.value)}
            helperText="We will e-mail you a link to set a new password." />
          {error ? <Alert severity="error">{error}</Alert> : null}
          <Button type="submit" variant="contained" size="large" disabled={state === 'sending'} fullWidth>
            {state === 'sending' ? 'Sending...' : 'Send reset link'}
          </Button>
        </>
      )}
      <Button onClick={onBack}>Back to sign in</Button>
    </Stack>
  );
}
