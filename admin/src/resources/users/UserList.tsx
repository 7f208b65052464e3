import { DataTable, List, TopToolbar } from 'react-admin';
import { ListSearch } from '../../common/ListSearch';
import { PageHeader } from '../../common/PageHeader';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import { ComingSoonButton } from '../events/ComingSoonButton';
import { EmptyState } from '../../common/EmptyState';
import { StatusBadge } from '../../common/StatusBadge';
import { formatDate } from '../../common/dates';
import { logOnlyOnError } from '../events/logListError';
import { ManageRolesButton } from './ManageRolesButton';
import { roleLabel, type Role } from './roles';

export interface UserRecord {
  id: string;
  auth_user_id: string;
  name: string;
  email: string;
  role: Role | null;
  is_active: boolean;
  created_at: string;
}

const UsersEmpty = () => (
  <EmptyState message="No users found." actionLabel="Invite User" actionDisabled />
);

const Column = DataTable.Col<UserRecord>;

/** Users (specification §2) plus their role; 'Manage Roles' grants, revokes, (de)activates. */
export const UserList = () => (
  <>
    <PageHeader title="Users" actions={<ComingSoonButton label="Invite User" icon={<PersonAddIcon />} />} />
    <List
      title={false}
      sort={{ field: 'created_at', order: 'DESC' }}
      exporter={false}
      actions={<TopToolbar><ListSearch label="Search users" /></TopToolbar>}
      queryOptions={logOnlyOnError('users')}
      empty={<UsersEmpty />}
      error={<UsersEmpty />}
    >
      <DataTable bulkActionButtons={false} rowClick={false}>
        <Column source="name" label="Name" />
        <Column source="email" label="Email" />
        <Column source="role" label="Role" render={(r) => roleLabel(r.role)} />
        <Column
          source="is_active"
          label="Status"
          render={(r) => (
  <StatusBadge status={r.is_active ? 'active' : 'inactive'} />
          )}
        />
        <Column source="created_at" label="Joined" render={(r) => formatDate(r.created_at)} />
        <Column label="Actions" disableSort render={() => <ManageRolesButton />} />
      </DataTable>
    </List>
  </>
);
