/**
 * An active owner always remains: two owners demoting or deactivating each other at the same
 * moment (truly concurrent sessions on the real PostgreSQL server) never both succeed. And a
 * signed token without the `authenticated` role is never treated as a signed-in user.
 */
import type { Db } from '../../supabase/local/src/db/index';
import { createMember, rpcOne, service } from './support/callers';
import { openTarget, SETUP_TIMEOUT, targets, type TestDb } from './support/targets';

type Member = Awaited<ReturnType<typeof createMember>>;

const ROUNDS = 40;

async function activeOwners(db: Db): Promise<number> {
  const { rows } = await db.query<{ n: number }>("select count(*)::int as n from buzz_haven.users where role = 'owner' and is_active");
  return rows[0].n;
}

async function makeOwners(db: Db, ...members: Member[]): Promise<void> {
  await db.query("update buzz_haven.users set role = 'owner', is_active = true where id = any($1::uuid[])", [members.map((m) => m.profileId)]);
}

describe.each(targets)('the last active owner on %s', (target) => {
  let t: TestDb;
  let a: Member;
  let b: Member;
  beforeAll(async () => {
    t = await openTarget(target);
    a = await createMember(t.db, 'owner-a@hive.test', 'owner');
    b = await createMember(t.db, 'owner-b@hive.test', 'owner');
  }, SETUP_TIMEOUT);
  afterAll(() => t.close(), SETUP_TIMEOUT);

  test('one after the other: the demoted owner can no longer demote the other', async () => {
    await makeOwners(t.db, a, b);
    await expect(rpcOne(t.db, a, 'set_buzz_haven_user_role', { p_id: b.profileId, p_role: 'staff' })).resolves.toMatchObject({ role: 'staff' });
    await expect(rpcOne(t.db, b, 'set_buzz_haven_user_role', { p_id: a.profileId, p_role: 'staff' }))
      .rejects.toMatchObject({ code: '42501', message: 'Only an owner or admin can manage roles' });
    expect(await activeOwners(t.db)).toBe(1);
  });

  test('the service key cannot demote or deactivate the last active owner', async () => {
    await makeOwners(t.db, a);
    await t.db.query("update buzz_haven.users set role = 'staff' where id = $1", [b.profileId]);
    for (const change of [{ p_role: 'admin' }, { p_is_active: false }]) {
      await expect(rpcOne(t.db, service, 'set_buzz_haven_user_role', { p_id: a.profileId, ...change }))
        .rejects.toMatchObject({ code: '42501', message: 'The last active owner must stay an active owner' });
    }
    expect(await activeOwners(t.db)).toBe(1);
  });

  const concurrently = target === 'postgres' ? test : test.skip;
  concurrently.each([
    ['demote', { p_role: 'staff' }],
    ['deactivate', { p_is_active: false }],
  ])(`${ROUNDS} rounds of two owners who %s each other at once: an active owner always remains`, async (_what, change) => {
    const outcomes: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      await makeOwners(t.db, a, b);
      // Two pool connections, one transaction each, started together.
      const results = await Promise.allSettled([
        rpcOne(t.db, a, 'set_buzz_haven_user_role', { p_id: b.profileId, ...change }),
        rpcOne(t.db, b, 'set_buzz_haven_user_role', { p_id: a.profileId, ...change }),
      ]);
      outcomes.push(results.map((r) => r.status).join('+'));
      expect(await activeOwners(t.db)).toBe(1);
    }
    // Exactly one of each pair wins: the other sees the winner's change under the lock.
    expect(outcomes.filter((o) => o === 'fulfilled+fulfilled')).toEqual([]);
  }, 120_000);
});

describe.each(targets)('a signed token without the authenticated role on %s', (target) => {
  let t: TestDb;
  let owner: Member;
  beforeAll(async () => {
    t = await openTarget(target);
    owner = await createMember(t.db, 'owner@hive.test', 'owner');
  }, SETUP_TIMEOUT);
  afterAll(() => t.close(), SETUP_TIMEOUT);

  /** What PostgREST does with a valid token that has a sub but no role claim: runs it as anon. */
  async function asAnonWithSub(sql: string) {
    return t.db.transaction(async (tx) => {
      await tx.query(
        "select set_config('search_path', '', true), set_config('role', 'anon', true), set_config('request.jwt.claims', $1, true)",
        [JSON.stringify({ sub: owner.sub, email: owner.email, role: 'anon' })],
      );
      return (await tx.query(sql)).rows;
    });
  }

  test('is not the owner whose id it carries', async () => {
    await expect(asAnonWithSub('select * from public.get_buzz_haven_products()'))
      .rejects.toMatchObject({ code: '42501', message: 'Not signed in' });
    await expect(asAnonWithSub('select (public.get_buzz_haven_current_user()).id as id')).resolves.toEqual([{ id: null }]);
  });

  test('the same owner with the authenticated role and the service key still work', async () => {
    await expect(rpcOne(t.db, owner, 'get_buzz_haven_current_user')).resolves.toMatchObject({ id: owner.profileId, role: 'owner' });
    await expect(rpcOne(t.db, service, 'set_buzz_haven_user_role', { p_id: owner.profileId, p_role: 'owner' }))
      .resolves.toMatchObject({ role: 'owner' });
  });
});
