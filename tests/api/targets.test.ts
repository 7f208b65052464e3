/**
 * The main flows once per database the backend can run on: PGlite in a data directory, and a real
 * PostgreSQL server through DATABASE_URL (the throwaway cluster of tests/setup, when it runs;
 * CI requires it). Each run gets its own new database.
 */
import { randomBytes } from 'node:crypto';
import { OWNER, client, signedIn, uniqueEmail } from './support/clients';
import { removeDataDir, startBackend, type Backend } from './support/server';
import { createDatabase, dropDatabase, targets } from './support/serverDatabases';

describe.each(targets)('on %s', (target) => {
  let backend: Backend;
  const database = `buzz_api_${randomBytes(6).toString('hex')}`;

  beforeAll(async () => {
    const env: Record<string, string> = { SUPABASE_AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS: '1000' };
    if (target === 'postgres') {
      env.DATABASE_URL = await createDatabase(database);
    }
    backend = await startBackend({ env });
    expect(backend.output()).toContain(target === 'postgres' ? 'Database: PostgreSQL' : 'Database: PGlite');
  }, 200_000);

  afterAll(async () => {
    await backend?.stop();
    if (backend) removeDataDir(backend.dataDir);
    if (target === 'postgres') await dropDatabase(database);
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
