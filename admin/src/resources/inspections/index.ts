import FactCheckIcon from '@mui/icons-material/FactCheck';
import type { ResourceDeclaration } from '../../crud/declaration';

const integer = (source: string, label: string) => ({ source, kind: 'integer', label, list: false }) as const;

/** Hive inspections: a plain resource, everything generated (listed on each hive's page too). */
const inspections: ResourceDeclaration = {
  name: 'inspections',
  table: 'hive_inspections',
  label: 'Inspections',
  group: 'hives',
  recordName: 'Inspection |||| Inspections',
  icon: FactCheckIcon,
  // Ten years of a busy apiary is ~20,000-30,000 rows here: pages without a total, so a page costs the same at any size.
  count: 'pages',
  offline: true,
  rpc: {
    list: 'get_buzz_haven_inspections',
    create: 'create_buzz_haven_inspection',
    update: 'update_buzz_haven_inspection',
    delete: 'delete_buzz_haven_inspection',
  },
  fields: [
    { source: 'hive_id', kind: 'reference', reference: 'hives', label: 'Hive', required: 'Hive is required' },
    { source: 'inspected_on', kind: 'date', label: 'Date', required: 'Inspection date is required' },
    { source: 'inspector', kind: 'text', label: 'Inspector', searchable: true },
    { source: 'queen_seen', kind: 'boolean', label: 'Queen seen', list: 'desktop', defaultValue: false },
    { source: 'eggs_seen', kind: 'boolean', label: 'Eggs seen', list: false, defaultValue: false },
    { source: 'brood_pattern', kind: 'enum', label: 'Brood pattern', list: false, choiceNames: {
      solid: { name: 'Solid', colour: 'green' }, spotty: { name: 'Spotty', colour: 'amber' },
      patchy: { name: 'Patchy', colour: 'amber' }, none: { name: 'None', colour: 'red' },
    } },
    { source: 'temperament', kind: 'enum', label: 'Temperament', list: 'desktop', choiceNames: {
      calm: { name: 'Calm', colour: 'green' }, nervous: { name: 'Nervous', colour: 'amber' },
      defensive: { name: 'Defensive', colour: 'red' },
    } },
    integer('frames_of_bees', 'Frames of bees'),
    { ...integer('varroa_count', 'Varroa count'), helperText: 'Mites counted in the sample' },
    { source: 'varroa_method', kind: 'enum', label: 'Count method', list: false, choiceNames: {
      alcohol_wash: { name: 'Alcohol wash', colour: 'blue' }, sugar_roll: { name: 'Sugar roll', colour: 'blue' },
      sticky_board: { name: 'Sticky board', colour: 'blue' },
    } },
    { ...integer('varroa_sample_size', 'Sample size (bees)'), defaultValue: 300 },
    { source: 'mites_per_100', kind: 'number', label: 'Mites per 100 bees', decimals: 1, form: false, list: 'desktop' },
    { source: 'treatment', kind: 'text', label: 'Treatment', list: false, searchable: true },
    integer('supers_added', 'Supers added'),
    { source: 'honey_harvested_lb', kind: 'number', label: 'Honey harvested (lb)', decimals: 1, list: false },
    { source: 'notes', kind: 'longText', label: 'Notes', list: false, searchable: true },
    // Shared with the hive's adopters and host on /my-hive (get_buzz_haven_my_hives).
    { source: 'share', kind: 'boolean', label: "Share with the hive's people", list: false, defaultValue: false,
      helperText: 'Adopters and the host see the date, the sentence below and the photo on their My Hive page' },
    { source: 'share_note', kind: 'longText', label: 'Shared sentence', list: false,
      helperText: 'What they will read; the notes above stay with staff' },
    { source: 'share_photo_url', kind: 'image', label: 'Shared photo', list: false },
  ],
  validate: ({ share, share_note: note }): Record<string, string> =>
    (share && !String(note ?? '').trim() ? { share_note: 'A shared highlight needs the sentence its people will read' } : {}),
  listOptions: { sort: { field: 'inspected_on', order: 'DESC' }, empty: 'No inspections yet.', createLabel: 'Add inspection' },
  listedOn: [{ resource: 'hives', target: 'hive_id', label: 'Inspections', sort: { field: 'inspected_on', order: 'DESC' } }],
  recordRepresentation: 'inspected_on',
};

export default inspections;
