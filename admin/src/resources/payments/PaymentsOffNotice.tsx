import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import { usePaymentsOn } from './paymentsStatus';

/** Shown while card payments are off: what turns them on (docs/deployment.md has the details). */
export function PaymentsOffNotice() {
  if (usePaymentsOn() !== false) return null;
  return (
    <Alert severity="info" sx={{ mb: 2 }} data-testid="payments-off">
      <AlertTitle>Card payments are off</AlertTitle>
      The shop takes orders to be paid at pickup or by invoice. To take cards, set the Edge Function secrets{' '}
      <Box component="code">STRIPE_SECRET_KEY</Box> and <Box component="code">STRIPE_WEBHOOK_SECRET</Box>{' '}
      (<Box component="code">supabase secrets set STRIPE_SECRET_KEY=sk_test_… STRIPE_WEBHOOK_SECRET=whsec_…</Box>),
      add a webhook endpoint in Stripe for <Box component="code">/functions/v1/stripe-webhook</Box>{' '}
      (or run <Box component="code">stripe listen --forward-to &lt;project&gt;/functions/v1/stripe-webhook</Box> in test mode)
      and redeploy the stripe functions. The deployment guide (docs/deployment.md) walks through it.
    </Alert>
  );
}
