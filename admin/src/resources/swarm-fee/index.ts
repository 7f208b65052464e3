import PaymentsIcon from '@mui/icons-material/Payments';
import { SHOWN_NOTE } from '../priceNote';
import type { ResourceDeclaration } from '../../crud/declaration';

/**
 * The swarm collection fee range (buzz_haven.swarm_fee, one row):
 * the site quotes it as {{swarm.fee}} ("$75-150").
 * The row is only edited.
 */
const swarmFee: ResourceDeclaration = {
  name: 'swarm_fee',
  label: 'Swarm Fee',
  group: 'settings',
  recordName: 'Swarm fee |||| Swarm fee',
  icon: PaymentsIcon,
  rpc: { list: 'get_buzz_haven_swarm_fee', update: 'update_buzz_haven_swarm_fee' },
  fields: [
    { source: 'fee_min', kind: 'money', label: 'Lowest fee', required: true },
    { source: 'fee_max', kind: 'money', label: 'Highest fee', required: true, helperText: SHOWN_NOTE },
    { source: 'updated_at', kind: 'dateTime', label: 'Updated', form: false, list: 'desktop' },
  ],
  validate: ({ fee_min: min, fee_max: max }): Record<string, string> =>
    (Number(min) > Number(max) ? { fee_min: 'The lowest fee cannot be above the highest' } : {}),
  listOptions: { sort: { field: 'fee_min', order: 'ASC' }, empty: 'No swarm fee.' },
  recordRepresentation: 'fee_min',
};

export default swarmFee;
