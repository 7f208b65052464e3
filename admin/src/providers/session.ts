import { isAuthRetryableFetchError } from '@supabase/supabase-js';
import { supabase, supabaseUrl } from './supabase';

/**
 * Whether the device holds a session. One whose access token expired and could not be renewed
 * for want of a network still counts: supabase-js keeps it and renews it when the network
 * returns, so the back office opens offline from its cache and keeps its queue; a session the
 * server refuses to renew signs the user out then.
 */
export async function hasSession(): Promise<boolean> {
  const { data, error } = await supabase.auth.getSession();
  return Boolean(data.session) || isAuthRetryableFetchError(error);
}

/**
 * The signed-in user's id as supabase-js keeps it on this device (under its default storage key,
 * `sb-<first label of the API host>-auth-token`), there too while the token cannot be renewed offline.
 */
export function storedUserId(): string | null {
  try {
    const key = `sb-${new URL(supabaseUrl).hostname.split('.')[0]}-auth-token`;
    return (JSON.parse(localStorage.getItem(key) ?? 'null') as { user?: { id?: string } } | null)?.user?.id ?? null;
  } catch {
    return null;
  }
}
