import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { authProvider } from '../providers/authProvider';
import { safeNext } from '../providers/authNavigation';
import { supabase } from '../providers/supabase';
import { errorMessage } from './errorMessage';
import { nextSignInStep } from './secondFactor';
import { TwoFactorCodeForm } from './TwoFactorCodeForm';
import { useToast } from './toast';

/** Where owners and admins without a second factor are invited to set one up. */
export const SECURITY_PATH = '/admin/security';

export function SignInForm({ initialEmail = '', onForgot }: { initialEmail?: string; onForgot?: (email: string) => void }) {
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [needsCode, setNeedsCode] = useState(false);
  const toast = useToast();
  const navigate = useNavigate();
  const [params] = useSearchParams();

  const finish = (step: 'enrol' | 'done') => {
    toast('Signed in successfully!', 'success');
    navigate(safeNext(params.get('next')), { replace: true });
    // Owners and admins without a second factor are asked to set one up, once the first toast is read.
    if (step === 'enrol') {
      window.setTimeout(() => toast('Protect your account: set up two-factor sign-in', 'info', { label: 'Set up', to: `${SECURITY_PATH}?prompt=1` }), 4500);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitting(true);
    try {
      await authProvider.login({ email, password });
      const step = await nextSignInStep().catch(() => 'done' as const);
      if (step === 'code') setNeedsCode(true);
      else finish(step);
    } catch (error) {
      toast(errorMessage(error, 'Error signing in'), 'error');
      setSubmitting(false);
    }
  };

  if (needsCode) {
    return (
      <TwoFactorCodeForm
        onVerified={() => finish('done')}
        onCancel={() => {
          void supabase.auth.signOut({ scope: 'local' });
          setNeedsCode(false);
          setSubmitting(false);
        }}
      />
    );
  }
  return (
    <Stack component="form" spacing={2} onSubmit={submit} aria-label="Sign In">
      <TextField label="Email" type="email" name="email" autoComplete="email" required fullWidth
        value={email} onChange={(e) => setEmail(e.target.value)} />
      <TextField label="Password" type="password" name="password" autoComplete="current-password" required fullWidth
        value={password} onChange={(e) => setPassword(e.target.value)} />
      <Button type="submit" variant="contained" size="large" disabled={submitting} fullWidth>
        {submitting ? 'Signing In...' : 'Sign In'}
      </Button>
      {onForgot ? <Button size="small" onClick={() => onForgot(email)}>Forgot password?</Button> : null}
    </Stack>
  );
}
