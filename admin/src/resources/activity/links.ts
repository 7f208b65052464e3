/**
 * Where an activity entry's record lives in the back office: the log names the table
 * (buzz_haven.<table>), the admin its resource and page. A deleted record has no page; a
 * registration opens its event's list (its row does not name the event).
 */
import type { ActivityEntry } from '../../types';

const DETAIL: Record<string, string> = {
  orders: 'orders', swarm_reports: 'swarm_reports', adoption_requests: 'adoption_requests', events: 'events',
  hives: 'hives', hive_inspections: 'inspections',
};
const LIST: Record<string, string> = {
  products: 'products', media: 'media', users: 'users', contact_messages: 'messages', content: 'content', content_documents: 'content',
  event_registrations: 'events',
};

/** The admin path of the entry's record ('/admin/orders/<id>/show'), or null when it has none. */
export function activityLink(entry: Pick<ActivityEntry, 'action' | 'resource' | 'record_id'>): string | null {
  if (entry.action === 'delete') return null;
  if (DETAIL[entry.resource]) return `/admin/${DETAIL[entry.resource]}/${encodeURIComponent(entry.record_id)}/show`;
  if (LIST[entry.resource]) return `/admin/${LIST[entry.resource]}`;
  return null;
}
