/**
 * The Supabase CLI's own schema diff (`supabase db diff --from <url> --to <url>`, its pg-delta
 * engine, no Docker): the SQL that would turn the first database into the second, empty when they
 * hold the same schema. Used by the declaration test and by scripts/db-diff.mts.
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { PATHS } from '../../../supabase/local/src/db/index';

const REPO = join(PATHS.migrationsDir, '../..');
export const SUPABASE_CLI = join(REPO, 'node_modules/.bin/supabase');

/** A local server without TLS: the CLI asks for it unless told. */
const plain = (url: string) => `${url}${url.includes('?') ? '&' : '?'}sslmode=disable`;

/** The statements (without the CLI's leading session SET) that turn `from` into `to`. */
export async function cliDiff(from: string, to: string): Promise<string> {
  const { stdout } = await promisify(execFile)(SUPABASE_CLI,
    ['db', 'diff', '--output-format', 'json', '--from', plain(from), '--to', plain(to)],
    { cwd: REPO, timeout: 300_000, maxBuffer: 64 * 1024 * 1024, env: { ...process.env, DO_NOT_TRACK: '1' } });
  const { diff } = JSON.parse(stdout) as { diff: string | null };
  return (diff ?? '').replace(/^SET local check_function_bodies = off;\s*/i, '').trim();
}
