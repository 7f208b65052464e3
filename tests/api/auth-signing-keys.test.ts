/**
 * Asymmetric JWT signing keys, as GoTrue has them (supabase/auth internal/conf/jwk.go,
 * internal/api/jwks.go, internal/api/auth.go parseJWTClaims) and the CLI configures them
 * (`[auth] signing_keys_path`, a JSON array of JWKs; here SUPABASE_AUTH_SIGNING_KEYS_PATH): a
 * backend with a key set signs access tokens with the key whose `key_ops` has "sign" (its alg,
 * its `kid` in the header), publishes the public keys at `/auth/v1/.well-known/jwks.json`, and
 * every part of it (Auth, REST, Storage, Functions, the mailbox) accepts tokens of any key of the
 * set, still accepts the CLI's HS256 keys, and refuses a token of a key outside the set.
 * supabase-js's getClaims verifies such tokens with the JWKS instead of asking GET /user.
 * Each key set is made here as `supabase gen signing-key` makes one (a key pair exported as JWK).
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { generateKeyPairSync, randomUUID, type KeyObject } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SignJWT, createLocalJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import WebSocket from 'ws';
import { loadConfig } from '../../supabase/local/src/config';
import { ANON_KEY, OWNER, SERVICE_ROLE_KEY } from './support/clients';
import { removeDataDir, startBackend, type Backend } from './support/server';

type Alg = 'RS256' | 'ES256';

interface TestKey {
  alg: Alg;
  kid: string;
  privateKey: KeyObject;
  jwk: Record<string, unknown>;
}

function makeKey(alg: Alg, keyOps: string[]): TestKey {
  const { privateKey } = alg === 'RS256'
    ? generateKeyPairSync('rsa', { modulusLength: 2048 })
    : generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const kid = randomUUID();
  return { alg, kid, privateKey, jwk: { ...privateKey.export({ format: 'jwk' }), kid, alg, key_ops: keyOps } };
}

/** A verify-only key is listed by its public part only, as after a key rotation. */
const PRIVATE_MEMBERS = ['d', 'p', 'q', 'dp', 'dq', 'qi', 'k'];

function publicOnly(key: TestKey): Record<string, unknown> {
  return Object.fromEntries(Object.entries(key.jwk).filter(([member]) => !PRIVATE_MEMBERS.includes(member)));
}

function signWith(key: TestKey, claims: Record<string, unknown>, kid = key.kid): Promise<string> {
  return new SignJWT(claims).setProtectedHeader({ alg: key.alg, kid, typ: 'JWT' }).setIssuedAt().setExpirationTime('1h').sign(key.privateKey);
}

const ECHO = `Deno.serve(() => Response.json({ ok: true }));\n`;

/** A supabase-js client whose requests are recorded (method and path). */
function recordingClient(url: string, key: string, seen: string[]): SupabaseClient {
  return createClient(url, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as never },
    global: {
      fetch: (input: RequestInfo | URL, init?: RequestInit) => {
        const u = new URL(input instanceof Request ? input.url : String(input));
        seen.push(`${init?.method ?? (input instanceof Request ? input.method : 'GET')} ${u.pathname}`);
        return fetch(input, init);
      },
    },
  });
}

