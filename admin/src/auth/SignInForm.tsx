import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { authProvider } from '../providers/authProvider';
import { safeNext } from '../providers/authNavigation';
import { errorMessage } from './errorMessage';
import { useToast } from './toast';

export function SignInForm({ initialEmail = '' }: { initialEmail?: string }) {
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const toast = useToast();
  const navigate = useNavigate();
  const [params] = useSearchParams();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitting(true);
    try {
      await authProvider.login({ email, password });
      toast('Signed in successfully!', 'success');
      navigate(safeNext(params.get('next')), { replace: true });
    } catch (error) {
      toast(errorMessage(error, 'Error signing in'), 'error');
      setSubmitting(false);
    }
  };

  return (
    <Stack component="form" spacing={2} onSubmit={submit} aria-label="Sign In">
      <TextField label="Email" type="email" name="email" autoComplete="email" required fullWidth
        value={email} onChange={(e) => setEmail(e.target.value)} />
      <TextField label="Password" type="password" name="password" autoComplete="current-password" required fullWidth
        value={password} onChange={(e) => setPassword(e.target.value)} />
      <Button type="submit" variant="contained" size="large" disabled={submitting} fullWidth>
        {submitting ? 'Signing In...' : 'Sign In'}
      </Button>
    </Stack>
  );
}
