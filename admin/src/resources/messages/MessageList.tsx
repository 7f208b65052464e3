import { DataTable, List, TopToolbar } from 'react-admin';
import { PageHeader } from '../../common/PageHeader';
import { ListSearch } from '../../common/ListSearch';
import { EmptyState } from '../../common/EmptyState';
import { StatusBadge } from '../../common/StatusBadge';
import { formatDateTime } from '../../common/dates';
import { HandledFilter } from './HandledFilter';
import { MarkHandledButton } from './MarkHandledButton';
import { MessagePanel } from './MessagePanel';
import { truncate } from './truncate';

export interface MessageRecord {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  subject: string;
  message: string;
  hear_about: string | null;
  handled: boolean;
  created_at: string;
}

const Column = DataTable.Col<MessageRecord>;
const toolbarSx = { flexWrap: 'wrap', gap: 1, alignItems: 'center' };

/** Contact form submissions, newest first; click a row to read the whole message. */
export const MessageList = () => (
  <>
    <PageHeader title="Messages" />
    <List
      title={false}
      sort={{ field: 'created_at', order: 'DESC' }}
      exporter={false}
      actions={<TopToolbar sx={toolbarSx}><ListSearch label="Search messages" /><HandledFilter /></TopToolbar>}
      empty={<EmptyState message="No messages yet." />}
    >
      <DataTable bulkActionButtons={false} rowClick="expand" expand={<MessagePanel />}>
        <Column source="created_at" label="Received" render={(r) => formatDateTime(r.created_at)} />
        <Column source="name" label="Name" />
        <Column source="email" label="Email" />
        <Column source="subject" label="Subject" />
        <Column source="message" label="Message" disableSort render={(r) => truncate(r.message)} />
        <Column
          source="handled"
          label="Handled"
          render={(r) => (
            <StatusBadge
              status={r.handled ? 'handled' : 'unhandled'}
              colourKey={r.handled ? 'completed' : 'pending'}
            />
          )}
        />
        <Column label="Actions" disableSort render={() => <MarkHandledButton />} />
      </DataTable>
    </List>
  </>
);
