/** The one supabase-js client of the admin (auth session + RPC calls share it). */
import { createClient } from '@supabase/supabase-js';
import { LOCAL_SUPABASE_ANON_KEY, LOCAL_SUPABASE_URL } from '../../supabase-env';
import { signedInFetch } from './signedInFetch';
import { watchNetwork } from '../offline/network';

/** The project URL and anon key the client uses (Storage uploads with progress need them too). */
export const supabaseUrl = typeof __BUZZ_SUPABASE_URL__ === 'string' ? __BUZZ_SUPABASE_URL__ : LOCAL_SUPABASE_URL;
export const supabaseAnonKey =
  typeof __BUZZ_SUPABASE_ANON_KEY__ === 'string' ? __BUZZ_SUPABASE_ANON_KEY__ : LOCAL_SUPABASE_ANON_KEY;

export const supabase = createClient(supabaseUrl, supabaseAnonKey, {
  // Defaults spelled out: the session lives in localStorage (shared between tabs) and
  // supabase-js refreshes it before expiry.
  auth: { persistSession: true, autoRefreshToken: true, detectSessionInUrl: false },
  // A call that gets no answer tells the offline queue the network is gone (offline/network.ts).
  global: { fetch: signedInFetch(supabaseUrl, supabaseAnonKey, watchNetwork(supabaseUrl, (...args) => fetch(...args))) },
});
