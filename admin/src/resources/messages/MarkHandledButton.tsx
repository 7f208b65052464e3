import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import DoneIcon from '@mui/icons-material/Done';
import UndoIcon from '@mui/icons-material/Undo';
import { useNotify, useRecordContext, useRefresh, useUpdate } from 'react-admin';
import type { MessageRecord } from '../../types';

/**
 * Flips `handled` through `set_buzz_haven_contact_message_handled`, then reloads the list (a
 * filtered list must drop the row that no longer matches). An icon button with a tooltip keeps
 * the wide messages table within the page.
 */
export const MarkHandledButton = () => {
  const message = useRecordContext<MessageRecord>();
  const [update, { isPending }] = useUpdate<MessageRecord>();
  const notify = useNotify();
  const refresh = useRefresh();
  if (!message) return null;
  const handled = !message.handled;
  const label = handled ? 'Mark handled' : 'Mark unhandled';
  return (
    <Tooltip title={label}>
      <span>
        <IconButton
          aria-label={label}
          color="primary"
          disabled={isPending}
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
          {handled ? <DoneIcon /> : <UndoIcon />}
        </IconButton>
      </span>
    </Tooltip>
  );
};
