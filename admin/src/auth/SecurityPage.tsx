/**
 * /admin/security: two-factor sign-in for the signed-in staff member. Enrol an authenticator app
 * (QR code and secret from supabase-js mfa.enroll, confirmed with a code), see that it is on, or
 * turn it off. Owners and admins arrive here with ?prompt=1 after signing in without one.
 * Below it, the person's e-mail alerts (AlertsCard).
 */
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { Alert, Box, Button, Card, CardContent, Stack, TextField, Typography } from '@mui/material';
import { Title, useNotify } from 'react-admin';
import type { Factor } from '@supabase/supabase-js';
import { supabase } from '../providers/supabase';
import { errorMessage } from './errorMessage';
import { verifyCode } from './secondFactor';
import { AlertsCard } from './AlertsCard';

interface Enrolment { factorId: string; qrSrc: string; secret: string }

/** supabase-js prefixes the SVG with `data:image/svg+xml;utf-8,` unescaped; `#` must be escaped. */
export const qrImageSrc = (qr: string) =>
  `data:image/svg+xml;charset=utf-8,${encodeURIComponent(qr.startsWith('data:') ? qr.slice(qr.indexOf(',') + 1) : qr)}`;

export function SecurityPage() {
  const [factors, setFactors] = useState<Factor[] | null>(null);
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [params] = useSearchParams();
  const notify = useNotify();

  const refresh = useCallback(async () => {
    const { data, error } = await supabase.auth.mfa.listFactors();
    if (error) notify(errorMessage(error, 'Could not load your sign-in methods'), { type: 'error' });
    setFactors(data?.totp ?? []);
  }, [notify]);

  useEffect(() => { void refresh(); }, [refresh]);

  const start = async () => {
    setBusy(true);
    try {
      // Leftovers of an enrolment that was never confirmed would clash by name.
      const { data: listed } = await supabase.auth.mfa.listFactors();
      for (const f of listed?.all ?? []) if (f.status !== 'verified') await supabase.auth.mfa.unenroll({ factorId: f.id });
      const { data, error } = await supabase.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Authenticator app', issuer: 'Buzz Haven' });
      if (error) throw error;
      setEnrolment({ factorId: data.id, qrSrc: qrImageSrc(data.totp.qr_code), secret: data.totp.secret });
    } catch (error) {
      notify(errorMessage(error, 'Could not start the set-up'), { type: 'error' });
    }
    setBusy(false);
  };

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    if (!enrolment) return;
    setBusy(true);
    try {
      await verifyCode(enrolment.factorId, code);
      notify('Two-factor sign-in is on', { type: 'success' });
      setEnrolment(null);
      setCode('');
      await refresh();
    } catch (error) {
      notify(errorMessage(error, 'That code did not work'), { type: 'error' });
    }
    setBusy(false);
  };

  const turnOff = async (factorId: string) => {
    setBusy(true);
    const { error } = await supabase.auth.mfa.unenroll({ factorId });
    if (error) notify(errorMessage(error, 'Could not turn it off'), { type: 'error' });
    else notify('Two-factor sign-in is off', { type: 'info' });
    await refresh();
    setBusy(false);
  };

  const on = (factors ?? []).length > 0;
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, maxWidth: 640 }}>
      <Title title="Security" />
      <Typography variant="h4" component="h1" sx={{ mb: 2 }}>Security</Typography>
      {params.get('prompt') === '1' && !on ? (
        <Alert severity="warning" sx={{ mb: 2 }} action={<Button component={RouterLink} to="/admin" color="inherit" size="small">Not now</Button>}>
          Your account can grant roles and delete records. Protect it with an authenticator app.
        </Alert>
      ) : null}
      <Card>
        <CardContent>
          <Typography variant="h6" component="h2" gutterBottom>Two-factor sign-in</Typography>
          {factors === null ? <Typography>Loading...</Typography> : on ? (
            <Stack spacing={2} alignItems="flex-start">
              <Alert severity="success">On: signing in asks for a code from your authenticator app.</Alert>
              <Button color="error" variant="outlined" disabled={busy} onClick={() => turnOff(factors![0]!.id)}>Turn off</Button>
            </Stack>
          ) : enrolment ? (
            <Stack component="form" spacing={2} onSubmit={confirm} aria-label="Confirm authenticator app">
              <Typography>Scan this QR code with your authenticator app (or type the secret), then enter the code it shows.</Typography>
              <Box component="img" src={enrolment.qrSrc} alt="QR code for your authenticator app" sx={{ width: 200, height: 200 }} />
              <Typography variant="body2">Secret: <Box component="code" data-testid="totp-secret" sx={{ wordBreak: 'break-all' }}>{enrolment.secret}</Box></Typography>
              <TextField label="Authentication code" name="code" autoComplete="one-time-code" required
                inputProps={{ inputMode: 'numeric', maxLength: 7 }} value={code} onChange={(e) => setCode(e.target.value)} />
              <Button type="submit" variant="contained" disabled={busy}>Verify and turn on</Button>
            </Stack>
          ) : (
            <Stack spacing={2} alignItems="flex-start">
              <Typography>Off. With an authenticator app, a stolen password alone is not enough to sign in as you.</Typography>
              <Button variant="contained" disabled={busy} onClick={start}>Set up an authenticator app</Button>
            </Stack>
          )}
        </CardContent>
      </Card>
      <AlertsCard />
    </Box>
  );
}
