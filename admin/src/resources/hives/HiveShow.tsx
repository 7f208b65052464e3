import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { FunctionField, ListButton, Show, SimpleShowLayout, TextField } from 'react-admin';
import { PageHeader } from '../../common/PageHeader';
import { StatusBadge } from '../../common/StatusBadge';
import { formatDate } from '../../common/dates';
import type { HiveRecord } from './HiveList';

/** 'View Details': a read-only view of one hive. */
export const HiveShow = () => (
  <>
    <PageHeader title="Hive details" actions={<ListButton label="Back to Hives" icon={<ArrowBackIcon />} />} />
    <Show title={false}>
    <SimpleShowLayout>
      <TextField source="name" label="Name" />
      <TextField source="location" label="Location" emptyText="-" />
      <FunctionField<HiveRecord>
        label="Status"
        render={(r) => <StatusBadge status={r.status} />}
      />
      <FunctionField<HiveRecord>
        label="Queen Installed"
        render={(r) => formatDate(r.queen_installed_date)}
      />
    </SimpleShowLayout>
  </Show>
  </>
);
