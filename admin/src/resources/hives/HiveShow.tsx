import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { FunctionField, ListButton, Show, SimpleShowLayout, TextField } from 'react-admin';
import { PageHeader } from '../../common/PageHeader';
import { StatusBadge } from '../../common/StatusBadge';
import { formatDate } from '../../common/dates';
import type { HiveRecord } from './HiveList';

const Field = FunctionField<HiveRecord>;

/** 'View Details': a read-only view of one hive (labels from resources.hives.fields). */
export const HiveShow = () => (
  <>
    <PageHeader
      title="Hive details"
      actions={<ListButton label="Back to Hives" icon={<ArrowBackIcon />} />}
    />
    <Show title={false}>
      <SimpleShowLayout>
        <TextField source="name" />
        <TextField source="location" emptyText="-" />
        <Field source="status" render={(r) => <StatusBadge status={r.status} />} />
        <Field source="queen_installed_date" render={(r) => formatDate(r.queen_installed_date)} />
      </SimpleShowLayout>
    </Show>
  </>
);
