import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { formatCount } from '../common/numbers';

interface TodayCardProps {
  /** data-testid `today-<key>`. */
  testKey: string;
  title: string;
  /** The number shown; undefined while loading (a placeholder), null for a card without one. */
  value: number | null | undefined;
  /** The line under the number: what it counts, or that nothing waits. */
  hint?: ReactNode;
  to: string;
  children?: ReactNode;
  /** Columns the card spans in the dashboard's grid on a wide screen. */
  wide?: boolean;
}

/** One card of the dashboard's Today section: a title, its number, a line of words, one link. */
export function TodayCard({ testKey, title, value, hint, to, children, wide }: TodayCardProps) {
  return (
    <Card data-testid={`today-${testKey}`} variant="outlined" sx={wide ? { gridColumn: { xs: '1 / -1', lg: 'span 2' } } : undefined}>
      <CardActionArea component={Link} to={to} sx={{ height: '100%', alignItems: 'flex-start' }}>
        <CardContent>
          <Typography variant="subtitle2" component="h3">{title}</Typography>
          {value === undefined ? <Skeleton width={40} sx={{ fontSize: '1.5rem' }} /> : value === null ? null : (
            <Typography variant="h5" component="p" data-testid="today-value">{formatCount(value)}</Typography>
          )}
          {hint == null ? null : <Typography variant="body2" color="text.secondary">{hint}</Typography>}
          {children}
        </CardContent>
      </CardActionArea>
    </Card>
  );
}
