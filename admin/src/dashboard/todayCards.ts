/**
 * The "today" cards: what waits for someone, each the number of rows of the filtered list it
 * links to (the same filter get_buzz_haven_today counts). Their words are the i18n messages
 * `buzz.today.<key>` (title) and `buzz.today.<key>_hint`.
 */
import type { Today } from './useToday';

export interface TodayCard {
  key: keyof Today;
  resource: string;
  filter: Record<string, unknown>;
}

/** A list's path with its filter, as react-admin reads it from the URL. */
export const listPath = (resource: string, filter: Record<string, unknown>) =>
  `/admin/${resource}?filter=${encodeURIComponent(JSON.stringify(filter))}`;

/** The week from `from`: the events the card counts (scheduled workshops and volunteer shifts, starting within seven days). */
export const weekFilter = (from: string) => ({
  status: 'scheduled',
  kind: ['workshop', 'volunteer'],
  'start_time@gte': from,
  'start_time@lt': new Date(Date.parse(from) + 7 * 86_400_000).toISOString(),
});

export const todayCards = (from: string): TodayCard[] => [
  { key: 'orders_to_confirm', resource: 'orders', filter: { status: 'new' } },
  { key: 'orders_awaiting_payment', resource: 'orders', filter: { payment_state: 'awaiting_payment' } },
  { key: 'swarm_open', resource: 'swarm_reports', filter: { status: ['new', 'called_back'] } },
  { key: 'visits_to_book', resource: 'host_applications', filter: { status: 'new' } },
  { key: 'designs_to_moderate', resource: 'art_designs', filter: { status: 'pending' } },
  { key: 'week_events', resource: 'events', filter: weekFilter(from) },
  { key: 'failed_emails', resource: 'outbox', filter: { state: 'dead' } },
  { key: 'hives_over_threshold', resource: 'hives', filter: { varroa_flag: true } },
];
