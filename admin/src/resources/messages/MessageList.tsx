import Box from '@mui/material/Box';
import { DataTable, List } from 'react-admin';
import { EnumFilter } from '../../crud/EnumFilter';
import { FieldValue } from '../../crud/FieldValue';
import { resolvedLanguageField } from '../../crud/languageField';
import { EmptyState } from '../../common/EmptyState';
import { ListSearch } from '../../common/ListSearch';
import { PageHeader } from '../../common/PageHeader';
import { StatusBadge } from '../../common/StatusBadge';
import { formatDateTime } from '../../common/dates';
import { EmptyCard } from '../../common/ListStates';
import { phoneTableSx, scrollableListSx, toolbarSx } from '../../common/listDefaults';
import { HandledFilter } from './HandledFilter';
import { MarkHandledButton } from './MarkHandledButton';
import { MessagePanel } from './MessagePanel';
import { MessageTableHead } from './MessageTableHead';
import { truncate } from './truncate';
import type { MessageRecord } from '../../types';

const Column = DataTable.Col<MessageRecord>;
/** Long e-mails and subjects wrap instead of pushing the actions out of view. */
const wrapSx = (minWidth: number, maxWidth: number) => ({
  minWidth: { xs: 0, sm: minWidth },
  maxWidth,
  overflowWrap: 'anywhere' as const,
});

/** Contact form submissions, newest first; click a row to read the whole message. */
export const MessageList = () => (
  <>
    <PageHeader title="Messages" />
    <List
      sx={scrollableListSx}
      title={false}
      sort={{ field: 'created_at', order: 'DESC' }}
      exporter={false}
      actions={<Box sx={toolbarSx}><ListSearch label="Search messages" /><HandledFilter /><EnumFilter field={resolvedLanguageField} /></Box>}
      empty={<EmptyCard><EmptyState message="No messages yet." /></EmptyCard>}
    >
      <DataTable
        bulkActionButtons={false}
        rowClick="expand"
        expand={<MessagePanel />}
        head={MessageTableHead}
        sx={phoneTableSx('created_at', 'email', 'message')}
      >
        <Column source="created_at" render={(r) => formatDateTime(r.created_at)} />
        <Column source="name" />
        <Column source="email" cellSx={() => wrapSx(190, 240)} />
        <Column source="subject" cellSx={() => wrapSx(120, 200)} />
        <Column
          source="message"
          disableSort
          cellSx={() => ({ minWidth: 200 })}
          render={(r) => truncate(r.message)}
        />
        <Column source="locale" label="Language" render={(r) => <FieldValue field={resolvedLanguageField} record={{ locale: r.locale }} inTable />} />
        <Column
          source="handled"
          render={(r) => (
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, whiteSpace: 'nowrap' }}>
              <StatusBadge
                status={r.handled ? 'handled' : 'unhandled'}
                colourKey={r.handled ? 'completed' : 'pending'}
              />
              <MarkHandledButton />
            </Box>
          )}
        />
      </DataTable>
    </List>
  </>
);
