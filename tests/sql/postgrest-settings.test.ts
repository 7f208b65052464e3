/**
 * PostgREST's in-database settings (`alter role authenticator set pgrst.<name>`) as a migration or
 * the SQL editor sets them on hosted Supabase: as `postgres`, no superuser. Each change is rolled
 * back, because a role's settings are shared by every database of a PostgreSQL cluster.
 */
import { openTarget, SETUP_TIMEOUT, targets, type TestDb } from './support/targets';

const ROLLED_BACK = new Error('rolled back');

describe.each(targets)('PostgREST settings on %s', (target) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await openTarget(target);
  }, SETUP_TIMEOUT);
  afterAll(() => t?.close(), SETUP_TIMEOUT);

  test.each(['db_plan_enabled', 'db_aggregates_enabled', 'db_max_rows', 'db_pre_request'])(
    'postgres may set pgrst.%s on authenticator',
    async (name) => {
      const seen = t.db.transaction(async (tx) => {
        await tx.query(`alter role authenticator set pgrst.${name} to 'x'`);
        const { rows } = await tx.query<{ setting: string }>(
          `select unnest(setconfig) as setting from pg_catalog.pg_db_role_setting
            where setrole = 'authenticator'::regrole and setdatabase = 0`);
        expect(rows.map((r) => r.setting)).toContain(`pgrst.${name}=x`);
        throw ROLLED_BACK;
      });
      await expect(seen).rejects.toBe(ROLLED_BACK);
    },
  );

  test('other placeholders stay a superuser’s: postgres may not set them on a role', async () => {
    await expect(t.db.query("alter role authenticator set buzz_test.anything to 'x'"))
      .rejects.toThrow('permission denied to set parameter "buzz_test.anything"');
  });
});
