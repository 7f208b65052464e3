import OutboxIcon from '@mui/icons-material/Outbox';
import type { ResourceDeclaration } from '../../crud/declaration';

const shown = { form: false } as const;

/**
 * The e-mail outbox (buzz_haven.outbox_messages): every confirmation and
 * alert the business sends, newest first, with its state, tries and last error; 'Retry' puts a
 * message that failed for good (dead) back in line. Read-only otherwise: staff cannot rewrite
 * what a customer receives (update_buzz_haven_outbox_message accepts a retry only).
 */
const outbox: ResourceDeclaration = {
  name: 'outbox',
  label: 'Outbox',
  group: 'site',
  // a campaign's page lists its e-mails
  listedOn: [{ resource: 'campaigns', target: 'related_id', label: 'Deliveries', sort: { field: 'created_at', order: 'DESC' } }],
  recordName: 'E-mail |||| E-mails',
  icon: OutboxIcon,
  rpc: { list: 'get_buzz_haven_outbox_messages', update: 'update_buzz_haven_outbox_message' },
  fields: [
    { source: 'created_at', kind: 'dateTime', label: 'Created', ...shown },
    { source: 'recipient', kind: 'text', label: 'To', searchable: true, ...shown },
    {
      source: 'kind', kind: 'enum', label: 'Message', list: 'desktop', ...shown, column: 'outbox_messages.kind',
      choiceNames: {
        order_received: 'Order received',
        order_received_card: 'Order received (card payment awaited)',
        swarm_report_received: 'Swarm report received',
        registration_confirmed: 'Registration confirmed',
        registration_waitlisted: 'Registration waitlisted',
        registration_promoted: 'Moved up from the waitlist',
        registration_cancelled: 'Registration cancelled',
        registration_reminder: 'Workshop reminder',
        order_confirmed: 'Order confirmed',
        order_ready: 'Order ready for pickup',
        order_shipped: 'Order shipped',
        order_cancelled: 'Order cancelled',
        adoption_received: 'Adoption request received',
        adoption_accepted: 'Adoption accepted',
        adoption_paid: 'Adoption paid (manage link)',
        staff_swarm_alert: 'Staff swarm alert',
        staff_order_alert: 'Staff new order alert',
        staff_registration_alert: 'Staff new registration alert',
        staff_digest: 'Staff daily digest',
        newsletter_confirm: 'Newsletter confirmation',
        newsletter_campaign: 'Newsletter campaign',
        visit_report: 'Visit report',
        visit_report_loss: 'Visit report (colony lost)',
      },
    },
    { source: 'subject', kind: 'text', label: 'Subject', list: 'desktop', searchable: true, ...shown },
    {
      source: 'state', kind: 'enum', label: 'State', ...shown, column: 'outbox_messages.state',
      choiceNames: {
        queued: { name: 'Queued', colour: 'blue' },
        sending: { name: 'Sending', colour: 'amber' },
        sent: { name: 'Sent', colour: 'green' },
        dead: { name: 'Failed', colour: 'red' },
      },
    },
    { source: 'tries', kind: 'integer', label: 'Tries', ...shown, column: 'outbox_messages.tries' },
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
