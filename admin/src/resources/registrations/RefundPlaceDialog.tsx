/**
 * Cancel a workshop place paid by card, refunding all or part of it: staff choose the
 * amount (dollars; all that is left by default), a reason and a note. The stripe-refund Edge
 * Function refunds through Stripe (prepare_buzz_haven_registration_refund checks the role, the
 * second factor and what is left) and records it, which cancels the place: its places go to the
 * waitlist, with the usual e-mails.
 */
import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatCents } from '../../common/money';
import { supabase } from '../../providers/supabase';
import { refundCents, REFUND_REASONS } from '../orders/refund';

export interface PaidPlace {
  id: string;
  name: string;
  places: number;
  amount_paid: number;
  amount_refunded: number;
}

export function RefundPlaceDialog({ row, onClose, onDone }: { row: PaidPlace; onClose: () => void; onDone: (refunded: number) => void }) {
  const left = row.amount_paid - row.amount_refunded;
  const [amount, setAmount] = useState((left / 100).toFixed(2));
  const [reason, setReason] = useState('requested_by_customer');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const submit = async () => {
    const cents = refundCents(amount, left);
    if (typeof cents === 'string') return setError(cents);
    setSending(true);
    setError(null);
    const { data, error: failure } = await supabase.functions.invoke('stripe-refund', {
      body: { registration_id: row.id, amount: cents, reason, note: note.trim() || null },
    });
    setSending(false);
    if (failure) {
      const context = (failure as { context?: Response }).context;
      const body = context ? await context.json().catch(() => null) as { error?: string } | null : null;
      return setError(body?.error ?? failure.message);
    }
    onDone((data as { amount: number }).amount);
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby="refund-place-title">
      <DialogTitle id="refund-place-title">Cancel and refund</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important', minWidth: { sm: 400 } }}>
        <Typography color="text.secondary">
          {row.name} paid {formatCents(row.amount_paid)} for {row.places} {row.places === 1 ? 'place' : 'places'}. Up to {formatCents(left)} can
          be refunded to the card; the registration is cancelled and its places go to the waitlist.
        </Typography>
        <TextField label="Refund ($)" value={amount} onChange={(e) => setAmount(e.target.value)} inputProps={{ inputMode: 'decimal' }} required />
        <TextField select label="Reason" value={reason} onChange={(e) => setReason(e.target.value)}>
          {REFUND_REASONS.map((r) => <MenuItem key={r.id} value={r.id}>{r.name}</MenuItem>)}
        </TextField>
        <TextField label="Note (staff only)" value={note} onChange={(e) => setNote(e.target.value)} multiline minRows={2} inputProps={{ maxLength: 500 }} />
        {error ? <Typography color="error" role="alert">{error}</Typography> : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={sending}>Go back</Button>
        <Button variant="contained" color="error" onClick={() => void submit()} disabled={sending}>
          {sending ? 'Refunding…' : 'Cancel and refund'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
