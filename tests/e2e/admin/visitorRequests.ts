/**
 * What a visitor's browser sends (the anon RPCs through the real supabase-js client), for the
 * admin specs of orders and requests; and the owner's client, which raises the per-client rate
 * limits while a spec sends many requests from one machine (and puts them back after).
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { LOCAL_ANON_KEY } from '../../../supabase/local/src/keys';
import { OWNER, SUPABASE_URL } from './fixtures';

// Node 20 has no WebSocket of its own, which supabase-js's realtime client asks for (never used here).
const options = { auth: { persistSession: false, autoRefreshToken: false }, realtime: { transport: WebSocket as never } };

export const visitor = (): SupabaseClient => createClient(SUPABASE_URL, LOCAL_ANON_KEY, options);

export async function ownerClient(): Promise<SupabaseClient> {
  const client = createClient(SUPABASE_URL, LOCAL_ANON_KEY, options);
  const { error } = await client.auth.signInWithPassword(OWNER);
  if (error) throw error;
  return client;
}

/** The RPC's data, or a thrown error with the server's message. */
export async function call<T = unknown>(client: SupabaseClient, fn: string, args: Record<string, unknown>): Promise<T> {
  const { data, error } = await client.rpc(fn, args);
  if (error) throw new Error(`${fn}: ${error.message}`);
  return data as T;
}

const ACTIONS = ['order', 'registration', 'adoption', 'swarm_report'];

/** Raises the limits of every request action (the migration's defaults are 10 per client, 5 per contact). */
export async function raiseRateLimits(owner: SupabaseClient) {
  for (const p_action of ACTIONS) await call(owner, 'set_buzz_haven_rate_limit', { p_action, p_max_per_client: 1000, p_max_per_contact: 1000 });
}

export async function restoreRateLimits(owner: SupabaseClient) {
  for (const p_action of ACTIONS) await call(owner, 'set_buzz_haven_rate_limit', { p_action, p_max_per_client: 10, p_max_per_contact: 5 });
}

/** A name that would run script if it were ever rendered as HTML. */
export const HOSTILE = '<img src=x onerror="window.__pwned=1">';

/** A visitor's order request for one jar (a new order, to confirm), as the shop sends it. */
export async function sendOrderRequest(email: string) {
  const anon = visitor();
  const products = await call<{ id: string; name: string; price: number }[]>(anon, 'get_buzz_haven_shop_products', {});
  const jar = products.find((p) => /honey/i.test(p.name) && !/set/i.test(p.name))!;
  return call<{ number: string }>(anon, 'submit_buzz_haven_order_request', {
    p_customer_name: 'Jo Jar', p_customer_email: email, p_customer_phone: '(510) 555-0143', p_delivery: 'standard',
    p_address: { line1: '1 Elm Street', city: 'Oakland', state: 'CA', zip: '94601' },
    p_items: [{ product_id: jar.id, quantity: 1, unit_price: jar.price }],
  });
}
