/**
 * The signed-in staff member's e-mail alerts, on /admin/security: a switch for
 * "each new swarm report", and for new orders and new workshop registrations a choice of off, an
 * e-mail for each, or a daily digest. Read with get_buzz_haven_my_alerts (the choice, or the
 * role's default: owners and admins get swarm alerts, nobody order or registration e-mails) and
 * saved whole with set_buzz_haven_my_alerts:
 * 'swarm_report', 'order' or
 * 'order_digest', 'registration' or 'registration_digest'. One-by-one alerts are queued by the
 * event's own transaction, the digest once a day by the sender.
 */
import { useEffect, useState } from 'react';
import {
  Card, CardContent, FormControl, FormControlLabel, FormLabel, Radio, RadioGroup, Switch, Typography,
} from '@mui/material';
import { useNotify } from 'react-admin';
import { supabase } from '../providers/supabase';

export type AlertChoice = 'off' | 'each' | 'digest';

/** The order set_buzz_haven_my_alerts is given its alerts in. */
const ALL = ['swarm_report', 'order', 'order_digest', 'registration', 'registration_digest'];

const KINDS = [
  { kind: 'order', label: 'New orders', each: 'An e-mail for each new order', saved: 'New orders' },
  { kind: 'registration', label: 'New workshop registrations', each: 'An e-mail for each new registration', saved: 'New registrations' },
] as const;
const CHOICE_SAVED: Record<AlertChoice, string> = { off: 'no e-mails', each: 'an e-mail for each', digest: 'in your daily digest' };

export const choiceOf = (alerts: string[], kind: string): AlertChoice =>
  (alerts.includes(kind) ? 'each' : alerts.includes(`${kind}_digest`) ? 'digest' : 'off');

/** `alerts` with `kind` set to `choice` (the other kinds as they were). */
export function withChoice(alerts: string[], kind: string, choice: AlertChoice): string[] {
  const kept = alerts.filter((a) => a !== kind && a !== `${kind}_digest`);
  const added = choice === 'each' ? [kind] : choice === 'digest' ? [`${kind}_digest`] : [];
  return ALL.filter((a) => kept.includes(a) || added.includes(a));
}

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

  const save = async (next: string[], done: string) => {
    setBusy(true);
    const { data, error } = await supabase.rpc('set_buzz_haven_my_alerts', { p_alerts: next });
    if (error) notify(error.message || 'Could not save your alerts', { type: 'error' });
    else {
      setAlerts((data as string[] | null) ?? []);
      notify(done, { type: 'success' });
    }
    setBusy(false);
  };

  if (alerts === null) return null;
  const toggleSwarm = (on: boolean) => save(
    on ? ALL.filter((a) => a === 'swarm_report' || alerts.includes(a)) : alerts.filter((a) => a !== 'swarm_report'),
    on ? 'You will be e-mailed each new swarm report' : 'Swarm report e-mails are off',
  );
  return (
    <Card sx={{ mt: 2 }}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>E-mail alerts</Typography>
        <FormControlLabel
          control={<Switch checked={alerts.includes('swarm_report')} disabled={busy} onChange={(e) => void toggleSwarm(e.target.checked)} />}
          label="E-mail me each new swarm report"
        />
        {KINDS.map(({ kind, label, each, saved }) => (
          <FormControl key={kind} component="fieldset" disabled={busy} sx={{ display: 'block', mt: 2 }}>
            <FormLabel component="legend" id={`alerts-${kind}`}>{label}</FormLabel>
            <RadioGroup
              row
              aria-labelledby={`alerts-${kind}`}
              value={choiceOf(alerts, kind)}
              onChange={(_, value) => void save(withChoice(alerts, kind, value as AlertChoice), `${saved}: ${CHOICE_SAVED[value as AlertChoice]}`)}
            >
              <FormControlLabel value="off" control={<Radio />} label="Off" />
              <FormControlLabel value="each" control={<Radio />} label={each} />
              <FormControlLabel value="digest" control={<Radio />} label="A daily digest" />
            </RadioGroup>
          </FormControl>
        ))}
      </CardContent>
    </Card>
  );
}
