import FactCheckIcon from '@mui/icons-material/FactCheck';
import type { ResourceDeclaration } from '../../crud/declaration';

const integer = (source: string, label: string, max: number) =>
  ({ source, kind: 'integer', label, min: 0, max, list: false }) as const;

/** Hive inspections: a plain resource, everything generated (listed on each hive's page too). */
const inspections: ResourceDeclaration = {
  name: 'inspections',
  table: 'hive_inspections',
  label: 'Inspections',
  recordName: 'Inspection |||| Inspections',
  icon: FactCheckIcon,
  rpc: {
    list: 'get_buzz_haven_inspections',
    create: 'create_buzz_haven_inspection',
    update: 'update_buzz_haven_inspection',
    delete: 'delete_buzz_haven_inspection',
  },
  fields: [
    { source: 'hive_id', kind: 'reference', reference: 'hives', label: 'Hive', required: 'Hive is required' },
    { source: 'inspected_on', kind: 'date', label: 'Date', required: 'Inspection date is required' },
    { source: 'inspector', kind: 'text', label: 'Inspector', max: 200, searchable: true },
    { source: 'queen_seen', kind: 'boolean', label: 'Queen seen', list: 'desktop', defaultValue: false },
    { source: 'eggs_seen', kind: 'boolean', label: 'Eggs seen', list: false, defaultValue: false },
    { source: 'brood_pattern', kind: 'enum', label: 'Brood pattern', list: false, choices: [
      { id: 'solid', name: 'Solid', colour: 'green' }, { id: 'spotty', name: 'Spotty', colour: 'amber' },
      { id: 'patchy', name: 'Patchy', colour: 'amber' }, { id: 'none', name: 'None', colour: 'red' },
    ] },
    { source: 'temperament', kind: 'enum', label: 'Temperament', list: 'desktop', choices: [
      { id: 'calm', name: 'Calm', colour: 'green' }, { id: 'nervous', name: 'Nervous', colour: 'amber' },
      { id: 'defensive', name: 'Defensive', colour: 'red' },
    ] },
    integer('frames_of_bees', 'Frames of bees', 40),
    { ...integer('varroa_count', 'Varroa count', 300), list: 'desktop', helperText: 'Mites per 300 bees' },
    { source: 'treatment', kind: 'text', label: 'Treatment', max: 500, list: false, searchable: true },
    integer('supers_added', 'Supers added', 10),
    { source: 'honey_harvested_lb', kind: 'number', label: 'Honey harvested (lb)', min: 0, max: 1000, decimals: 1, list: false },
    { source: 'notes', kind: 'longText', label: 'Notes', max: 5000, list: false, searchable: true },
    // Shared with the hive's adopters and host on /my-hive (20251127060000_buzz_haven_shared_inspections.sql).
    { source: 'share', kind: 'boolean', label: "Share with the hive's people", list: false, defaultValue: false,
      helperText: 'Adopters and the host see the date, the sentence below and the photo on their My Hive page' },
    { source: 'share_note', kind: 'longText', label: 'Shared sentence', max: 300, list: false,
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
