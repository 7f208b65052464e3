import CardGiftcardIcon from '@mui/icons-material/CardGiftcard';
import type { ResourceDeclaration } from '../../crud/declaration';

/**
 * The gift lengths an adoption may be given for (buzz_haven.adopt_gift_terms):
 * the site offers them, the adoption RPC accepts
 * only these. Added or removed, not edited.
 */
const adoptGiftTerms: ResourceDeclaration = {
  name: 'adopt_gift_terms',
  label: 'Gift Terms',
  group: 'settings',
  recordName: 'Gift term |||| Gift terms',
  icon: CardGiftcardIcon,
  rpc: { list: 'get_buzz_haven_adopt_gift_terms', create: 'create_buzz_haven_adopt_gift_term', delete: 'delete_buzz_haven_adopt_gift_term' },
  fields: [{ source: 'months', kind: 'integer', label: 'Months', required: true }],
  listOptions: { sort: { field: 'months', order: 'ASC' }, empty: 'No gift terms.', createLabel: 'Add gift term' },
  recordRepresentation: 'months',
};

export default adoptGiftTerms;
