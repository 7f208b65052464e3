/**
 * How the generated views find their declaration: App.tsx registers each resource with
 * `options.declaration` (resourceViews.ts, `resourcePropsOf`), and a view reads it back from
 * react-admin's resource definition, for the current resource (its ResourceContext) or for a
 * named one (a related list's rows). crud/ never imports `resources/`.
 */
import { useResourceDefinition } from 'react-admin';
import type { ResourceDeclaration } from './declaration';
import { withTableRules } from './tableRules';

/** The `options` of a declared resource's definition (`label` is react-admin's own). */
export interface DeclaredOptions {
  label: string;
  declaration: ResourceDeclaration;
}

/** The declaration rides with its tables' rules applied (crud/tableRules.ts): the views read the table's bounds and choices. */
export const declaredOptions = (declaration: ResourceDeclaration): DeclaredOptions => ({
  label: declaration.label,
  declaration: withTableRules(declaration),
});

/** The declaration of `resource`, else of the current resource context. */
export function useDeclaration(resource?: string): ResourceDeclaration {
  const definition = useResourceDefinition<Partial<DeclaredOptions>>(resource ? { resource } : undefined);
  const declaration = definition.options?.declaration;
  if (!declaration) {
    throw new Error(`No declaration for resource "${resource ?? definition.name}": register it with resourcePropsOf() (crud/resourceViews.ts)`);
  }
  return declaration;
}
