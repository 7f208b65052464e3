import { useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { errorMessage } from './errorMessage';
import { signUp } from './signUp';
import { useToast } from './toast';

/** On success the parent shows the Sign In tab with the e-mail filled in. */
export function SignUpForm({ onSignedUp }: { onSignedUp: (email: string) => void }) {
  const [fullName, setFullName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const toast = useToast();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitting(true);
    try {
      await signUp({ fullName, email, password });
      toast('Account created successfully! Please sign in.', 'success');
      onSignedUp(email);
    } catch (error) {
      toast(errorMessage(error, 'Error creating account'), 'error');
      setSubmitting(false);
    }
  };

  return (
    <Stack component="form" spacing={2} onSubmit={submit} aria-label="Sign Up">
      <TextField label="Full Name" name="fullName" autoComplete="name" required fullWidth
        value={fullName} onChange={(e) => setFullName(e.target.value)} />
      <TextField label="Email" type="email" name="email" autoComplete="email" required fullWidth
        value={email} onChange={(e) => setEmail(e.target.value)} />
      <TextField label="Password" type="password" name="password" autoComplete="new-password" required fullWidth
        value={password} onChange={(e) => setPassword(e.target.value)} />
      <Button type="submit" variant="contained" size="large" disabled={submitting} fullWidth>
        {submitting ? 'Creating Account...' : 'Create Account'}
      </Button>
    </Stack>
  );
}
