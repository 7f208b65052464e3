import { lazy } from 'react';
import PeopleIcon from '@mui/icons-material/People';
import type { ResourceDeclaration } from '../../crud/declaration';
import { toRoleArgs } from './roles';

const UserList = lazy(() => import('./UserList').then((m) => ({ default: m.UserList })));

/**
 * Users: list over `get_buzz_haven_users`; react-admin's `update` ('Manage Roles') goes to
 * `set_buzz_haven_user_role(p_id, p_role, p_is_active)`.
 */
const users: ResourceDeclaration = {
  name: 'users',
  label: 'Users',
  group: 'settings',
  icon: PeopleIcon,
  rpc: { list: 'get_buzz_haven_users', update: 'set_buzz_haven_user_role' },
  recordName: 'User |||| Users',
  fields: [
    { source: 'name', kind: 'text', label: 'Name', searchable: true },
    { source: 'email', kind: 'text', label: 'Email', searchable: true },
    { source: 'role', kind: 'text', label: 'Role' },
    { source: 'is_active', kind: 'boolean', label: 'Status' },
    { source: 'created_at', kind: 'date', label: 'Joined' },
  ],
  toArgs: (data) => toRoleArgs(data),
  list: UserList,
  dashboard: { position: 6 },
  recordRepresentation: 'name',
};

export default users;
