import { Link } from 'react-router-dom';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import Box from '@mui/material/Box';
import EmergencyIcon from '@mui/icons-material/Emergency';
import { useGetList, useTranslate } from 'react-admin';
import { formatCount } from '../common/numbers';

/**
 * Open swarm reports (new or called back): one row asked of the server, only the count travels.
 * `season`: the hotline's season when today is in it (the card then says so), else null.
 */
export function SwarmReportsCard({ season }: { season: string | null }) {
  const translate = useTranslate();
  const { total, isPending, error } = useGetList('swarm_reports', {
    filter: { status: ['new', 'called_back'] },
    pagination: { page: 1, perPage: 1 },
    sort: { field: 'created_at', order: 'DESC' },
  });
  return (
    <Card data-testid="swarm-open-card">
      <CardActionArea component={Link} to="/admin/swarm_reports">
        <CardContent>
          <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>{translate('buzz.swarm.open_title')}</Typography>
            <EmergencyIcon color="primary" />
          </Box>
          {isPending ? (
            <Skeleton variant="text" width={60} sx={{ fontSize: '2.125rem' }} />
          ) : (
            <Typography variant="h4" component="p" data-testid="swarm-open-value">{formatCount(error ? 0 : (total ?? 0))}</Typography>
          )}
          <Typography variant="body2" color="text.secondary">
            {season ? translate('buzz.swarm.in_season', { season }) : translate('buzz.swarm.open_subtitle')}
          </Typography>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}
