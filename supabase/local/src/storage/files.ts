/**
 * File operations of the embedded Storage: an upload streams into a temporary file (hashing and
 * counting as it goes, stopping at the size limit) and is renamed into place only when its
 * database row is written; a failed or aborted upload leaves nothing behind.
 */
import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { copyFile, mkdir, rename, rm, rmdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ERRORS } from './errors.js';

export interface TempFile {
  path: string;
  size: number;
  /** Storage's eTag: the MD5 hex digest in double quotes. */
  eTag: string;
}

class TooLarge extends Error {}

/**
 * Streams `body` into a new file under `tmpDir`; 413 (and no file) past `maxBytes`. `check`, when
 * given, sees the bytes after the size count (sniff.ts markupGuard); its error leaves no file.
 */
export async function writeTemp(
  tmpDir: string, body: Readable, maxBytes: number, isTruncated?: () => boolean, check?: Transform,
): Promise<TempFile> {
  await mkdir(tmpDir, { recursive: true });
  const path = join(tmpDir, randomUUID());
  const hash = createHash('md5');
  let size = 0;
  const meter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      size += chunk.length;
      if (size > maxBytes) return done(new TooLarge());
      hash.update(chunk);
      done(null, chunk);
    },
  });
  try {
    if (check) await pipeline(body, meter, check, createWriteStream(path));
    else await pipeline(body, meter, createWriteStream(path));
    if (isTruncated?.()) throw new TooLarge();
  } catch (err) {
    await rm(path, { force: true });
    if (err instanceof TooLarge) throw ERRORS.EntityTooLarge();
    throw err;
  }
  return { path, size, eTag: `"${hash.digest('hex')}"` };
}

/** Moves a finished temporary file to its final place (creating the folders). */
export async function placeFile(temp: string, target: string): Promise<void> {
  await mkdir(dirname(target), { recursive: true });
  await rename(temp, target);
}

export async function copyInto(source: string, target: string): Promise<void> {
  await mkdir(dirname(target), { recursive: true });
  await copyFile(source, target);
}

/**
 * Removes a file and then its folders while they are empty, up to (not including) `stopAt`.
 * Best effort: a file that is already gone is not an error.
 */
export async function removeFile(path: string, stopAt: string): Promise<void> {
  await rm(path, { force: true });
  let dir = dirname(path);
  while (dir.startsWith(stopAt) && dir !== stopAt) {
    try {
      await rmdir(dir);
    } catch {
      return; // not empty (or already gone)
    }
    dir = dirname(dir);
  }
}