describe.each([
  ['RS256', 'ES256'],
  ['ES256', 'RS256'],
] as Array<[Alg, Alg]>)('a key set signing with %s (a verify-only %s key beside it)', (signingAlg, otherAlg) => {
  let dir: string;
  let backend: Backend;
  const signing = makeKey(signingAlg, ['sign', 'verify']);
  const verifyOnly = makeKey(otherAlg, ['verify']);
  const outsider = makeKey(signingAlg, ['sign', 'verify']);

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'buzz-signing-keys-'));
    writeFileSync(join(dir, 'signing_keys.json'), JSON.stringify([signing.jwk, publicOnly(verifyOnly)], null, 2));
    mkdirSync(join(dir, 'functions/echo'), { recursive: true });
    writeFileSync(join(dir, 'functions/echo/index.ts'), ECHO);
    backend = await startBackend({
      env: { SUPABASE_AUTH_SIGNING_KEYS_PATH: join(dir, 'signing_keys.json'), SUPABASE_FUNCTIONS_DIR: join(dir, 'functions') },
    });
  }, 200_000);

  afterAll(async () => {
    await backend?.stop();
    if (backend) removeDataDir(backend.dataDir);
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const jwks = async () => {
    const res = await fetch(`${backend.url}/auth/v1/.well-known/jwks.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=600');
    return (await res.json()) as { keys: Array<Record<string, unknown>> };
  };

  test('the JWKS lists the public keys of the set (use sig, key_ops verify), never a private part or the secret', async () => {
    const { keys } = await jwks();
    expect(keys.map((k) => [k.kid, k.alg, k.use, k.key_ops])).toEqual([
      [signing.kid, signingAlg, 'sig', ['verify']],
      [verifyOnly.kid, otherAlg, 'sig', ['verify']],
    ]);
    for (const key of keys) for (const member of PRIVATE_MEMBERS) expect(key).not.toHaveProperty(member);
    expect(keys[0]).toMatchObject(signingAlg === 'RS256' ? { kty: 'RSA', n: signing.jwk.n, e: signing.jwk.e } : { kty: 'EC', crv: 'P-256', x: signing.jwk.x, y: signing.jwk.y });
  });

  test('sign-in and refresh issue access tokens signed by the signing key, its kid in the header', async () => {
    const supabase = recordingClient(backend.url, ANON_KEY, []);
    const { data, error } = await supabase.auth.signInWithPassword(OWNER);
    expect(error).toBeNull();
    const token = data.session!.access_token;
    expect(decodeProtectedHeader(token)).toEqual({ alg: signingAlg, kid: signing.kid, typ: 'JWT' });
    const keySet = createLocalJWKSet(await jwks());
    const { payload } = await jwtVerify(token, keySet, { algorithms: [signingAlg] });
    expect(payload).toMatchObject({ sub: data.user!.id, role: 'authenticated', aud: 'authenticated', email: OWNER.email });
    const refreshed = await supabase.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    expect(decodeProtectedHeader(refreshed.data.session!.access_token)).toMatchObject({ alg: signingAlg, kid: signing.kid });
  });

  test('supabase.auth.getClaims() verifies the token with the JWKS, without GET /user', async () => {
    const seen: string[] = [];
    const supabase = recordingClient(backend.url, ANON_KEY, seen);
    const signIn = await supabase.auth.signInWithPassword(OWNER);
    expect(signIn.error).toBeNull();
    seen.length = 0;
    const { data, error } = await supabase.auth.getClaims();
    expect(error).toBeNull();
    expect(data!.header).toMatchObject({ alg: signingAlg, kid: signing.kid });
    expect(data!.claims).toMatchObject({ sub: signIn.data.user!.id, email: OWNER.email });
    expect(seen).toEqual(['GET /auth/v1/.well-known/jwks.json']);
  });

  test('getClaims refuses a token of a key outside the set, and one forged under the set\'s kid', async () => {
    const supabase = recordingClient(backend.url, ANON_KEY, []);
    const claims = { sub: randomUUID(), role: 'authenticated', aud: 'authenticated' };
    const unknown = await supabase.auth.getClaims(await signWith(outsider, claims));
    expect(unknown.data).toBeNull();
    expect(unknown.error).toMatchObject({ status: 403, code: 'bad_jwt' });
    const forged = await supabase.auth.getClaims(await signWith(outsider, claims, signing.kid));
    expect(forged.data).toBeNull();
    expect(forged.error?.message).toBe('Invalid JWT signature');
  });

  test('REST, Storage, Functions, the admin API and the mailbox accept tokens of the set; HS256 keys still work', async () => {
    const owner = recordingClient(backend.url, ANON_KEY, []);
    expect((await owner.auth.signInWithPassword(OWNER)).error).toBeNull();
    // REST: the role and sub come from the verified claims.
    expect((await owner.rpc('get_buzz_haven_current_user')).data).toMatchObject({ email: OWNER.email, role: 'owner' });
    // Storage: the media bucket's insert policy admits the owner, read from the token's sub.
    const name = `keys/${signingAlg}.txt`;
    expect((await owner.storage.from('media').upload(name, new Blob(['signed'], { type: 'text/plain' }))).error).toBeNull();
    // Functions: verify_jwt accepts the user's token.
    const fn = await owner.functions.invoke('echo', { body: {} });
    expect(fn.error).toBeNull();
    expect(fn.data).toEqual({ ok: true });
    // A service_role key signed by the verify-only key: the admin API and the mailbox take it.
    const serviceKey = await signWith(verifyOnly, { iss: 'supabase-demo', role: 'service_role' });
    const admin = recordingClient(backend.url, serviceKey, []);
    const users = await admin.auth.admin.listUsers();
    expect(users.error).toBeNull();
    expect(users.data.users.map((u) => u.email)).toContain(OWNER.email);
    expect((await admin.storage.from('media').exists(name)).data).toBe(true);
    expect((await fetch(`${backend.url}/mailbox/api/messages`, { headers: { Authorization: `Bearer ${serviceKey}` } })).status).toBe(200);
    // The CLI's HS256 keys (the secret) keep working beside the key set.
    const legacy = recordingClient(backend.url, SERVICE_ROLE_KEY, []);
    expect((await legacy.auth.admin.listUsers()).error).toBeNull();
    expect((await legacy.storage.from('media').exists(name)).data).toBe(true);
  });

  test('a token of a key outside the set is refused by every part, each with its own answer', async () => {
    const ownerId = (await recordingClient(backend.url, ANON_KEY, []).auth.signInWithPassword(OWNER)).data.user!.id;
    for (const token of [
      await signWith(outsider, { sub: ownerId, role: 'service_role', aud: 'authenticated' }),
      await signWith(outsider, { sub: ownerId, role: 'service_role', aud: 'authenticated' }, signing.kid),
    ]) {
      const bearer = { apikey: ANON_KEY, Authorization: `Bearer ${token}` };
      const rest = await fetch(`${backend.url}/rest/v1/rpc/get_buzz_haven_current_user`, { method: 'POST', headers: bearer });
      expect([rest.status, (await rest.json()).code]).toEqual([401, 'PGRST301']);
      const user = await fetch(`${backend.url}/auth/v1/user`, { headers: bearer });
      expect([user.status, (await user.json()).error_code]).toEqual([403, 'bad_jwt']);
      const admin = await fetch(`${backend.url}/auth/v1/admin/users`, { headers: bearer });
      expect([admin.status, (await admin.json()).error_code]).toEqual([403, 'bad_jwt']);
      // Storage answers a bad JWT with its AccessDenied (HTTP 400, statusCode 403), as hosted Storage.
      const storage = await fetch(`${backend.url}/storage/v1/bucket`, { headers: bearer });
      expect([storage.status, (await storage.json()).code]).toEqual([400, 'AccessDenied']);
      const fn = await fetch(`${backend.url}/functions/v1/echo`, { method: 'POST', headers: bearer });
      expect([fn.status, await fn.json()]).toEqual([401, { code: 401, message: 'Invalid JWT' }]);
      expect((await fetch(`${backend.url}/mailbox/api/messages`, { headers: { Authorization: `Bearer ${token}` } })).status).toBe(401);
    }
  });
});

test('a key file with two signing keys stops the backend with GoTrue\'s reason', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'buzz-signing-keys-'));
  try {
    const path = join(dir, 'signing_keys.json');
    writeFileSync(path, JSON.stringify([makeKey('RS256', ['sign', 'verify']).jwk, makeKey('ES256', ['sign']).jwk]));
    await expect(startBackend({ env: { SUPABASE_AUTH_SIGNING_KEYS_PATH: path } })).rejects.toThrow(
      /could not start: SUPABASE_AUTH_SIGNING_KEYS_PATH .*multiple signing keys detected, only 1 signing key is supported/,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}, 60_000);

test('config.toml [auth] signing_keys_path is read relative to the config file, as the CLI reads it', () => {
  const dir = mkdtempSync(join(tmpdir(), 'buzz-signing-keys-'));
  try {
    const key = makeKey('ES256', ['sign', 'verify']);
    mkdirSync(join(dir, 'keys'));
    writeFileSync(join(dir, 'keys/signing_keys.json'), JSON.stringify([key.jwk]));
    writeFileSync(join(dir, 'config.toml'), '[auth]\nsigning_keys_path = "./keys/signing_keys.json"\n');
    expect(loadConfig(join(dir, 'config.toml')).signingKeys.map((k) => [k.kid, k.alg])).toEqual([[key.kid, 'ES256']]);
    writeFileSync(join(dir, 'config.toml'), '[auth]\njwt_expiry = 3600\n');
    expect(loadConfig(join(dir, 'config.toml')).signingKeys).toEqual([]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
