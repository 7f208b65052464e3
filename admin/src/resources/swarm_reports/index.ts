import EmergencyIcon from '@mui/icons-material/Emergency';
import type { ResourceDeclaration } from '../../crud/declaration';
import { languageField } from '../../crud/languageField';

const reported = { form: false } as const;

/**
 * Swarm reports from the site's swarm form: open ones (new, called back) first, newest first;
 * staff triage them (the statuses of buzz_haven.swarm_reports) and keep notes on the edit page.
 */
const swarmReports: ResourceDeclaration = {
  name: 'swarm_reports',
  label: 'Swarm Reports',
  group: 'requests',
  recordName: 'Swarm report |||| Swarm reports',
  icon: EmergencyIcon,
  rpc: { list: 'get_buzz_haven_swarm_reports', update: 'update_buzz_haven_swarm_report' },
  fields: [
    { source: 'location', kind: 'text', label: 'Location', searchable: true, ...reported },
    { source: 'created_at', kind: 'dateTime', label: 'Reported', list: 'desktop', ...reported },
    {
      source: 'status', kind: 'enum', label: 'Status', required: true,
      choiceNames: {
        new: { name: 'New', colour: 'amber' },
        called_back: { name: 'Called back', colour: 'blue' },
        collected: { name: 'Collected', colour: 'green' },
        not_bees: { name: 'Not bees', colour: 'grey' },
        referred: { name: 'Referred', colour: 'grey' },
      },
    },
    {
      source: 'qualifies', kind: 'boolean', label: 'Criteria', list: 'desktop', ...reported,
      choiceNames: { true: { name: 'Qualifies', colour: 'green' }, false: { name: 'Does not qualify', colour: 'grey' } },
    },
    { source: 'name', kind: 'text', label: 'Name', searchable: true, list: 'desktop', ...reported },
    { source: 'phone', kind: 'text', label: 'Phone', searchable: true, ...reported },
    { source: 'email', kind: 'text', label: 'Email', list: false, ...reported },
    {
      source: 'formed_when', kind: 'enum', label: 'Formed', list: false, ...reported,
      choiceNames: {
        under_24h: 'Under 24 hours ago', '24_48h': '24-48 hours ago',
        over_48h: 'Over 48 hours ago', unknown: 'Unknown',
      },
    },
    {
      source: 'size', kind: 'enum', label: 'Size', list: false, ...reported,
      choiceNames: { smaller: 'Smaller than a football', football: 'About a football', larger: 'Larger than a football' },
    },
    {
      source: 'height', kind: 'enum', label: 'Height', list: false, ...reported,
      choiceNames: { ground: 'Ground level', reachable: 'Reachable with a ladder', high: 'High up' },
    },
    {
      source: 'in_structure', kind: 'boolean', label: 'In a structure', list: false, ...reported,
      choiceNames: { true: { name: 'Inside a structure', colour: 'amber' }, false: { name: 'In the open', colour: 'green' } },
    },
    { source: 'photo_url', kind: 'url', label: 'Photo', list: false, ...reported },
    { source: 'notes', kind: 'longText', label: 'Reporter\'s notes', list: false, ...reported },
    languageField,
    { source: 'staff_notes', kind: 'longText', label: 'Staff notes', list: false, helperText: 'Seen by staff only' },
  ],
  listOptions: {
    sort: { field: 'is_open,created_at', order: 'DESC' },
    empty: 'No swarm reports yet.',
    searchLabel: 'Search swarm reports',
    filters: ['status', 'locale'],
  },
  recordActions: [
    { label: 'Called Back', set: { status: 'called_back' }, done: 'Swarm report marked called back', when: (r) => r.status === 'new' },
    { label: 'Collected', set: { status: 'collected' }, done: 'Swarm report marked collected', when: (r) => r.status === 'new' || r.status === 'called_back' },
  ],
  recordRepresentation: 'location',
};

export default swarmReports;
