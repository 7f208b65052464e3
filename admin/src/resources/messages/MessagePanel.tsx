import { Box, Typography } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import { formatDateTime } from '../../common/dates';
import type { MessageRecord } from '../../types';

/**
 * The expanded row: the whole message and every other field (phones hide some columns), all
 * rendered as plain text.
 */
export const MessagePanel = () => {
  const message = useRecordContext<MessageRecord>();
  const translate = useTranslate();
  if (!message) return null;
  const details: [string, string][] = [
    ['created_at', formatDateTime(message.created_at)],
    ['email', message.email],
    ['phone', message.phone || '-'],
    ['hear_about', message.hear_about || '-'],
  ];
  return (
    <Box sx={{ py: 1 }}>
      <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {message.message}
      </Typography>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
        {details
          .map(([field, value]) => `${translate(`resources.messages.fields.${field}`)}: ${value}`)
          .join(' · ')}
      </Typography>
    </Box>
  );
};
