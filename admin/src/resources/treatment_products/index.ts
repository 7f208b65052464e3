import ScienceIcon from '@mui/icons-material/Science';
import type { ResourceDeclaration } from '../../crud/declaration';

/**
 * The varroa treatment products a treatment is chosen from (buzz_haven.treatment_products), kept
 * by owners and admins: the withdrawal days are how long after a treatment ends the database
 * refuses honey from the hive.
 */
const treatmentProducts: ResourceDeclaration = {
  name: 'treatment_products',
  label: 'Treatment products',
  group: 'settings',
  recordName: 'Treatment product |||| Treatment products',
  icon: ScienceIcon,
  rpc: {
    list: 'get_buzz_haven_treatment_products',
    create: 'create_buzz_haven_treatment_product',
    update: 'update_buzz_haven_treatment_product',
    delete: 'delete_buzz_haven_treatment_product',
  },
  fields: [
    { source: 'name', kind: 'text', label: 'Name', required: 'Name is required', searchable: true },
    { source: 'active_ingredient', kind: 'text', label: 'Active ingredient', searchable: true },
    { source: 'withdrawal_days', kind: 'integer', label: 'Withdrawal days', defaultValue: 0,
      helperText: 'Days after a treatment ends before honey may be harvested from the hive' },
  ],
  listOptions: { sort: { field: 'name', order: 'ASC' }, empty: 'No treatment products yet.', createLabel: 'Add treatment product' },
  recordRepresentation: 'name',
};

export default treatmentProducts;
