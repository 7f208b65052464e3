/**
 * The English catalogue: react-admin's own messages plus ours. Resource labels live under
 * `resources.<name>.fields.*`; resource folders may add theirs in `resourceMessages` below
 * (one line per resource) or through their declaration's options.
 */
import englishMessages from 'ra-language-english';

export const buzzHavenMessages = {
  buzz: {
    admin_title: 'Buzz Haven Admin',
    pending_title: 'Waiting for approval',
    pending_body:
      'Your account is waiting for approval. An owner or admin will grant you access to the back office.',
    inactive_title: 'Account deactivated',
    inactive_body: 'Your account has been deactivated. Contact an owner or admin.',
    open_navigation: 'Open navigation',
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

export const en = {
  ...englishMessages,
  ...buzzHavenMessages,
  ra: { ...englishMessages.ra },
};
