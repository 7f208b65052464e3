/**
 * ra-supabase's auth provider, composed: login/logout/session handling come from it; we add
 * the buzz_haven profile (identity + role), the /auth redirect with history replace, and a
 * checkError that treats 403 (no role yet) as a permission message rather than a sign-out.
 */
import { supabaseAuthProvider } from 'ra-supabase';
import type { AuthProvider, UserIdentity } from 'react-admin';
import type { User } from '@supabase/supabase-js';
import { supabase } from './supabase';
import { hasSession } from './session';
import { clearProfileCache, effectiveRole, loadProfile } from './profile';
import { roleLabel } from '../common/roleLabel';
import { leaveAdminAfterSignOut, redirectToAuth } from './authNavigation';

export interface BuzzHavenIdentity extends UserIdentity {
  email: string;
  role: string | null;
  roleLabel: string;
}

// ra-supabase's own getIdentity/getPermissions ask the server for the user (GET /auth/v1/user)
// on every call; the RPC below validates the token anyway, so we read the user from the local
// session instead and save a round trip per call (sign-in to dashboard in well under a second).
const base = supabaseAuthProvider(supabase, {});

async function sessionUser(): Promise<User> {
  const { data } = await supabase.auth.getSession();
  if (!data.session) throw new Error('Not signed in');
  return data.session.user;
}

async function identityOf(user: User): Promise<BuzzHavenIdentity> {
  const profile = await loadProfile(user.id);
  return {
    id: profile?.id ?? user.id,
    fullName: profile?.name ?? (user.user_metadata?.full_name as string | undefined) ?? user.email,
    email: profile?.email ?? user.email ?? '',
    role: effectiveRole(profile),
    roleLabel: roleLabel(profile?.role, profile?.is_active ?? true),
  };
}

export const authProvider: AuthProvider = {
  ...base,
  login: async (params) => {
    clearProfileCache();
    await base.login(params);
    // Start loading the profile now, in parallel with the navigation to the admin.
    sessionUser().then((user) => loadProfile(user.id)).catch(() => undefined);
  },
  getIdentity: async () => identityOf(await sessionUser()),
  getPermissions: async () => effectiveRole(await loadProfile((await sessionUser()).id)),
  logout: async (params) => {
    clearProfileCache();
    // supabase-js removes the local session even when the server call fails (401/403/404).
    await base.logout(params).catch((error: unknown) => console.error('Sign-out failed:', error));
    // We navigate ourselves: when a guard already sent the user to /auth?next=..., keep that.
    leaveAdminAfterSignOut();
    return false;
  },
  checkAuth: async () => {
    if (await hasSession()) return;
    // We navigate ourselves (history replace + ?next=); react-admin must not push its own.
    redirectToAuth();
    throw { redirectTo: false, message: false };
  },
  checkError: async (error: { status?: number; name?: string }) => {
    const sessionLost =
      error?.status === 401 || (error?.status === 400 && error?.name === 'AuthSessionMissingError');
    // 403 = signed in without a role (or deactivated): the view shows the message, no sign-out.
    if (!sessionLost) return;
    clearProfileCache();
    redirectToAuth();
    // react-admin then calls logout() (ends the session) without navigating a second time.
    throw { redirectTo: false, message: false };
  },
};
