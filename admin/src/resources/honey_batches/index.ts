import { lazy } from 'react';
import LocalDiningIcon from '@mui/icons-material/LocalDining';
import type { ResourceDeclaration } from '../../crud/declaration';
import { SPANISH_HELP, SPANISH_MISSING_FIELD } from '../../crud/spanishField';

/**
 * Honey batches (buzz_haven.honey_batches): jars of a
 * product filled from some harvests, with the code printed on their label (EH-24F-07). Published
 * (with at least one harvest), a batch has its page on the site, /honey/<code>, after the next
 * Publish site, and is its product's current batch on /shop. The detail page lists its harvests
 * and prints its label sheets (LabelSheetPanel).
 */
const honeyBatches: ResourceDeclaration = {
  name: 'honey_batches',
  label: 'Honey Batches',
  group: 'hives',
  recordName: 'Honey batch |||| Honey batches',
  icon: LocalDiningIcon,
  rpc: {
    list: 'get_buzz_haven_honey_batches',
    create: 'create_buzz_haven_honey_batch',
    update: 'update_buzz_haven_honey_batch',
    delete: 'delete_buzz_haven_honey_batch',
  },
  fields: [
    {
      source: 'code', kind: 'text', label: 'Batch code', required: 'Batch code is required', searchable: true,
      helperText: 'Printed on the label, e.g. EH-24F-07', upperCase: true,
    },
    { source: 'product_id', kind: 'reference', reference: 'products', label: 'Product', required: 'Product is required' },
    { source: 'jar_count', kind: 'integer', label: 'Jars', required: 'Jar count is required' },
    { source: 'bottled_on', kind: 'date', label: 'Bottled on', list: 'desktop' },
    { source: 'net_weight', kind: 'text', label: 'Net weight', list: false, helperText: "Empty: the product's size label" },
    { source: 'notes', kind: 'longText', label: 'Notes', list: false, helperText: 'Shown on the batch page' },
    { source: 'notes_es', kind: 'longText', label: 'Notes (Spanish)', list: false, helperText: SPANISH_HELP },
    { source: 'published', kind: 'boolean', label: 'On the site', defaultValue: false,
      helperText: 'On the site (/honey/<code>) after the next Publish site; needs at least one harvest', choiceNames: {
      true: { name: 'Published', colour: 'green' }, false: { name: 'Draft', colour: 'grey' },
    } },
    SPANISH_MISSING_FIELD,
  ],
  listOptions: { sort: { field: 'bottled_on', order: 'DESC' }, empty: 'No honey batches yet.', createLabel: 'Add batch' },
  recordActions: [
    { label: 'Publish', set: { published: true }, done: 'Batch published: its page is on the site after the next Publish site' },
    { label: 'Unpublish', set: { published: false }, done: 'Batch unpublished', confirm: 'Take this batch\'s page off the site at the next Publish site?' },
  ],
  related: [
    { resource: 'honey_harvests', target: 'batch_id', label: 'Harvests in this batch', sort: { field: 'harvested_on', order: 'ASC' } },
  ],
  panels: [lazy(() => import('./LabelSheetPanel'))],
  recordRepresentation: 'code',
};

export default honeyBatches;
