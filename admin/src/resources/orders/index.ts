import { lazy } from 'react';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import type { ResourceDeclaration } from '../../crud/declaration';
import { fieldsToArgs } from '../../crud/toArgs';
import { canBecome } from './workflow';
import { languageField } from '../../crud/languageField';

const shown = { list: false, form: false } as const;
const text = (source: string, label: string) => ({ source, kind: 'text', label, ...shown }) as const;

const fields: ResourceDeclaration['fields'] = [
  { source: 'number', kind: 'text', label: 'Order', searchable: true, form: false },
  { source: 'created_at', kind: 'dateTime', label: 'Received', list: 'desktop', form: false },
  { source: 'customer_name', kind: 'text', label: 'Customer', searchable: true, form: false },
  { source: 'customer_email', kind: 'text', label: 'Email', searchable: true, ...shown },
  text('customer_phone', 'Phone'),
  { source: 'item_count', kind: 'integer', label: 'Items (count)', ...shown },
  { source: 'items_summary', kind: 'text', label: 'Items', list: 'desktop', form: false },
  { source: 'subtotal', kind: 'money', label: 'Subtotal', ...shown },
  { source: 'shipping', kind: 'money', label: 'Shipping', ...shown },
  { source: 'total', kind: 'money', label: 'Total', form: false },
  {
    source: 'status', kind: 'enum', label: 'Status', form: false,
    choiceNames: {
      new: { name: 'New', colour: 'amber' },
      confirmed: { name: 'Confirmed', colour: 'blue' },
      ready: { name: 'Ready for pickup', colour: 'blue' },
      shipped: { name: 'Shipped', colour: 'blue' },
      completed: { name: 'Completed', colour: 'green' },
      cancelled: { name: 'Cancelled', colour: 'red' },
    },
  },
  // Card payments (buzz_haven.payments): offline until a Checkout is started.
  {
    source: 'payment_state', kind: 'enum', label: 'Payment', list: 'desktop', form: false,
    choiceNames: {
      offline: 'At pickup / invoice',
      awaiting_payment: { name: 'Awaiting payment', colour: 'amber' },
      paid: { name: 'Paid', colour: 'green' },
      unpaid: { name: 'Unpaid', colour: 'red' },
      partially_refunded: { name: 'Partly refunded', colour: 'blue' },
      refunded: { name: 'Refunded', colour: 'blue' },
    },
  },
  { source: 'amount_paid', kind: 'money', label: 'Paid by card', ...shown },
  { source: 'amount_refunded', kind: 'money', label: 'Refunded', ...shown },
  {
    source: 'delivery', kind: 'enum', label: 'Delivery', ...shown,
    choiceNames: { standard: 'Standard shipping', express: 'Express shipping', pickup: 'Local pickup' },
  },
  text('address_line1', 'Address'),
  text('address_line2', 'Address line 2'),
  text('city', 'City'),
  text('state', 'State'),
  text('zip', 'ZIP code'),
  languageField,
  { source: 'staff_notes', kind: 'longText', label: 'Staff notes', list: false, helperText: 'Seen by staff only' },
];

const byFields = fieldsToArgs(fields);

/**
 * Order requests from the shop (paid at pickup or by invoice, or by card when payments are on:
 * the Payment column and filter): the list newest first with a status filter
 * and CSV export, the detail with lines, totals, delivery, the status history and the workflow
 * buttons (only the allowed next statuses), staff notes on the edit page. All generated.
 */
const orders: ResourceDeclaration = {
  name: 'orders',
  label: 'Orders',
  group: 'sales',
  icon: ReceiptLongIcon,
  recordName: 'Order |||| Orders',
  // Ten years of a busy apiary is ~20,000-30,000 rows here: pages without a total, so a page costs the same at any size.
  count: 'pages',
  rpc: { list: 'get_buzz_haven_orders', update: 'update_buzz_haven_order' },
  fields,
  // The notes travel as fields do; a workflow button's status as p_status.
  toArgs: (data, mode, previous = {}) => ({
    ...byFields(data, mode, previous),
    ...(data.status !== undefined && data.status !== previous.status ? { p_status: data.status } : {}),
  }),
  listOptions: {
    sort: { field: 'created_at', order: 'DESC' },
    empty: 'No orders yet. Order requests from the shop appear here.',
    searchLabel: 'Search orders',
    filters: ['status', 'payment_state', 'locale'],
    csv: 'orders',
  },
  recordActions: [
    { label: 'Confirm Order', set: { status: 'confirmed' }, done: 'Order confirmed', when: canBecome('confirmed') },
    { label: 'Ready for Pickup', set: { status: 'ready' }, done: 'Order ready for pickup', when: canBecome('ready') },
    { label: 'Mark Shipped', set: { status: 'shipped' }, done: 'Order shipped', when: canBecome('shipped') },
    { label: 'Mark Completed', set: { status: 'completed' }, done: 'Order completed', when: canBecome('completed') },
    {
      label: 'Cancel Order', set: { status: 'cancelled' }, done: 'Order cancelled', when: canBecome('cancelled'),
      confirm: 'Cancel this order request? A cancelled order cannot be reopened.',
    },
  ],
  // Card payments and refunds of the order, with Refund.
  panels: [lazy(() => import('./PaymentPanel'))],
  dashboard: { position: 2 },
  recordRepresentation: 'number',
};

export default orders;
