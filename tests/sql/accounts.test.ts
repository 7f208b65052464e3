/**
 * Accounts in SQL: no stranger claims an empty business (a plain sign-up gets no role; the
 * operator makes the first owner), invitations grant their role to the invited account only, and
 * granting roles or deleting records needs aal2 when the caller has a verified factor in
 * auth.mfa_factors (the rule hosted Supabase enforces the same way).
 */
import { randomUUID } from 'node:crypto';
import type { Db } from '../../supabase/local/src/db/index';
import { anon, createAuthUser, createMember, rpcOne, service, type Caller } from './support/callers';
import { openTarget, SETUP_TIMEOUT, targets, type TestDb } from './support/targets';

type Profile = { id: string; email: string; role: string | null; is_active: boolean };

async function invitedAuthUser(db: Db, email: string): Promise<Caller & { sub: string; email: string }> {
  const caller = await createAuthUser(db, email);
  await db.query('update auth.users set invited_at = now() where id = $1', [caller.sub]);
  return caller;
}

async function verifiedFactor(db: Db, userId: string, status = 'verified'): Promise<void> {
  await db.query(
    `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret)
     values ($1, $2, 'app', 'totp', $3, now(), now(), 'JBSWY3DPEHPK3PXP')`,
    [randomUUID(), userId, status],
  );
}

/** The same user with a token that says aal2 (the second factor was verified). */
const aal2 = (c: { sub: string; email: string }): Caller => ({ role: 'authenticated', sub: c.sub, email: c.email, aal: 'aal2' });

const profile = (db: Db, c: Caller & { sub: string; email: string }) =>
  rpcOne<Profile>(db, c, 'create_buzz_haven_user', { p_email: c.email, p_name: '', p_auth_user_id: c.sub });

