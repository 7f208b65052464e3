/**
 * Databases and data directories built once per jest run and copied for each test file, instead
 * of every file migrating (and seeding) its own from scratch. The run's globalSetup makes an empty
 * folder and names it in BUZZ_TEST_TEMPLATES; the first worker that needs a template builds it
 * there while the others wait for it, so a run that needs none builds none. Without the variable
 * (a test run outside jest's globalSetup) callers build their own database as before.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const TEMPLATES_ENV = 'BUZZ_TEST_TEMPLATES';

/** How long a worker waits for another worker's template before it fails. */
const WAIT_MS = 300_000;

/**
 * The path of template `name`, built by `build(path)` in the first worker that asks; null when
 * the run has no template folder. A failed build leaves no marker, so waiters fail with its name.
 */
export async function template(name: string, build: (path: string) => Promise<void>): Promise<string | null> {
  const dir = process.env[TEMPLATES_ENV];
  if (!dir) return null;
  const path = join(dir, name);
  const ready = `${path}.ready`;
  const failed = `${path}.failed`;
  if (existsSync(ready)) return path;
  let builder = false;
  try {
    mkdirSync(`${path}.lock`);
    builder = true;
  } catch {
    // another worker builds it
  }
  if (builder) {
    try {
      await build(path);
    } catch (error) {
      writeFileSync(failed, String(error));
      throw error;
    }
    writeFileSync(ready, '');
    return path;
  }
  const deadline = Date.now() + WAIT_MS;
  while (!existsSync(ready)) {
    if (existsSync(failed)) throw new Error(`template ${name} failed to build in another worker`);
    if (Date.now() > deadline) throw new Error(`template ${name} not ready after ${WAIT_MS / 1000} s`);
    await new Promise((done) => setTimeout(done, 200));
  }
  return path;
}
