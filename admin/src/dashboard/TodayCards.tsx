/**
 * The top of the dashboard: one card per thing waiting (todayCards.ts), each a link to the list
 * that holds its rows, a clear "nothing waiting" when its number is 0, and the month's takings.
 * One request (useToday) answers all of them.
 */
import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { formatCents } from '../common/money';
import { formatCount } from '../common/numbers';
import { formatRelative } from '../common/dates';
import { listPath, todayCards } from './todayCards';
import { useToday, type Takings } from './useToday';

/** The start of the current hour: stable for the page's life, the same in the cards and their links. */
const hourStart = () => new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000).toISOString();

export function TodayCards() {
  const translate = useTranslate();
  const from = useMemo(hourStart, []);
  const { data, isPending } = useToday(from);
  return (
    <Box component="section" aria-labelledby="today-title" sx={{ mb: 3 }}>
      <Typography id="today-title" variant="h6" component="h2" sx={{ mb: 1 }}>{translate('buzz.today.title')}</Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(4, minmax(0, 1fr))' } }}>
        {todayCards(from).map(({ key, resource, filter }) => {
          const value = data?.[key] as number | undefined;
          const oldest = key === 'swarm_open' && data?.swarm_oldest ? translate('buzz.today.oldest', { age: formatRelative(data.swarm_oldest) }) : null;
          return (
            <Card key={key} data-testid={`today-${key}`} variant="outlined">
              <CardActionArea component={Link} to={listPath(resource, filter)} sx={{ height: '100%' }}>
                <CardContent>
                  <Typography variant="subtitle2" component="h3">{translate(`buzz.today.${key}`)}</Typography>
                  {isPending ? <Skeleton width={40} sx={{ fontSize: '1.5rem' }} /> : (
                    <Typography variant="h5" component="p" data-testid="today-value">{formatCount(value ?? 0)}</Typography>
                  )}
                  <Typography variant="body2" color="text.secondary">
                    {oldest ?? translate(value ? `buzz.today.${key}_hint` : 'buzz.today.none')}
                  </Typography>
                </CardContent>
              </CardActionArea>
            </Card>
          );
        })}
        {data ? <TakingsCard thisMonth={data.takings.this_month} lastMonth={data.takings.last_month} /> : null}
      </Box>
    </Box>
  );
}

function TakingsCard({ thisMonth, lastMonth }: { thisMonth: Takings; lastMonth: Takings }) {
  const translate = useTranslate();
  return (
    <Card data-testid="today-takings" variant="outlined">
      <CardActionArea component={Link} to="/admin/payment_months" sx={{ height: '100%' }}>
        <CardContent>
          <Typography variant="subtitle2" component="h3">{translate('buzz.today.takings')}</Typography>
          <Typography variant="h5" component="p">{formatCents(thisMonth.net)}</Typography>
          <Typography variant="body2" color="text.secondary">
            {translate('buzz.today.takings_detail', { received: formatCents(thisMonth.received), refunded: formatCents(thisMonth.refunded) })}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {translate('buzz.today.takings_last', { net: formatCents(lastMonth.net) })}
          </Typography>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}
