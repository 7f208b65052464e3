import { lazy } from 'react';
import Inventory2Icon from '@mui/icons-material/Inventory2';
import type { ResourceDeclaration } from '../types';
import { productToArgs } from './toArgs';

// Products keep the seed's own screen: the list with its add/edit dialog and delete confirmation.
const ProductList = lazy(() => import('./ProductList').then((m) => ({ default: m.ProductList })));

const products: ResourceDeclaration = {
  name: 'products',
  label: 'Products',
  recordName: 'Product |||| Products',
  icon: Inventory2Icon,
  rpc: {
    list: 'get_buzz_haven_products',
    create: 'create_buzz_haven_product',
    update: 'update_buzz_haven_product',
    delete: 'delete_buzz_haven_product',
  },
  fields: [
    { source: 'name', kind: 'text', label: 'Name', required: 'Name is required', searchable: true },
    { source: 'price', kind: 'money', label: 'Price (cents)', header: 'Price', min: 0, defaultValue: 0,
      messages: { min: 'Price must be positive', whole: 'Price must be a whole number of cents' } },
    { source: 'category', kind: 'text', label: 'Category', list: 'desktop', searchable: true },
    { source: 'description', kind: 'longText', label: 'Description', list: 'desktop', searchable: true },
    { source: 'image_url', kind: 'url', label: 'Image URL', list: false, messages: { invalid: 'Must be a valid URL' } },
  ],
  toArgs: productToArgs,
  list: ProductList,
  dashboard: { position: 1 },
  recordRepresentation: 'name',
};

export default products;
