import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import type { ResourceDeclaration } from '../../crud/declaration';

/**
 * Card payments by month (get_buzz_haven_payment_months):
 * received, refunded and net, newest month first, with CSV export. A refund made in Stripe's
 * dashboard counts in the month its webhook arrived. Read only, all generated.
 */
const paymentMonths: ResourceDeclaration = {
  name: 'payment_months',
  label: 'Payment Months',
  group: 'sales',
  recordName: 'Month |||| Months',
  icon: CalendarMonthIcon,
  rpc: { list: 'get_buzz_haven_payment_months' },
  fields: [
    { source: 'month', kind: 'date', label: 'Month (from)', form: false },
    { source: 'payments', kind: 'integer', label: 'Payments', form: false },
    { source: 'received', kind: 'money', label: 'Received', form: false },
    { source: 'refunds', kind: 'integer', label: 'Refunds', list: 'desktop', form: false },
    { source: 'refunded', kind: 'money', label: 'Refunded', form: false },
    { source: 'net', kind: 'money', label: 'Net', form: false },
  ],
  listOptions: { sort: { field: 'month', order: 'DESC' }, empty: 'No card payments yet.', csv: 'payment-months' },
  history: false,
  recordRepresentation: 'month',
};

export default paymentMonths;
