import BugReportIcon from '@mui/icons-material/BugReport';
import type { ResourceDeclaration } from '../../crud/declaration';

/**
 * The varroa threshold (buzz_haven.varroa_settings, one row): a hive whose latest count is over it
 * is flagged in Hives, on its page and on the dashboard until a treatment starts or a later count
 * is under it. Owners and admins change it; the row is only edited.
 */
const varroaSettings: ResourceDeclaration = {
  name: 'varroa_settings',
  label: 'Varroa Threshold',
  group: 'settings',
  // update_buzz_haven_varroa_settings refuses every other role.
  roles: ['owner', 'admin'],
  recordName: 'Varroa threshold |||| Varroa threshold',
  icon: BugReportIcon,
  rpc: { list: 'get_buzz_haven_varroa_settings', update: 'update_buzz_haven_varroa_settings' },
  fields: [
    {
      source: 'threshold_per_100', kind: 'number', label: 'Mites per 100 bees', decimals: 1, required: true,
      helperText: 'A hive whose latest count (alcohol wash, sugar roll or sticky board) is over this is flagged for treatment',
    },
  ],
  listOptions: { sort: { field: 'threshold_per_100', order: 'ASC' }, empty: 'No varroa threshold.' },
  recordRepresentation: 'threshold_per_100',
};

export default varroaSettings;
