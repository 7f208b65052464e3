import { isAuthRetryableFetchError } from '@supabase/supabase-js';
import { supabase } from './supabase';

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
