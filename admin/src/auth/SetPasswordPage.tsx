/**
 * /auth/set-password: where recovery and invitation e-mails lead. The link signs the user in
 * (linkSession.ts); they choose a password (an invitee also gives their name), which
 * updateUser saves, and land in the admin. A user with an authenticator app gives its code first:
 * the link signs in at aal1 and the server changes a password only at aal2. A bad, expired or used
 * link says so, with a way to ask for a new one.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { FullPageSpinner } from '../common/FullPageSpinner';
import { supabase } from '../providers/supabase';
import { clearProfileCache } from '../providers/profile';
import { errorMessage } from './errorMessage';
import { SET_PASSWORD_PATH } from './ForgotPasswordForm';
import { sessionFromLink, type LinkOutcome } from './linkSession';
import { codeNeeded } from './secondFactor';
import { TwoFactorCodeForm } from './TwoFactorCodeForm';
import { useToast } from './toast';

export function SetPasswordPage() {
  const [outcome, setOutcome] = useState<LinkOutcome | null>(null);
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState('');
  const [saving, setSaving] = useState(false);
  const [needsCode, setNeedsCode] = useState(false);
  const navigate = useNavigate();
  const toast = useToast();
  const invited = outcome?.kind === 'session' && (outcome.type === 'invite' || outcome.type === 'signup');

  useEffect(() => {
    document.title = 'Set a new password · Buzz Haven Admin';
    let alive = true;
    const { hash, search } = window.location;
    sessionFromLink(hash, search).then(async (found) => {
      // The tokens must not stay in the address bar or the history.
      window.history.replaceState(null, '', SET_PASSWORD_PATH);
      if (found.kind === 'none') {
        const { data } = await supabase.auth.getSession();
        found = data.session ? { kind: 'session', type: 'recovery' } : found;
      }
      const code = found.kind === 'session' ? await codeNeeded().catch(() => false) : false;
      if (!alive) return;
      setNeedsCode(code);
      setOutcome(found);
    });
    return () => { alive = false; };
  }, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (password !== confirm) {
      setError('The two passwords are not the same');
      return;
    }
    setSaving(true);
    setError('');
    const { error: failure } = await supabase.auth.updateUser({
      password,
      ...(invited && name.trim() ? { data: { full_name: name.trim() } } : {}),
    });
    if (failure) {
      setError(errorMessage(failure, 'Could not save the password'));
      setSaving(false);
      return;
    }
    clearProfileCache();
    toast(invited ? 'Welcome to Buzz Haven!' : 'Your password has been changed', 'success');
    navigate('/admin', { replace: true });
  };

  const cancel = async () => {
    await supabase.auth.signOut({ scope: 'local' });
    navigate('/auth', { replace: true });
  };

  if (!outcome) return <FullPageSpinner label="Checking your link" />;
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', p: 2 }}>
      <Card sx={{ width: 380, maxWidth: '100%' }} elevation={3}>
        <CardContent>
          <Typography variant="h5" component="h1" align="center" sx={{ fontWeight: 700, mb: 2 }}>
            {invited ? 'Welcome to Buzz Haven' : 'Set a new password'}
          </Typography>
          {outcome.kind === 'session' && needsCode ? (
            <TwoFactorCodeForm onVerified={() => setNeedsCode(false)} onCancel={cancel} />
          ) : outcome.kind === 'session' ? (
            <Stack component="form" spacing={2} onSubmit={submit} aria-label="Set a new password">
              {invited ? (
                <TextField label="Your name" name="name" autoComplete="name" fullWidth inputProps={{ maxLength: 200 }}
                  value={name} onChange={(e) => setName(e.target.value)} />
              ) : null}
              <TextField label="New password" type="password" name="new-password" autoComplete="new-password" required fullWidth
                value={password} onChange={(e) => setPassword(e.target.value)} />
              <TextField label="Confirm password" type="password" name="confirm-password" autoComplete="new-password" required fullWidth
                value={confirm} onChange={(e) => setConfirm(e.target.value)} />
              {error ? <Alert severity="error">{error}</Alert> : null}
              <Button type="submit" variant="contained" size="large" disabled={saving} fullWidth>
                {saving ? 'Saving...' : 'Save password'}
              </Button>
            </Stack>
          ) : (
            <Stack spacing={2}>
              <Alert severity="error">
                {outcome.kind === 'error' ? outcome.message : 'Open this page from the link in your e-mail.'}
              </Alert>
              <Button component={RouterLink} to="/auth?forgot=1" variant="contained">Send a new link</Button>
            </Stack>
          )}
        </CardContent>
      </Card>
    </Box>
  );
}
