import GroupsIcon from '@mui/icons-material/Groups';
import { EMBEDDED_ONLY, type ResourceDeclaration } from '../../crud/declaration';

/**
 * Volunteers signed up for a volunteer shift (get_buzz_haven_volunteer_signups):
 * the roster, on the shift's event page.
 */
const volunteerSignups: ResourceDeclaration = {
  name: 'volunteer_signups',
  label: 'Volunteers',
  recordName: 'Volunteer |||| Volunteers',
  icon: GroupsIcon,
  rpc: { list: 'get_buzz_haven_volunteer_signups' },
  fields: [
    { source: 'event_id', kind: 'reference', reference: 'events', label: 'Shift', form: false },
    { source: 'name', kind: 'text', label: 'Name', searchable: true, form: false },
    { source: 'email', kind: 'text', label: 'Email', searchable: true, form: false },
    { source: 'phone', kind: 'text', label: 'Phone', form: false },
    { source: 'status', kind: 'enum', label: 'Status', form: false,
      choiceNames: { confirmed: { name: 'Confirmed', colour: 'green' }, cancelled: { name: 'Cancelled', colour: 'red' } } },
    { source: 'created_at', kind: 'dateTime', label: 'Signed up', form: false },
  ],
  ...EMBEDDED_ONLY,
};

export default volunteerSignups;
