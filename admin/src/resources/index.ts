/**
 * Every back-office resource. Adding a resource = a migration with its RPCs, a folder
 * `resources/<name>/` whose index exports its declaration, and ONE import + ONE array line here
 * (order does not matter: the sidebar follows SIDEBAR_ORDER, unknown names go last).
 */
import type { ResourceDeclaration } from './types';
import products from './products';

const declared: ResourceDeclaration[] = [
  products,
];

export const SIDEBAR_ORDER = [
  'products', 'orders', 'events', 'content', 'media', 'users', 'hives', 'messages', 'subscribers',
];

const rank = (name: string) => {
  const i = SIDEBAR_ORDER.indexOf(name);
  return i === -1 ? SIDEBAR_ORDER.length : i;
};

export const resources: ResourceDeclaration[] = [...declared].sort((a, b) => rank(a.name) - rank(b.name));
