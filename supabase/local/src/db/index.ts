/** The database seam of the embedded backend (see types.ts). */
export { openDb, PGLITE_SUBDIR, type OpenOptions } from './open.js';
export { migrate, PATHS, type MigrateOptions, type MigrateResult } from './migrate.js';
export { declare, schemaFiles } from './declare.js';
export { LOCK_FILE_NAME } from './lock.js';
export type { Db, Queryable, QueryResult } from './types.js';
