/**
 * The OAuth 2.1 server's client registry, admin side, when `[auth.oauth_server] enabled` (here the
 * in-process server's config; SUPABASE_AUTH_OAUTH_SERVER_ENABLED=true does the same; config.toml
 * keeps it off, see auth-not-offered.test.ts), through supabase-js auth.admin.oauth.*, as GoTrue does it
 * (internal/api/oauthserver/handlers.go, service.go): a confidential client by default with its
 * secret shown at creation and on regeneration only and stored as its sha256; defaults for grant
 * and response types; redirect URIs checked; partial updates; soft deletes; service role only;
 * lists newest first with /admin/users' pagination headers.
 */
import { createHash } from 'node:crypto';
import { loadConfig } from '../../supabase/local/src/config';
import { createServer, type RunningServer } from '../../supabase/local/src/server';
import { adminClient, client } from './support/clients';

let backend: RunningServer;

beforeAll(async () => {
  const config = loadConfig();
  backend = await createServer({ port: 0, seed: false, config: { ...config, auth: { ...config.auth, oauthServerEnabled: true } } });
}, 200_000);

afterAll(async () => {
  await backend?.close();
});

const oauth = () => adminClient(backend.url).auth.admin.oauth;

test('createClient: a confidential manual client with defaults; the secret is shown once and stored hashed', async () => {
  const { data, error } = await oauth().createClient({ client_name: 'Hive Tracker', redirect_uris: ['https://hives.example/callback', 'http://localhost:3000/cb'] });
  expect(error).toBeNull();
  expect(data).toMatchObject({
    client_name: 'Hive Tracker',
    client_type: 'confidential',
    registration_type: 'manual',
    token_endpoint_auth_method: 'client_secret_basic',
    redirect_uris: ['https://hives.example/callback', 'http://localhost:3000/cb'],
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
  });
  expect(data!.client_id).toMatch(/^[0-9a-f-]{36}$/);
  expect(data!.client_secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
  expect(data).not.toHaveProperty('client_uri');

  const got = await oauth().getClient(data!.client_id);
  expect(got.error).toBeNull();
  expect(got.data).toMatchObject({ client_id: data!.client_id, client_name: 'Hive Tracker' });
  expect(got.data).not.toHaveProperty('client_secret');

  const { rows } = await backend.db.query('select client_secret_hash, registration_type::text as registration_type from auth.oauth_clients where id = $1', [data!.client_id]);
  expect(rows[0]).toEqual({ client_secret_hash: createHash('sha256').update(data!.client_secret!).digest('base64url'), registration_type: 'manual' });
});

test('a public client: no secret, auth method none, and its secret cannot be regenerated', async () => {
  // GoTrue takes client_type; supabase-js's CreateOAuthClientParams does not list it.
  const { data, error } = await oauth().createClient({ client_name: 'CLI', redirect_uris: ['http://127.0.0.1:8080/cb'], client_type: 'public' } as never);
  expect(error).toBeNull();
  expect(data).toMatchObject({ client_type: 'public', token_endpoint_auth_method: 'none' });
  expect(data).not.toHaveProperty('client_secret');
  const regen = await oauth().regenerateClientSecret(data!.client_id);
  expect(regen.error).toMatchObject({ status: 400, code: 'validation_failed', message: 'Cannot regenerate secret for public client' });
});

test('createClient refuses missing, dangerous, plain-http and fragment redirect URIs, and unknown grant types', async () => {
  const cases: Array<[Record<string, unknown>, string]> = [
    [{ client_name: 'x', redirect_uris: [] }, '400: redirect_uris is required'],
    [{ client_name: 'x', redirect_uris: ['javascript:alert(1)'] }, "400: invalid redirect_uri 'javascript:alert(1)': scheme 'javascript' is not allowed for security reasons"],
    [{ client_name: 'x', redirect_uris: ['http://hives.example/cb'] }, "400: invalid redirect_uri 'http://hives.example/cb': HTTP scheme only allowed for localhost"],
    [{ client_name: 'x', redirect_uris: ['https://hives.example/cb#x'] }, "400: invalid redirect_uri 'https://hives.example/cb#x': fragment not allowed in redirect URI"],
    [{ client_name: 'x', redirect_uris: ['https://hives.example/cb'], grant_types: ['password'] }, "400: grant_types must only contain 'authorization_code' and/or 'refresh_token'"],
  ];
  for (const [params, message] of cases) {
    const { data, error } = await oauth().createClient(params as never);
    expect(data).toBeNull();
    expect(error).toMatchObject({ status: 400, code: 'validation_failed', message });
  }
});

test('updateClient changes only what is given; regenerateClientSecret gives a new secret; deleteClient hides it', async () => {
  const { data: created } = await oauth().createClient({ client_name: 'Apiary', redirect_uris: ['https://apiary.example/cb'] });
  const id = created!.client_id;
  const updated = await oauth().updateClient(id, { logo_uri: 'https://apiary.example/logo.png' });
  expect(updated.error).toBeNull();
  expect(updated.data).toMatchObject({ client_name: 'Apiary', logo_uri: 'https://apiary.example/logo.png', redirect_uris: ['https://apiary.example/cb'] });
  const empty = await oauth().updateClient(id, {});
  expect(empty.error).toMatchObject({ status: 400, message: 'No fields provided for update' });

  const regen = await oauth().regenerateClientSecret(id);
  expect(regen.error).toBeNull();
  expect(regen.data!.client_secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
  expect(regen.data!.client_secret).not.toBe(created!.client_secret);

  expect((await oauth().deleteClient(id)).error).toBeNull();
  const gone = await oauth().getClient(id);
  expect(gone.data).toBeNull();
  expect(gone.error).toMatchObject({ status: 404, code: 'oauth_client_not_found', message: 'OAuth client not found' });
  const listed = await oauth().listClients();
  expect(listed.data.clients.map((c) => c.client_id)).not.toContain(id);
  const malformed = await oauth().getClient('not-a-uuid');
  expect(malformed.error).toMatchObject({ status: 400, message: 'invalid client_id format' });
});

test('listClients: newest first, paginated with X-Total-Count and Link like /admin/users', async () => {
  const ids: string[] = [];
  for (const name of ['Page A', 'Page B', 'Page C']) {
    const { data } = await oauth().createClient({ client_name: name, redirect_uris: ['https://pages.example/cb'] });
    ids.push(data!.client_id);
  }
  const all = await oauth().listClients();
  expect(all.error).toBeNull();
  const total = all.data.clients.length;
  expect(all.data.clients.slice(0, 3).map((c) => c.client_id)).toEqual([...ids].reverse());
  const page = await oauth().listClients({ page: 1, perPage: 2 });
  expect(page.error).toBeNull();
  expect(page.data.clients.map((c) => c.client_id)).toEqual([ids[2], ids[1]]);
  expect(page.data).toMatchObject({ total, nextPage: 2, lastPage: Math.ceil(total / 2) });
});

test('service role only', async () => {
  const asAnon = await client(backend.url).auth.admin.oauth.createClient({ client_name: 'x', redirect_uris: ['https://x.example/cb'] });
  expect(asAnon.error).toMatchObject({ status: 403, code: 'not_admin' });
});
