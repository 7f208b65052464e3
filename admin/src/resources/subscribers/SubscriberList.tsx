import Box from '@mui/material/Box';
import { DataTable, ExportButton, List } from 'react-admin';
import { EnumFilter } from '../../crud/EnumFilter';
import { FieldValue } from '../../crud/FieldValue';
import { resolvedLanguageField } from '../../crud/languageField';
import { EmptyState } from '../../common/EmptyState';
import { ListSearch } from '../../common/ListSearch';
import { PageHeader } from '../../common/PageHeader';
import { formatDate } from '../../common/dates';
import { EmptyCard } from '../../common/ListStates';
import { scrollableListSx, toolbarSx } from '../../common/listDefaults';
import { subscribersExporter } from './subscribersCsv';
import type { SubscriberRecord } from '../../types';

const Column = DataTable.Col<SubscriberRecord>;

/** Newsletter sign-ups, newest first, with their opt-in state; exportable as CSV. */
export const SubscriberList = () => (
  <>
    <PageHeader title="Subscribers" />
    <List
      sx={scrollableListSx}
      title={false}
      sort={{ field: 'created_at', order: 'DESC' }}
      exporter={subscribersExporter}
      actions={
        <Box sx={toolbarSx}>
          <ListSearch label="Search subscribers" />
          <EnumFilter field={resolvedLanguageField} />
          <ExportButton label="Export CSV" maxResults={100000} />
        </Box>
      }
      empty={<EmptyCard><EmptyState message="No subscribers yet." /></EmptyCard>}
    >
      <DataTable bulkActionButtons={false} rowClick={false}>
        <Column source="email" />
        <Column source="created_at" render={(r) => formatDate(r.created_at)} />
        <Column source="status" />
        <Column source="locale" label="Language" render={(r) => <FieldValue field={resolvedLanguageField} record={{ locale: r.locale }} inTable />} />
      </DataTable>
    </List>
  </>
);
