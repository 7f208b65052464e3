import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { TodayCard } from './TodayCard';
import type { WeekSession } from './useToday';

interface WeekSessionsCardProps {
  count: number | undefined;
  sessions: WeekSession[];
  to: string;
}

const when = (start: string) => new Date(start).toLocaleString([], { weekday: 'short', hour: '2-digit', minute: '2-digit' });

/**
 * This week's workshops and volunteer shifts: how many (the events list it links to, filtered the
 * same), then the first of them with places taken of the capacity and places waitlisted, so a
 * full workshop or a short-handed shift shows without opening it.
 */
export function WeekSessionsCard({ count, sessions, to }: WeekSessionsCardProps) {
  const translate = useTranslate();
  const more = (count ?? 0) - sessions.length;
  return (
    <TodayCard
      testKey="week_events"
      title={translate('buzz.today.week_events')}
      value={count}
      hint={translate(count ? 'buzz.today.week_events_hint' : 'buzz.today.none')}
      to={to}
      wide
    >
      {sessions.length ? (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, mt: 1, display: 'grid', gap: 0.5 }} data-testid="week-sessions">
          {sessions.map((s) => (
            <Box component="li" key={s.id} sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1, overflowWrap: 'anywhere' }}>
              <Typography variant="body2" component="span" sx={{ fontWeight: 600 }}>{when(s.start_time)}</Typography>
              <Typography variant="body2" component="span">{s.title}</Typography>
              <Typography variant="body2" component="span" color="text.secondary" data-testid="week-session-places">
                {s.capacity === null
                  ? translate('buzz.today.places_taken_open', { taken: s.taken })
                  : translate('buzz.today.places_taken', { taken: s.taken, capacity: s.capacity })}
                {s.waitlist ? ` · ${translate('buzz.today.waitlisted', { smart_count: s.waitlist })}` : ''}
              </Typography>
            </Box>
          ))}
          {more > 0 ? (
            <Typography variant="body2" component="li" color="text.secondary">{translate('buzz.today.week_more', { smart_count: more })}</Typography>
          ) : null}
        </Box>
      ) : null}
    </TodayCard>
  );
}
