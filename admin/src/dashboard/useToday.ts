import { useQuery } from '@tanstack/react-query';
import { supabase } from '../providers/supabase';

export interface Takings { received: number; refunded: number; net: number }

/** A workshop or volunteer shift of the week: places taken of its capacity (null: no limit), places waitlisted. */
export interface WeekSession {
  id: string;
  title: string;
  kind: 'workshop' | 'volunteer';
  start_time: string;
  capacity: number | null;
  taken: number;
  waitlist: number;
}

/** get_buzz_haven_today's answer: counts of filtered lists, the oldest open swarm report, the month's takings. */
export interface Today {
  orders_to_confirm: number;
  orders_awaiting_payment: number;
  swarm_open: number;
  swarm_oldest: string | null;
  visits_to_book: number;
  designs_to_moderate: number;
  /** When this month's art vote closes (a design approved today goes on its ballot). */
  vote_closes: string;
  week_events: number;
  /** The first of the week's workshops and shifts, soonest first. */
  week_sessions: WeekSession[];
  failed_emails: number;
  hives_over_threshold: number;
  takings: { this_month: Takings; last_month: Takings };
}

/**
 * The dashboard's "today" numbers in one request, counted from `from` (the week's start, also in
 * the cards' links, so that a list shows the rows its card counted). A failure is logged; the
 * cards then show nothing rather than wrong numbers.
 */
export function useToday(from: string) {
  return useQuery({
    queryKey: ['dashboard', 'today', from],
    queryFn: async (): Promise<Today | null> => {
      const { data, error, status } = await supabase.rpc('get_buzz_haven_today', { p_from: from });
      if (error) {
        if (status !== 401) console.error('Failed to load the dashboard:', error.message);
        return null;
      }
      return data as Today;
    },
    staleTime: 0,
  });
}
