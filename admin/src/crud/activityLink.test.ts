/**
 * Recent Activity's links, derived from the declarations (the table each names): the same pages
 * as the hand-kept table they replaced, and a link for every resource with pages of its own.
 */
import { resources } from '../resources';
import { activityLink } from './activityLink';
import { relatedListsOf } from './relatedLists';
import type { ResourceDeclaration } from './declaration';

const link = (resource: string, action: 'update' | 'delete' = 'update') => activityLink({ action, resource, record_id: 'r 1' }, resources);

test('a record with a detail page links there; the table may differ from the resource name', () => {
  for (const [table, resource] of [
    ['orders', 'orders'], ['swarm_reports', 'swarm_reports'], ['adoption_requests', 'adoption_requests'], ['events', 'events'],
    ['hives', 'hives'], ['hive_inspections', 'inspections'], ['hosting_plans', 'hosting_plans'],
  ]) expect([table, link(table!)]).toEqual([table, `/admin/${resource}/r%201/show`]);
});

test('a resource with its own list screen links to the list; an embedded one to the list of what it references', () => {
  for (const [table, resource] of [
    ['products', 'products'], ['media', 'media'], ['users', 'users'], ['contact_messages', 'messages'],
    ['content_documents', 'content'], ['event_registrations', 'events'],
  ]) expect([table, link(table!)]).toEqual([table, `/admin/${resource}`]);
});

test('a deleted record, and a table no declaration names, have no link', () => {
  expect(link('orders', 'delete')).toBeNull();
  expect(link('request_log')).toBeNull();
});

test('related lists: declared on the children, in the registry order, after them those the parent declares itself', () => {
  const byName = (name: string) => resources.find((r) => r.name === name)!;
  // (other lists may follow: a parent may still declare its own)
  expect(relatedListsOf(byName('orders'), resources).slice(0, 2).map((r) => [r.resource, r.target, r.label])).toEqual([
    ['order_items', 'order_id', 'Line items'], ['order_history', 'order_id', 'Status history'],
  ]);
  expect(relatedListsOf(byName('hives'), resources)[0]?.resource).toBe('inspections');
  expect(relatedListsOf(byName('campaigns'), resources).map((r) => [r.resource, r.target])).toEqual([['outbox', 'related_id']]);
  const sort = { field: 'id', order: 'ASC' } as const;
  const parent: ResourceDeclaration = { ...byName('hives'), related: [{ resource: 'notes', target: 'hive_id', label: 'Notes', sort }] };
  const lists = relatedListsOf(parent, resources).map((r) => r.resource);
  expect([lists[0], lists.at(-1)]).toEqual(['inspections', 'notes']);
});
