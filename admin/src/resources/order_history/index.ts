import HistoryIcon from '@mui/icons-material/History';
import { EMBEDDED_ONLY, type ResourceDeclaration } from '../../crud/declaration';
import orders from '../orders';

/** The orders' status names (the values are orders.status's CHECK). */
const statuses = { column: 'orders.status', choiceNames: orders.fields.find((f) => f.source === 'status')!.choiceNames };

/** Each status an order took: from, to, who, when (order_status_history), on the order's page. */
const orderHistory: ResourceDeclaration = {
  name: 'order_history',
  label: 'Order status history',
  listedOn: [{ resource: 'orders', target: 'order_id', label: 'Status history', sort: { field: 'created_at', order: 'ASC' } }],
  recordName: 'Status change |||| Status changes',
  icon: HistoryIcon,
  rpc: { list: 'get_buzz_haven_order_history' },
  fields: [
    { source: 'order_id', kind: 'text', label: 'Order', list: false },
    { source: 'created_at', kind: 'dateTime', label: 'When' },
    { source: 'from_status', kind: 'enum', label: 'From', ...statuses },
    { source: 'to_status', kind: 'enum', label: 'To', ...statuses },
    { source: 'changed_by_name', kind: 'text', label: 'By' },
  ],
  listOptions: { empty: 'No status changes yet.' },
  ...EMBEDDED_ONLY,
};

export default orderHistory;
