import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { FunctionField, ListButton, Show, SimpleShowLayout, TextField } from 'react-admin';
import { PageHeader } from '../../common/PageHeader';
import { StatusBadge } from '../../common/StatusBadge';
import { formatDateTime } from '../../common/dates';
import type { EventRecord } from './EventList';

/** 'View Details': a read-only view of one event. */
export const EventShow = () => (
  <>
    <PageHeader title="Event details" actions={<ListButton label="Back to Events" icon={<ArrowBackIcon />} />} />
    <Show title={false}>
    <SimpleShowLayout>
      <TextField source="title" label="Event" />
      <TextField source="location" label="Location" emptyText="-" />
      <FunctionField<EventRecord> label="Start" render={(r) => formatDateTime(r.start_time)} />
      <FunctionField<EventRecord> label="End" render={(r) => formatDateTime(r.end_time)} />
      <FunctionField<EventRecord>
        label="Status"
        render={(r) => <StatusBadge status={r.status} />}
      />
    </SimpleShowLayout>
  </Show>
  </>
);
