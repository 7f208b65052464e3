import { lazy } from 'react';
import PeopleIcon from '@mui/icons-material/People';
import type { ResourceDeclaration } from '../types';
import { toRoleArgs } from './roles';

const UserList = lazy(() => import('./UserList').then((m) => ({ default: m.UserList })));

/**
 * Users: list over `get_buzz_haven_users`; react-admin's `update` ('Manage Roles') goes to
 * `set_buzz_haven_user_role(p_id, p_role, p_is_active)`.
 */
const users: ResourceDeclaration = {
  name: 'users',
  label: 'Users',
  icon: PeopleIcon,
  rpc: { list: 'get_buzz_haven_users', update: 'set_buzz_haven_user_role' },
  toArgs: (data) => toRoleArgs(data),
  messages: {
    name: 'User |||| Users',
    fields: {
      name: 'Name', email: 'Email', role: 'Role', is_active: 'Status', created_at: 'Joined',
      actions: 'Actions',
    },
  },
  list: UserList,
  recordRepresentation: 'name',
};

export default users;
