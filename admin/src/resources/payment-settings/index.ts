import TuneIcon from '@mui/icons-material/Tune';
import type { ResourceDeclaration } from '../../crud/declaration';

/**
 * How orders and workshop places are paid (buzz_haven.payment_settings, one row): pay at pickup /
 * invoice on or off, and pay at the workshop on or off. Off, the order or registration RPC refuses
 * what is not paid by card, so switch them off only while card payments are on. The bounds on
 * workshop places held while paying are here too. Owners and admins change them; the row is only edited.
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
    {
      source: 'workshop_pay_later', kind: 'boolean', label: 'Pay for workshops at the workshop', required: true,
      choiceNames: { true: { name: 'Offered', colour: 'green' }, false: { name: 'Card only', colour: 'amber' } },
      helperText: 'On: a place registered without card payment is confirmed and shown unpaid. Off: priced places are paid by card when registered.',
    },
    {
      source: 'hold_places_per_email', kind: 'integer', label: 'Places held per e-mail', required: true, list: 'desktop',
      helperText: 'Workshop places one e-mail address may hold at once while paying by card.',
    },
    {
      source: 'hold_places_per_client', kind: 'integer', label: 'Places held per client', required: true, list: 'desktop',
      helperText: 'Workshop places one visitor\'s address may hold at once while paying by card.',
    },
    {
      source: 'hold_start_minutes', kind: 'integer', label: 'Minutes to start paying', required: true, list: 'desktop',
      helperText: 'A held place is freed when its card payment has not started within these minutes.',
    },
    { source: 'updated_at', kind: 'dateTime', label: 'Updated', form: false, list: 'desktop' },
  ],
  listOptions: { sort: { field: 'updated_at', order: 'DESC' }, empty: 'No payment settings.' },
  recordRepresentation: 'pay_later',
};

export default paymentSettings;
