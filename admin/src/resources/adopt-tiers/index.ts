import LoyaltyIcon from '@mui/icons-material/Loyalty';
import { CHARGED_NOTE } from '../priceNote';
import { priceTable } from '../priceTable';

/**
 * Adopt-a-Hive tiers and their monthly prices (buzz_haven.adopt_tiers):
 * the adoption RPC charges them and the site
 * shows them. A tier's name and perks are words in Content (catalog/adopt-tiers, by slug).
 */
export default priceTable({
  table: 'adopt_tiers',
  row: 'adopt_tier',
  label: 'Adoption Tiers',
  group: 'settings',
  recordName: 'Adoption tier |||| Adoption tiers',
  icon: LoyaltyIcon,
  words: { document: 'catalog/adopt-tiers', list: 'tiers', name: 'name' },
  slugHelp: 'The tier id in Content (catalog/adopt-tiers), e.g. hive-guardian',
  fields: [{ source: 'monthly_price', kind: 'money', label: 'Monthly price', required: true, helperText: CHARGED_NOTE }],
  orderInList: 'desktop',
  empty: 'No adoption tiers yet.',
  createLabel: 'Add tier',
});
