import { useQuery } from '@tanstack/react-query';
import { countTableRows } from '../providers/countTableRows';

/** The row counts of these `buzz_haven` tables in parallel; a failed count is 0 (logged by countTableRows). */
export function useTableCounts(tables: string[]) {
  return useQuery({
    queryKey: ['dashboard', 'count_table_rows', tables],
    queryFn: async () => {
      const counts = await Promise.all(tables.map(countTableRows));
      return Object.fromEntries(tables.map((t, i) => [t, counts[i]])) as Record<string, number>;
    },
    staleTime: 0,
  });
}
