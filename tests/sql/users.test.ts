/**
 * Profiles and roles: every self-made profile waits for approval (no first-sign-up owner); a user
 * only creates their own profile; owners and admins manage roles within the rules of the contract.
 */
import { anon, createAuthUser, createMember, rpcOne, rpcRows, service, type Caller } from './support/callers';
import { openTarget, SETUP_TIMEOUT, targets, type TestDb } from './support/targets';

type Profile = { id: string; auth_user_id: string; name: string; email: string; role: string | null; is_active: boolean; created_at: string };
type Member = Awaited<ReturnType<typeof createMember>>;

describe.each(targets)('users and roles on %s', (target) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await openTarget(target);
  }, SETUP_TIMEOUT);
  afterAll(() => t.close(), SETUP_TIMEOUT);

  describe('create_buzz_haven_user', () => {
    let first: Caller & { sub: string; email: string };
    let second: Caller & { sub: string; email: string };
    beforeAll(async () => {
      first = await createAuthUser(t.db, 'first@hive.test');
      second = await createAuthUser(t.db, 'second@hive.test');
    });

    test('the first profile on an empty deployment gets no role (the operator makes the owner)', async () => {
      const row = await rpcOne<Profile>(t.db, first, 'create_buzz_haven_user', {
        p_email: 'first@hive.test', p_name: 'Fiona First', p_auth_user_id: first.sub,
      });
      expect(row).toMatchObject({ auth_user_id: first.sub, name: 'Fiona First', email: 'first@hive.test', role: null, is_active: true });
      expect(Object.keys(row!).sort()).toEqual(['auth_user_id', 'created_at', 'email', 'id', 'is_active', 'name', 'role']);
    });

    test('a later profile is pending (role null) and the name falls back to the e-mail', async () => {
      const row = await rpcOne<Profile>(t.db, second, 'create_buzz_haven_user', {
        p_email: 'Second@Hive.test', p_name: '  ', p_auth_user_id: second.sub,
      });
      expect(row).toMatchObject({ email: 'second@hive.test', name: 'second', role: null, is_active: true });
    });

    test('calling it again returns the existing profile unchanged', async () => {
      const again = await rpcOne<Profile>(t.db, second, 'create_buzz_haven_user', {
        p_email: 'second@hive.test', p_name: 'Other Name', p_auth_user_id: second.sub,
      });
      expect(again).toMatchObject({ name: 'second', role: null });
      const { rows } = await t.db.query('select count(*)::int as n from buzz_haven.users');
      expect(rows[0].n).toBe(2);
    });

    test("nobody creates someone else's profile", async () => {
      const victim = await createAuthUser(t.db, 'victim@hive.test');
      await expect(rpcOne(t.db, first, 'create_buzz_haven_user', {
        p_email: 'victim@hive.test', p_name: 'Victim', p_auth_user_id: victim.sub,
      })).rejects.toMatchObject({ code: '42501', message: 'You can only create your own profile' });
      await expect(rpcOne(t.db, anon, 'create_buzz_haven_user', {
        p_email: 'victim@hive.test', p_name: 'Victim', p_auth_user_id: victim.sub,
      })).rejects.toMatchObject({ code: '42501', message: 'Not signed in' });
    });

    test('the e-mail must be valid and the one of the account', async () => {
      const third = await createAuthUser(t.db, 'third@hive.test');
      await expect(rpcOne(t.db, third, 'create_buzz_haven_user', {
        p_email: 'not-an-email', p_name: 'Third', p_auth_user_id: third.sub,
      })).rejects.toMatchObject({ code: '22023', message: 'A valid email is required' });
      await expect(rpcOne(t.db, third, 'create_buzz_haven_user', {
        p_email: 'someone-else@hive.test', p_name: 'Third', p_auth_user_id: third.sub,
      })).rejects.toMatchObject({ code: '22023', message: 'The email must be the one you signed up with' });
    });
  });

  describe('get_buzz_haven_current_user', () => {
    test('returns the profile of the caller, pending or not, and null when there is none', async () => {
      const pending = await createMember(t.db, 'waiting@hive.test', null);
      expect(await rpcOne<Profile>(t.db, pending, 'get_buzz_haven_current_user')).toMatchObject({
        id: pending.profileId, email: 'waiting@hive.test', role: null,
      });
      expect(await rpcOne(t.db, anon, 'get_buzz_haven_current_user')).toBeNull();
      const stranger = await createAuthUser(t.db, 'stranger@hive.test');
      expect(await rpcOne(t.db, stranger, 'get_buzz_haven_current_user')).toBeNull();
    });
  });

  describe('set_buzz_haven_user_role', () => {
    let owner: Member;
    let owner2: Member;
    let admin: Member;
    let staff: Member;
    let pending: Member;
    beforeAll(async () => {
      owner = await createMember(t.db, 'o1@roles.test', 'owner');
      owner2 = await createMember(t.db, 'o2@roles.test', 'owner');
      admin = await createMember(t.db, 'a1@roles.test', 'admin');
      staff = await createMember(t.db, 's1@roles.test', 'staff');
      pending = await createMember(t.db, 'p1@roles.test', null);
    });
    const roleOf = async (id: string) =>
      (await t.db.query('select role, is_active from buzz_haven.users where id = $1', [id])).rows[0];

    test('an admin grants staff to a pending user, then revokes it with none', async () => {
      const granted = await rpcOne<Profile>(t.db, admin, 'set_buzz_haven_user_role', { p_id: pending.profileId, p_role: 'staff', p_is_active: null });
      expect(granted).toMatchObject({ id: pending.profileId, role: 'staff', is_active: true });
      const revoked = await rpcOne<Profile>(t.db, admin, 'set_buzz_haven_user_role', { p_id: pending.profileId, p_role: 'none', p_is_active: null });
      expect(revoked).toMatchObject({ role: null, is_active: true });
    });

    test('a null role keeps the role while the active flag changes, and the reverse', async () => {
      await rpcOne(t.db, admin, 'set_buzz_haven_user_role', { p_id: staff.profileId, p_role: null, p_is_active: false });
      expect(await roleOf(staff.profileId)).toEqual({ role: 'staff', is_active: false });
      await rpcOne(t.db, admin, 'set_buzz_haven_user_role', { p_id: staff.profileId, p_role: 'admin', p_is_active: null });
      expect(await roleOf(staff.profileId)).toEqual({ role: 'admin', is_active: false });
      await rpcOne(t.db, owner, 'set_buzz_haven_user_role', { p_id: staff.profileId, p_role: 'staff', p_is_active: true });
      expect(await roleOf(staff.profileId)).toEqual({ role: 'staff', is_active: true });
    });

    test('staff cannot manage roles', async () => {
      await expect(rpcOne(t.db, staff, 'set_buzz_haven_user_role', { p_id: pending.profileId, p_role: 'staff' }))
        .rejects.toMatchObject({ code: '42501', message: 'Only an owner or admin can manage roles' });
      expect((await roleOf(pending.profileId)).role).toBeNull();
    });

    test('only an owner grants the owner role', async () => {
      await expect(rpcOne(t.db, admin, 'set_buzz_haven_user_role', { p_id: pending.profileId, p_role: 'owner' }))
        .rejects.toMatchObject({ code: '42501', message: 'Only an owner can grant the owner role' });
      await expect(rpcOne(t.db, owner, 'set_buzz_haven_user_role', { p_id: pending.profileId, p_role: 'owner' }))
        .resolves.toMatchObject({ role: 'owner' });
      await rpcOne(t.db, owner, 'set_buzz_haven_user_role', { p_id: pending.profileId, p_role: 'none' });
    });

    test("an admin changes neither an owner's role nor an owner's active flag", async () => {
      await expect(rpcOne(t.db, admin, 'set_buzz_haven_user_role', { p_id: owner2.profileId, p_role: 'staff' }))
        .rejects.toMatchObject({ code: '42501', message: 'Only an owner can change an owner' });
      await expect(rpcOne(t.db, admin, 'set_buzz_haven_user_role', { p_id: owner2.profileId, p_is_active: false }))
        .rejects.toMatchObject({ code: '42501', message: 'Only an owner can change an owner' });
      expect(await roleOf(owner2.profileId)).toEqual({ role: 'owner', is_active: true });
    });

    test('an owner revokes another owner', async () => {
      await expect(rpcOne(t.db, owner, 'set_buzz_haven_user_role', { p_id: owner2.profileId, p_role: 'admin' }))
        .resolves.toMatchObject({ role: 'admin' });
      await rpcOne(t.db, owner, 'set_buzz_haven_user_role', { p_id: owner2.profileId, p_role: 'owner' });
    });

    test('nobody changes their own role or deactivates themselves', async () => {
      await expect(rpcOne(t.db, owner, 'set_buzz_haven_user_role', { p_id: owner.profileId, p_role: 'admin' }))
        .rejects.toMatchObject({ code: '42501', message: 'You cannot change your own role' });
      await expect(rpcOne(t.db, admin, 'set_buzz_haven_user_role', { p_id: admin.profileId, p_role: 'owner' }))
        .rejects.toMatchObject({ code: '42501', message: 'You cannot change your own role' });
      await expect(rpcOne(t.db, owner, 'set_buzz_haven_user_role', { p_id: owner.profileId, p_is_active: false }))
        .rejects.toMatchObject({ code: '42501', message: 'You cannot deactivate your own account' });
      // Saving one's own unchanged values is harmless.
      await expect(rpcOne(t.db, owner, 'set_buzz_haven_user_role', { p_id: owner.profileId, p_role: 'owner', p_is_active: true }))
        .resolves.toMatchObject({ role: 'owner', is_active: true });
    });

    test('an unknown role and an unknown user are refused', async () => {
      await expect(rpcOne(t.db, owner, 'set_buzz_haven_user_role', { p_id: pending.profileId, p_role: 'queen' }))
        .rejects.toMatchObject({ code: '22023', message: 'Role must be owner, admin, staff or none' });
      await expect(rpcOne(t.db, owner, 'set_buzz_haven_user_role', { p_id: '00000000-0000-4000-8000-000000000000', p_role: 'staff' }))
        .rejects.toMatchObject({ code: 'PT404', message: 'User not found' });
    });

    test('the service key acts with owner rights', async () => {
      await expect(rpcOne(t.db, service, 'set_buzz_haven_user_role', { p_id: pending.profileId, p_role: 'owner' }))
        .resolves.toMatchObject({ role: 'owner' });
      await rpcOne(t.db, service, 'set_buzz_haven_user_role', { p_id: pending.profileId, p_role: 'none' });
    });

    test('a deactivated member loses access at once', async () => {
      await rpcOne(t.db, owner, 'set_buzz_haven_user_role', { p_id: admin.profileId, p_is_active: false });
      await expect(rpcRows(t.db, admin, 'get_buzz_haven_users'))
        .rejects.toMatchObject({ code: '42501', message: 'Your account is waiting for approval' });
      await rpcOne(t.db, owner, 'set_buzz_haven_user_role', { p_id: admin.profileId, p_is_active: true });
      await expect(rpcRows(t.db, admin, 'get_buzz_haven_users')).resolves.toEqual(expect.any(Array));
    });
  });

  test('get_buzz_haven_users lists every profile, newest first', async () => {
    const rows = await rpcRows<Profile>(t.db, service, 'get_buzz_haven_users');
    const { rows: all } = await t.db.query<{ n: number }>('select count(*)::int as n from buzz_haven.users');
    expect(rows).toHaveLength(all[0].n);
    const times = rows.map((r) => Date.parse(r.created_at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });
});