describe.each(targets)('accounts on %s', (target) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await openTarget(target);
  }, SETUP_TIMEOUT);
  afterAll(() => t.close(), SETUP_TIMEOUT);

  describe('the first owner', () => {
    test('a plain sign-up on an empty database gets no role', async () => {
      const { rows } = await t.db.query('select count(*)::int as n from buzz_haven.users');
      expect(rows[0].n).toBe(0);
      const stranger = await createAuthUser(t.db, 'stranger@hive.test');
      expect(await profile(t.db, stranger)).toMatchObject({ email: 'stranger@hive.test', role: null, is_active: true });
    });

    test('only the operator (service key or SQL) makes an owner', async () => {
      const boss = await createAuthUser(t.db, 'boss@hive.test');
      await expect(rpcOne(t.db, boss, 'make_buzz_haven_owner', { p_email: 'boss@hive.test' }))
        .rejects.toMatchObject({ code: '42501' });
      await expect(rpcOne(t.db, anon, 'make_buzz_haven_owner', { p_email: 'boss@hive.test' }))
        .rejects.toMatchObject({ code: '42501' });
      expect(await rpcOne<Profile>(t.db, service, 'make_buzz_haven_owner', { p_email: 'Boss@Hive.test' }))
        .toMatchObject({ email: 'boss@hive.test', role: 'owner', is_active: true });
      const { rows } = await t.db.query("select (public.make_buzz_haven_owner('stranger@hive.test')).role");
      expect(rows[0].role).toBe('owner');
      await expect(rpcOne(t.db, service, 'make_buzz_haven_owner', { p_email: 'nobody@hive.test' }))
        .rejects.toMatchObject({ code: 'PT404', message: 'No account uses nobody@hive.test yet: sign up first, then run this again' });
    });
  });

  describe('invitations', () => {
    let owner: Awaited<ReturnType<typeof createMember>>;
    let admin: Awaited<ReturnType<typeof createMember>>;
    beforeAll(async () => {
      owner = await createMember(t.db, 'inv-owner@hive.test', 'owner');
      admin = await createMember(t.db, 'inv-admin@hive.test', 'admin');
    });

    test('the invited account gets the role when its profile is created, once', async () => {
      expect(await rpcOne(t.db, owner, 'create_buzz_haven_invitation', { p_email: ' New@Hive.test ', p_role: 'staff' }))
        .toMatchObject({ email: 'new@hive.test', role: 'staff', accepted_at: null });
      const invitee = await invitedAuthUser(t.db, 'new@hive.test');
      expect(await profile(t.db, invitee)).toMatchObject({ role: 'staff' });
      const { rows } = await t.db.query("select accepted_at from buzz_haven.invitations where email = 'new@hive.test'");
      expect(rows[0].accepted_at).not.toBeNull();
    });

    test('an account that signed up by itself does not take up an invitation', async () => {
      await rpcOne(t.db, admin, 'create_buzz_haven_invitation', { p_email: 'self@hive.test', p_role: 'admin' });
      const self = await createAuthUser(t.db, 'self@hive.test');
      expect(await profile(t.db, self)).toMatchObject({ role: null });
    });

    test('staff cannot invite, admins cannot invite owners, existing profiles are refused', async () => {
      const staff = await createMember(t.db, 'inv-staff@hive.test', 'staff');
      await expect(rpcOne(t.db, staff, 'create_buzz_haven_invitation', { p_email: 'x@hive.test', p_role: 'staff' }))
        .rejects.toMatchObject({ code: '42501', message: 'Only an owner or admin can invite users' });
      await expect(rpcOne(t.db, admin, 'create_buzz_haven_invitation', { p_email: 'x@hive.test', p_role: 'owner' }))
        .rejects.toMatchObject({ code: '42501', message: 'Only an owner can grant the owner role' });
      await expect(rpcOne(t.db, owner, 'create_buzz_haven_invitation', { p_email: 'inv-staff@hive.test', p_role: 'admin' }))
        .rejects.toMatchObject({ code: '23505', message: 'This person already has an account: change their role in Users' });
      await expect(rpcOne(t.db, owner, 'create_buzz_haven_invitation', { p_email: 'nope', p_role: 'staff' }))
        .rejects.toMatchObject({ code: '22023', message: 'A valid email is required' });
      await expect(rpcOne(t.db, owner, 'create_buzz_haven_invitation', { p_email: 'y@hive.test', p_role: 'boss' }))
        .rejects.toMatchObject({ code: '23514', message: 'Role must be owner, admin or staff' }); // invitations' CHECK
    });
  });

  describe('aal2 for role changes and deletions', () => {
    const refusal = { code: '42501', message: 'Confirm with a code from your authenticator app first (two-factor sign-in)' };
    let owner: Awaited<ReturnType<typeof createMember>>;
    let target: Awaited<ReturnType<typeof createMember>>;
    beforeAll(async () => {
      owner = await createMember(t.db, 'mfa-owner@hive.test', 'owner');
      target = await createMember(t.db, 'mfa-target@hive.test', null);
      await verifiedFactor(t.db, owner.sub);
    });

    test('a caller with a verified factor at aal1 cannot grant a role, at aal2 can', async () => {
      await expect(rpcOne(t.db, owner, 'set_buzz_haven_user_role', { p_id: target.profileId, p_role: 'staff' }))
        .rejects.toMatchObject(refusal);
      const { rows } = await t.db.query('select role from buzz_haven.users where id = $1', [target.profileId]);
      expect(rows[0].role).toBeNull();
      expect(await rpcOne(t.db, aal2(owner), 'set_buzz_haven_user_role', { p_id: target.profileId, p_role: 'staff' }))
        .toMatchObject({ role: 'staff' });
    });

    test('deleting a record needs aal2 too; nothing is lost when refused', async () => {
      const { rows } = await t.db.query<{ id: string }>(
        "insert into buzz_haven.products (name, price, category) values ('Comb', 10, 'Honey') returning id",
      );
      const id = rows[0].id;
      await expect(rpcOne(t.db, owner, 'delete_buzz_haven_product', { p_id: id })).rejects.toMatchObject(refusal);
      expect((await t.db.query('select 1 from buzz_haven.products where id = $1', [id])).rows).toHaveLength(1);
      await rpcOne(t.db, aal2(owner), 'delete_buzz_haven_product', { p_id: id });
      expect((await t.db.query('select 1 from buzz_haven.products where id = $1', [id])).rows).toHaveLength(0);
    });

    test('an unverified factor, no factor, or the service key need no second factor', async () => {
      const plain = await createMember(t.db, 'plain-owner@hive.test', 'owner');
      await verifiedFactor(t.db, plain.sub, 'unverified');
      expect(await rpcOne(t.db, plain, 'set_buzz_haven_user_role', { p_id: target.profileId, p_role: 'admin' }))
        .toMatchObject({ role: 'admin' });
      expect(await rpcOne(t.db, service, 'set_buzz_haven_user_role', { p_id: target.profileId, p_role: 'staff' }))
        .toMatchObject({ role: 'staff' });
    });

    test('an invitation grants a role, so it needs aal2 as well', async () => {
      await expect(rpcOne(t.db, owner, 'create_buzz_haven_invitation', { p_email: 'z@hive.test', p_role: 'staff' }))
        .rejects.toMatchObject(refusal);
    });
  });
});
