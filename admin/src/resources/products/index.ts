import { lazy } from 'react';
import Inventory2Icon from '@mui/icons-material/Inventory2';
import type { ResourceDeclaration } from '../../crud/declaration';
import { productToArgs } from './toArgs';
import { SPANISH_HELP } from '../../crud/spanishField';

// Products keep the seed's own screen: the list with its add/edit dialog and delete confirmation.
const ProductList = lazy(() => import('./ProductList').then((m) => ({ default: m.ProductList })));

const products: ResourceDeclaration = {
  name: 'products',
  label: 'Products',
  group: 'sales',
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
    { source: 'price', kind: 'money', label: 'Price (cents)', header: 'Price', defaultValue: 0,
      messages: { min: 'Price must be positive', whole: 'Price must be a whole number of cents' } },
    { source: 'category', kind: 'text', label: 'Category', list: 'desktop', searchable: true },
    { source: 'description', kind: 'longText', label: 'Description', list: 'desktop', searchable: true },
    // The Spanish pages and e-mails show these; empty, they show the English.
    { source: 'name_es', kind: 'text', label: 'Name (Spanish)', list: false, searchable: true, helperText: SPANISH_HELP },
    { source: 'description_es', kind: 'longText', label: 'Description (Spanish)', list: false, helperText: SPANISH_HELP },
    { source: 'image_url', kind: 'url', label: 'Image URL', list: false, messages: { invalid: 'Must be a valid URL' } },
    // The shop's fields (/shop and the home page's featured products read them).
    { source: 'slug', kind: 'text', label: 'Slug', list: false, helperText: 'Its address on /shop, e.g. wildflower-honey' },
    { source: 'size_label', kind: 'text', label: 'Size label', list: false, helperText: 'e.g. 12 oz jar' },
    { source: 'section', kind: 'enum', label: 'Section', list: false,
      choiceNames: { honey: 'Honey', beeswax: 'Beeswax' } },
    { source: 'featured', kind: 'boolean', label: 'Featured on the home page', defaultValue: false, list: false },
    { source: 'sort_order', kind: 'integer', label: 'Order', defaultValue: 0, list: false,
      helperText: 'Smaller numbers come first in the shop' },
    { source: 'image_alt', kind: 'text', label: 'Image alt text', list: false },
  ],
  toArgs: productToArgs,
  list: ProductList,
  dashboard: { position: 1 },
  recordRepresentation: 'name',
};

export default products;
