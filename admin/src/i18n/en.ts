/**
 * The English catalogue: react-admin's own messages plus ours. Resource labels live under
 * `resources.<name>.fields.*`, here or in a declaration's `messages` (merged below).
 */
import englishMessages from 'ra-language-english';
import { resources } from '../resources';

export const buzzHavenMessages = {
  buzz: {
    admin_title: 'Buzz Haven Admin',
    pending_title: 'Waiting for approval',
    pending_body:
      'Your account is waiting for approval. An owner or admin will grant you access to the back office.',
    inactive_title: 'Account deactivated',
    inactive_body: 'Your account has been deactivated. Contact an owner or admin.',
    open_navigation: 'Open navigation',
    navigation_menu: 'Navigation menu',
    check_again: 'Check again',
    sign_out: 'Sign Out',
  },
  resources: {
    products: {
      name: 'Product |||| Products',
      fields: {
        name: 'Name',
        description: 'Description',
        price: 'Price (cents)',
        category: 'Category',
        image_url: 'Image URL',
      },
    },
  },
};

type ResourceMessages = Record<string, { name?: string; fields?: Record<string, string> }>;

/** Declarations' labels under the catalogue's (the catalogue wins, field by field). */
export function mergeResourceMessages(declared: ResourceMessages, catalogue: ResourceMessages): ResourceMessages {
  const names = [...new Set([...Object.keys(declared), ...Object.keys(catalogue)])];
  return Object.fromEntries(
    names.map((name) => [
      name,
      { ...declared[name], ...catalogue[name], fields: { ...declared[name]?.fields, ...catalogue[name]?.fields } },
    ]),
  );
}

export const en = {
  ...englishMessages,
  ...buzzHavenMessages,
  resources: mergeResourceMessages(
    Object.fromEntries(resources.filter((r) => r.messages).map((r) => [r.name, r.messages!])),
    buzzHavenMessages.resources,
  ),
};
