import ListAltIcon from '@mui/icons-material/ListAlt';
import { EMBEDDED_ONLY, type ResourceDeclaration } from '../../crud/declaration';

/** An order's lines (name and unit price as they were when it was sent), on the order's page. */
const orderItems: ResourceDeclaration = {
  name: 'order_items',
  label: 'Order items',
  listedOn: [{ resource: 'orders', target: 'order_id', label: 'Line items', sort: { field: 'name', order: 'ASC' } }],
  recordName: 'Item |||| Items',
  icon: ListAltIcon,
  rpc: { list: 'get_buzz_haven_order_items' },
  fields: [
    { source: 'order_id', kind: 'text', label: 'Order', list: false },
    { source: 'name', kind: 'text', label: 'Product' },
    { source: 'unit_price', kind: 'money', label: 'Unit price' },
    { source: 'quantity', kind: 'integer', label: 'Quantity' },
    { source: 'line_total', kind: 'money', label: 'Line total' },
  ],
  listOptions: { empty: 'No items.' },
  ...EMBEDDED_ONLY,
};

export default orderItems;
