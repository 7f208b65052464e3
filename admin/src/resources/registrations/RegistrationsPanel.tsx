/**
 * A workshop event's registrations on its detail page: places taken of the capacity, the waitlist,
 * and per registration 'Mark Attended' and 'Cancel' (after a confirmation), or for a place paid by
 * card 'Cancel and refund' (RefundPlaceDialog: full or partial). After a cancellation the list is
 * read again and the panel says who moved up from the waitlist.
 */
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Confirm, useGetList, useNotify, useRecordContext, useUpdate, useTranslate } from 'react-admin';
import { StatusBadge } from '../../common/StatusBadge';
import { stackedTableSx } from '../../common/stackedTable';
import { formatDateTime } from '../../common/dates';
import registrations from './index';
import { cancellationMessage, placesSummary, promotedBetween, type RegistrationRow } from './promotion';
import { type PaidPlace, RefundPlaceDialog } from './RefundPlaceDialog';
import { fieldOf } from '../../crud/tableRules';

const statusChoices = fieldOf(registrations, 'status').choices!;
const paymentChoices = fieldOf(registrations, 'payment_state').choices!;
type Row = RegistrationRow & { email: string; created_at: string; payment_state?: string | null } & Partial<PaidPlace>;
const PAGE = 200;
// The table's columns; on a phone each row stacks into lines, each cell naming its column (data-label).
const COLUMNS = ['Name', 'Email', 'Places', 'Status', 'Payment', 'Registered', 'Actions'];

export function RegistrationsPanel() {
  const event = useRecordContext();
  const translate = useTranslate();
  const notify = useNotify();
  const [update, { isPending }] = useUpdate();
  const [cancelling, setCancelling] = useState<RegistrationRow | null>(null);
  const [refunding, setRefunding] = useState<Row | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const { data = [], refetch, isPending: loading } = useGetList<Row>(
    'registrations',
    { filter: { event_id: event?.id }, sort: { field: 'created_at', order: 'ASC' }, pagination: { page: 1, perPage: PAGE } },
    { enabled: event?.id != null },
  );
  if (!event || (event.kind !== 'workshop' && !data.length)) return null;
  const { taken, waitlisted } = placesSummary(data);

  const change = (row: RegistrationRow, status: string, done: (after: RegistrationRow[]) => string) =>
    update(
      'registrations',
      { id: row.id, data: { ...row, status }, previousData: row },
      {
        mutationMode: 'pessimistic',
        onSuccess: async () => {
          setCancelling(null);
          // refetch() answers the query's own data ({ data, total }), not the hook's rows.
          const page = (await refetch()).data as unknown as { data?: RegistrationRow[] } | undefined;
          const after = page?.data ?? [];
          const text = done(after);
          setMessage(text);
          notify(text, { type: 'success' });
        },
        onError: (error) => { setCancelling(null); notify((error as Error)?.message || 'Failed to update', { type: 'error' }); },
      },
    );

  const cancel = (row: RegistrationRow) => {
    const before = data;
    change(row, 'cancelled', (after) =>
      cancellationMessage(row, promotedBetween(before, after), after.filter((r) => r.status === 'waitlisted').length));
  };

  return (
    <Box component="section" aria-label={translate('buzz.registrations.title')} sx={{ p: 2, borderTop: 1, borderColor: 'divider' }}>
      <Typography variant="h6" component="h2">{translate('buzz.registrations.title')}</Typography>
      <Typography color="text.secondary" sx={{ mb: 1 }} data-testid="registration-summary">
        {event.capacity == null
          ? translate('buzz.registrations.taken_unlimited', { taken })
          : translate('buzz.registrations.taken', { taken, capacity: event.capacity })}
        {' · '}
        {translate('buzz.registrations.waitlist', { smart_count: waitlisted })}
      </Typography>
      {message ? <Alert severity="success" role="status" sx={{ mb: 1 }}>{message}</Alert> : null}
      {loading ? null : data.length === 0 ? (
        <Typography color="text.secondary">{translate('buzz.registrations.empty')}</Typography>
      ) : (
        <Box>
          <Table size="small" aria-label={translate('buzz.registrations.title')} sx={stackedTableSx}>
            <TableHead>
              <TableRow>
                {COLUMNS.map((h) => <TableCell key={h}>{h}</TableCell>)}
              </TableRow>
            </TableHead>
            <TableBody>
              {data.map((row) => {
                const choice = statusChoices.find((c) => c.id === row.status);
                return (
                  <TableRow key={row.id} data-testid="registration-row">
                    <TableCell data-label="Name">{row.name}</TableCell>
                    <TableCell data-label="Email" sx={{ overflowWrap: 'anywhere' }}>{row.email}</TableCell>
                    <TableCell data-label="Places">{row.places}</TableCell>
                    <TableCell data-label="Status">
                      <StatusBadge status={row.status} label={row.status === 'waitlisted' && row.position ? `${choice?.name} #${row.position}` : choice?.name} colour={choice?.colour} />
                    </TableCell>
                    <TableCell data-label="Payment" data-testid="registration-payment">
                      {row.payment_state ? (() => {
                        const pay = paymentChoices.find((c) => c.id === row.payment_state);
                        return <StatusBadge status={row.payment_state} label={pay?.name} colour={pay?.colour} />;
                      })() : null}
                    </TableCell>
                    <TableCell data-label="Registered">{formatDateTime(row.created_at)}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      {row.status === 'confirmed' ? (
                        <Button size="small" disabled={isPending} onClick={() => change(row, 'attended', () => `${row.name} marked as attended.`)}>
                          Mark Attended
                        </Button>
                      ) : null}
                      {(row.status === 'confirmed' || row.status === 'held') && (row.payment_state === 'paid' || row.payment_state === 'partially_refunded') ? (
                        <Button size="small" color="error" disabled={isPending} onClick={() => setRefunding(row)}>Cancel and refund</Button>
                      ) : row.status === 'confirmed' || row.status === 'waitlisted' ? (
                        <Button size="small" color="error" disabled={isPending} onClick={() => setCancelling(row)}>Cancel</Button>
                      ) : null}
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </Box>
      )}
      {refunding ? (
        <RefundPlaceDialog
          row={{ id: String(refunding.id), name: refunding.name, places: refunding.places, amount_paid: refunding.amount_paid ?? 0, amount_refunded: refunding.amount_refunded ?? 0 }}
          onClose={() => setRefunding(null)}
          onDone={async (cents) => {
            const before = data;
            const row = refunding;
            setRefunding(null);
            const page = (await refetch()).data as unknown as { data?: RegistrationRow[] } | undefined;
            const after = page?.data ?? [];
            const text = `Refunded $${(cents / 100).toFixed(2)}. ${cancellationMessage(row, promotedBetween(before, after),
              after.filter((r) => r.status === 'waitlisted').length)}`;
            setMessage(text);
            notify(text, { type: 'success' });
          }}
        />
      ) : null}
      <Confirm
        isOpen={cancelling !== null}
        loading={isPending}
        title="Cancel registration"
        content={cancelling ? `Cancel the registration of ${cancelling.name} (${cancelling.places} ${cancelling.places === 1 ? 'place' : 'places'})? Freed places go to the waitlist in order.` : ''}
        confirm="Cancel registration"
        cancel="Go back"
        onConfirm={() => cancelling && cancel(cancelling)}
        onClose={() => setCancelling(null)}
      />
    </Box>
  );
}

export default RegistrationsPanel;
