import type { ComponentType } from 'react';
import type { FieldDeclaration, ResourceDeclaration } from '../crud/declaration';

/**
 * A price table whose rows are keyed by a slug that names an entry of a Content catalog
 * (adoption tiers, hosting plans, workshop offerings): the server charges or shows the price,
 * the words stay in Content. Its RPCs follow the naming of every table:
 * get_buzz_haven_<table>, create/update/delete_buzz_haven_<row>.
 */
export interface PriceTable {
  /** The table, e.g. 'adopt_tiers'; also the resource name. */
  table: string;
  /** One row's name in the RPCs, e.g. 'adopt_tier'. */
  row: string;
  label: string;
  group: ResourceDeclaration['group'];
  recordName: string;
  icon: ComponentType<{ color?: 'primary' }>;
  /** The slug's helper text: which Content catalog it names, with an example. */
  slugHelp: string;
  /** The price field and any others, after the slug. */
  fields: FieldDeclaration[];
  /** Where the list shows the order column. */
  orderInList: FieldDeclaration['list'];
  empty: string;
  createLabel: string;
  validate?: ResourceDeclaration['validate'];
  /** Where a row's name is (the Content catalog's items by slug): what a reference to a row shows. */
  words: NonNullable<ResourceDeclaration['words']>;
}

export const priceTable = ({ table, row, slugHelp, fields, orderInList, empty, createLabel, ...rest }: PriceTable): ResourceDeclaration => ({
  ...rest,
  name: table,
  rpc: {
    list: `get_buzz_haven_${table}`,
    create: `create_buzz_haven_${row}`,
    update: `update_buzz_haven_${row}`,
    delete: `delete_buzz_haven_${row}`,
  },
  fields: [
    { source: 'slug', kind: 'text', label: 'Slug', required: true, searchable: true, helperText: slugHelp },
    ...fields,
    { source: 'sort_order', kind: 'integer', label: 'Order', defaultValue: 0, list: orderInList },
  ],
  listOptions: { sort: { field: 'sort_order', order: 'ASC' }, empty, createLabel },
  recordRepresentation: 'slug',
});
