/**
 * Request-level behaviour shared by both APIs: body limit, malformed JSON, per-IP rate limits,
 * CORS for the site's origin, gateway key handling and unknown routes.
 */
import { ANON_KEY, OWNER, client } from './support/clients';
import { removeDataDir, startBackend, type Backend } from './support/server';

const SIGN_IN_LIMIT = 5;
const REFRESH_LIMIT = 3;
const SITE_ORIGIN = 'http://localhost:8000';
const JSON_HEADERS = { apikey: ANON_KEY, 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' };

let backend: Backend;

beforeAll(async () => {
  backend = await startBackend({
    env: {
      SUPABASE_AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS: String(SIGN_IN_LIMIT),
      SUPABASE_AUTH_RATE_LIMIT_TOKEN_REFRESH: String(REFRESH_LIMIT),
    },
  });
}, 200_000);

afterAll(async () => {
  await backend?.stop();
  if (backend) removeDataDir(backend.dataDir);
});

describe('request bodies', () => {
  const big = 'x'.repeat(1024 * 1024 + 10);

  test('an RPC body over 1 MB is 413', async () => {
    const { status, error } = await client(backend.url).rpc('subscribe_buzz_haven_newsletter', { p_email: big });
    expect(status).toBe(413);
    expect(error?.message).toBe('Request size limit exceeded');
  });

  test('an auth body over 1 MB is 413 request_entity_too_large', async () => {
    const { error } = await client(backend.url).auth.signUp({ email: 'big@example.com', password: 'long-enough', options: { data: { big } } });
    expect(error?.status).toBe(413);
    expect(error?.code).toBe('request_entity_too_large');
  });

  test('malformed JSON is 400 PGRST102 on /rest/v1 and 400 bad_json on /auth/v1', async () => {
    const rest = await fetch(`${backend.url}/rest/v1/rpc/subscribe_buzz_haven_newsletter`, {
      method: 'POST', headers: JSON_HEADERS, body: '{"p_email": "a@b.co"',
    });
    expect(rest.status).toBe(400);
    expect(await rest.json()).toMatchObject({ code: 'PGRST102', message: 'Empty or invalid json' });

    const auth = await fetch(`${backend.url}/auth/v1/signup`, { method: 'POST', headers: JSON_HEADERS, body: '{"email":' });
    expect(auth.status).toBe(400);
    const body = await auth.json();
    expect(body.code).toBe('bad_json');
    expect(body.message).toMatch(/^Could not parse request body as JSON: /);
  });

  test('a JSON body that is not an object is 400 and the server keeps serving', async () => {
    const res = await fetch(`${backend.url}/rest/v1/rpc/subscribe_buzz_haven_newsletter`, {
      method: 'POST', headers: JSON_HEADERS, body: '[1,2,3]',
    });
    expect(res.status).toBe(400);
    expect((await res.json()).code).toBe('PGRST102');
    const ok = await client(backend.url).rpc('subscribe_buzz_haven_newsletter', { p_email: 'after-bad@example.com' });
    expect(ok.data).toBe(true);
  });
});

describe('keys as the Supabase gateway treats them', () => {
  test('an apikey header alone (no Authorization) makes the request anon', async () => {
    const res = await fetch(`${backend.url}/rest/v1/rpc/get_buzz_haven_current_user`, {
      method: 'POST', headers: { apikey: ANON_KEY, 'content-type': 'application/json' }, body: '{}',
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('null');
  });

  test('the opaque publishable key stands for the anon key', async () => {
    const res = await fetch(`${backend.url}/rest/v1/rpc/get_buzz_haven_products`, {
      method: 'POST',
      headers: { apikey: 'sb_publishable_ACJWlzQHlZjBrEguHvfOxg_3BJgxAaH', 'content-type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(401); // anon on a back-office RPC
    expect(res.headers.get('www-authenticate')).toBe('Bearer');
  });

  test('unknown routes are 404', async () => {
    expect((await fetch(`${backend.url}/nothing-here`)).status).toBe(404);
    const table = await fetch(`${backend.url}/rest/v1/products`, { headers: { apikey: ANON_KEY } });
    expect(table.status).toBe(404);
    expect((await table.json()).code).toBe('PGRST205');
  });
});

describe('CORS for the site', () => {
  test('a preflight from the site origin allows the headers supabase-js sends', async () => {
    const res = await fetch(`${backend.url}/rest/v1/rpc/get_buzz_haven_products`, {
      method: 'OPTIONS',
      headers: {
        origin: SITE_ORIGIN,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'apikey,authorization,content-type,x-client-info,content-profile',
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe(SITE_ORIGIN);
    const allowed = res.headers.get('access-control-allow-headers')!.split(/,\s*/);
    for (const h of ['apikey', 'authorization', 'content-type', 'x-client-info', 'content-profile', 'x-supabase-api-version', 'prefer', 'x-upsert', 'cache-control', 'x-metadata']) {
      expect(allowed).toContain(h);
    }
    expect(res.headers.get('access-control-allow-methods')).toContain('POST');
  });

  test('responses expose the headers supabase-js reads (API version, Content-Range)', async () => {
    // An auth error (not rate limited, so the budget of the rate-limit test stays whole).
    const res = await fetch(`${backend.url}/auth/v1/user`, {
      headers: { ...JSON_HEADERS, origin: 'http://127.0.0.1:8000' },
    });
    expect(res.status).toBe(401);
    expect(res.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:8000');
    const exposed = res.headers.get('access-control-expose-headers')!.toLowerCase().split(/,\s*/);
    expect(exposed).toEqual(expect.arrayContaining(['x-supabase-api-version', 'content-range']));
    expect(res.headers.get('x-supabase-api-version')).toBe('2024-01-01');
  });

  test('another site does not get an allow-origin header', async () => {
    const res = await fetch(`${backend.url}/auth/v1/health`, { headers: { origin: 'https://evil.example' } });
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('per-IP rate limits', () => {
  test(`sign-ins past ${SIGN_IN_LIMIT} per 5 minutes are 429 over_request_rate_limit`, async () => {
    const supabase = client(backend.url);
    for (let i = 0; i < SIGN_IN_LIMIT - 1; i++) {
      const { error } = await supabase.auth.signInWithPassword({ email: OWNER.email, password: 'wrong-password' });
      expect(error?.code).toBe('invalid_credentials');
    }
    // The last allowed one succeeds; its refresh token feeds the refresh-limit test below.
    const ok = await supabase.auth.signInWithPassword(OWNER);
    expect(ok.error).toBeNull();
    const limited = await client(backend.url).auth.signInWithPassword(OWNER);
    expect(limited.error?.status).toBe(429);
    expect(limited.error?.code).toBe('over_request_rate_limit');
    expect(limited.error?.message).toBe('Request rate limit reached');
    // Sign-ups share the budget.
    const signUp = await client(backend.url).auth.signUp({ email: 'late@example.com', password: 'long-enough' });
    expect(signUp.error?.status).toBe(429);

    let token = ok.data.session!.refresh_token;
    for (let i = 0; i < REFRESH_LIMIT; i++) {
      const { data, error } = await client(backend.url).auth.refreshSession({ refresh_token: token });
      expect(error).toBeNull();
      token = data.session!.refresh_token;
    }
    const refreshLimited = await client(backend.url).auth.refreshSession({ refresh_token: token });
    expect(refreshLimited.error?.status).toBe(429);
    expect(refreshLimited.error?.code).toBe('over_request_rate_limit');
  });
});
