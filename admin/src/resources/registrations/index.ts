import HowToRegIcon from '@mui/icons-material/HowToReg';
import { EMBEDDED_ONLY, type ResourceDeclaration } from '../../crud/declaration';
import { languageField } from '../../crud/languageField';

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
  // Ten years of a busy apiary is ~20,000-30,000 rows here: pages without a total, so a page costs the same at any size.
  count: 'pages',
  rpc: { list: 'get_buzz_haven_event_registrations', update: 'update_buzz_haven_event_registration' },
  fields: [
    { source: 'event_id', kind: 'reference', reference: 'events', label: 'Event', form: false },
    { source: 'name', kind: 'text', label: 'Name', searchable: true, form: false },
    { source: 'email', kind: 'text', label: 'Email', searchable: true, form: false },
    { source: 'places', kind: 'integer', label: 'Places', form: false },
    {
      source: 'status', kind: 'enum', label: 'Status',
      choiceNames: {
        confirmed: { name: 'Confirmed', colour: 'green' }, waitlisted: { name: 'Waitlisted', colour: 'amber' },
        cancelled: { name: 'Cancelled', colour: 'red' }, attended: { name: 'Attended', colour: 'blue' },
        held: { name: 'Held (paying)', colour: 'amber' }, expired: { name: 'Hold expired', colour: 'grey' },
      },
    },
    {
      // Card payments: none unless the place was paid by card.
      source: 'payment_state', kind: 'enum', label: 'Payment', form: false,
      choiceNames: {
        awaiting_payment: { name: 'Awaiting payment', colour: 'amber' }, paid: { name: 'Paid', colour: 'green' },
        partially_refunded: { name: 'Partly refunded', colour: 'blue' }, refunded: { name: 'Refunded', colour: 'grey' },
        expired: { name: 'Not paid in time', colour: 'grey' }, unpaid: { name: 'Unpaid', colour: 'red' },
      },
    },
    { source: 'amount_paid', kind: 'money', label: 'Paid by card', form: false },
    { source: 'amount_refunded', kind: 'money', label: 'Refunded', form: false },
    { source: 'position', kind: 'integer', label: 'Waitlist position', form: false },
    { source: 'created_at', kind: 'dateTime', label: 'Registered', form: false },
    languageField,
  ],
  ...EMBEDDED_ONLY,
};

export default registrations;
