import TuneIcon from '@mui/icons-material/Tune';
import type { ResourceDeclaration } from '../../crud/declaration';

/**
 * How orders are paid (buzz_haven.payment_settings, one row,
 * 20251130001000_buzz_haven_payments.sql): pay at pickup / invoice on or off. Off, the
 * order RPC refuses an order that is not paid by card, so switch it off only while card payments
 * are on. Owners and admins change it; the row is only edited.
 */
const paymentSettings: ResourceDeclaration = {
  name: 'payment_settings',
  label: 'Payment Settings',
  group: 'settings',
  // update_buzz_haven_payment_settings refuses every other role.
  roles: ['owner', 'admin'],
  recordName: 'Payment settings |||| Payment settings',
  icon: TuneIcon,
  rpc: { list: 'get_buzz_haven_payment_settings', update: 'update_buzz_haven_payment_settings' },
  fields: [
    {
      source: 'pay_later', kind: 'boolean', label: 'Pay at pickup or by invoice', required: true,
      choiceNames: { true: { name: 'Offered', colour: 'green' }, false: { name: 'Card only', colour: 'amber' } },
      helperText: 'Off: every order must be paid by card when it is sent. Only while card payments are on (see Payments).',
    },
    { source: 'updated_at', kind: 'dateTime', label: 'Updated', form: false, list: 'desktop' },
  ],
  listOptions: { sort: { field: 'updated_at', order: 'DESC' }, empty: 'No payment settings.' },
  recordRepresentation: 'pay_later',
};

export default paymentSettings;
