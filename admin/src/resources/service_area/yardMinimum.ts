import StraightenIcon from '@mui/icons-material/Straighten';
import type { ResourceDeclaration } from '../../crud/declaration';

/** The smallest yard a hosted hive goes in (buzz_haven.host_yard_minimum, one row). */
const yardMinimum: ResourceDeclaration = {
  name: 'host_yard_minimum',
  label: 'Yard Minimum',
  group: 'settings',
  recordName: 'Yard minimum |||| Yard minimum',
  icon: StraightenIcon,
  rpc: { list: 'get_buzz_haven_host_yard_minimum', update: 'update_buzz_haven_host_yard_minimum' },
  fields: [
    { source: 'length_ft', kind: 'integer', label: 'Length (ft)', required: true },
    { source: 'width_ft', kind: 'integer', label: 'Width (ft)', required: true,
      helperText: 'Host applications with a smaller yard are refused with this explanation' },
    { source: 'updated_at', kind: 'dateTime', label: 'Updated', form: false, list: 'desktop' },
  ],
  listOptions: { sort: { field: 'length_ft', order: 'ASC' }, empty: 'No yard minimum.' },
  recordRepresentation: 'length_ft',
};

export default yardMinimum;
