import { lazy } from 'react';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import type { ResourceDeclaration } from '../types';

const OrderList = lazy(() => import('./OrderList').then((m) => ({ default: m.OrderList })));

/** Orders: the table and its list RPC exist; the screen is a placeholder for now. */
const orders: ResourceDeclaration = {
  name: 'orders',
  label: 'Orders',
  icon: ReceiptLongIcon,
  recordName: 'Order |||| Orders',
  rpc: { list: 'get_buzz_haven_orders' },
  fields: [],
  list: OrderList,
  dashboard: { position: 2 },
};

export default orders;
