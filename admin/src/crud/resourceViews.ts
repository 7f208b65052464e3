/**
 * The react-admin views of a declaration: its own components, else the generated ones. Each
 * generated view is its own chunk, loaded the first time a page of that kind opens (React.lazy).
 * A resource with its own list (Products' dialog, the Media grid...) gets no generated page
 * it did not ask for.
 */
import { lazy, type ComponentType } from 'react';
import type { ResourceDeclaration } from '../resources/types';

const generated = {
  list: lazy(() => import('./GeneratedList')),
  show: lazy(() => import('./GeneratedShow')),
  create: lazy(() => import('./GeneratedCreate')),
  edit: lazy(() => import('./GeneratedEdit')),
};

type ViewKind = keyof typeof generated;

export function viewOf(declaration: ResourceDeclaration, kind: ViewKind): ComponentType | undefined {
  const own = declaration[kind];
  if (own === false) return undefined;
  if (own) return own;
  if (declaration.list) return undefined;
  if (kind === 'create' && !declaration.rpc.create) return undefined;
  if (kind === 'edit' && !declaration.rpc.update) return undefined;
  return generated[kind];
}
