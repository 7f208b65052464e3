import AgricultureIcon from '@mui/icons-material/Agriculture';
import type { ResourceDeclaration } from '../../crud/declaration';

/**
 * Honey harvests (buzz_haven.honey_harvests): a hive,
 * the date and season, the neighbourhood (one of Neighbourhoods), weight, moisture and floral
 * notes; optionally the inspection that recorded the pounds harvested (its pounds are the weight
 * when none is given) and the batch whose jars it filled. Everything generated.
 */
const honeyHarvests: ResourceDeclaration = {
  name: 'honey_harvests',
  label: 'Harvests',
  group: 'hives',
  recordName: 'Harvest |||| Harvests',
  icon: AgricultureIcon,
  rpc: {
    list: 'get_buzz_haven_honey_harvests',
    create: 'create_buzz_haven_honey_harvest',
    update: 'update_buzz_haven_honey_harvest',
    delete: 'delete_buzz_haven_honey_harvest',
  },
  fields: [
    { source: 'hive_id', kind: 'reference', reference: 'hives', label: 'Hive', required: 'Hive is required' },
    { source: 'harvested_on', kind: 'date', label: 'Harvest date', required: 'Harvest date is required' },
    { source: 'season', kind: 'enum', label: 'Season', required: 'Season is required', choiceNames: {
      spring: { name: 'Spring', colour: 'green' }, summer: { name: 'Summer', colour: 'amber' },
      fall: { name: 'Fall', colour: 'amber' }, winter: { name: 'Winter', colour: 'blue' },
    } },
    {
      source: 'neighbourhood', kind: 'reference', reference: 'neighbourhoods', referenceKey: 'name', label: 'Neighbourhood',
      searchable: true,
      helperText: 'On the label and the batch page; from the Neighbourhoods list. Empty: the hive\'s neighbourhood',
    },
    { source: 'weight_lb', kind: 'number', label: 'Weight (lb)', decimals: 1, list: 'desktop',
      helperText: 'Empty: the linked inspection\'s pounds harvested' },
    { source: 'moisture_pct', kind: 'number', label: 'Moisture (%)', decimals: 1, list: false },
    { source: 'floral_notes', kind: 'longText', label: 'Floral notes', list: false, searchable: true },
    { source: 'inspection_id', kind: 'reference', reference: 'inspections', label: 'Inspection', list: false,
      helperText: 'The inspection of this hive that recorded the pounds harvested' },
    { source: 'batch_id', kind: 'reference', reference: 'honey_batches', label: 'Batch', list: 'desktop' },
  ],
  listOptions: {
    sort: { field: 'harvested_on', order: 'DESC' }, empty: 'No harvests yet.', createLabel: 'Record harvest', filters: ['season'],
  },
  recordRepresentation: 'harvested_on',
};

export default honeyHarvests;
