/** Texts of the generated views, derived from a declaration unless it states them. */
import type { ResourceDeclaration } from './declaration';

/** 'Event |||| Events' -> 'Event'; without a recordName, the label ('Events'). */
export const singular = (d: Pick<ResourceDeclaration, 'recordName' | 'label'>): string =>
  d.recordName?.split('||||')[0].trim() ?? d.label;

export const textsOf = (d: ResourceDeclaration) => {
  const one = singular(d);
  return {
    one,
    createLabel: d.listOptions?.createLabel ?? `Add ${one}`,
    empty: d.listOptions?.empty ?? `No ${d.label.toLowerCase()} yet.`,
    searchLabel: d.listOptions?.searchLabel ?? `Search ${d.label.toLowerCase()}`,
    showLabel: d.listOptions?.showLabel ?? 'View Details',
    created: `${one} created successfully`,
    updated: `${one} updated successfully`,
    deleted: `${one} deleted successfully`,
    confirmDelete: `Are you sure you want to delete this ${one.toLowerCase()}?`,
  };
};
