import HomeWorkIcon from '@mui/icons-material/HomeWork';
import { SHOWN_NOTE } from '../priceNote';
import { priceTable } from '../priceTable';

/**
 * Hive hosting plans and their yearly prices (buzz_haven.hosting_plans):
 * the site shows them. A plan's name, summary and
 * features are words in Content (catalog/hosting, by slug).
 */
export default priceTable({
  table: 'hosting_plans',
  row: 'hosting_plan',
  label: 'Hosting Plans',
  group: 'settings',
  recordName: 'Hosting plan |||| Hosting plans',
  icon: HomeWorkIcon,
  words: { document: 'catalog/hosting', list: 'plans', name: 'name' },
  slugHelp: 'The plan id in Content (catalog/hosting), e.g. standard',
  fields: [{ source: 'yearly_price', kind: 'money', label: 'Yearly price', required: true, helperText: SHOWN_NOTE }],
  orderInList: 'desktop',
  empty: 'No hosting plans yet.',
  createLabel: 'Add plan',
});
