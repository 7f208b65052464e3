/**
 * A PostgREST RPC call from an Edge Function, with the service key or as the caller: the answer's JSON, or the
 * refusal's HTTP status, SQLSTATE and message (PT404 -> 404, PT409 -> 409, 22023 -> 400).
 */
export type RpcOutcome<T> = { data: T; error: null } | { data: null; error: { status: number; message: string; code?: string } };

export function serviceRpc(supabaseUrl: string, serviceRoleKey: string, doFetch: typeof fetch = fetch) {
  return rpcAs(supabaseUrl, serviceRoleKey, `Bearer ${serviceRoleKey}`, doFetch);
}

/** The same as the caller: the project's anon key and the caller's own Authorization header. */
export function rpcAs(supabaseUrl: string, apikey: string, authorization: string, doFetch: typeof fetch = fetch) {
  const base = supabaseUrl.replace(/\/+$/, '');
  return async function rpc<T>(fn: string, args: Record<string, unknown>): Promise<RpcOutcome<T>> {
    const res = await doFetch(`${base}/rest/v1/rpc/${fn}`, {
      method: 'POST',
      headers: { apikey, Authorization: authorization, 'Content-Type': 'application/json' },
      body: JSON.stringify(args),
    });
    const text = await res.text();
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = { message: text.slice(0, 200) };
    }
    if (!res.ok) {
      const err = (body ?? {}) as { message?: string; code?: string };
      return { data: null, error: { status: res.status, message: err.message ?? res.statusText, code: err.code } };
    }
    return { data: body as T, error: null };
  };
}
