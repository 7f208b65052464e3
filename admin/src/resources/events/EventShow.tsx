import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { FunctionField, ListButton, Show, SimpleShowLayout, TextField } from 'react-admin';
import { PageHeader } from '../../common/PageHeader';
import { StatusBadge } from '../../common/StatusBadge';
import { formatDateTime } from '../../common/dates';
import type { EventRecord } from './EventList';

const Field = FunctionField<EventRecord>;

/** 'View Details': a read-only view of one event (labels from resources.events.fields). */
export const EventShow = () => (
  <>
    <PageHeader
      title="Event details"
      actions={<ListButton label="Back to Events" icon={<ArrowBackIcon />} />}
    />
    <Show title={false}>
      <SimpleShowLayout>
        <TextField source="title" />
        <TextField source="location" emptyText="-" />
        <Field source="start_time" render={(r) => formatDateTime(r.start_time)} />
        <Field source="end_time" render={(r) => formatDateTime(r.end_time)} />
        <Field source="status" render={(r) => <StatusBadge status={r.status} />} />
      </SimpleShowLayout>
    </Show>
  </>
);
