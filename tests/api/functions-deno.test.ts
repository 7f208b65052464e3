/**
 * Edge Functions under real Deno, as `supabase functions serve` runs them: every
 * folder with an index.ts is a function (one added while the backend runs is served at once,
 * `_shared` is not), its code runs unchanged in the `deno` npm package's binary, the environment is
 * computed per request (`.env` beside the functions, SUPABASE_URL and the keys), changed code is
 * picked up on the next request, the caller's JWT
 * is verified first (config.toml's verify_jwt, true by default; a rejection is a 401 marked
 * `x-relay-error: true`, as the Functions relay marks its errors), req.url has the edge runtime's
 * origin `http://localhost:8000` with the caller's in X-Forwarded-*, a function without a deno.json
 * takes the fallback import map (URL imports that cannot be fetched offline mapped to stand-ins),
 * the body arrives byte for byte,
 * a function that fails to start answers 503 BOOT_ERROR, and no Deno process outlives the backend.
 * The backend serves a temporary functions folder (SUPABASE_FUNCTIONS_DIR) so the project's stays untouched.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FunctionsRelayError } from '@supabase/supabase-js';
import { ANON_KEY, client } from './support/clients';
import { REPO_ROOT, removeDataDir, startBackend, type Backend } from './support/server';

const ECHO = `
Deno.serve(async (req) => {
  const url = new URL(req.url);
  return Response.json({
    deno: Deno.version.deno,
    pid: Deno.pid,
    method: req.method,
    path: url.pathname,
    search: url.search,
    body: await req.text(),
    contentType: req.headers.get('content-type'),
    url: req.url,
    forwarded: {
      host: req.headers.get('x-forwarded-host'), port: req.headers.get('x-forwarded-port'), proto: req.headers.get('x-forwarded-proto'),
      for: req.headers.get('x-forwarded-for'), realIp: req.headers.get('x-real-ip'),
    },
    env: { url: Deno.env.get('SUPABASE_URL'), anon: Deno.env.get('SUPABASE_ANON_KEY'), greeting: Deno.env.get('GREETING') ?? null },
  }, { status: 201, headers: { 'x-function': 'echo' } });
});
`;

// Written against Deno's standard http/server.ts, as supabase-js's functions-js fixtures are.
const LEGACY = `
import { serve } from 'https://deno.land/std/http/server.ts';
serve((req) => new Response(\`served \${new URL(req.url).pathname}\`));
`;
const OFFLINE_IMPORT_MAP = join(REPO_ROOT, 'supabase/local/deno/offline-import-map.json');

let dir: string;
let backend: Backend;
const put = (path: string, text: string) => {
  mkdirSync(join(dir, path, '..'), { recursive: true });
  writeFileSync(join(dir, path), text);
};
const call = (name: string, init: RequestInit = {}, key: string | null = ANON_KEY) =>
  fetch(`${backend.url}/functions/v1/${name}`, {
    method: 'POST', ...init, headers: { ...(key ? { Authorization: `Bearer ${key}` } : {}), ...(init.headers as Record<string, string>) },
  });

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'buzz-functions-'));
  put('echo/index.ts', ECHO);
  put('_shared/index.ts', ECHO);
  put('broken/index.ts', "throw new Error('boom at start');\n");
  put('legacy/index.ts', LEGACY);
  put('.env', 'GREETING=hello\n');
  backend = await startBackend({ env: { SUPABASE_FUNCTIONS_DIR: dir, SUPABASE_FUNCTIONS_IMPORT_MAP: OFFLINE_IMPORT_MAP } });
}, 200_000);
afterAll(async () => {
  await backend?.stop();
  if (backend) removeDataDir(backend.dataDir);
  rmSync(dir, { recursive: true, force: true });
});

test('a folder is a function, run by the real Deno of the deno npm package, with its path, body and environment', async () => {
  const denoVersion = JSON.parse(readFileSync(join(REPO_ROOT, 'node_modules/deno/package.json'), 'utf8')).version;
  const body = '{ "a" :1,\n"b":[ 2 ] }';
  const res = await call('echo/sub/path?x=1&y=%20', { body, headers: { 'Content-Type': 'application/json' } }, ANON_KEY);
  expect(res.status).toBe(201);
  expect(res.headers.get('x-function')).toBe('echo');
  expect(await res.json()).toMatchObject({
    deno: denoVersion,
    method: 'POST',
    // As on hosted, the gateway's /functions/v1 is not part of the path the function sees.
    path: '/echo/sub/path',
    search: '?x=1&y=%20',
    body,
    contentType: 'application/json',
    env: { url: backend.url, anon: ANON_KEY, greeting: 'hello' },
  });
}, 120_000);

test('the caller needs a JWT unless config.toml says verify_jwt = false; unknown names and _shared are 404', async () => {
  const missing = await call('echo', {}, null);
  expect(missing.status).toBe(401);
  expect(missing.headers.get('x-relay-error')).toBe('true');
  expect(await missing.json()).toEqual({ code: 401, message: 'Missing authorization header' });
  const forged = await call('echo', {}, 'x.y.z');
  expect(forged.status).toBe(401);
  expect(forged.headers.get('x-relay-error')).toBe('true');
  expect(await forged.json()).toEqual({ code: 401, message: 'Invalid JWT' });
  for (const name of ['_shared', 'nothing-here', '..%2Fecho']) {
    const res = await call(name);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ code: 'NOT_FOUND', message: 'Requested function was not found' });
  }
}, 60_000);

test('a JWT signed with another secret is the relay\'s 401: supabase-js reports a FunctionsRelayError', async () => {
  const sb = client(backend.url);
  sb.functions.setAuth(ANON_KEY.replace(/\.[^.]+$/, '.c2lnbmVkIGVsc2V3aGVyZQ'));
  const { data, error, response } = await sb.functions.invoke('echo');
  expect(data).toBeNull();
  expect(error).toBeInstanceOf(FunctionsRelayError);
  expect((error as Error).message).toBe('Relay Error invoking the Edge Function');
  expect(response?.status).toBe(401);
  expect(response?.headers.get('x-relay-error')).toBe('true');
  expect(await response?.json()).toEqual({ code: 401, message: 'Invalid JWT' });
}, 60_000);

test('req.url has the edge runtime\'s origin, http://localhost:8000/<name>/...; the caller\'s origin comes in X-Forwarded-*', async () => {
  const caller = new URL(backend.url);
  const res = await call('echo/deeper?q=1', { headers: { 'X-Forwarded-Host': 'spoofed.example', 'X-Forwarded-Proto': 'https', 'X-Forwarded-For': '203.0.113.7' } });
  expect(res.status).toBe(201);
  const seen = await res.json();
  expect(seen.url).toBe('http://localhost:8000/echo/deeper?q=1');
  // Kong replaces the untrusted client's X-Forwarded-Host/-Proto; the address a client claims is dropped
  // (rest/clientAddress.ts): without BUZZ_TRUSTED_PROXIES the client is the socket's peer.
  expect(seen.forwarded).toEqual({ host: caller.hostname, port: caller.port, proto: 'http', for: '127.0.0.1', realIp: '127.0.0.1' });
}, 60_000);

test('a function without deno.json takes the fallback import map: Deno\'s std http/server.ts served offline', async () => {
  const res = await call('legacy/path', { method: 'GET' });
  expect(res.status).toBe(200);
  expect(await res.text()).toBe('served /legacy/path');
}, 120_000);

test('the environment is read per request: a changed .env reaches the next call', async () => {
  put('.env', 'GREETING=bonjour\n');
  const res = await call('echo');
  expect((await res.json()).env.greeting).toBe('bonjour');
}, 120_000);

test('a folder added while the backend runs is served; one that fails to start answers 503 BOOT_ERROR', async () => {
  put('added-later/index.ts', "Deno.serve(() => new Response('late', { headers: { 'content-type': 'text/plain' } }));\n");
  const late = await call('added-later', { method: 'GET' });
  expect(late.status).toBe(200);
  expect(await late.text()).toBe('late');

  const broken = await call('broken');
  expect(broken.status).toBe(503);
  expect(await broken.json()).toEqual({ code: 'BOOT_ERROR', message: 'Function failed to start (please check logs)' });
  expect(backend.output()).toContain('boom at start');
  expect((await call('echo')).status).toBe(201);
}, 120_000);

test('a changed function (its folder or _shared) is started again with its new code on the next request', async () => {
  put('reloaded/index.ts', "import { word } from '../_shared/word.ts';\nDeno.serve(() => new Response(word));\n");
  put('_shared/word.ts', "export const word = 'one';\n");
  expect(await (await call('reloaded')).text()).toBe('one');
  put('_shared/word.ts', "export const word = 'two';\n");
  expect(await (await call('reloaded')).text()).toBe('two');
  put('reloaded/index.ts', "Deno.serve(() => new Response('three'));\n");
  expect(await (await call('reloaded')).text()).toBe('three');
}, 120_000);

test('no Deno process outlives a backend killed with SIGKILL', async () => {
  const { pid } = await (await call('echo')).json();
  const alive = () => { try { process.kill(pid, 0); return true; } catch { return false; } };
  expect(alive()).toBe(true);
  await backend.stop('SIGKILL');
  const until = Date.now() + 10_000;
  while (alive() && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
  expect(alive()).toBe(false);
}, 60_000);
