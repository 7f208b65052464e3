/**
 * The settings PGlite starts with: its own defaults less the planner settings EXPLAIN would show
 * as changed, plus the supabase/postgres settings that show through the API.
 */
import { PGlite } from '@electric-sql/pglite';

/**
 * Server settings of supabase/postgres (the database image of hosted projects and of the CLI's
 * `supabase start`), ansible/files/postgresql_config/postgresql.conf.j2, that PGlite's defaults
 * lack and that show through the API: its planner's `effective_cache_size = 128MB` (EXPLAIN's
 * SETTINGS lists it), and query identifiers, computed there because `shared_preload_libraries`
 * loads pg_stat_statements with `compute_query_id = auto` (EXPLAIN VERBOSE shows a
 * "Query Identifier").
 */
export const SUPABASE_POSTGRES_SETTINGS = ['-c', 'effective_cache_size=128MB', '-c', 'compute_query_id=on'];

/**
 * Planner settings PGlite.defaultStartParams sets that EXPLAIN (SETTINGS) would list as changed,
 * where PostgreSQL lists only what differs from its defaults. Left at PostgreSQL's defaults they
 * change no plan: PGlite runs a single-user backend, and the planner considers parallel plans only
 * under a postmaster (planner.c checks IsUnderPostmaster).
 */
const PGLITE_PLANNER_PARAMS = new Set(['max_parallel_workers=0', 'max_parallel_workers_per_gather=0']);

/** PGlite's start parameters without PGLITE_PLANNER_PARAMS, then supabase/postgres's settings. */
export function pgliteStartParams(defaults: readonly string[] = PGlite.defaultStartParams): string[] {
  const out: string[] = [];
  for (let i = 0; i < defaults.length; i++) {
    if (defaults[i] === '-c' && PGLITE_PLANNER_PARAMS.has(defaults[i + 1] ?? '')) i++;
    else out.push(defaults[i]!);
  }
  return [...out, ...SUPABASE_POSTGRES_SETTINGS];
}
