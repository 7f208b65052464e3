/**
 * The seeded art designs' pictures in Storage. supabase/seed.sql adds art designs whose file is
 * shipped with the repository ('Bee Garden', storage_path 'seed/bee-garden.png'); the back office
 * signs a URL for `art-submissions/<storage_path>` (admin/src/resources/art_designs/useArtImage.ts),
 * so each such design needs its object. Every buzz_haven.art_designs row whose storage_path starts
 * with 'seed/' gets content/art/<the rest> as that object, stored as an upload is
 * (../storage/upload.ts storeBody: the bucket's size and type limits, the markup check, the file
 * renamed into place with its storage.objects row), written as the server (no owner), with the
 * row's file_type and Cache-Control max-age=3600 (storage-js's default cacheControl, as
 * `npm run seed-content` uploads them to a hosted project). Only objects that do not exist yet:
 * one already there (even another file) is never replaced. The site build reads the same files
 * from content/art/ (site/src/build/artNodes.ts).
 */
import { createReadStream, statSync } from 'node:fs';
import { join } from 'node:path';
import type { StorageContext } from '../storage/context.js';
import { ERRORS, StorageError } from '../storage/errors.js';
import { uploadType } from '../storage/media-type.js';
import { storeBody } from '../storage/upload.js';
import { CONTENT_DIR } from './seedContent.js';

export const ART_BUCKET = 'art-submissions';
export const SEED_PREFIX = 'seed/';

/** The seeded designs whose object is missing: storage_path and file_type. */
const MISSING_SQL = `select distinct on (a.storage_path) a.storage_path, a.file_type
  from buzz_haven.art_designs as a
  where starts_with(a.storage_path, $1)
    and not exists (select 1 from storage.objects as o where o.bucket_id = $2 and o.name = a.storage_path)
  order by a.storage_path`;

/**
 * Stores the missing pictures; returns how many. A picture that cannot be stored (no such file
 * in content/art/, a type the bucket refuses) is reported on stderr and left out: the backend
 * still starts, and the back office shows that design without its picture.
 */
export async function seedStorage(ctx: StorageContext, contentDir = CONTENT_DIR): Promise<number> {
  const { rows } = await ctx.db.query<{ storage_path: string; file_type: string | null }>(MISSING_SQL, [SEED_PREFIX, ART_BUCKET]);
  let stored = 0;
  for (const { storage_path: key, file_type: type } of rows) {
    const file = join(contentDir, 'art', key.slice(SEED_PREFIX.length));
    try {
      const size = statSync(file).size;
      await storeBody(ctx, { bucket: ART_BUCKET, key, upsert: false, owner: undefined, as: null }, (limit, allowed) => {
        const { normalised, essence } = uploadType(type ?? 'application/octet-stream', allowed);
        if (size > limit) throw ERRORS.EntityTooLarge();
        return Promise.resolve({
          stream: createReadStream(file), mimeType: normalised, essence, cacheControl: 'max-age=3600',
          userMetadata: undefined, isTruncated: () => false, done: Promise.resolve(),
        });
      }, size);
      stored += 1;
    } catch (err) {
      if (err instanceof StorageError && err.code === 'KeyAlreadyExists') continue; // stored meanwhile
      console.error(`Seed picture ${ART_BUCKET}/${key} from ${file} not stored: ${(err as Error).message}`);
    }
  }
  return stored;
}
