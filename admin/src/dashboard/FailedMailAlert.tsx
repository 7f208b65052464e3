import { Link } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useGetList } from 'react-admin';

/** The outbox list with the failed (dead) e-mails only. */
export const FAILED_MAIL_PATH = `/admin/outbox?filter=${encodeURIComponent(JSON.stringify({ state: 'dead' }))}`;

/**
 * A warning at the top of the dashboard while e-mails have failed for good (customers'
 * confirmations or staff alerts that did not go out): how many, and the way to the Outbox, where
 * each shows its last error and can be retried. Nothing while none has failed (or the count fails).
 */
export function FailedMailAlert() {
  const { total } = useGetList('outbox', {
    filter: { state: 'dead' },
    pagination: { page: 1, perPage: 1 },
    sort: { field: 'created_at', order: 'DESC' },
  });
  if (!total) return null;
  return (
    <Alert
      severity="warning"
      sx={{ mb: 2 }}
      action={<Button component={Link} to={FAILED_MAIL_PATH} color="inherit" size="small">Open Outbox</Button>}
    >
      {total === 1 ? '1 e-mail could not be sent.' : `${total} e-mails could not be sent.`} Check the addresses and the
      mail settings, then retry them.
    </Alert>
  );
}
