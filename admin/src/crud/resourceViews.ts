/**
 * The react-admin views of a declaration: its own components, else the generated ones. Each
 * generated view is its own chunk, loaded the first time a page of that kind opens (React.lazy).
 * A resource with its own list (Products' dialog, the Media grid...) gets no generated page
 * it did not ask for. `resourcePropsOf` is what `<Resource>` receives; the declaration rides in
 * its `options`, where the generated views read it back (useDeclaration.ts).
 */
import { lazy, type ComponentType } from 'react';
import type { ResourceDefinitions, ResourceProps } from 'react-admin';
import type { ResourceDeclaration } from './declaration';
import { declaredOptions } from './useDeclaration';

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

/** The props of a declaration's `<Resource>` (App.tsx): name, icon, views and the declaration. */
export function resourcePropsOf(declaration: ResourceDeclaration): ResourceProps {
  return {
    name: declaration.name,
    icon: declaration.icon,
    options: declaredOptions(declaration),
    recordRepresentation: declaration.recordRepresentation,
    list: viewOf(declaration, 'list'),
    show: viewOf(declaration, 'show'),
    create: viewOf(declaration, 'create'),
    edit: viewOf(declaration, 'edit'),
  };
}

/** The resource definitions `<Resource>` would register (for a view rendered outside `<Admin>`). */
export function resourceDefinitionsOf(declarations: ResourceDeclaration[]): ResourceDefinitions {
  return Object.fromEntries(declarations.map((declaration) => {
    const { name, icon, options, recordRepresentation, list, show, create, edit } = resourcePropsOf(declaration);
    return [name, { name, icon, options, recordRepresentation, hasList: !!list, hasShow: !!show, hasCreate: !!create, hasEdit: !!edit }];
  }));
}
