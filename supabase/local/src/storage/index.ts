/**
 * Storage in the embedded backend: `storagePlugin(storageContext(...))` under `/storage/v1`.
 * Files live under `<data-dir>/storage/<bucket>/...` (a temporary directory when the database
 * is in memory); the per-file limit is config.toml's `[storage] file_size_limit` (the Supabase
 * CLI's default, "50MiB", when absent); signed upload URLs live SUPABASE_STORAGE_UPLOAD_URL_EXPIRY
 * seconds (2 hours when unset).
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'smol-toml';
import { CONFIG_TOML } from '../config.js';
import type { Db } from '../db/types.js';
import type { JwtKeys } from '../jwt/keys.js';
import { JwtRoles } from '../rest/jwt.js';
import type { StorageContext } from './context.js';
import { StorageDirs } from './paths.js';

export { storagePlugin } from './routes.js';

const UNITS: Record<string, number> = { b: 1, kb: 1e3, mb: 1e6, gb: 1e9, kib: 1024, mib: 1024 ** 2, gib: 1024 ** 3 };

/** "50MiB" -> 52428800 (the CLI's size notation). */
export function parseSize(text: string): number {
  const m = /^\s*([0-9]+(?:\.[0-9]+)?)\s*([kmg]i?b|b)\s*$/i.exec(text);
  if (!m) throw new Error(`[storage] file_size_limit: "${text}" is not a size such as 50MiB`);
  return Math.floor(Number(m[1]) * UNITS[m[2]!.toLowerCase()]!);
}

function configuredLimit(): number {
  const toml = existsSync(CONFIG_TOML) ? parse(readFileSync(CONFIG_TOML, 'utf8')) : {};
  const storage = (toml.storage ?? {}) as { file_size_limit?: unknown };
  return parseSize(typeof storage.file_size_limit === 'string' ? storage.file_size_limit : '50MiB');
}

/**
 * Seconds a signed upload URL lives: SUPABASE_STORAGE_UPLOAD_URL_EXPIRY (Storage's own setting is
 * UPLOAD_SIGNED_URL_EXPIRATION_TIME), 7200 by default as on hosted Supabase.
 */
function uploadUrlSeconds(): number {
  const text = process.env.SUPABASE_STORAGE_UPLOAD_URL_EXPIRY;
  if (text === undefined || text === '') return 7200;
  const seconds = Number(text);
  if (!Number.isInteger(seconds) || seconds < 1) {
    throw new Error(`SUPABASE_STORAGE_UPLOAD_URL_EXPIRY: "${text}" is not a whole number of seconds`);
  }
  return seconds;
}

export function storageContext(options: { db: Db; dataDir?: string; keys: JwtKeys }): StorageContext {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'buzz-storage-'));
  const dirs = new StorageDirs(dataDir);
  // Uploads cut short by a crash (SIGKILL) never got a row: their temporary files go.
  rmSync(dirs.tmp, { recursive: true, force: true });
  return {
    db: options.db,
    dirs,
    roles: new JwtRoles(options.keys),
    keys: options.keys,
    secret: options.keys.secret,
    fileSizeLimit: configuredLimit(),
    uploadUrlSeconds: uploadUrlSeconds(),
  };
}
