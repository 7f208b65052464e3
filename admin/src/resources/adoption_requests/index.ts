import VolunteerActivismIcon from '@mui/icons-material/VolunteerActivism';
import type { ResourceDeclaration } from '../../crud/declaration';
import { languageField } from '../../crud/languageField';

const requested = { form: false } as const;

/** 'monthly' -> 'Monthly'; 'gift-6' -> 'Gift, 6 months'. */
export const planName = (plan: string): string =>
  (plan === 'monthly' ? 'Monthly' : plan.replace(/^gift-(\d+)$/, (_, months: string) => `Gift, ${months} month${months === '1' ? '' : 's'}`));

/**
 * Adopt-a-Hive requests from the site: tier, plan (monthly or a gift of 3, 6 or 12 months), the
 * requester and recipient; staff link a hive and mark the adoption active, paused or ended.
 */
const adoptionRequests: ResourceDeclaration = {
  name: 'adoption_requests',
  label: 'Adoptions',
  group: 'requests',
  recordName: 'Adoption request |||| Adoption requests',
  icon: VolunteerActivismIcon,
  rpc: { list: 'get_buzz_haven_adoption_requests', update: 'update_buzz_haven_adoption_request' },
  fields: [
    { source: 'name', kind: 'text', label: 'Name', searchable: true, ...requested },
    { source: 'email', kind: 'text', label: 'Email', searchable: true, list: 'desktop', ...requested },
    // A row of Adoption Tiers by slug, named by its words in Content (catalog/adopt-tiers).
    { source: 'tier', kind: 'reference', reference: 'adopt_tiers', referenceKey: 'slug', label: 'Tier', ...requested },
    // 'monthly' or 'gift-<months>' for any of Gift Terms' rows (adopt_gift_terms), read as words.
    { source: 'plan', kind: 'text', label: 'Plan', list: 'desktop', ...requested, format: planName },
    { source: 'monthly_price', kind: 'money', label: 'Per month', list: false, ...requested },
    { source: 'recipient_name', kind: 'text', label: 'Gift recipient', list: false, ...requested },
    { source: 'recipient_email', kind: 'text', label: 'Recipient email', list: false, ...requested },
    { source: 'message', kind: 'longText', label: 'Message', list: false, ...requested },
    { source: 'created_at', kind: 'dateTime', label: 'Requested', list: 'desktop', ...requested },
    { source: 'hive_id', kind: 'reference', reference: 'hives', label: 'Hive', list: 'desktop' },
    {
      source: 'status', kind: 'enum', label: 'Status', required: true,
      choiceNames: {
        new: { name: 'New', colour: 'amber' }, active: { name: 'Active', colour: 'green' },
        paused: { name: 'Paused', colour: 'blue' }, ended: { name: 'Ended', colour: 'grey' },
      },
    },
    languageField,
    { source: 'staff_notes', kind: 'longText', label: 'Staff notes', list: false, helperText: 'Seen by staff only' },
    // Card payments, kept by Stripe's webhooks: a monthly subscription or a gift paid at once.
    {
      source: 'billing_state', kind: 'enum', label: 'Payment', ...requested, column: 'adoption_billing.state',
      choiceNames: {
        awaiting_payment: { name: 'Awaiting payment', colour: 'amber' }, active: { name: 'Paying', colour: 'green' },
        past_due: { name: 'Past due', colour: 'red' }, cancelled: { name: 'Subscription cancelled', colour: 'grey' },
      },
    },
    { source: 'billing_amount', kind: 'money', label: 'Charged (a month, or the whole gift)', list: false, ...requested },
    { source: 'current_period_end', kind: 'dateTime', label: 'Paid through', list: false, ...requested },
    { source: 'paid_until', kind: 'dateTime', label: 'Gift runs until', list: false, ...requested },
    { source: 'invoices_paid', kind: 'integer', label: 'Invoices paid', list: false, ...requested },
    { source: 'stripe_subscription', kind: 'text', label: 'Stripe subscription', list: false, ...requested },
  ],
  listOptions: {
    // Open ones (is_open, derived from the status on the server) first, newest first.
    sort: { field: 'is_open,created_at', order: 'DESC' },
    empty: 'No adoption requests yet.',
    searchLabel: 'Search adoptions',
    filters: ['status', 'tier', 'billing_state', 'locale'],
  },
  recordRepresentation: 'name',
};

export default adoptionRequests;
