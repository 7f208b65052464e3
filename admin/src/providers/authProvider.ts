/**
 * ra-supabase's auth provider, composed: login/logout/session handling come from it; we add
 * the buzz_haven profile (identity + role), the /auth redirect with history replace, and a
 * checkError that treats 403 (no role yet) as a permission message rather than a sign-out.
 */
import { supabaseAuthProvider } from 'ra-supabase-core';
import type { AuthProvider, UserIdentity } from 'react-admin';
import { supabase } from './supabase';
import { clearProfileCache, effectiveRole, loadProfile, roleLabel } from './profile';
import { leaveAdminAfterSignOut, redirectToAuth } from './authNavigation';

export interface BuzzHavenIdentity extends UserIdentity {
  email: string;
  role: string | null;
  roleLabel: string;
}

const base = supabaseAuthProvider(supabase, {
  getIdentity: async (user): Promise<BuzzHavenIdentity> => {
    const profile = await loadProfile(user.id);
    return {
      id: profile?.id ?? user.id,
      fullName: profile?.name ?? (user.user_metadata?.full_name as string | undefined) ?? user.email,
      email: profile?.email ?? user.email ?? '',
      role: effectiveRole(profile),
      roleLabel: roleLabel(profile),
    };
  },
  getPermissions: async (user) => effectiveRole(await loadProfile(user.id)),
});

export const authProvider: AuthProvider = {
  ...base,
  login: async (params) => {
    clearProfileCache();
    return base.login(params);
  },
  logout: async (params) => {
    clearProfileCache();
    // supabase-js removes the local session even when the server call fails (401/403/404).
    await base.logout(params).catch((error: unknown) => console.error('Sign-out failed:', error));
    // We navigate ourselves: when a guard already sent the user to /auth?next=..., keep that.
    leaveAdminAfterSignOut();
    return false;
  },
  checkAuth: async () => {
    const { data } = await supabase.auth.getSession();
    if (data.session) return;
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
