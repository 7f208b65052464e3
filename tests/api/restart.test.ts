/**
 * Restart safety: what the owner wrote is still there after the backend stops, gracefully
 * (SIGTERM) or not at all (SIGKILL), and starts again on the same data directory.
 * One data directory, one server at a time, restarted within this file. The first start is on a
 * copy of the run's seeded data directory (a fresh start's migration and seed are not what this
 * file checks, and cost more than the rest of it).
 */
import { OWNER, signedIn } from './support/clients';
import { removeDataDir, startBackend, type Backend } from './support/server';

let dataDir: string | undefined;
let backend: Backend | undefined;

afterAll(async () => {
  await backend?.stop('SIGKILL');
  if (dataDir) removeDataDir(dataDir);
});

async function createProduct(name: string): Promise<string> {
  const owner = await signedIn(backend!.url, OWNER.email, OWNER.password);
  const { data, error } = await owner.rpc('create_buzz_haven_product', {
    p_name: name, p_description: 'Written before a restart', p_price: 4200, p_category: 'Honey', p_image_url: null,
  });
  expect(error).toBeNull();
  return (data as { id: string }).id;
}

async function productNames(): Promise<string[]> {
  const owner = await signedIn(backend!.url, OWNER.email, OWNER.password);
  const { data, error } = await owner.rpc('get_buzz_haven_products');
  expect(error).toBeNull();
  return (data as Array<{ name: string }>).map((p) => p.name);
}

test('a product survives a graceful stop (SIGTERM) and a start on the same data directory', async () => {
  backend = await startBackend();
  dataDir = backend.dataDir;
  await createProduct('Survives SIGTERM');
  expect(await backend.stop('SIGTERM')).toBe(0);
  expect(backend.output()).toContain('SIGTERM: stopping the embedded backend');

  backend = await startBackend({ dataDir, fresh: false });
  expect(backend.output()).toContain('up to date'); // no migration or seed re-applied
  const names = await productNames();
  expect(names).toContain('Survives SIGTERM');
  expect(names).toHaveLength(8);
}, 400_000);

test('a product survives SIGKILL (no chance to close the database)', async () => {
  await createProduct('Survives SIGKILL');
  expect(await backend!.stop('SIGKILL')).toBeNull();
  expect(backend!.process.signalCode).toBe('SIGKILL');

  backend = await startBackend({ dataDir, fresh: false });
  const names = await productNames();
  expect(names).toEqual(expect.arrayContaining(['Survives SIGTERM', 'Survives SIGKILL']));
  expect(names).toHaveLength(9);
}, 400_000);

test('a second backend on the same data directory refuses to start while the first runs', async () => {
  await expect(startBackend({ dataDir, fresh: false })).rejects.toThrow(/already in use/);
  expect((await productNames()).length).toBe(9); // the first one is unharmed
}, 400_000);
