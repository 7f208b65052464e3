/** supabase-js clients as the site and the admin create them, pointed at a test backend. */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';

/** The Supabase CLI's local anon key (Supabase CLI pkg/config/apikeys.go), the same as the app uses. */
export const ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';

/** The CLI's local service_role key (same file): the key that reads the local mailbox. */
export const SERVICE_ROLE_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU';

export const OWNER = { email: 'owner@example.com', password: 'buzzhaven-owner' };

export function client(url: string): SupabaseClient {
  return createClient(url, ANON_KEY, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    // Node 20 has no global WebSocket; supabase-js refuses to start without a transport.
    realtime: { transport: WebSocket as never },
  });
}

/** A client signed in with e-mail and password; fails the test when sign-in fails. */
export async function signedIn(url: string, email: string, password: string): Promise<SupabaseClient> {
  const supabase = client(url);
  const { error } = await supabase.auth.signInWithPassword({ email, password });
  if (error) throw new Error(`sign-in of ${email} failed: ${error.message}`);
  return supabase;
}

let counter = 0;
/** A fresh, valid e-mail per call. */
export function uniqueEmail(tag: string): string {
  counter += 1;
  return `${tag}-${Date.now()}-${counter}@example.com`;
}

/** A client with the service_role key, as a server-side script uses auth.admin.*. */
export function adminClient(url: string): SupabaseClient {
  return createClient(url, SERVICE_ROLE_KEY, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as never },
  });
}

/**
 * A browser-like client in the PKCE flow: it keeps the code verifier of signInWithOtp /
 * resetPasswordForEmail in memory until exchangeCodeForSession.
 */
export function pkceClient(url: string): SupabaseClient {
  const items = new Map<string, string>();
  return createClient(url, ANON_KEY, {
    auth: {
      flowType: 'pkce',
      persistSession: true,
      autoRefreshToken: false,
      detectSessionInUrl: false,
      storage: {
        getItem: (key: string) => items.get(key) ?? null,
        setItem: (key: string, value: string) => void items.set(key, value),
        removeItem: (key: string) => void items.delete(key),
      },
    },
    realtime: { transport: WebSocket as never },
  });
}

/**
 * Raises the visitor limits of `actions` on the backend at `url` (as its owner), for a test file
 * that sends many requests from one machine; the limits themselves are tested on their own.
 */
export async function raiseVisitorLimits(url: string, actions: string[]): Promise<void> {
  const owner = await signedIn(url, OWNER.email, OWNER.password);
  for (const action of actions) {
    const { error } = await owner.rpc('set_buzz_haven_rate_limit', { p_action: action, p_max_per_client: 1000, p_max_per_contact: 1000 });
    if (error) throw new Error(error.message);
  }
}
