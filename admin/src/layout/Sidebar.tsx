/**
 * Sidebar content: title, Dashboard, the groups of declared resources (layout/menuEntries.ts)
 * for the signed-in role, and the identity. The same component is the desktop sidebar and the
 * small-screen drawer. Each group opens and closes; which are open is kept in the store (the
 * browser's localStorage), and the group of the current page is opened whenever the page changes.
 * All of it sits in one <nav> landmark (axe 'region'); each link and group is an <li> (axe 'list').
 */
import { useEffect, useMemo } from 'react';
import { useLocation } from 'react-router-dom';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import Typography from '@mui/material/Typography';
import DashboardIcon from '@mui/icons-material/Dashboard';
import SecurityIcon from '@mui/icons-material/Security';
import { usePermissions, useStore, useTranslate } from 'react-admin';
import { resources } from '../resources';
import { DASHBOARD_PATH, groupOf, menuGroups, type MenuPage } from './menuEntries';
import { MenuGroupItem, MenuLinkItem } from './MenuItems';
import { SidebarIdentity } from './SidebarIdentity';

export const SIDEBAR_WIDTH = 248;

/** Pages that are not declared resources, each in its group. */
const PAGES: MenuPage[] = [{ to: '/admin/security', key: 'security', group: 'settings', Icon: SecurityIcon }];

/** The store key of the groups' open state (`{ [group]: boolean }`). */
export const OPEN_GROUPS_KEY = 'sidebar.openGroups';

export function Sidebar({ onNavigate }: { onNavigate?: () => void }) {
  const { pathname } = useLocation();
  const translate = useTranslate();
  const { permissions } = usePermissions<string | null>();
  const groups = useMemo(
    () => menuGroups(resources, permissions, PAGES.map((p) => ({ ...p, label: translate(`buzz.menu.${p.key}`) }))),
    [permissions, translate],
  );
  const [open, setOpen] = useStore<Record<string, boolean>>(OPEN_GROUPS_KEY, {});
  const current = groupOf(groups, pathname);
  useEffect(() => {
    if (current) setOpen((was) => (was[current] ? was : { ...was, [current]: true }));
  }, [current, setOpen]);
  return (
    <Box
      component="nav"
      aria-label="Admin sections"
      sx={{ width: SIDEBAR_WIDTH, display: 'flex', flexDirection: 'column', height: '100%' }}
    >
      <Typography variant="h6" component="p" sx={{ px: 2.5, py: 2, fontWeight: 700, color: 'primary.main', fontSize: '1.15rem', whiteSpace: 'nowrap' }}>
        {translate('buzz.admin_title')}
      </Typography>
      <Box sx={{ flex: 1, overflowY: 'auto' }}>
        <List dense>
          <MenuLinkItem link={{ to: DASHBOARD_PATH, label: translate('buzz.menu.dashboard'), Icon: DashboardIcon }} pathname={pathname} onNavigate={onNavigate} />
          {groups.map(({ group, links }) => (
            <MenuGroupItem
              key={group}
              id={`menu-group-${group}`}
              label={translate(`buzz.menu.${group}`)}
              open={!!open[group] || group === current && open[group] === undefined}
              onToggle={() => setOpen((was) => ({ ...was, [group]: !(was[group] ?? group === current) }))}
            >
              {links.map((link) => <MenuLinkItem key={link.to} link={link} pathname={pathname} onNavigate={onNavigate} nested />)}
            </MenuGroupItem>
          ))}
        </List>
      </Box>
      <SidebarIdentity />
    </Box>
  );
}
