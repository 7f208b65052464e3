/**
 * Every back-office resource. Adding a resource = a migration with its RPCs, a folder
 * `resources/<name>/` whose index exports its declaration, and ONE import + ONE array line here
 * (order does not matter: the sidebar follows SIDEBAR_ORDER, unknown names go last).
 */
import type { ResourceDeclaration } from './types';
import products from './products';
import orders from './orders';
import events from './events';
import content from './content';
import media from './media';
import users from './users';
import hives from './hives';
import messages from './messages';
import subscribers from './subscribers';

const declared: ResourceDeclaration[] = [
  products,
  orders,
  events,
  content,
  media,
  users,
  hives,
  messages,
  subscribers,
];

export const SIDEBAR_ORDER = [
  'products', 'orders', 'events', 'content', 'media', 'users', 'hives', 'messages', 'subscribers',
];

const rank = (name: string) => {
  const i = SIDEBAR_ORDER.indexOf(name);
  return i === -1 ? SIDEBAR_ORDER.length : i;
};

export const resources: ResourceDeclaration[] = [...declared].sort((a, b) => rank(a.name) - rank(b.name));
