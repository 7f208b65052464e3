/**
 * supabase/schemas is the one place the database is declared; supabase/migrations carries it to
 * databases in reviewed steps. One database built from each must hold the same schema, object by
 * object: a change made in a schema file and missing from the migrations (or the other way round)
 * fails here with the object named. The catalogue comparison runs on both engines and covers the
 * rows of the rule tables; on PostgreSQL the Supabase CLI's own diff must also find nothing.
 */
import { declare } from '../../supabase/local/src/db/index';
import { catalogueDifferences, readCatalogue } from './support/catalogue';
import { cliDiff } from './support/cliDiff';
import { openTarget, SETUP_TIMEOUT, targets, type TestDb } from './support/targets';

describe.each(targets)('the declaration on %s', (target) => {
  let migrated: TestDb;
  let declared: TestDb;
  beforeAll(async () => {
    [migrated, declared] = await Promise.all([openTarget(target), openTarget(target, { migrate: false })]);
    await declare(declared.admin);
  }, SETUP_TIMEOUT * 2);
  afterAll(() => Promise.all([migrated?.close(), declared?.close()]), SETUP_TIMEOUT);

  test('the schema files and the migrations give equal catalogues, object by object', async () => {
    const fromMigrations = await readCatalogue(migrated.admin);
    const fromSchemas = await readCatalogue(declared.admin);
    expect(catalogueDifferences(fromMigrations, fromSchemas)).toEqual([]);
    // The reading sees every kind of object it compares (a query that found nothing would pass).
    const kinds = new Set([...fromSchemas.keys()].map((key) => key.split(' ')[0]));
    expect([...kinds].sort()).toEqual(expect.arrayContaining(['columns', 'constraint', 'default', 'function', 'index',
      'policy', 'relation', 'row', 'schema', 'trigger', 'type', 'view']));
    expect(fromSchemas.get('row buzz_haven.constraint_messages {"constraint_name":"art_designs_title_line","locale":"en"}')).toContain('one line of at most');
    expect(fromSchemas.get('function public.get_buzz_haven_payments()')).toContain('buzz_haven_lists.payments');
  }, SETUP_TIMEOUT);

  if (target === 'postgres') {
    test('supabase db diff finds no changes between them', async () => {
      expect(await cliDiff(migrated.url!, declared.url!)).toBe('');
    }, SETUP_TIMEOUT);
  }
});
