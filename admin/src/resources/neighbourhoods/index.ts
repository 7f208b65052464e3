import PlaceIcon from '@mui/icons-material/Place';
import type { ResourceDeclaration } from '../../crud/declaration';

/**
 * The neighbourhoods a harvest is chosen from (buzz_haven.neighbourhoods): the names printed on
 * honey labels and shown on /honey/<code>, kept by owners and admins so that no one types an
 * address or a street description there. A rename carries to the harvests.
 */
const neighbourhoods: ResourceDeclaration = {
  name: 'neighbourhoods',
  label: 'Neighbourhoods',
  group: 'settings',
  recordName: 'Neighbourhood |||| Neighbourhoods',
  icon: PlaceIcon,
  rpc: {
    list: 'get_buzz_haven_neighbourhoods',
    create: 'create_buzz_haven_neighbourhood',
    update: 'update_buzz_haven_neighbourhood',
    delete: 'delete_buzz_haven_neighbourhood',
  },
  fields: [
    { source: 'name', kind: 'text', label: 'Name', required: 'Name is required', searchable: true,
      helperText: 'The name visitors read, e.g. Echo Park: never a street or an address' },
    { source: 'updated_at', kind: 'dateTime', label: 'Updated', form: false, list: 'desktop' },
  ],
  listOptions: { sort: { field: 'name', order: 'ASC' }, empty: 'No neighbourhoods: add one before recording a harvest.', createLabel: 'Add neighbourhood' },
  recordRepresentation: 'name',
};

export default neighbourhoods;
