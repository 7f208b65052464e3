/**
 * Storage part of `npm run bench -w supabase`: a 5 MB upload through the embedded backend
 * (p50 of 10) and listing a folder of 1,000 objects (p50 of 100),
 * each against its target below, as the owner into the media bucket. Reports; never fails on a miss.
 */
import type { BenchBackend } from './backend.js';

const UPLOADS = 10;
const LISTS = 100;
const FOLDER_SIZE = 1000;

function p50(times: number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.ceil(sorted.length / 2) - 1]!;
}

async function timed(n: number, call: (i: number) => Promise<Response>): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const start = performance.now();
    const res = await call(i);
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`storage request failed with ${res.status}`);
    times.push(performance.now() - start);
  }
  return times;
}

export async function benchStorage(backend: BenchBackend, headers: Record<string, string>): Promise<void> {
  const object = (path: string) => `${backend.url}/storage/v1/object/media/${path}`;
  const auth = { apikey: headers.apikey!, authorization: headers.authorization! };
  const image = new Uint8Array(5 * 1024 * 1024).fill(42);
  const uploads = await timed(UPLOADS, (i) =>
    fetch(object(`bench/big-${i}.jpg`), { method: 'POST', headers: { ...auth, 'content-type': 'image/jpeg' }, body: image }));
  const up = p50(uploads);
  console.log(`storage: 5 MB upload, ${UPLOADS} sequential: p50 ${up.toFixed(1)} ms (min ${Math.min(...uploads).toFixed(1)} ms)   ` +
    `target well under 1000 ms: ${up < 1000 ? 'meets target' : 'MISSES target'}`);

  await timed(FOLDER_SIZE, (i) =>
    fetch(object(`bench/folder/photo-${String(i).padStart(4, '0')}.png`), { method: 'POST', headers: { ...auth, 'content-type': 'image/png' }, body: 'x' }));
  const list = () => fetch(`${backend.url}/storage/v1/object/list/media`, {
    method: 'POST', headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ prefix: 'bench/folder', limit: FOLDER_SIZE, offset: 0, sortBy: { column: 'name', order: 'asc' } }),
  });
  const count = ((await (await list()).json()) as unknown[]).length;
  if (count !== FOLDER_SIZE) throw new Error(`listing returned ${count} objects, expected ${FOLDER_SIZE}`);
  await timed(10, list); // warm-up
  const lists = await timed(LISTS, list);
  const l = p50(lists);
  console.log(`storage: list a folder of ${FOLDER_SIZE} objects, ${LISTS} sequential: p50 ${l.toFixed(2)} ms (min ${Math.min(...lists).toFixed(2)} ms)   ` +
    `target p50 <= 20 ms: ${l <= 20 ? 'meets target' : 'MISSES target'}`);
}
