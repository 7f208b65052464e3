import { lazy } from 'react';
import HiveIcon from '@mui/icons-material/Hive';
import type { ResourceDeclaration } from '../types';

const HiveList = lazy(() => import('./HiveList').then((m) => ({ default: m.HiveList })));
const HiveShow = lazy(() => import('./HiveShow').then((m) => ({ default: m.HiveShow })));

/** Hives: read-only list and detail over `get_buzz_haven_hives`. */
const hives: ResourceDeclaration = {
  name: 'hives',
  label: 'Hives',
  icon: HiveIcon,
  rpc: { list: 'get_buzz_haven_hives' },
  messages: {
    name: 'Hive |||| Hives',
    fields: {
      name: 'Name', location: 'Location', status: 'Status', queen_installed_date: 'Queen Installed',
      actions: 'Actions',
    },
  },
  list: HiveList,
  show: HiveShow,
  recordRepresentation: 'name',
};

export default hives;
