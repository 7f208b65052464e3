import { lazy } from 'react';
import Inventory2Icon from '@mui/icons-material/Inventory2';
import type { ResourceDeclaration } from '../types';
import { productSchema, productToArgs } from './schema';

// Views load on demand so that the first page only downloads what it shows.
const ProductList = lazy(() => import('./ProductList').then((m) => ({ default: m.ProductList })));

const products: ResourceDeclaration = {
  name: 'products',
  label: 'Products',
  icon: Inventory2Icon,
  rpc: {
    list: 'get_buzz_haven_products',
    create: 'create_buzz_haven_product',
    update: 'update_buzz_haven_product',
    delete: 'delete_buzz_haven_product',
  },
  schema: productSchema,
  toArgs: productToArgs,
  list: ProductList,
  recordRepresentation: 'name',
};

export default products;
