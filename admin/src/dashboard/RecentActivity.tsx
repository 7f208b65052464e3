/**
 * The dashboard's Recent Activity: the latest ten entries of the activity log (who, what, which
 * record with a link to it, when and how long ago). Summaries are plain text whatever a visitor
 * typed into them. Nothing logged (or the log unreadable): 'No recent activity to display.'
 */
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useGetList, useTranslate } from 'react-admin';
import { formatDateTime, formatRelative } from '../common/dates';
import { activityLink } from '../crud/activityLink';
import { resources } from '../resources';
import type { ActivityEntry } from '../types';

export const RECENT_ACTIVITY_SIZE = 10;

export function RecentActivity() {
  const translate = useTranslate();
  const { data, isPending, error } = useGetList<ActivityEntry & { id: number }>('activity', {
    pagination: { page: 1, perPage: RECENT_ACTIVITY_SIZE },
    sort: { field: 'id', order: 'DESC' },
  });
  return (
    <Card component="section" aria-labelledby="recent-activity-title">
      <CardContent>
        <Typography id="recent-activity-title" variant="h6" component="h2" sx={{ mb: 1 }}>{translate('buzz.activity.title')}</Typography>
        {isPending ? null : error || !data?.length ? (
          <Typography color="text.secondary">{translate('buzz.activity.empty')}</Typography>
        ) : (
          <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
            {data.map((entry) => {
              const to = activityLink(entry, resources);
              return (
                <Box component="li" key={entry.id} data-testid="activity-entry" sx={{ minWidth: 0 }}>
                  <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                    <Box component="span" sx={{ fontWeight: 600 }}>{entry.actor_name}</Box>
                    {' · '}
                    {to ? <Link component={RouterLink} to={to}>{entry.summary}</Link> : entry.summary}
                  </Typography>
                  <Typography variant="caption" color="text.secondary" component="time" dateTime={entry.created_at}>
                    {formatRelative(entry.created_at)} · {formatDateTime(entry.created_at)}
                  </Typography>
                </Box>
              );
            })}
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
