import { Box, Typography } from '@mui/material';
import { useRecordContext } from 'react-admin';
import { formatDateTime } from '../../common/dates';
import type { MessageRecord } from './MessageList';

/**
 * The expanded row: the whole message and every other field (phones hide some columns), all
 * rendered as plain text.
 */
export const MessagePanel = () => {
  const message = useRecordContext<MessageRecord>();
  if (!message) return null;
  return (
    <Box sx={{ py: 1 }}>
      <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {message.message}
      </Typography>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
        Received: {formatDateTime(message.created_at)} · Email: {message.email} ·{' '}
        Phone: {message.phone || '-'} · Heard about us:{' '}
        {message.hear_about || '-'}
      </Typography>
    </Box>
  );
};
