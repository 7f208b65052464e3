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

/** How long a worker waits for another worker's template before it builds its own database. */
const WAIT_MS = 300_000;

/**
 * The path of template `name`, built by `build(path)` in the first worker that asks; null when
 * the run has no template folder or the template could not be built (then every caller builds
 * its own database as before: a template only saves time, it never decides a result).
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
      console.warn(`template ${name} could not be built; each test builds its own: ${String(error)}`);
      writeFileSync(failed, String(error));
      return null;
    }
    writeFileSync(ready, '');
    return path;
  }
  const deadline = Date.now() + WAIT_MS;
  while (!existsSync(ready)) {
    if (existsSync(failed)) return null;
    if (Date.now() > deadline) return null;
    await new Promise((done) => setTimeout(done, 200));
  }
  return path;
}

/**
 * The path of template `name` that another process builds (see global-setup.ts), once it is ready;
 * null when the run has no template folder, the build failed, or it is not ready within `waitMs`.
 */
export async function builtTemplate(name: string, waitMs: number): Promise<string | null> {
  const dir = process.env[TEMPLATES_ENV];
  if (!dir) return null;
  const path = join(dir, name);
  const deadline = Date.now() + waitMs;
  while (!existsSync(`${path}.ready`)) {
    if (existsSync(`${path}.failed`) || Date.now() > deadline) return null;
    await new Promise((done) => setTimeout(done, 200));
  }
  return path;
}
