/** The publish-content Edge Function as a caller's supabase-js client calls it: the status and the JSON answer. */
import type { SupabaseClient } from '@supabase/supabase-js';

export async function invokePublish(who: SupabaseClient, body: unknown): Promise<{ status: number; body: any }> {
  const { data, error } = await who.functions.invoke('publish-content', { body: body as Record<string, unknown> });
  if (!error) return { status: 200, body: data };
  const res = (error as { context?: Response }).context;
  if (!res) throw error;
  return { status: res.status, body: await res.json() };
}
