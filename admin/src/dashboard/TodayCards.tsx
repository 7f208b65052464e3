/**
 * The top of the dashboard: one card per thing waiting (todayCards.ts), each a link to the list
 * that holds its rows, a clear "nothing waiting" when its number is 0, the week's workshops and
 * shifts with their places (WeekSessionsCard), and the month's takings (TakingsCard).
 * One request (useToday) answers all of them.
 */
import { useMemo } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { formatDate, formatRelative } from '../common/dates';
import { listPath, todayCards } from './todayCards';
import { TakingsCard } from './TakingsCard';
import { TodayCard } from './TodayCard';
import { useToday, type Today } from './useToday';
import { WeekSessionsCard } from './WeekSessionsCard';

/** The start of the current hour: stable for the page's life, the same in the cards and their links. */
const hourStart = () => new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000).toISOString();

/** The line under a card's number: what it counts (with the oldest report's age, the vote's close), or that nothing waits. */
function useHint() {
  const translate = useTranslate();
  return (key: keyof Today, data: Today | null | undefined): string => {
    const value = data?.[key] as number | undefined;
    if (!value) return translate('buzz.today.none');
    if (key === 'swarm_open' && data?.swarm_oldest) return translate('buzz.today.oldest', { age: formatRelative(data.swarm_oldest) });
    // The vote closes at the start of next month: its last day is the one before.
    if (key === 'designs_to_moderate' && data?.vote_closes) {
      return translate('buzz.today.vote_closes', { date: formatDate(new Date(Date.parse(data.vote_closes) - 1)) });
    }
    return translate(`buzz.today.${key}_hint`);
  };
}

export function TodayCards() {
  const translate = useTranslate();
  const hint = useHint();
  const from = useMemo(hourStart, []);
  const { data, isPending } = useToday(from);
  return (
    <Box component="section" aria-labelledby="today-title" sx={{ mb: 3 }}>
      <Typography id="today-title" variant="h6" component="h2" sx={{ mb: 1 }}>{translate('buzz.today.title')}</Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(4, minmax(0, 1fr))' } }}>
        {todayCards(from).map(({ key, resource, filter }) => {
          const value = isPending ? undefined : ((data?.[key] as number | undefined) ?? 0);
          return key === 'week_events' ? (
            <WeekSessionsCard key={key} count={value} sessions={data?.week_sessions ?? []} to={listPath(resource, filter)} />
          ) : (
            <TodayCard key={key} testKey={key} title={translate(`buzz.today.${key}`)} value={value} hint={hint(key, data)} to={listPath(resource, filter)} />
          );
        })}
        {data ? <TakingsCard thisMonth={data.takings.this_month} lastMonth={data.takings.last_month} /> : null}
      </Box>
    </Box>
  );
}
