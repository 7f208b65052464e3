/** The signed-in user's buzz_haven.users row (role, active flag), fetched once per session. */
import { supabase } from './supabase';
import type { Role } from '../types';

export interface Profile {
  id: string;
  auth_user_id: string;
  name: string | null;
  email: string;
  role: Role | null;
  is_active: boolean;
  created_at?: string;
}

let cache: { userId: string; promise: Promise<Profile | null> } | null = null;

export function loadProfile(userId: string): Promise<Profile | null> {
  if (cache?.userId !== userId) {
    const promise = fetchProfile();
    cache = { userId, promise };
    // Do not keep a failure: the next call retries.
    promise.catch(() => { if (cache?.promise === promise) cache = null; });
    return promise;
  }
  return cache.promise;
}

async function fetchProfile(): Promise<Profile | null> {
  const { data, error } = await supabase.rpc('get_buzz_haven_current_user');
  if (error) throw error;
  return asProfile(data) ?? createMissingProfile();
}

/**
 * With e-mail confirmation on (hosted Supabase's default) sign-up returns no session, so the
 * profile cannot be created then: it is created at the first sign-in instead (pending approval,
 * or owner on an empty deployment). The RPC only ever creates the caller's own profile.
 */
async function createMissingProfile(): Promise<Profile | null> {
  const { data: { session } } = await supabase.auth.getSession();
  const user = session?.user;
  if (!user?.email) return null;
  const { data, error } = await supabase.rpc('create_buzz_haven_user', {
    p_email: user.email,
    p_name: (user.user_metadata?.full_name as string | undefined) ?? user.email,
    p_auth_user_id: user.id,
  });
  if (error) throw error;
  return asProfile(data);
}

/** A function returning a composite row answers null (no profile), the row, or a 1-row array. */
function asProfile(data: unknown): Profile | null {
  const row = (Array.isArray(data) ? data[0] : data) as Profile | null;
  return row && row.id ? row : null;
}

export function clearProfileCache(): void {
  cache = null;
}

/** The role that opens the back office: none while pending approval or deactivated. */
export function effectiveRole(profile: Profile | null): Role | null {
  return profile && profile.is_active && profile.role ? profile.role : null;
}
