import { lazy } from 'react';
import HiveIcon from '@mui/icons-material/Hive';
import type { ResourceDeclaration } from '../../crud/declaration';
import { SPANISH_HELP, SPANISH_MISSING_FIELD } from '../../crud/spanishField';

/**
 * Hives: generated list (with the inspection-due flag: no inspection in 21 days, computed by
 * get_buzz_haven_hives), detail with the inspection log, create, edit, retire and delete.
 */
const hives: ResourceDeclaration = {
  name: 'hives',
  label: 'Hives',
  group: 'hives',
  recordName: 'Hive |||| Hives',
  icon: HiveIcon,
  rpc: {
    list: 'get_buzz_haven_hives',
    create: 'create_buzz_haven_hive',
    update: 'update_buzz_haven_hive',
    delete: 'delete_buzz_haven_hive',
  },
  fields: [
    { source: 'name', kind: 'text', label: 'Name', required: true, searchable: true },
    { source: 'name_es', kind: 'text', label: 'Name (Spanish)', list: false, searchable: true, helperText: SPANISH_HELP },
    { source: 'location', kind: 'text', label: 'Location', list: 'desktop', searchable: true, helperText: 'Apiary or address' },
    {
      source: 'status', kind: 'enum', label: 'Status', required: true, defaultValue: 'active',
      choiceNames: {
        active: { name: 'Active', colour: 'green' },
        queenless: { name: 'Queenless', colour: 'amber' },
        swarmed: { name: 'Swarmed', colour: 'amber' },
        dead_out: { name: 'Dead-out', colour: 'red' },
        retired: { name: 'Retired', colour: 'grey' },
      },
    },
    { source: 'queen_installed_date', kind: 'date', label: 'Queen Installed', list: 'desktop' },
    { source: 'last_inspection_date', kind: 'date', label: 'Last Inspection', list: 'desktop', form: false },
    {
      source: 'inspection_due', kind: 'boolean', label: 'Inspection', form: false,
      choiceNames: { true: { name: 'Due', colour: 'amber' }, false: { name: 'Not due', colour: 'green' } },
    },
    { source: 'mites_per_100', kind: 'number', label: 'Mites per 100 bees', decimals: 1, list: false, form: false },
    {
      source: 'varroa_flag', kind: 'boolean', label: 'Varroa', form: false,
      helperText: 'Over the treatment threshold until a treatment starts or a later count is under it',
      choiceNames: { true: { name: 'Treat', colour: 'red' }, false: { name: 'Below threshold', colour: 'green' } },
    },
    SPANISH_MISSING_FIELD,
    { source: 'sign_code', kind: 'text', label: 'Sign code', list: false, form: false,
      helperText: "The code on the hive's QR label: its sign page is /hive/<code>" },
    { source: 'host', kind: 'text', label: 'Host', list: false, searchable: true },
    { source: 'queen_source', kind: 'text', label: 'Queen Source', list: false },
    { source: 'queen_marking', kind: 'text', label: 'Queen Marking', list: false, helperText: 'Colour mark, e.g. white' },
    { source: 'notes', kind: 'longText', label: 'Notes', list: false },
    // The public map (/hives): the host's choices; the map shows an approximate position only.
    { source: 'neighbourhood', kind: 'text', label: 'Neighbourhood', list: false, searchable: true, helperText: 'Shown on the public map' },
    { source: 'latitude', kind: 'number', label: 'Latitude', decimals: 6, list: false, helperText: "The hive's position (never public: the map shows about 300 m around it)" },
    { source: 'longitude', kind: 'number', label: 'Longitude', decimals: 6, list: false },
    {
      source: 'on_map', kind: 'boolean', label: 'Show on the map', list: false, defaultValue: false,
      helperText: 'The host lets the public see this hive on /hives (needs neighbourhood, latitude and longitude)',
      choiceNames: { true: { name: 'On the map', colour: 'green' }, false: { name: 'Not shown', colour: 'grey' } },
    },
    { source: 'host_display_name', kind: 'text', label: 'Host display name', list: false, helperText: 'How the host wants to be named in public' },
    {
      source: 'show_host_name', kind: 'boolean', label: "Show the host's name", list: false, defaultValue: false,
      choiceNames: { true: { name: 'Shown', colour: 'green' }, false: { name: 'Hidden', colour: 'grey' } },
    },
    {
      source: 'show_adopter_names', kind: 'boolean', label: "Show the adopters' first names", list: false, defaultValue: false,
      choiceNames: { true: { name: 'Shown', colour: 'green' }, false: { name: 'Hidden', colour: 'grey' } },
    },
  ],
  listOptions: {
    sort: { field: 'name', order: 'ASC' },
    empty: 'No hives found. Add your first hive to get started.',
    createLabel: 'Add Hive',
    logOnlyOnError: true,
  },
  listActions: [lazy(() => import('./PrintHiveLabelsButton'))],
  recordActions: [{ label: 'Retire Hive', set: { status: 'retired' }, done: 'Hive retired' }],
  dashboard: { position: 4 },
  recordRepresentation: 'name',
};

export default hives;
