import { useQuery } from '@tanstack/react-query';
import { countTableRows } from '../providers/countTableRows';

export const DASHBOARD_TABLES = ['products', 'orders', 'events', 'hives', 'content', 'users'] as const;
export type DashboardTable = (typeof DASHBOARD_TABLES)[number];

/** All six counts in parallel; a failed count is 0 (logged by countTableRows). */
export function useTableCounts() {
  return useQuery({
    queryKey: ['dashboard', 'count_table_rows'],
    queryFn: async () => {
      const counts = await Promise.all(DASHBOARD_TABLES.map(countTableRows));
      return Object.fromEntries(DASHBOARD_TABLES.map((t, i) => [t, counts[i]])) as Record<DashboardTable, number>;
    },
    staleTime: 0,
  });
}
