/**
 * An order's card payments on its detail page: each payment and refund with its status
 * and a link to it in Stripe's dashboard, and for an owner or admin 'Refund' while something is
 * left to refund: all or part of it (dollars), a reason and a note, through the stripe-refund Edge
 * Function (prepare_buzz_haven_refund checks the role, the second factor and the amount left;
 * Stripe's charge.refunded webhook then moves the order to partly refunded / refunded).
 */
import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useGetList, useNotify, useRecordContext, useRefresh } from 'react-admin';
import { StatusBadge } from '../../common/StatusBadge';
import { formatCents } from '../../common/money';
import { formatDateTime } from '../../common/dates';
import { supabase } from '../../providers/supabase';
import { stackedTableSx } from '../../common/stackedTable';
import { refundCents, REFUND_REASONS } from './refund';

/** The ledger's columns; each cell repeats its column's name as `data-label` for the phone layout. */
const COLUMNS = ['When', 'Kind', 'Amount', 'Status', 'Details', 'Stripe'];

interface LedgerRow {
  id: string;
  kind: 'payment' | 'refund';
  created_at: string;
  amount: number;
  amount_refunded: number;
  status: string;
  reason: string | null;
  note: string | null;
  requested_by_name: string | null;
  stripe_url: string;
}

function RefundDialog({ orderId, left, onClose, onDone }: { orderId: string; left: number; onClose: () => void; onDone: () => void }) {
  const notify = useNotify();
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
      body: { order_id: orderId, amount: cents, reason, note: note.trim() || null },
    });
    setSending(false);
    if (failure) {
      const context = (failure as { context?: Response }).context;
      const body = context ? await context.json().catch(() => null) as { error?: string } | null : null;
      return setError(body?.error ?? failure.message);
    }
    notify(`Refunded ${formatCents((data as { amount: number }).amount)}`, { type: 'success' });
    onDone();
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby="refund-title">
      <DialogTitle id="refund-title">Refund card payment</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important', minWidth: { sm: 400 } }}>
        <Typography color="text.secondary">Up to {formatCents(left)} can be refunded. The money goes back to the card.</Typography>
        <TextField label="Amount ($)" value={amount} onChange={(e) => setAmount(e.target.value)} inputProps={{ inputMode: 'decimal' }} required />
        <TextField select label="Reason" value={reason} onChange={(e) => setReason(e.target.value)}>
          {REFUND_REASONS.map((r) => <MenuItem key={r.id} value={r.id}>{r.name}</MenuItem>)}
        </TextField>
        <TextField label="Note (staff only)" value={note} onChange={(e) => setNote(e.target.value)} multiline minRows={2} inputProps={{ maxLength: 500 }} />
        {error ? <Typography color="error" role="alert">{error}</Typography> : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={sending}>Cancel</Button>
        <Button variant="contained" color="error" onClick={() => void submit()} disabled={sending}>
          {sending ? 'Refunding…' : 'Refund'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export function PaymentPanel() {
  const order = useRecordContext();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const { data = [], refetch } = useGetList<LedgerRow>(
    'payments',
    { filter: { order_id: order?.id }, sort: { field: 'created_at', order: 'ASC' }, pagination: { page: 1, perPage: 100 } },
    { enabled: order?.id != null },
  );
  if (!order || !data.length) return null;
  const payments = data.filter((r) => r.kind === 'payment');
  const asked = data.filter((r) => r.kind === 'refund' && ['pending', 'requires_action', 'succeeded'].includes(r.status))
    .reduce((sum, r) => sum + r.amount, 0);
  const left = payments.reduce((sum, p) => sum + p.amount, 0) - Math.max(asked, payments.reduce((sum, p) => sum + p.amount_refunded, 0));
  return (
    <Box component="section" aria-label="Card payments" sx={{ p: 2, borderTop: 1, borderColor: 'divider' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="h6" component="h2">Card payments</Typography>
        {left > 0 ? <Button variant="outlined" color="error" onClick={() => setOpen(true)}>Refund</Button> : null}
      </Box>
      <Table size="small" sx={stackedTableSx}>
        <TableHead>
          <TableRow>
            {COLUMNS.map((c) => <TableCell key={c}>{c}</TableCell>)}
          </TableRow>
        </TableHead>
        <TableBody>
          {data.map((row) => (
            <TableRow key={row.id} data-ledger={row.kind}>
              <TableCell data-label="When">{formatDateTime(row.created_at)}</TableCell>
              <TableCell data-label="Kind">{row.kind === 'payment' ? 'Payment' : 'Refund'}</TableCell>
              <TableCell data-label="Amount">{formatCents(row.amount)}</TableCell>
              <TableCell data-label="Status"><StatusBadge status={row.status} label={row.status.replace(/_/g, ' ')} /></TableCell>
              <TableCell data-label="Details">
                {row.kind === 'refund'
                  ? [REFUND_REASONS.find((r) => r.id === row.reason)?.name, row.note, row.requested_by_name && `by ${row.requested_by_name}`]
                    .filter(Boolean).join(' · ')
                  : row.amount_refunded ? `${formatCents(row.amount_refunded)} refunded` : ''}
              </TableCell>
              <TableCell data-label="Stripe"><Link href={row.stripe_url} target="_blank" rel="noreferrer">View in Stripe</Link></TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {open ? (
        <RefundDialog
          orderId={String(order.id)}
          left={left}
          onClose={() => setOpen(false)}
          onDone={() => {
            setOpen(false);
            void refetch();
            // The webhook moves the order's payment state; read the order again shortly after.
            refresh();
            setTimeout(() => { refresh(); void refetch(); }, 1500);
          }}
        />
      ) : null}
    </Box>
  );
}

export default PaymentPanel;
