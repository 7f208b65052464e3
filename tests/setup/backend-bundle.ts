/**
 * The embedded backend as one JavaScript file for a jest run's API tests, built once by
 * globalSetup, so each backend a test starts loads compiled code instead of compiling each of its
 * TypeScript modules through tsx's loader. esbuild compiles it as tsx does (the same compiler);
 * packages stay imports, resolved from supabase/local/ as the sources' are. Each module's
 * `import.meta.url` is replaced by its source file's URL, so paths found from it (content/,
 * the migrations, the Deno functions) are the ones the sources find. Without the bundle (a run
 * outside globalSetup, a failed build) the tests start `main.ts` through tsx as before.
 */
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

/** The bundle's path for the run (tests/api/support/server.ts starts it when set). */
export const BACKEND_ENTRY_ENV = 'BUZZ_TEST_BACKEND_ENTRY';

const LOCAL_DIR = resolve(__dirname, '../../supabase/local');

/** Builds the bundle into supabase/local/.tmp/ and returns its path; null when it fails. */
export async function buildBackendBundle(): Promise<string | null> {
  const outfile = join(LOCAL_DIR, '.tmp', `main-${process.pid}.mjs`);
  mkdirSync(join(LOCAL_DIR, '.tmp'), { recursive: true });
  try {
    // Loaded here: the API tests import this file for its variable's name alone.
    const { build } = await import('esbuild');
    await build({
      entryPoints: [join(LOCAL_DIR, 'src/main.ts')],
      outfile,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      packages: 'external',
      logLevel: 'silent',
      plugins: [{
        name: 'source-file-urls',
        setup(esbuild) {
          esbuild.onLoad({ filter: /\.ts$/ }, (args) => ({
            contents: readFileSync(args.path, 'utf8').replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)),
            loader: 'ts',
          }));
        },
      }],
    });
    return outfile;
  } catch (error) {
    console.warn(`backend bundle not built; each API test starts main.ts through tsx: ${String(error)}`);
    rmSync(outfile, { force: true });
    return null;
  }
}

export function removeBackendBundle(path: string | undefined): void {
  if (path) rmSync(path, { force: true });
}
