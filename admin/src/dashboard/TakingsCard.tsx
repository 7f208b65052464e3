import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { formatCents } from '../common/money';
import { usePaymentsOn } from '../resources/payments/paymentsStatus';
import { TodayCard } from './TodayCard';
import type { Takings } from './useToday';

/**
 * This month's card takings against last month's, from the payments ledger; while card payments
 * are off (the stripe-checkout function has no key) it says so, since the ledger then stays empty.
 */
export function TakingsCard({ thisMonth, lastMonth }: { thisMonth: Takings; lastMonth: Takings }) {
  const translate = useTranslate();
  const paymentsOn = usePaymentsOn();
  return (
    <TodayCard
      testKey="takings"
      title={translate('buzz.today.takings')}
      value={null}
      to="/admin/payment_months"
    >
      <Typography variant="h5" component="p">{formatCents(thisMonth.net)}</Typography>
      {paymentsOn === false ? (
        <Typography variant="body2" color="text.secondary" data-testid="takings-payments-off">{translate('buzz.today.payments_off')}</Typography>
      ) : null}
      <Typography variant="body2" color="text.secondary">
        {translate('buzz.today.takings_detail', { received: formatCents(thisMonth.received), refunded: formatCents(thisMonth.refunded) })}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {translate('buzz.today.takings_last', { net: formatCents(lastMonth.net) })}
      </Typography>
    </TodayCard>
  );
}
