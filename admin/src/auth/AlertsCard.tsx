/**
 * The signed-in staff member's e-mail alerts (issue 24 item 3), on /admin/security: a switch for
 * "each new swarm report", read with get_buzz_haven_my_alerts (the choice, or the role's default:
 * owners and admins get them) and saved with set_buzz_haven_my_alerts
 * (20251125002090_buzz_haven_my_alerts.sql). The alerts themselves are queued by the report's own
 * transaction (20251125002020_buzz_haven_outbox_events.sql).
 */
import { useEffect, useState } from 'react';
import { Card, CardContent, FormControlLabel, Switch, Typography } from '@mui/material';
import { useNotify } from 'react-admin';
import { supabase } from '../providers/supabase';

export function AlertsCard() {
  const [alerts, setAlerts] = useState<string[] | null>(null);
  const [busy, setBusy] = useState(false);
  const notify = useNotify();

  useEffect(() => {
    let live = true;
    void supabase.rpc('get_buzz_haven_my_alerts').then(({ data, error }) => {
      if (live && !error) setAlerts((data as string[] | null) ?? []);
    });
    return () => { live = false; };
  }, []);

  const toggle = async (on: boolean) => {
    setBusy(true);
    const { data, error } = await supabase.rpc('set_buzz_haven_my_alerts', { p_alerts: on ? ['swarm_report'] : [] });
    if (error) notify(error.message || 'Could not save your alerts', { type: 'error' });
    else {
      setAlerts((data as string[] | null) ?? []);
      notify(on ? 'You will be e-mailed each new swarm report' : 'Swarm report e-mails are off', { type: 'success' });
    }
    setBusy(false);
  };

  if (alerts === null) return null;
  return (
    <Card sx={{ mt: 2 }}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>E-mail alerts</Typography>
        <FormControlLabel
          control={<Switch checked={alerts.includes('swarm_report')} disabled={busy} onChange={(e) => void toggle(e.target.checked)} />}
          label="E-mail me each new swarm report"
        />
      </CardContent>
    </Card>
  );
}
