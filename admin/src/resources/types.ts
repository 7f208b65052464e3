/**
 * The shape every back-office resource declares in `admin/src/resources/<name>/index.ts(x)`.
 * The generic RPC data provider reads `rpc`, `schema` and `toArgs`; `App.tsx` spreads the rest
 * into react-admin `<Resource>` elements. Adding a resource = a migration + one declaration.
 */
import type { ComponentType } from 'react';
import type { ResourceProps } from 'react-admin';
import type { ZodType } from 'zod';

export interface ResourceRpc {
  /** Returns every row (setof); the data provider sorts, filters and pages client-side. */
  list: string;
  /** Called with `toArgs(data, 'create')`; returns the created row. */
  create?: string;
  /** Called with `{ p_id, ...toArgs(data, 'update') }`; returns the updated row. */
  update?: string;
  /** Called with `{ p_id }`; returns the deleted row (or nothing: previousData is used). */
  delete?: string;
}

export interface ResourceDeclaration extends Omit<ResourceProps, 'name'> {
  /** react-admin resource name = route segment under /admin (e.g. 'products'). */
  name: string;
  rpc: ResourceRpc;
  /** zod schema validating create/update form values (messages shown to the user). */
  schema?: ZodType;
  /** Maps form values to the RPC's named arguments (p_name, p_price, ...). */
  toArgs?: (data: Record<string, unknown>, mode: 'create' | 'update') => Record<string, unknown>;
  /** Sidebar label (also used for the dashboard/menu). */
  label: string;
  /** Sidebar icon. */
  icon?: ComponentType;
  /**
   * Optional English labels merged into the i18n catalogue under `resources.<name>`
   * (e.g. `{ name: 'Hive |||| Hives', fields: { queen_installed_date: 'Queen Installed' } }`).
   * Entries in src/i18n/en.ts win over these.
   */
  messages?: { name?: string; fields?: Record<string, string> };
}
