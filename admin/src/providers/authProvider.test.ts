/**
 * The auth provider composed over ra-supabase: guard redirect (history replace, location kept),
 * identity and role from get_buzz_haven_current_user, logout, and 401 vs 403 handling.
 * The supabase-js client is real; only its network-facing methods are stubbed.
 */
import type { Session, User } from '@supabase/supabase-js';
import { authProvider, type BuzzHavenIdentity } from './authProvider';
import { authUrlFor, safeNext, setAuthNavigator } from './authNavigation';
import { clearProfileCache } from './profile';
import { supabase } from './supabase';
import { stubRpc } from '../test/rpcStub';

const user = { id: 'auth-1', email: 'owner@example.com', user_metadata: { full_name: 'Olive Owner' } } as unknown as User;
const profile = (role: string | null, is_active = true) => ({
  id: 'u1', auth_user_id: 'auth-1', name: 'Olive Owner', email: 'owner@example.com', role, is_active,
});
const signedIn = (yes: boolean) =>
  jest.spyOn(supabase.auth, 'getSession').mockResolvedValue(
    { data: { session: yes ? ({ user } as Session) : null }, error: null } as never,
  );

let navigate: jest.Mock;
beforeEach(() => {
  navigate = jest.fn();
  setAuthNavigator(navigate);
  clearProfileCache();
  signedIn(true);
});
afterEach(() => jest.restoreAllMocks());

describe('guard (checkAuth)', () => {
  test('an anonymous visitor is sent to /auth with the requested location, replacing history', async () => {
    window.history.pushState({}, '', '/admin/products?page=2');
    signedIn(false);
    await expect(authProvider.checkAuth({})).rejects.toEqual({ redirectTo: false, message: false });
    expect(navigate).toHaveBeenCalledWith('/auth?next=%2Fadmin%2Fproducts%3Fpage%3D2', { replace: true });
  });

  test('a signed-in user passes', async () => {
    signedIn(true);
    await expect(authProvider.checkAuth({})).resolves.toBeUndefined();
    expect(navigate).not.toHaveBeenCalled();
  });

  test('next only ever points inside /admin', () => {
    expect(safeNext('/admin/products?x=1')).toBe('/admin/products?x=1');
    expect(safeNext('https://evil.example/admin')).toBe('/admin');
    expect(safeNext('//evil.example')).toBe('/admin');
    expect(safeNext('/administrator')).toBe('/admin');
    expect(safeNext(null)).toBe('/admin');
    expect(authUrlFor('/admin')).toBe('/auth');
  });
});

describe('identity and role', () => {
  test('getIdentity returns the profile with its role label; one profile RPC per session', async () => {
    const getUser = jest.spyOn(supabase.auth, 'getUser');
    const rpc = stubRpc({ get_buzz_haven_current_user: { data: profile('owner') } });
    const identity = (await authProvider.getIdentity!()) as BuzzHavenIdentity;
    expect(identity).toEqual({
      id: 'u1', fullName: 'Olive Owner', email: 'owner@example.com', role: 'owner', roleLabel: 'Owner',
    });
    expect(await authProvider.getPermissions!({})).toBe('owner');
    expect(rpc).toHaveBeenCalledTimes(1);
    expect(rpc).toHaveBeenCalledWith('get_buzz_haven_current_user');
    // The user comes from the local session: no extra GET /auth/v1/user round trip.
    expect(getUser).not.toHaveBeenCalled();
  });

  test.each([
    [profile(null), null, 'Pending approval'],
    [profile('staff'), 'staff', 'Staff'],
    [profile('admin', false), null, 'Inactive'],
  ])('profile %j -> permissions %j, label %j', async (row, permissions, label) => {
    stubRpc({ get_buzz_haven_current_user: { data: row } });
    expect(await authProvider.getPermissions!({})).toBe(permissions);
    const identity = (await authProvider.getIdentity!()) as BuzzHavenIdentity;
    expect(identity.roleLabel).toBe(label);
    expect(identity.email).toBe('owner@example.com');
  });
});

test('no profile yet (sign-up had no session, e-mail confirmation on): created at first sign-in, pending', async () => {
  const rpc = stubRpc({
    get_buzz_haven_current_user: { data: null },
    create_buzz_haven_user: { data: profile(null) },
  });
  expect(await authProvider.getPermissions!({})).toBeNull();
  const identity = (await authProvider.getIdentity!()) as BuzzHavenIdentity;
  expect(identity.roleLabel).toBe('Pending approval');
  expect(rpc).toHaveBeenCalledWith('create_buzz_haven_user', {
    p_email: 'owner@example.com', p_name: 'Olive Owner', p_auth_user_id: 'auth-1',
  });
});

describe('login, logout, errors', () => {
  test('login signs in with e-mail and password and surfaces the service message', async () => {
    const signIn = jest.spyOn(supabase.auth, 'signInWithPassword')
      .mockResolvedValueOnce({ data: { user, session: {} }, error: null } as never)
      .mockResolvedValueOnce({ data: { user: null, session: null }, error: new Error('Invalid login credentials') } as never);
    await expect(authProvider.login({ email: 'owner@example.com', password: 'pw' })).resolves.toBeUndefined();
    expect(signIn).toHaveBeenCalledWith({ email: 'owner@example.com', password: 'pw' });
    await expect(authProvider.login({ email: 'owner@example.com', password: 'bad' })).rejects.toThrow('Invalid login credentials');
  });

  test('logout ends the session and goes to /auth (no react-admin redirect on top)', async () => {
    window.history.pushState({}, '', '/admin/hives');
    const signOut = jest.spyOn(supabase.auth, 'signOut').mockResolvedValue({ error: null });
    await expect(authProvider.logout({})).resolves.toBe(false);
    expect(signOut).toHaveBeenCalled();
    expect(navigate).toHaveBeenCalledWith('/auth', { replace: true });
  });

  test('401 ends the session via /auth; 403 (no role yet) does not sign out', async () => {
    window.history.pushState({}, '', '/admin/users');
    await expect(authProvider.checkError({ status: 403 })).resolves.toBeUndefined();
    expect(navigate).not.toHaveBeenCalled();
    await expect(authProvider.checkError({ status: 500 })).resolves.toBeUndefined();
    await expect(authProvider.checkError({ status: 401 })).rejects.toEqual({ redirectTo: false, message: false });
    expect(navigate).toHaveBeenCalledWith('/auth?next=%2Fadmin%2Fusers', { replace: true });
  });
});
