import HowToRegIcon from '@mui/icons-material/HowToReg';
import { EMBEDDED_ONLY, type ResourceDeclaration } from '../../crud/declaration';

/**
 * Workshop registrations (get_buzz_haven_event_registrations): no section of their own, shown on
 * their event's detail page (RegistrationsPanel), where staff cancel one or mark attendance.
 */
const registrations: ResourceDeclaration = {
  name: 'registrations',
  table: 'event_registrations',
  label: 'Registrations',
  recordName: 'Registration |||| Registrations',
  icon: HowToRegIcon,
  rpc: { list: 'get_buzz_haven_event_registrations', update: 'update_buzz_haven_event_registration' },
  fields: [
    { source: 'event_id', kind: 'reference', reference: 'events', label: 'Event', form: false },
    { source: 'name', kind: 'text', label: 'Name', searchable: true, form: false },
    { source: 'email', kind: 'text', label: 'Email', searchable: true, form: false },
    { source: 'places', kind: 'integer', label: 'Places', form: false },
    {
      source: 'status', kind: 'enum', label: 'Status',
      choices: [
        { id: 'confirmed', name: 'Confirmed', colour: 'green' }, { id: 'waitlisted', name: 'Waitlisted', colour: 'amber' },
        { id: 'cancelled', name: 'Cancelled', colour: 'red' }, { id: 'attended', name: 'Attended', colour: 'blue' },
        { id: 'held', name: 'Held (paying)', colour: 'amber' }, { id: 'expired', name: 'Hold expired', colour: 'grey' },
      ],
    },
    {
      // Card payments (issue 25): none unless the place was paid by card.
      source: 'payment_state', kind: 'enum', label: 'Payment', form: false,
      choices: [
        { id: 'awaiting_payment', name: 'Awaiting payment', colour: 'amber' }, { id: 'paid', name: 'Paid', colour: 'green' },
        { id: 'partially_refunded', name: 'Partly refunded', colour: 'blue' }, { id: 'refunded', name: 'Refunded', colour: 'grey' },
        { id: 'expired', name: 'Not paid in time', colour: 'grey' }, { id: 'unpaid', name: 'Unpaid', colour: 'red' },
      ],
    },
    { source: 'amount_paid', kind: 'money', label: 'Paid by card', form: false },
    { source: 'amount_refunded', kind: 'money', label: 'Refunded', form: false },
    { source: 'position', kind: 'integer', label: 'Waitlist position', form: false },
    { source: 'created_at', kind: 'dateTime', label: 'Registered', form: false },
  ],
  ...EMBEDDED_ONLY,
};

export default registrations;
