/**
 * A record's history from the activity log (get_buzz_haven_activity filtered on the server by
 * `record_id=eq.<id>`), newest first: when, who, what. Shown on every generated detail page and
 * in the product dialog. Everything is plain text: a visitor's name in a summary stays text.
 */
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useGetList, useRecordContext, type Identifier } from 'react-admin';
import { formatDateTime, formatRelative } from '../common/dates';
import type { ActivityEntry } from '../types';

export const HISTORY_SIZE = 20;

export function RecordHistory({ recordId }: { recordId?: Identifier }) {
  const record = useRecordContext();
  const id = recordId ?? record?.id;
  const { data, isPending, error } = useGetList<ActivityEntry & { id: number }>(
    'activity',
    { filter: { record_id: id }, sort: { field: 'id', order: 'DESC' }, pagination: { page: 1, perPage: HISTORY_SIZE } },
    { enabled: id != null },
  );
  if (id == null) return null;
  return (
    <Box component="section" aria-label="History" sx={{ p: 2, borderTop: 1, borderColor: 'divider' }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>History</Typography>
      {isPending ? null : error || !data?.length ? (
        <Typography color="text.secondary">No changes recorded yet.</Typography>
      ) : (
        <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
          {data.map((entry) => (
            <Box component="li" key={entry.id} data-testid="history-entry">
              <Typography variant="body2">
                <Box component="span" sx={{ fontWeight: 600 }}>{entry.actor_name}</Box>
                {' · '}
                {entry.summary}
              </Typography>
              <Typography variant="caption" color="text.secondary" component="time" dateTime={entry.created_at}>
                {formatDateTime(entry.created_at)} ({formatRelative(entry.created_at)})
              </Typography>
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}
