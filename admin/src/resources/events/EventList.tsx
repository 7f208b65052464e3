import AddIcon from '@mui/icons-material/Add';
import { DataTable, List, ShowButton } from 'react-admin';
import { EmptyState } from '../../common/EmptyState';
import { PageHeader } from '../../common/PageHeader';
import { StatusBadge } from '../../common/StatusBadge';
import { formatDateTime } from '../../common/dates';
import { ComingSoonButton } from '../../common/ComingSoonButton';
import { EmptyCard, ListPagination } from '../../common/ListStates';
import { logOnlyOnError, phoneTableSx, scrollableListSx } from '../../common/listDefaults';

export interface EventRecord {
  id: string;
  title: string;
  location: string | null;
  start_time: string;
  end_time: string | null;
  status: string;
}

const EventsEmpty = () => (
  <EmptyState
    message="No events scheduled. Add your first event!"
    actionLabel="Create Event"
    actionDisabled
  />
);

const Column = DataTable.Col<EventRecord>;

/** Events (specification §2): upcoming first, status as a coloured badge, local times. */
export const EventList = () => (
  <>
    <PageHeader title="Events" actions={<ComingSoonButton label="Create Event" icon={<AddIcon />} />} />
    <List
      sx={scrollableListSx}
      title={false}
      sort={{ field: 'start_time', order: 'ASC' }}
      exporter={false}
      actions={false}
      queryOptions={logOnlyOnError('events')}
      empty={<EmptyCard><EventsEmpty /></EmptyCard>}
      pagination={<ListPagination />}
      error={<EventsEmpty />}
    >
      <DataTable bulkActionButtons={false} rowClick="show" sx={phoneTableSx('location', 'end_time')}>
        <Column source="title" />
        <Column source="location" />
        <Column source="start_time" render={(r) => formatDateTime(r.start_time)} />
        <Column source="end_time" render={(r) => formatDateTime(r.end_time)} />
        <Column source="status" render={(r) => <StatusBadge status={r.status} />} />
        <Column
          label="resources.events.fields.actions"
          disableSort
          render={() => <ShowButton label="View Details" />}
        />
      </DataTable>
    </List>
  </>
);
