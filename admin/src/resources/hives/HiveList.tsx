import AddIcon from '@mui/icons-material/Add';
import { DataTable, List, ShowButton } from 'react-admin';
import { EmptyState } from '../../common/EmptyState';
import { PageHeader } from '../../common/PageHeader';
import { StatusBadge } from '../../common/StatusBadge';
import { formatDate } from '../../common/dates';
import { ComingSoonButton } from '../../common/ComingSoonButton';
import { EmptyCard, ListPagination } from '../../common/ListStates';
import { logOnlyOnError, phoneTableSx, scrollableListSx } from '../../common/listDefaults';

export interface HiveRecord {
  id: string;
  name: string;
  location: string | null;
  status: string;
  queen_installed_date: string | null;
}

const HivesEmpty = () => (
  <EmptyState
    message="No hives found. Add your first hive to get started."
    actionLabel="Add Hive"
    actionDisabled
  />
);

const Column = DataTable.Col<HiveRecord>;

/** Hives (specification §2): queen installation date or '-'. */
export const HiveList = () => (
  <>
    <PageHeader title="Hives" actions={<ComingSoonButton label="Add Hive" icon={<AddIcon />} />} />
    <List
      sx={scrollableListSx}
      title={false}
      sort={{ field: 'name', order: 'ASC' }}
      exporter={false}
      actions={false}
      queryOptions={logOnlyOnError('hives')}
      empty={<EmptyCard><HivesEmpty /></EmptyCard>}
      pagination={<ListPagination />}
      error={<HivesEmpty />}
    >
      <DataTable bulkActionButtons={false} rowClick="show" sx={phoneTableSx('location')}>
        <Column source="name" />
        <Column source="location" />
        <Column source="status" render={(r) => <StatusBadge status={r.status} />} />
        <Column
          source="queen_installed_date"
          render={(r) => formatDate(r.queen_installed_date)}
        />
        <Column
          label="resources.hives.fields.actions"
          disableSort
          render={() => <ShowButton label="View Details" />}
        />
      </DataTable>
    </List>
  </>
);
