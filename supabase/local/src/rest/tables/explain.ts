/**
 * The execution plan media type (PostgREST docs references/observability.rst "Execution plan";
 * `MediaType.hs` MTVndPlan, `Query/SqlFragment.hs` explainF, `Plan/Negotiate.hs`):
 * `Accept: application/vnd.pgrst.plan[+json|+text]; for="<media type>"; options=analyze|verbose|settings|buffers|wal`
 * answers `EXPLAIN (FORMAT ..., <options>)` of the request's own statement instead of its rows.
 * Only when `db-plan-enabled` is on, which PostgREST reads from the in-database configuration:
 * `alter role authenticator set pgrst.db_plan_enabled to 'true'` (off by default, as on hosted);
 * otherwise the media type is not offered: 406 PGRST107.
 */
import type { Queryable } from '../../db/types.js';
import { RestError } from '../errors.js';

const OPTIONS = ['analyze', 'verbose', 'settings', 'buffers', 'wal'] as const;
type PlanOption = (typeof OPTIONS)[number];

export interface PlanMedia {
  format: 'json' | 'text';
  options: PlanOption[];
  /** The media type the plan is for (`for="..."`), application/json by default. */
  forType: string;
  accept: string;
}

/** The plan media type the Accept header asks for, or null. */
export function planMedia(accept: string | undefined): PlanMedia | null {
  if (!accept) return null;
  const m = /application\/vnd\.pgrst\.plan(?:\+(json|text))?/.exec(accept);
  if (!m) return null;
  const rest = accept.slice(m.index + m[0].length).split(',')[0] ?? '';
  const forType = /for\s*=\s*"([^"]*)"/.exec(rest)?.[1] ?? 'application/json';
  const options = (/options\s*=\s*([a-z|]+)/.exec(rest)?.[1] ?? '').split('|')
    .filter((o): o is PlanOption => (OPTIONS as readonly string[]).includes(o));
  return { format: m[1] === 'json' ? 'json' : 'text', options: [...new Set(options)], forType, accept };
}

/** PostgREST's in-database setting `pgrst.db_plan_enabled` of the authenticator role (this database's or every database's). */
const PLAN_ENABLED_SQL = `select split_part(c, '=', 2) as value
  from pg_catalog.pg_db_role_setting s
  left join pg_catalog.pg_roles r on r.oid = s.setrole, unnest(s.setconfig) as c
  where (r.rolname = 'authenticator' or s.setrole = 0)
    and s.setdatabase in (0, (select oid from pg_catalog.pg_database where datname = current_database()))
    and c like 'pgrst.db\\_plan\\_enabled=%'
  order by s.setrole <> 0 desc, s.setdatabase <> 0 desc limit 1`;

export async function assertPlanEnabled(tx: Queryable, media: PlanMedia): Promise<void> {
  const { rows } = await tx.query<{ value: string }>(PLAN_ENABLED_SQL);
  if (rows[0]?.value.toLowerCase() !== 'true') {
    throw new RestError(406, 'PGRST107', `None of these media types are available: ${media.accept.split(',').map((s) => s.trim()).join(', ')}`);
  }
}

export const explainSql = (media: PlanMedia, sql: string): string =>
  `explain (format ${media.format}${media.options.map((o) => `, ${o}`).join('')}) ${sql}`;

/** The plan's text: the JSON document, or the text lines joined. */
export function planBody(media: PlanMedia, rows: Array<Record<string, unknown>>): string {
  const values = rows.map((r) => r['QUERY PLAN']);
  if (media.format === 'text') return values.map(String).join('\n');
  const v = values[0];
  return typeof v === 'string' ? v : JSON.stringify(v ?? []);
}

export const planContentType = (media: PlanMedia): string =>
  `application/vnd.pgrst.plan+${media.format}; for="${media.forType}"${media.options.length ? `; options=${media.options.join('|')}` : ''}; charset=utf-8`;
