/**
 * `npm run seed-content`: gives a hosted Supabase project the site's starting content. Reads every
 * document of content/ (validated by supabase/functions/_shared/content-schema) and calls `seed_buzz_haven_content` (service
 * role only), which adds the documents the project does not have yet, each published as version 1;
 * documents already there are left as they are. The embedded backend does the same on its own at
 * its first start. Set SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY (defaults: the local backend).
 */
import { join } from 'node:path';
import { readStartingDocuments } from '../supabase/functions/_shared/content-schema/starting.ts';

const LOCAL_SERVICE_ROLE_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU';
const url = (process.env.SUPABASE_URL || 'http://127.0.0.1:54321').replace(/\/$/, '');
const key = process.env.SUPABASE_SERVICE_ROLE_KEY || LOCAL_SERVICE_ROLE_KEY;

const documents = readStartingDocuments(join(import.meta.dirname, '../content'));
try {
  const res = await fetch(`${url}/rest/v1/rpc/seed_buzz_haven_content`, {
    method: 'POST',
    headers: { apikey: key, Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ p_documents: documents }),
  });
  const body = (await res.json().catch(() => ({}))) as number | { message?: string };
  if (!res.ok) {
    console.error(`Could not seed the content: ${typeof body === 'object' ? body.message : res.statusText}`);
    process.exit(1);
  }
  console.log(`Added ${body} of ${documents.length} content documents (the others were there already).`);
} catch (err) {
  console.error(`Could not reach ${url}: ${(err as Error).message}. Is the backend running (npm start)?`);
  process.exit(1);
}
