/**
 * The sidebar's model, read from the declarations: Dashboard on its own, then each group of
 * `MENU_GROUPS` with its declarations' entries in `resources/index.ts` order, for one role
 * (crud/declaration.ts `opensFor`). A group left without an entry for the role is not shown.
 */
import type { ComponentType } from 'react';
import { MENU_GROUPS, opensFor, type MenuGroup, type ResourceDeclaration } from '../crud/declaration';

export interface MenuLink {
  to: string;
  /** The words of the link (a declaration's label, or a page's translated name). */
  label: string;
  Icon: ComponentType;
}

/** A page that is not a declared resource, in a group (its words are the i18n `buzz.menu.<key>`). */
export interface MenuPage {
  to: string;
  key: string;
  group: MenuGroup;
  Icon: ComponentType;
}

export interface MenuGroupEntry {
  group: MenuGroup;
  links: MenuLink[];
}

export const DASHBOARD_PATH = '/admin';

export function menuGroups(
  resources: ResourceDeclaration[], role: string | null | undefined, pages: (MenuPage & { label: string })[] = [],
): MenuGroupEntry[] {
  const shown = resources.filter((r) => r.menu !== false && opensFor(r, role));
  return MENU_GROUPS.map((group) => ({
    group,
    links: [
      ...shown.filter((r) => r.group === group).map((r) => ({ to: `/admin/${r.name}`, label: r.label, Icon: r.icon })),
      ...pages.filter((p) => p.group === group).map(({ to, label, Icon }) => ({ to, label, Icon })),
    ],
  })).filter((g) => g.links.length > 0);
}

export const isActive = (pathname: string, to: string) =>
  to === DASHBOARD_PATH ? pathname === '/admin' || pathname === '/admin/' : pathname === to || pathname.startsWith(`${to}/`);

/** The group holding the page at `pathname`, if any. */
export const groupOf = (groups: MenuGroupEntry[], pathname: string): MenuGroup | undefined =>
  groups.find((g) => g.links.some((l) => isActive(pathname, l.to)))?.group;
