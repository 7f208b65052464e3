import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import { CHARGED_NOTE } from '../priceNote';
import type { ResourceDeclaration } from '../../crud/declaration';

/**
 * The shipping the server charges per delivery choice (buzz_haven.shipping_rates):
 * the order RPC, the cart and the site's pages read
 * these rows. The three choices are fixed (the order form knows them), so rows are only edited.
 */
const shippingRates: ResourceDeclaration = {
  name: 'shipping_rates',
  label: 'Shipping Rates',
  group: 'settings',
  recordName: 'Shipping rate |||| Shipping rates',
  icon: LocalShippingIcon,
  rpc: { list: 'get_buzz_haven_shipping_rates', update: 'update_buzz_haven_shipping_rate' },
  fields: [
    {
      source: 'delivery', kind: 'enum', label: 'Delivery', form: false,
      choiceNames: { standard: 'Standard', express: 'Express', pickup: 'Local pickup' },
    },
    { source: 'price', kind: 'money', label: 'Price', required: true, helperText: CHARGED_NOTE },
    {
      source: 'free_over', kind: 'money', label: 'Free over',
      helperText: 'Free when the subtotal is over this amount; empty: never free',
    },
    { source: 'updated_at', kind: 'dateTime', label: 'Updated', form: false, list: 'desktop' },
  ],
  listOptions: { sort: { field: 'price', order: 'ASC' }, empty: 'No shipping rates.' },
  recordRepresentation: 'delivery',
};

export default shippingRates;
