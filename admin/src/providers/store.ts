/**
 * react-admin's store in localStorage, as <Admin>'s (list sort and page size...). Signing out
 * resets it; the browser's own preferences survive that: the light or dark theme and which
 * sidebar groups are open belong to the browser, not to the signed-in person's session.
 */
import { localStorageStore, type Store } from 'react-admin';

/** The keys a sign-out keeps: react-admin's theme choice and the sidebar's open groups (layout/Sidebar.tsx). */
export const BROWSER_KEYS = ['theme', 'sidebar.openGroups'];

export function browserStore(base: Store = localStorageStore()): Store {
  return {
    ...base,
    reset() {
      const kept = BROWSER_KEYS.map((key) => [key, base.getItem(key)] as const);
      base.reset();
      for (const [key, value] of kept) if (value !== undefined) base.setItem(key, value);
    },
  };
}
