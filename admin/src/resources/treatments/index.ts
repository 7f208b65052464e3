import MedicationIcon from '@mui/icons-material/Medication';
import type { ResourceDeclaration } from '../../crud/declaration';

/**
 * Varroa treatments of hives (buzz_haven.hive_treatments): the product, dose, first and last day
 * and who applied it; listed on each hive's page. Honey from the hive dated up to the withdrawal
 * period's last day is refused by the database.
 */
const treatments: ResourceDeclaration = {
  name: 'treatments',
  table: 'hive_treatments',
  label: 'Treatments',
  group: 'hives',
  recordName: 'Treatment |||| Treatments',
  icon: MedicationIcon,
  offline: true,
  rpc: {
    list: 'get_buzz_haven_treatments',
    create: 'create_buzz_haven_treatment',
    update: 'update_buzz_haven_treatment',
    delete: 'delete_buzz_haven_treatment',
  },
  fields: [
    { source: 'hive_id', kind: 'reference', reference: 'hives', label: 'Hive', required: 'Hive is required' },
    { source: 'product_id', kind: 'reference', reference: 'treatment_products', label: 'Product', required: 'Product is required' },
    { source: 'dose', kind: 'text', label: 'Dose', list: 'desktop', helperText: 'As applied, e.g. 5 ml per seam of bees' },
    { source: 'started_on', kind: 'date', label: 'Start', required: 'Start date is required' },
    { source: 'ended_on', kind: 'date', label: 'End', required: 'End date is required' },
    { source: 'applied_by', kind: 'text', label: 'Applied by', list: 'desktop', searchable: true },
    { source: 'withdrawal_ends_on', kind: 'date', label: 'No honey until after', form: false },
  ],
  validate: ({ started_on: start, ended_on: end }): Record<string, string> =>
    (start && end && String(end) < String(start) ? { ended_on: 'The end date cannot be before the start date' } : {}),
  listOptions: { sort: { field: 'started_on', order: 'DESC' }, empty: 'No treatments recorded.', createLabel: 'Add treatment' },
  listedOn: [{ resource: 'hives', target: 'hive_id', label: 'Treatments', sort: { field: 'started_on', order: 'DESC' } }],
  recordRepresentation: 'started_on',
};

export default treatments;
