/** The sidebar's two kinds of entry: a link to a page, and a group of links that opens and closes. */
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import Collapse from '@mui/material/Collapse';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { isActive, type MenuLink } from './menuEntries';

export function MenuLinkItem({ link: { to, label, Icon }, pathname, onNavigate, nested = false }: {
  link: MenuLink; pathname: string; onNavigate?: () => void; nested?: boolean;
}) {
  const active = isActive(pathname, to);
  return (
    <ListItem disablePadding>
      <ListItemButton component={Link} to={to} selected={active} aria-current={active ? 'page' : undefined} onClick={onNavigate} sx={nested ? { pl: 3 } : undefined}>
        <ListItemIcon sx={{ minWidth: 36 }}><Icon /></ListItemIcon>
        <ListItemText primary={label} />
      </ListItemButton>
    </ListItem>
  );
}

/** A group's heading is a button (aria-expanded) controlling the list of its links. */
export function MenuGroupItem({ id, label, open, onToggle, children }: {
  id: string; label: string; open: boolean; onToggle: () => void; children: ReactNode;
}) {
  return (
    <ListItem disablePadding sx={{ display: 'block' }}>
      <ListItemButton onClick={onToggle} aria-expanded={open} aria-controls={id}>
        <ListItemText primary={label} slotProps={{ primary: { sx: { fontWeight: 600 } } }} />
        {open ? <ExpandLess fontSize="small" /> : <ExpandMore fontSize="small" />}
      </ListItemButton>
      <Collapse in={open} timeout="auto" unmountOnExit>
        <List dense disablePadding id={id}>{children}</List>
      </Collapse>
    </ListItem>
  );
}
