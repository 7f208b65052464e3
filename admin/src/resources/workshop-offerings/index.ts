import SchoolIcon from '@mui/icons-material/School';
import { SHOWN_NOTE } from '../priceNote';
import { priceTable } from '../priceTable';

const age = (source: string, label: string) =>
  ({ source, kind: 'integer', label, list: 'desktop' }) as const;

/**
 * Each workshop offering's price per person and age range (buzz_haven.workshop_offerings):
 * the site's workshop cards and
 * {{workshops.<id>}} read them. Title, length and description are words in Content
 * (catalog/workshop-offerings, by slug = an event's offering).
 */
export default priceTable({
  table: 'workshop_offerings',
  row: 'workshop_offering',
  label: 'Workshop Prices',
  group: 'settings',
  recordName: 'Workshop offering |||| Workshop offerings',
  icon: SchoolIcon,
  words: { document: 'catalog/workshop-offerings', list: 'offerings', name: 'title' },
  slugHelp: 'The offering id in Content (catalog/workshop-offerings), e.g. beekeeping-basics',
  fields: [
    { source: 'price', kind: 'money', label: 'Price per person', required: true, helperText: SHOWN_NOTE },
    age('min_age', 'Youngest age'),
    age('max_age', 'Oldest age'),
  ],
  orderInList: false,
  validate: ({ min_age: min, max_age: max }): Record<string, string> =>
    (min != null && max != null && min !== '' && max !== '' && Number(min) > Number(max)
      ? { min_age: 'The youngest age cannot be above the oldest' } : {}),
  empty: 'No workshop offerings yet.',
  createLabel: 'Add offering',
});
