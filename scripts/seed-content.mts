/**
 * `npm run seed-content`: gives a hosted Supabase project the site's starting content. Reads every
 * document of content/ (validated by supabase/functions/_shared/content-schema) and calls `seed_buzz_haven_content` (service
 * role only), which adds the documents the project does not have yet, each published as version 1;
 * documents already there are left as they are. Then each language's translations that content/
 * holds (content/es/<key>.yaml), the same way. The embedded backend does the same on its own at
 * its first start. Set SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY (defaults: the local backend).
 *
 * Then the pictures of seeded art designs, where the project has any (supabase/seed.sql's 'Bee
 * Garden', storage_path 'seed/bee-garden.png', on a project that ran seed.sql): each design the site
 * shows (get_buzz_haven_art_ballot and get_buzz_haven_art_results, as site/src/build/artNodes.ts
 * reads them) whose storage_path starts with 'seed/' gets content/art/<the rest> in the private
 * bucket 'art-submissions', uploaded with the service role as the embedded backend stores it at its
 * start (supabase/local/src/db/seedStorage.ts). `upsert: false`: an object already there is left as
 * it is (409). A project without seed.sql's data has no such design, so nothing is uploaded (no
 * file no design refers to).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { readStartingContent } from '../supabase/functions/_shared/content-schema/starting.ts';

const LOCAL_SERVICE_ROLE_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU';
const url = (process.env.SUPABASE_URL || 'http://127.0.0.1:54321').replace(/\/$/, '');
const key = process.env.SUPABASE_SERVICE_ROLE_KEY || LOCAL_SERVICE_ROLE_KEY;

const CONTENT_DIR = join(import.meta.dirname, '../content');
const ART_BUCKET = 'art-submissions';
const SEED_PREFIX = 'seed/';

try {
  for (const { locale, documents } of readStartingContent(CONTENT_DIR)) {
    if (documents.length === 0) continue;
    const res = await fetch(`${url}/rest/v1/rpc/seed_buzz_haven_content`, {
      method: 'POST',
      headers: { apikey: key, Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ p_documents: documents, p_locale: locale }),
    });
    const body = (await res.json().catch(() => ({}))) as number | { message?: string };
    if (!res.ok) {
      console.error(`Could not seed the content (${locale}): ${typeof body === 'object' ? body.message : res.statusText}`);
      process.exit(1);
    }
    console.log(`Added ${body} of ${documents.length} content documents in ${locale} (the others were there already).`);
  }
} catch (err) {
  console.error(`Could not reach ${url}: ${(err as Error).message}. Is the backend running (npm start)?`);
  process.exit(1);
}
await seedArtPictures().catch((err: Error) => {
  console.error(`Could not seed the art pictures: ${err.message}`);
  process.exit(1);
});

/** Uploads the missing pictures of the seeded art designs (see the top of this file). */
async function seedArtPictures(): Promise<void> {
  // Node 20 has no global WebSocket; supabase-js needs a realtime transport to start.
  const supabase = createClient(url, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as never },
  });
  const paths = new Map<string, string>();
  for (const fn of ['get_buzz_haven_art_ballot', 'get_buzz_haven_art_results']) {
    const { data, error } = await supabase.rpc(fn);
    if (error) throw new Error(`${fn}: ${error.message}`);
    for (const d of data as { storage_path: string | null; file_type: string | null }[]) {
      if (d.storage_path?.startsWith(SEED_PREFIX)) paths.set(d.storage_path, d.file_type ?? 'application/octet-stream');
    }
  }
  for (const [path, contentType] of paths) {
    const file = join(CONTENT_DIR, 'art', path.slice(SEED_PREFIX.length));
    const { error } = await supabase.storage.from(ART_BUCKET).upload(path, readFileSync(file), { contentType, upsert: false });
    if (!error) console.log(`Uploaded ${ART_BUCKET}/${path} (content/art/${path.slice(SEED_PREFIX.length)}).`);
    else if ((error as { statusCode?: string }).statusCode === '409') console.log(`${ART_BUCKET}/${path} is there already.`);
    else throw new Error(`Could not upload ${ART_BUCKET}/${path}: ${error.message}`);
  }
}
