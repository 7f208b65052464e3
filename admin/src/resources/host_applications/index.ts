import YardIcon from '@mui/icons-material/Yard';
import type { ResourceDeclaration } from '../../crud/declaration';
import { languageField } from '../../crud/languageField';

const told = { form: false } as const;
const yesNo = (source: string, label: string) => ({ source, kind: 'boolean', label, list: false, ...told }) as const;

/**
 * Hive hosting applications from /services/host-hive#apply (buzz_haven.host_applications).
 * Staff move one step at a time:
 * new -> site visit booked -> approved -> installed (with the hive, whose host the applicant
 * becomes), or declined with a reason; an application from outside the service area waits as a
 * waitlist lead. The server checks each step.
 */
const hostApplications: ResourceDeclaration = {
  name: 'host_applications',
  label: 'Host Applications',
  group: 'requests',
  recordName: 'Host application |||| Host applications',
  icon: YardIcon,
  rpc: { list: 'get_buzz_haven_host_applications', update: 'update_buzz_haven_host_application' },
  fields: [
    { source: 'name', kind: 'text', label: 'Name', searchable: true, ...told },
    { source: 'email', kind: 'text', label: 'Email', searchable: true, list: 'desktop', ...told },
    { source: 'phone', kind: 'text', label: 'Phone', list: false, ...told },
    { source: 'address', kind: 'text', label: 'Address', list: false, searchable: true, ...told },
    { source: 'zip', kind: 'text', label: 'ZIP', list: 'desktop', searchable: true, ...told },
    { source: 'in_area', kind: 'boolean', label: 'In the service area', list: false, ...told },
    { source: 'yard_length_ft', kind: 'integer', label: 'Yard length (ft)', list: false, ...told },
    { source: 'yard_width_ft', kind: 'integer', label: 'Yard width (ft)', list: false, ...told },
    { source: 'sun', kind: 'enum', label: 'Sun', list: false, ...told,
      choiceNames: { full: 'Full sun', partial: 'Partial sun', shade: 'Mostly shade' } },
    { source: 'water', kind: 'enum', label: 'Water', list: false, ...told,
      choiceNames: { on_site: 'In the yard', nearby: 'Nearby', none: 'None' } },
    { source: 'access', kind: 'enum', label: 'Access', list: false, ...told,
      choiceNames: { level: 'Level path', steps: 'Steps or slope', difficult: 'Difficult' } },
    yesNo('pets', 'Pets use the yard'),
    yesNo('children', 'Children use the yard'),
    // A row of Hosting Plans by slug, named by its words in Content (catalog/hosting).
    { source: 'hive_style', kind: 'reference', reference: 'hosting_plans', referenceKey: 'slug', label: 'Hive', list: 'desktop', ...told },
    { source: 'yard_photo_url', kind: 'image', label: 'Yard photo', list: false, ...told },
    { source: 'message', kind: 'longText', label: 'Message', list: false, ...told },
    { source: 'created_at', kind: 'dateTime', label: 'Applied', list: 'desktop', ...told },
    {
      source: 'status', kind: 'enum', label: 'Status', required: true,
      helperText: 'One step at a time: new, site visit booked, approved, installed; or declined with a reason',
      choiceNames: {
        waitlist: { name: 'Waitlist (outside the area)', colour: 'grey' }, new: { name: 'New', colour: 'amber' },
        site_visit_booked: { name: 'Site visit booked', colour: 'blue' }, approved: { name: 'Approved', colour: 'blue' },
        installed: { name: 'Installed', colour: 'green' }, declined: { name: 'Declined', colour: 'red' },
      },
    },
    { source: 'site_visit_at', kind: 'dateTime', label: 'Site visit', list: false },
    { source: 'hive_id', kind: 'reference', reference: 'hives', label: 'Installed hive', list: false,
      helperText: 'Needed for installed: the applicant becomes this hive\'s host and can sign in to /my-hive' },
    { source: 'decline_reason', kind: 'longText', label: 'Decline reason', list: false },
    languageField,
    { source: 'staff_notes', kind: 'longText', label: 'Staff notes', list: false, helperText: 'Seen by staff only' },
  ],
  validate: ({ status, hive_id: hive, decline_reason: reason }): Record<string, string> => ({
    ...(status === 'installed' && !hive ? { hive_id: 'Choose the hive that was installed' } : {}),
    ...(status === 'declined' && !reason ? { decline_reason: 'Give the reason the application is declined' } : {}),
  }),
  listOptions: {
    // Open ones (is_open, derived from the status on the server) first, newest first.
    sort: { field: 'is_open,created_at', order: 'DESC' },
    empty: 'No host applications yet.',
    searchLabel: 'Search applications',
    filters: ['status', 'locale'],
  },
  recordRepresentation: 'name',
};

export default hostApplications;
