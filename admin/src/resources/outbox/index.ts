import OutboxIcon from '@mui/icons-material/Outbox';
import type { ResourceDeclaration } from '../../crud/declaration';

const shown = { form: false } as const;

/**
 * The e-mail outbox (buzz_haven.outbox_messages, 20251125002000-2030): every confirmation and
 * alert the business sends, newest first, with its state, tries and last error; 'Retry' puts a
 * message that failed for good (dead) back in line. Read-only otherwise: staff cannot rewrite
 * what a customer receives (update_buzz_haven_outbox_message accepts a retry only).
 */
const outbox: ResourceDeclaration = {
  name: 'outbox',
  label: 'Outbox',
  // a campaign's page lists its e-mails
  listedOn: [{ resource: 'campaigns', target: 'related_id', label: 'Deliveries', sort: { field: 'created_at', order: 'DESC' } }],
  recordName: 'E-mail |||| E-mails',
  icon: OutboxIcon,
  rpc: { list: 'get_buzz_haven_outbox_messages', update: 'update_buzz_haven_outbox_message' },
  fields: [
    { source: 'created_at', kind: 'dateTime', label: 'Created', ...shown },
    { source: 'recipient', kind: 'text', label: 'To', searchable: true, ...shown },
    {
      source: 'kind', kind: 'enum', label: 'Message', list: 'desktop', ...shown,
      choices: [
        { id: 'order_received', name: 'Order received' },
        { id: 'order_received_card', name: 'Order received (card payment awaited)' },
        { id: 'swarm_report_received', name: 'Swarm report received' },
        { id: 'registration_confirmed', name: 'Registration confirmed' },
        { id: 'registration_waitlisted', name: 'Registration waitlisted' },
        { id: 'registration_promoted', name: 'Moved up from the waitlist' },
        { id: 'registration_cancelled', name: 'Registration cancelled' },
        { id: 'registration_reminder', name: 'Workshop reminder' },
        { id: 'order_confirmed', name: 'Order confirmed' },
        { id: 'order_ready', name: 'Order ready for pickup' },
        { id: 'order_shipped', name: 'Order shipped' },
        { id: 'order_cancelled', name: 'Order cancelled' },
        { id: 'adoption_received', name: 'Adoption request received' },
        { id: 'adoption_accepted', name: 'Adoption accepted' },
        { id: 'adoption_paid', name: 'Adoption paid (manage link)' },
        { id: 'staff_swarm_alert', name: 'Staff swarm alert' },
        { id: 'staff_order_alert', name: 'Staff new order alert' },
        { id: 'staff_registration_alert', name: 'Staff new registration alert' },
        { id: 'staff_digest', name: 'Staff daily digest' },
        { id: 'newsletter_confirm', name: 'Newsletter confirmation' },
        { id: 'newsletter_campaign', name: 'Newsletter campaign' },
      ],
    },
    { source: 'subject', kind: 'text', label: 'Subject', list: 'desktop', searchable: true, ...shown },
    {
      source: 'state', kind: 'enum', label: 'State', ...shown,
      choices: [
        { id: 'queued', name: 'Queued', colour: 'blue' },
        { id: 'sending', name: 'Sending', colour: 'amber' },
        { id: 'sent', name: 'Sent', colour: 'green' },
        { id: 'dead', name: 'Failed', colour: 'red' },
      ],
    },
    { source: 'tries', kind: 'integer', label: 'Tries', min: 0, ...shown },
    { source: 'last_error', kind: 'longText', label: 'Last error', list: 'desktop', ...shown },
    { source: 'next_attempt_at', kind: 'dateTime', label: 'Next try', list: false, ...shown },
    { source: 'sent_at', kind: 'dateTime', label: 'Sent', list: false, ...shown },
    { source: 'text_body', kind: 'longText', label: 'Text', list: false, ...shown },
  ],
  toArgs: (data) => ({ p_state: data.state }),
  create: false,
  edit: false,
  history: false,
  listOptions: {
    sort: { field: 'created_at', order: 'DESC' },
    empty: 'No e-mail yet. Confirmations and alerts appear here as they are queued.',
    searchLabel: 'Search e-mails',
    filters: ['state'],
  },
  recordActions: [
    // It goes out with the sender's next batch; a retry sends nothing a customer has received.
    { label: 'Retry', set: { state: 'queued' }, done: 'E-mail queued again', when: (r) => r.state === 'dead' },
  ],
  recordRepresentation: 'subject',
};

export default outbox;
