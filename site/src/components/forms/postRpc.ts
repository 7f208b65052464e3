import { SUPABASE_ANON_KEY, SUPABASE_URL } from './config';

/** A refused or failed RPC: `status` 0 means the request never got an answer (network). */
export class RpcError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'RpcError';
  }
}

/**
 * Calls a Postgres function through PostgREST (`POST /rest/v1/rpc/<fn>`) as the anonymous
 * visitor. A plain fetch keeps supabase-js (~40 KB) off the public pages.
 */
export async function postRpc<T = unknown>(fn: string, args: Record<string, unknown>): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`${SUPABASE_URL}/rest/v1/rpc/${fn}`, {
      method: 'POST',
      headers: {
        apikey: SUPABASE_ANON_KEY,
        Authorization: `Bearer ${SUPABASE_ANON_KEY}`,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify(args),
    });
  } catch (error) {
    throw new RpcError(error instanceof Error ? error.message : 'Network error', 0);
  }
  const text = await response.text();
  const body: unknown = text ? safeJson(text) : null;
  if (!response.ok) {
    const detail = (body ?? {}) as { message?: string; msg?: string; code?: string };
    throw new RpcError(detail.message ?? detail.msg ?? `HTTP ${response.status}`, response.status, detail.code);
  }
  return body as T;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
