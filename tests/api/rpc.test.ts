/**
 * PostgREST behaviour of POST/GET /rest/v1/rpc/<fn>, through supabase-js: named arguments, the role
 * from the JWT, response shapes, and each error status the app relies on.
 */
import { createClient } from '@supabase/supabase-js';
import { SignJWT } from 'jose';
import WebSocket from 'ws';
import { ANON_KEY, OWNER, client, signedIn, uniqueEmail } from './support/clients';
import { removeDataDir, startBackend, type Backend } from './support/server';

const LOCAL_JWT_SECRET = new TextEncoder().encode('super-secret-jwt-token-with-at-least-32-characters-long');

let backend: Backend;

beforeAll(async () => {
  backend = await startBackend({ env: { SUPABASE_AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS: '1000' } });
}, 200_000);

afterAll(async () => {
  await backend?.stop();
  if (backend) removeDataDir(backend.dataDir);
});

/** A client that sends `token` as its bearer instead of a session's access token. */
function withBearer(token: string) {
  return createClient(backend.url, ANON_KEY, {
    auth: { persistSession: false, autoRefreshToken: false },
    global: { headers: { Authorization: `Bearer ${token}` } },
    realtime: { transport: WebSocket as never },
  });
}

/** A signed-up user with a profile and no role yet (pending approval). */
async function pendingUser() {
  const email = uniqueEmail('pending');
  const supabase = client(backend.url);
  const { data } = await supabase.auth.signUp({ email, password: 'pending-pass', options: { data: { full_name: 'Pat Pending' } } });
  const profile = await supabase.rpc('create_buzz_haven_user', { p_email: email, p_name: 'Pat Pending', p_auth_user_id: data.user!.id });
  expect(profile.error).toBeNull();
  return { supabase, profile: profile.data as { id: string; role: string | null } };
}

describe('successful calls', () => {
  test('the owner lists the seven seeded products, prices in integer cents', async () => {
    const owner = await signedIn(backend.url, OWNER.email, OWNER.password);
    const { data, error, status } = await owner.rpc('get_buzz_haven_products');
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(data).toHaveLength(7);
    for (const product of data as Array<Record<string, unknown>>) {
      expect(Object.keys(product).sort()).toEqual(
        [
          'category', 'created_at', 'description', 'description_es', 'featured', 'id', 'image_alt', 'image_url', 'is_public', 'name',
          'name_es', 'price', 'section', 'size_label', 'slug', 'sort_order', 'spanish_missing', 'updated_at',
        ],
      );
      expect(Number.isInteger(product.price)).toBe(true);
    }
    const counted = await owner.rpc('count_table_rows', { table_name: 'products' });
    expect(counted).toMatchObject({ data: 7, error: null, status: 200 });
  });

  test('GET with query arguments and an exact count', async () => {
    const owner = await signedIn(backend.url, OWNER.email, OWNER.password);
    const viaGet = await owner.rpc('count_table_rows', { table_name: 'events', schema_name: 'buzz_haven' }, { get: true });
    expect(viaGet.error).toBeNull();
    expect(typeof viaGet.data).toBe('number');
    const listed = await owner.rpc('get_buzz_haven_events', {}, { count: 'exact' });
    expect(listed.count).toBe((listed.data as unknown[]).length);
  });

  test('create, update (null keeps a field) and delete return single rows as objects', async () => {
    const owner = await signedIn(backend.url, OWNER.email, OWNER.password);
    const created = await owner.rpc('create_buzz_haven_product', {
      p_name: 'Test Comb', p_description: 'A test', p_price: 1250, p_category: 'Honey', p_image_url: null,
    });
    expect(created.error).toBeNull();
    const product = created.data as { id: string; name: string; price: number };
    expect(product).toMatchObject({ name: 'Test Comb', price: 1250, description: 'A test' });

    const updated = await owner.rpc('update_buzz_haven_product', {
      p_id: product.id, p_name: null, p_description: null, p_price: 1500, p_category: null, p_image_url: null,
    });
    expect(updated.data).toMatchObject({ id: product.id, name: 'Test Comb', price: 1500 });

    const deleted = await owner.rpc('delete_buzz_haven_product', { p_id: product.id });
    expect(deleted.data).toMatchObject({ id: product.id });
    const after = await owner.rpc('get_buzz_haven_products');
    expect((after.data as Array<{ id: string }>).some((p) => p.id === product.id)).toBe(false);
  });

  test('the current user is an object for the owner and null for a visitor', async () => {
    const owner = await signedIn(backend.url, OWNER.email, OWNER.password);
    expect((await owner.rpc('get_buzz_haven_current_user')).data).toMatchObject({ email: OWNER.email, role: 'owner' });
    const visitor = await client(backend.url).rpc('get_buzz_haven_current_user');
    expect(visitor).toMatchObject({ data: null, error: null, status: 200 });
  });

  test('visitors (anon key) submit the contact form and subscribe; a repeat subscription is not an error', async () => {
    const visitor = client(backend.url);
    const message = await visitor.rpc('submit_buzz_haven_contact_message', {
      p_name: 'Vera Visitor', p_email: 'vera@example.com', p_phone: null,
      p_subject: 'Hives', p_message: 'Can I host a hive?', p_hear_about: null,
    });
    expect(message.error).toBeNull();
    expect(message.data).toMatch(/^[0-9a-f-]{36}$/);
    const email = uniqueEmail('news');
    expect((await visitor.rpc('subscribe_buzz_haven_newsletter', { p_email: email })).data).toBe(true);
    // the same answer for an address already on the list: it tells nobody who is subscribed
    expect((await visitor.rpc('subscribe_buzz_haven_newsletter', { p_email: email })).data).toBe(true);
  });

  test('an owner approves a pending user, who can then read the back office', async () => {
    const { supabase, profile } = await pendingUser();
    expect(profile.role).toBeNull();
    const owner = await signedIn(backend.url, OWNER.email, OWNER.password);
    const approved = await owner.rpc('set_buzz_haven_user_role', { p_id: profile.id, p_role: 'staff', p_is_active: null });
    expect(approved.data).toMatchObject({ id: profile.id, role: 'staff' });
    expect((await supabase.rpc('get_buzz_haven_products')).data).toHaveLength(7);
  });
});

