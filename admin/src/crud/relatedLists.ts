/**
 * The related lists on a resource's detail page: the lists its children declare (`listedOn`, the
 * one home: e.g. inspections name the hive page they show on), after those the parent itself
 * declares (`related`, the earlier way, still read). Children come in the declarations' order.
 */
import type { RelatedListDeclaration, ResourceDeclaration } from './declaration';

export function relatedListsOf(parent: ResourceDeclaration, declarations: ResourceDeclaration[]): RelatedListDeclaration[] {
  const fromChildren = declarations.flatMap((child) =>
    (child.listedOn ?? [])
      .filter((on) => on.resource === parent.name)
      .map(({ target, label, sort }) => ({ resource: child.name, target, label, sort })));
  const own = (parent.related ?? []).filter((r) => !fromChildren.some((c) => c.resource === r.resource && c.target === r.target));
  return [...fromChildren, ...own];
}
