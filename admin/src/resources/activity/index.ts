import HistoryIcon from '@mui/icons-material/History';
import { EMBEDDED_ONLY, type ResourceDeclaration } from '../../crud/declaration';

/**
 * The activity log (get_buzz_haven_activity): who changed which record, and when. No screen of
 * its own: the dashboard's Recent Activity and each detail page's History read it.
 */
const activity: ResourceDeclaration = {
  name: 'activity',
  label: 'Activity',
  recordName: 'Activity entry |||| Activity',
  icon: HistoryIcon,
  rpc: { list: 'get_buzz_haven_activity' },
  // Recent Activity (10 rows) and History (20 rows) show no pager: counting up to 200,000 log
  // rows on every dashboard load would make the page O(table) again.
  count: 'none',
  fields: [
    { source: 'created_at', kind: 'dateTime', label: 'When' },
    { source: 'actor_name', kind: 'text', label: 'Who' },
    {
      source: 'action', kind: 'enum', label: 'Action', column: 'activity_log.action',
      choiceNames: {
        create: { name: 'Created', colour: 'green' }, update: { name: 'Updated', colour: 'blue' },
        status: { name: 'Status', colour: 'amber' }, delete: { name: 'Deleted', colour: 'red' },
      },
    },
    { source: 'summary', kind: 'text', label: 'What' },
    { source: 'resource', kind: 'text', label: 'Table' },
    { source: 'record_id', kind: 'text', label: 'Record' },
  ],
  ...EMBEDDED_ONLY,
};

export default activity;
