import SchoolIcon from '@mui/icons-material/School';
import { SHOWN_NOTE } from '../priceNote';
import type { ResourceDeclaration } from '../../crud/declaration';

const age = (source: string, label: string) =>
  ({ source, kind: 'integer', label, list: 'desktop' }) as const;

/**
 * Each workshop offering's price per person and age range (buzz_haven.workshop_offerings,
 * 20251125003060_buzz_haven_workshop_offerings.sql): the site's workshop cards and
 * {{workshops.<id>}} read them. Title, length and description are words in Content
 * (catalog/workshop-offerings, by slug = an event's offering).
 */
const workshopOfferings: ResourceDeclaration = {
  name: 'workshop_offerings',
  label: 'Workshop Prices',
  recordName: 'Workshop offering |||| Workshop offerings',
  icon: SchoolIcon,
  rpc: {
    list: 'get_buzz_haven_workshop_offerings',
    create: 'create_buzz_haven_workshop_offering',
    update: 'update_buzz_haven_workshop_offering',
    delete: 'delete_buzz_haven_workshop_offering',
  },
  fields: [
    {
      source: 'slug', kind: 'text', label: 'Slug', required: true, searchable: true,
      helperText: 'The offering id in Content (catalog/workshop-offerings), e.g. beekeeping-basics',
    },
    { source: 'price', kind: 'money', label: 'Price per person', required: true, helperText: SHOWN_NOTE },
    age('min_age', 'Youngest age'),
    age('max_age', 'Oldest age'),
    { source: 'sort_order', kind: 'integer', label: 'Order', defaultValue: 0, list: false },
  ],
  validate: ({ min_age: min, max_age: max }): Record<string, string> =>
    (min != null && max != null && min !== '' && max !== '' && Number(min) > Number(max)
      ? { min_age: 'The youngest age cannot be above the oldest' } : {}),
  listOptions: { sort: { field: 'sort_order', order: 'ASC' }, empty: 'No workshop offerings yet.', createLabel: 'Add offering' },
  recordRepresentation: 'slug',
};

export default workshopOfferings;