describe('concurrency', () => {
  test('60 simultaneous calls (writes and reads) on the one PGlite connection all succeed', async () => {
    const owner = await signedIn(backend.url, OWNER.email, OWNER.password);
    // 40 sign-ups from one client are a flood to the newsletter's own limit: raised for this burst
    await owner.rpc('set_buzz_haven_rate_limit', { p_action: 'newsletter', p_max_per_client: 1000 });
    const visitor = client(backend.url);
    const emails = Array.from({ length: 40 }, (_, i) => uniqueEmail(`burst${i}`));
    const results = await Promise.all([
      ...emails.map((p_email) => visitor.rpc('subscribe_buzz_haven_newsletter', { p_email })),
      ...Array.from({ length: 20 }, () => owner.rpc('get_buzz_haven_newsletter_subscribers')),
    ]);
    expect(results.map((r) => r.status)).toEqual(results.map(() => 200));
    expect(results.slice(0, 40).map((r) => r.data)).toEqual(emails.map(() => true));
    const listed = (await owner.rpc('get_buzz_haven_newsletter_subscribers')).data as Array<{ email: string }>;
    expect(listed.map((s) => s.email)).toEqual(expect.arrayContaining(emails));
  });
});

describe('errors with PostgREST statuses and bodies', () => {
  test('an unknown function is 404 PGRST202 with a hint', async () => {
    const { error, status } = await client(backend.url).rpc('get_buzz_haven_product');
    expect(status).toBe(404);
    expect(error).toEqual({
      code: 'PGRST202',
      message: 'Could not find the function public.get_buzz_haven_product without parameters in the schema cache',
      details:
        'Searched for the function public.get_buzz_haven_product without parameters or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
      hint: 'Perhaps you meant to call the function public.get_buzz_haven_products',
    });
  });

  test('unknown argument names are 404 PGRST202 naming the real parameters', async () => {
    const { error, status } = await client(backend.url).rpc('count_table_rows', { table: 'products' });
    expect(status).toBe(404);
    expect(error?.code).toBe('PGRST202');
    expect(error?.message).toBe('Could not find the function public.count_table_rows(table) in the schema cache');
    expect(error?.hint).toBe('Perhaps you meant to call the function public.count_table_rows(table_name, schema_name)');
  });

  test('a malformed bearer token is 401 PGRST301', async () => {
    const { error, status } = await withBearer('not-a-jwt').rpc('get_buzz_haven_current_user');
    expect(status).toBe(401);
    expect(error?.code).toBe('PGRST301');
  });

  test('a token signed with another secret is 401 PGRST301', async () => {
    const forged = await new SignJWT({ role: 'service_role' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('a-different-secret-of-at-least-thirty-two-chars'));
    const { error, status } = await withBearer(forged).rpc('get_buzz_haven_current_user');
    expect(status).toBe(401);
    expect(error?.code).toBe('PGRST301');
  });

  test('an expired token is 401 PGRST303 "JWT expired"', async () => {
    const expired = await new SignJWT({ role: 'authenticated', sub: '00000000-0000-4000-8000-000000000000' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
      .sign(LOCAL_JWT_SECRET);
    const { error, status } = await withBearer(expired).rpc('get_buzz_haven_current_user');
    expect(status).toBe(401);
    expect(error).toMatchObject({ code: 'PGRST303', message: 'JWT expired' });
  });

  test('a visitor on a back-office RPC is 401 (42501 as anon)', async () => {
    const { error, status } = await client(backend.url).rpc('get_buzz_haven_products');
    expect(status).toBe(401);
    expect(error).toEqual({ code: '42501', message: 'Not signed in', details: null, hint: null });
  });

  test('a signed-in user waiting for approval is 403 (42501 as authenticated)', async () => {
    const { supabase } = await pendingUser();
    const { error, status } = await supabase.rpc('get_buzz_haven_products');
    expect(status).toBe(403);
    expect(error).toMatchObject({ code: '42501', message: 'Your account is waiting for approval' });
  });

  test('invalid input is 400 with the function message', async () => {
    const owner = await signedIn(backend.url, OWNER.email, OWNER.password);
    const { error, status } = await owner.rpc('create_buzz_haven_product', {
      p_name: 'Bad', p_description: null, p_price: -5, p_category: null, p_image_url: null,
    });
    expect(status).toBe(400);
    // the price's bound is products' CHECK, its message a constraint_messages row
    expect(error).toMatchObject({ code: '23514', message: 'Price must be positive', details: expect.stringContaining('"field" : "price"') });
    const badUuid = await owner.rpc('delete_buzz_haven_product', { p_id: 'not-a-uuid' });
    expect(badUuid.status).toBe(400);
    expect(badUuid.error?.code).toBe('22P02');
  });

  test('a schema that is not exposed is 406 PGRST106', async () => {
    const { error, status } = await client(backend.url).schema('buzz_haven').rpc('get_buzz_haven_products');
    expect(status).toBe(406);
    expect(error).toMatchObject({
      code: 'PGRST106',
      message: 'Invalid schema: buzz_haven',
      hint: 'Only the following schemas are exposed: public, graphql_public',
    });
  });

  test('.single() on a set of several rows is 406 PGRST116', async () => {
    const owner = await signedIn(backend.url, OWNER.email, OWNER.password);
    const { error, status } = await owner.rpc('get_buzz_haven_products').single();
    expect(status).toBe(406);
    expect(error?.code).toBe('PGRST116');
  });

  test('no role or claims leak from one request into the next, also after an error', async () => {
    const owner = await signedIn(backend.url, OWNER.email, OWNER.password);
    const visitor = client(backend.url);
    const failed = await owner.rpc('create_buzz_haven_product', {
      p_name: '', p_description: null, p_price: 100, p_category: null, p_image_url: null,
    });
    expect(failed.error?.message).toBe('Name is required');
    const [asOwner, asVisitor, refused] = await Promise.all([
      owner.rpc('get_buzz_haven_current_user'),
      visitor.rpc('get_buzz_haven_current_user'),
      visitor.rpc('get_buzz_haven_products'),
    ]);
    expect(asOwner.data).toMatchObject({ email: OWNER.email });
    expect(asVisitor.data).toBeNull();
    expect(refused.status).toBe(401);
  });
});

describe('bad input never crashes the server', () => {
  const post = (path: string, body: string) =>
    fetch(`${backend.url}${path}`, {
      method: 'POST',
      headers: { apikey: ANON_KEY, 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' },
      body,
    });

  test('NUL bytes, very long names and non-JSON bodies get 4xx answers', async () => {
    expect((await post('/rest/v1/rpc/%00', '{}')).status).toBe(400);
    expect((await post(`/rest/v1/rpc/${'x'.repeat(300)}`, '{}')).status).toBe(404);
    expect((await post('/rest/v1/rpc/subscribe_buzz_haven_newsletter', '{"p_email":"a\\u0000b@x.co"}')).status).toBe(400);
    const signIn = await post('/auth/v1/token?grant_type=password', '{"email":"a\\u0000@x.co","password":"123456789"}');
    expect(signIn.status).toBe(400);
    expect((await signIn.json()).code).toBe('validation_failed');
    const refresh = await post('/auth/v1/token?grant_type=refresh_token', '{"refresh_token":"abc\\u0000defghijklmnop"}');
    expect(refresh.status).toBe(400);
    const typed = await post('/auth/v1/token?grant_type=password', '{"email":{"a":1},"password":5}');
    expect(typed.status).toBe(400);
    expect((await typed.json()).code).toBe('bad_json');
    // Still serving.
    expect((await client(backend.url).rpc('get_buzz_haven_current_user')).status).toBe(200);
  });
});
