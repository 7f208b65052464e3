/**
 * The main flows once per database the backend can run on: PGlite in a data directory, and a real
 * PostgreSQL server through DATABASE_URL (the throwaway cluster of tests/setup, when it runs;
 * CI requires it). Each run gets its own new database.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { OWNER, client, signedIn, uniqueEmail } from './support/clients';
import { removeDataDir, startBackend, type Backend } from './support/server';

const PG_URL = process.env.BUZZ_TEST_PG_URL ?? '';
const targets = PG_URL ? ['pglite', 'postgres'] : ['pglite'];

async function adminQuery(sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

describe.each(targets)('on %s', (target) => {
  let backend: Backend;
  const database = `buzz_api_${randomBytes(6).toString('hex')}`;

  beforeAll(async () => {
    const env: Record<string, string> = { SUPABASE_AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS: '1000' };
    if (target === 'postgres') {
      await adminQuery(`create database ${database}`);
      const url = new URL(PG_URL);
      url.pathname = `/${database}`;
      env.DATABASE_URL = url.toString();
    }
    backend = await startBackend({ env });
    expect(backend.output()).toContain(target === 'postgres' ? 'Database: PostgreSQL' : 'Database: PGlite');
  }, 200_000);

  afterAll(async () => {
    await backend?.stop();
    if (backend) removeDataDir(backend.dataDir);
    if (target === 'postgres') await adminQuery(`drop database if exists ${database} with (force)`);
  });

  test('the seeded owner signs in and lists the seven products', async () => {
    const owner = await signedIn(backend.url, OWNER.email, OWNER.password);
    const { data, error } = await owner.rpc('get_buzz_haven_products');
    expect(error).toBeNull();
    expect(data).toHaveLength(7);
  });

  test('sign-up, profile, pending refusal (403), visitor refusal (401)', async () => {
    const email = uniqueEmail(target);
    const supabase = client(backend.url);
    const { data } = await supabase.auth.signUp({ email, password: 'target-pass' });
    const profile = await supabase.rpc('create_buzz_haven_user', { p_email: email, p_name: 'T', p_auth_user_id: data.user!.id });
    expect(profile.data).toMatchObject({ email, role: null });
    expect((await supabase.rpc('get_buzz_haven_products')).status).toBe(403);
    expect((await client(backend.url).rpc('get_buzz_haven_products')).status).toBe(401);
  });

  test('refresh rotation and sign-out', async () => {
    const supabase = await signedIn(backend.url, OWNER.email, OWNER.password);
    const before = (await supabase.auth.getSession()).data.session!;
    const { data, error } = await supabase.auth.refreshSession();
    expect(error).toBeNull();
    expect(data.session!.refresh_token).not.toBe(before.refresh_token);
    expect((await supabase.auth.signOut({ scope: 'local' })).error).toBeNull();
    const gone = await client(backend.url).auth.getUser(data.session!.access_token);
    expect(gone.error?.name).toBe('AuthSessionMissingError');
  });
});
