import { Button } from '@mui/material';
import DoneIcon from '@mui/icons-material/Done';
import UndoIcon from '@mui/icons-material/Undo';
import { useNotify, useRecordContext, useRefresh, useUpdate } from 'react-admin';
import type { MessageRecord } from './MessageList';

/** Flips `handled` through `set_buzz_haven_contact_message_handled`, then reloads the list
 * (a filtered list must drop the row that no longer matches). */
export const MarkHandledButton = () => {
  const message = useRecordContext<MessageRecord>();
  const [update, { isPending }] = useUpdate<MessageRecord>();
  const notify = useNotify();
  const refresh = useRefresh();
  if (!message) return null;
  const handled = !message.handled;
  return (
    <Button
      size="small"
      disabled={isPending}
      startIcon={handled ? <DoneIcon /> : <UndoIcon />}
      onClick={(event) => {
        event.stopPropagation(); // the row click expands the message
        update(
          'messages',
          { id: message.id, data: { handled }, previousData: message },
          {
            mutationMode: 'pessimistic',
            onSuccess: () => {
              notify(handled ? 'Message marked as handled' : 'Message marked as unhandled', {
                type: 'success',
              });
              refresh();
            },
            onError: (error) =>
              notify((error as Error)?.message || 'Failed to update message', { type: 'error' }),
          },
        );
      }}
    >
      {handled ? 'Mark handled' : 'Mark unhandled'}
    </Button>
  );
};
