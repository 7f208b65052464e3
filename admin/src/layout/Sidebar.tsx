/**
 * Sidebar content: title, navigation links (Dashboard + every declared resource), identity.
 * All of it sits in one <nav> landmark (axe 'region': no content outside landmarks), and each
 * link is inside an <li> (axe 'list': a <ul> may only hold <li>).
 */
import { Link, useLocation } from 'react-router-dom';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import DashboardIcon from '@mui/icons-material/Dashboard';
import { useTranslate } from 'react-admin';
import { resources } from '../resources';
import { SidebarIdentity } from './SidebarIdentity';

export const SIDEBAR_WIDTH = 248;

const isActive = (pathname: string, to: string) =>
  to === '/admin' ? pathname === '/admin' || pathname === '/admin/' : pathname === to || pathname.startsWith(`${to}/`);

export function Sidebar({ onNavigate }: { onNavigate?: () => void }) {
  const { pathname } = useLocation();
  const translate = useTranslate();
  const links = [
    { to: '/admin', label: 'Dashboard', Icon: DashboardIcon },
    ...resources.filter((r) => r.menu !== false).map((r) => ({ to: `/admin/${r.name}`, label: r.label, Icon: r.icon })),
  ];
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
          {links.map(({ to, label, Icon }) => (
            <ListItem key={to} disablePadding>
              <ListItemButton
                component={Link}
                to={to}
                selected={isActive(pathname, to)}
                aria-current={isActive(pathname, to) ? 'page' : undefined}
                onClick={onNavigate}
              >
                <ListItemIcon sx={{ minWidth: 36 }}><Icon /></ListItemIcon>
                <ListItemText primary={label} />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      </Box>
      <SidebarIdentity />
    </Box>
  );
}
