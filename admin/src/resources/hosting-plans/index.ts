import HomeWorkIcon from '@mui/icons-material/HomeWork';
import { SHOWN_NOTE } from '../priceNote';
import type { ResourceDeclaration } from '../../crud/declaration';

/**
 * Hive hosting plans and their yearly prices (buzz_haven.hosting_plans,
 * 20251125003040_buzz_haven_hosting_plans.sql): the site shows them. A plan's name, summary and
 * features are words in Content (catalog/hosting, by slug).
 */
const hostingPlans: ResourceDeclaration = {
  name: 'hosting_plans',
  label: 'Hosting Plans',
  recordName: 'Hosting plan |||| Hosting plans',
  icon: HomeWorkIcon,
  rpc: {
    list: 'get_buzz_haven_hosting_plans',
    create: 'create_buzz_haven_hosting_plan',
    update: 'update_buzz_haven_hosting_plan',
    delete: 'delete_buzz_haven_hosting_plan',
  },
  fields: [
    {
      source: 'slug', kind: 'text', label: 'Slug', required: true, searchable: true,
      helperText: 'The plan id in Content (catalog/hosting), e.g. standard',
    },
    { source: 'yearly_price', kind: 'money', label: 'Yearly price', required: true, helperText: SHOWN_NOTE },
    { source: 'sort_order', kind: 'integer', label: 'Order', defaultValue: 0, list: 'desktop' },
  ],
  listOptions: { sort: { field: 'sort_order', order: 'ASC' }, empty: 'No hosting plans yet.', createLabel: 'Add plan' },
  recordRepresentation: 'slug',
};

export default hostingPlans;
