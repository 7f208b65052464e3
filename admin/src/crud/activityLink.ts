/**
 * Where an activity entry's record lives in the back office, derived from the declarations: the
 * log names the table (`buzz_haven.<table>`), a declaration names its table (`table`, default its
 * name). The record's detail page when the resource has one, else the resource's list; a resource
 * shown only inside other pages (an event's registrations) opens the list of the resource its first
 * reference field points to. A deleted record has no page.
 */
import type { ActivityEntry } from '../types';
import { tableOf, type ResourceDeclaration } from './declaration';
import { viewOf } from './resourceViews';

/** The admin path of the entry's record ('/admin/orders/<id>/show'), or null when it has none. */
export function activityLink(
  entry: Pick<ActivityEntry, 'action' | 'resource' | 'record_id'>,
  declarations: ResourceDeclaration[],
): string | null {
  if (entry.action === 'delete') return null;
  const declaration = declarations.find((d) => tableOf(d) === entry.resource);
  if (!declaration) return null;
  if (viewOf(declaration, 'show')) return `/admin/${declaration.name}/${encodeURIComponent(entry.record_id)}/show`;
  if (viewOf(declaration, 'list')) return `/admin/${declaration.name}`;
  const parent = declaration.fields.find((f) => f.kind === 'reference' && f.reference)?.reference;
  const parentDeclaration = declarations.find((d) => d.name === parent);
  return parentDeclaration && viewOf(parentDeclaration, 'list') ? `/admin/${parentDeclaration.name}` : null;
}
