import { lazy } from 'react';
import CreditCardIcon from '@mui/icons-material/CreditCard';
import type { ResourceDeclaration } from '../../crud/declaration';

/**
 * Payments: every card payment received through Stripe and every refund asked from the
 * back office, newest first (get_buzz_haven_payments),
 * each with its order and a link to it in Stripe's dashboard; kind and status filters, CSV export.
 * The totals by month are Payment Months. Read only: refunds are made from the order's page.
 */
const payments: ResourceDeclaration = {
  name: 'payments',
  label: 'Payments',
  group: 'sales',
  recordName: 'Payment |||| Payments',
  icon: CreditCardIcon,
  rpc: { list: 'get_buzz_haven_payments' },
  fields: [
    { source: 'created_at', kind: 'dateTime', label: 'When', form: false },
    {
      source: 'kind', kind: 'enum', label: 'Kind', form: false, column: false,
      choiceNames: { payment: { name: 'Payment', colour: 'green' }, refund: { name: 'Refund', colour: 'blue' } },
    },
    { source: 'order_number', kind: 'text', label: 'Order', searchable: true, form: false },
    { source: 'customer_name', kind: 'text', label: 'Customer', searchable: true, list: 'desktop', form: false },
    { source: 'amount', kind: 'money', label: 'Amount', form: false },
    { source: 'amount_refunded', kind: 'money', label: 'Refunded', list: 'desktop', form: false },
    {
      source: 'status', kind: 'enum', label: 'Status', form: false, column: ['payments.status', 'refunds.status'],
      choiceNames: {
        succeeded: { name: 'Succeeded', colour: 'green' },
        partially_refunded: { name: 'Partly refunded', colour: 'blue' },
        refunded: { name: 'Refunded', colour: 'blue' },
        pending: { name: 'Pending', colour: 'amber' },
        requires_action: { name: 'Requires action', colour: 'amber' },
        failed: { name: 'Failed', colour: 'red' },
        canceled: { name: 'Canceled', colour: 'red' },
      },
    },
    {
      source: 'reason', kind: 'enum', label: 'Reason', list: false, form: false, column: 'refunds.reason',
      choiceNames: {
        requested_by_customer: 'Requested by customer',
        duplicate: 'Duplicate',
        fraudulent: 'Fraudulent',
      },
    },
    { source: 'note', kind: 'longText', label: 'Note', list: false, form: false },
    { source: 'requested_by_name', kind: 'text', label: 'Refunded by', list: false, form: false },
    { source: 'payment_intent', kind: 'text', label: 'Payment intent', list: false, form: false, searchable: true },
    { source: 'stripe_url', kind: 'url', label: 'In Stripe', list: 'desktop', form: false },
  ],
  listOptions: {
    sort: { field: 'created_at', order: 'DESC' },
    empty: 'No card payments yet. Payments made through Stripe Checkout appear here.',
    searchLabel: 'Search payments',
    filters: ['kind', 'status'],
    csv: 'payments',
  },
  list: lazy(() => import('./PaymentsPage')),
  show: lazy(() => import('../../crud/GeneratedShow')),
  create: false,
  edit: false,
  history: false,
  recordRepresentation: 'id',
};

export default payments;
