/** The sign-in step after the password for users with an authenticator app: a 6-digit code. */
import { useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { errorMessage } from './errorMessage';
import { verifiedTotpFactor, verifyCode } from './secondFactor';
import { useToast } from './toast';

export function TwoFactorCodeForm({ onVerified, onCancel }: { onVerified: () => void; onCancel: () => void }) {
  const [code, setCode] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const toast = useToast();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitting(true);
    try {
      const factorId = await verifiedTotpFactor();
      if (!factorId) throw new Error('No authenticator app is set up for this account');
      await verifyCode(factorId, code);
      onVerified();
    } catch (error) {
      toast(errorMessage(error, 'That code did not work'), 'error');
      setSubmitting(false);
    }
  };

  return (
    <Stack component="form" spacing={2} onSubmit={submit} aria-label="Two-factor code">
      <Typography variant="body2">Enter the 6-digit code from your authenticator app.</Typography>
      <TextField label="Authentication code" name="code" autoComplete="one-time-code" required fullWidth autoFocus
        inputProps={{ inputMode: 'numeric', pattern: '[0-9 ]{6,7}', maxLength: 7 }}
        value={code} onChange={(e) => setCode(e.target.value)} />
      <Button type="submit" variant="contained" size="large" disabled={submitting} fullWidth>
        {submitting ? 'Verifying...' : 'Verify'}
      </Button>
      <Button onClick={onCancel}>Cancel and sign out</Button>
    </Stack>
  );
}
