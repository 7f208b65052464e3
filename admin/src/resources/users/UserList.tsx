import Box from '@mui/material/Box';
import { DataTable, List } from 'react-admin';
import { EmptyState } from '../../common/EmptyState';
import { ListSearch } from '../../common/ListSearch';
import { PageHeader } from '../../common/PageHeader';
import { StatusBadge } from '../../common/StatusBadge';
import { formatDate } from '../../common/dates';
import { EmptyCard, ListPagination } from '../../common/ListStates';
import { logOnlyOnError, phoneTableSx, scrollableListSx, toolbarSx } from '../../common/listDefaults';
import { InviteUserButton } from './InviteUserButton';
import { ManageRolesButton } from './ManageRolesButton';
import { roleLabel } from '../../common/roleLabel';
import type { UserRecord } from '../../types';

const UsersEmpty = () => (
  <EmptyState message="No users found." actionLabel="Invite User" actionDisabled />
);

const Column = DataTable.Col<UserRecord>;
/** Long e-mails wrap so that Role, Status and Manage Roles stay in view on phones. */
const wrapAnywhere = { overflowWrap: 'anywhere' } as const;

/** Users (specification §2) plus their role; 'Manage Roles' grants, revokes, (de)activates. */
export const UserList = () => (
  <>
    <PageHeader title="Users" actions={<InviteUserButton />} />
    <List
      sx={scrollableListSx}
      title={false}
      sort={{ field: 'created_at', order: 'DESC' }}
      exporter={false}
      actions={<Box sx={toolbarSx}><ListSearch label="Search users" /></Box>}
      queryOptions={logOnlyOnError('users')}
      empty={<EmptyCard><UsersEmpty /></EmptyCard>}
      pagination={<ListPagination />}
      error={<UsersEmpty />}
    >
      <DataTable bulkActionButtons={false} rowClick={false} sx={phoneTableSx('created_at')}>
        <Column source="name" />
        <Column source="email" cellSx={() => wrapAnywhere} />
        <Column source="role" render={(r) => roleLabel(r.role)} />
        <Column
          source="is_active"
          render={(r) => <StatusBadge status={r.is_active ? 'active' : 'inactive'} />}
        />
        <Column source="created_at" render={(r) => formatDate(r.created_at)} />
        <Column
          label="resources.users.fields.actions"
          disableSort
          render={() => <ManageRolesButton />}
        />
      </DataTable>
    </List>
  </>
);
