import { Link } from 'react-router-dom';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useGetList } from 'react-admin';
import { formatCount } from '../common/numbers';

/**
 * Hives due for an inspection (none in the last 21 days): one row asked of the server with
 * `inspection_due=eq.true` and count=exact, so only the count travels.
 */
export function HivesDueCard() {
  const { total, isPending, error } = useGetList('hives', {
    filter: { inspection_due: true },
    pagination: { page: 1, perPage: 1 },
    sort: { field: 'name', order: 'ASC' },
  });
  return (
    <Card data-testid="hives-due-card">
      <CardActionArea component={Link} to="/admin/hives">
        <CardContent>
          <Typography variant="h6" component="h2">Inspections due</Typography>
          {isPending ? (
            <Skeleton variant="text" width={60} sx={{ fontSize: '2.125rem' }} />
          ) : (
            <Typography variant="h4" component="p" data-testid="hives-due-value">{formatCount(error ? 0 : (total ?? 0))}</Typography>
          )}
          <Typography variant="body2" color="text.secondary">Hives with no inspection in the last 21 days</Typography>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}
