/**
 * Calls an RPC as PostgREST would for a request from a client: the role and JWT claims, and
 * `headers` in request.headers (where buzz_haven.client_address() reads the client's address).
 */
import type { Db } from '../../../supabase/local/src/db/index';
import { anon, type Caller } from './callers';

/** `select public.<fn>(...)` as `caller`, with `headers` in request.headers as PostgREST sets them. */
export function fromClient(db: Db, headers: Record<string, string>, fn: string, args: Record<string, unknown> = {}, caller: Caller = anon) {
  const keys = Object.keys(args);
  const claims = caller.role === 'authenticated'
    ? { sub: caller.sub, email: caller.email, role: caller.role, aud: 'authenticated', aal: 'aal1' } : { role: caller.role };
  return db.transaction(async (tx) => {
    await tx.query(
      "select set_config('role', $1, true), set_config('request.jwt.claims', $2, true), set_config('request.headers', $3, true)",
      [caller.role, JSON.stringify(claims), JSON.stringify(headers)],
    );
    const list = keys.map((k, i) => `${k} => $${i + 1}`).join(', ');
    return (await tx.query<{ j: any }>(`select public.${fn}(${list}) as j`, keys.map((k) => args[k]))).rows[0]!.j;
  });
}
