import { supabase } from './supabase';

/**
 * Rows in `buzz_haven.<table>`; 0 (logged) when the call fails, as the dashboard requires.
 * Signed out (401: a re-run while Sign Out is under way, see signedInFetch.ts), 0 without a log.
 */
export async function countTableRows(table: string): Promise<number> {
  const { data, error, status } = await supabase.rpc('count_table_rows', {
    table_name: table,
    schema_name: 'buzz_haven',
  });
  if (error) {
    if (status !== 401) console.error(`Failed to count ${table}:`, error.message);
    return 0;
  }
  return typeof data === 'number' ? data : Number(data) || 0;
}
