/**
 * Replaces only `supabase.rpc` of the real client: each RPC name answers from a table of
 * canned PostgREST results, and every call is recorded.
 */
import { supabase } from '../providers/supabase';

export interface RpcResult { data?: unknown; error?: { message: string; code?: string } | null; status?: number }

export function stubRpc(answers: Record<string, RpcResult | ((args: unknown) => RpcResult)>) {
  return jest.spyOn(supabase, 'rpc').mockImplementation(((fn: string, args?: unknown) => {
    const answer = answers[fn];
    if (!answer) return Promise.resolve({ data: null, error: { message: `unexpected rpc ${fn}` }, status: 404 });
    const result = typeof answer === 'function' ? answer(args) : answer;
    return Promise.resolve({ data: result.data ?? null, error: result.error ?? null, status: result.status ?? 200 });
  }) as never);
}
