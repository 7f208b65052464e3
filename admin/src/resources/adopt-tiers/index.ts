import LoyaltyIcon from '@mui/icons-material/Loyalty';
import { CHARGED_NOTE } from '../priceNote';
import type { ResourceDeclaration } from '../../crud/declaration';

/**
 * Adopt-a-Hive tiers and their monthly prices (buzz_haven.adopt_tiers,
 * 20251125003010_buzz_haven_adopt_tier_tables.sql): the adoption RPC charges them and the site
 * shows them. A tier's name and perks are words in Content (catalog/adopt-tiers, by slug).
 */
const adoptTiers: ResourceDeclaration = {
  name: 'adopt_tiers',
  label: 'Adoption Tiers',
  recordName: 'Adoption tier |||| Adoption tiers',
  icon: LoyaltyIcon,
  rpc: {
    list: 'get_buzz_haven_adopt_tiers',
    create: 'create_buzz_haven_adopt_tier',
    update: 'update_buzz_haven_adopt_tier',
    delete: 'delete_buzz_haven_adopt_tier',
  },
  fields: [
    {
      source: 'slug', kind: 'text', label: 'Slug', required: true, searchable: true,
      helperText: 'The tier id in Content (catalog/adopt-tiers), e.g. hive-guardian',
    },
    { source: 'monthly_price', kind: 'money', label: 'Monthly price', required: true, helperText: CHARGED_NOTE },
    { source: 'sort_order', kind: 'integer', label: 'Order', defaultValue: 0, list: 'desktop' },
  ],
  listOptions: { sort: { field: 'sort_order', order: 'ASC' }, empty: 'No adoption tiers yet.', createLabel: 'Add tier' },
  recordRepresentation: 'slug',
};

export default adoptTiers;
