/**
 * Calls the RPCs the way PostgREST does: one transaction per call, the request role and the JWT
 * claims set transaction-locally, the function called in named notation with the JSON body's keys.
 * Results are read back as JSON, so both targets yield the same JavaScript values.
 */
import { randomUUID } from 'node:crypto';
import type { Db } from '../../../supabase/local/src/db/index';

/**
 * How a session signed in, as Supabase Auth writes it in the JWT's `amr` claim: `password`
 * (sign-in or sign-up with a password: the back office), `otp` (an e-mailed link or code verified
 * at /verify: /my-hive), `magiclink` and `email/signup` (a sign-in or confirmation link exchanged
 * by PKCE).
 */
export type SignInMethod = 'password' | 'otp' | 'magiclink' | 'email/signup';

export type Caller =
  | { role: 'anon' }
  | { role: 'service_role' }
  | { role: 'authenticated'; sub: string; email: string; aal?: 'aal1' | 'aal2'; signedInBy?: SignInMethod };

export type SignedInCaller = Extract<Caller, { role: 'authenticated' }>;

export const anon: Caller = { role: 'anon' };
export const service: Caller = { role: 'service_role' };
export const user = (sub: string, email: string): Caller => ({ role: 'authenticated', sub, email });

function claimsOf(caller: Caller): Record<string, unknown> {
  if (caller.role === 'authenticated') {
    const amr = [{ method: caller.signedInBy ?? 'password', timestamp: Math.floor(Date.now() / 1000) }];
    return { sub: caller.sub, email: caller.email, role: 'authenticated', aud: 'authenticated', aal: caller.aal ?? 'aal1', amr };
  }
  return { iss: 'supabase-demo', role: caller.role };
}

function namedArgs(args: Record<string, unknown>): { list: string; params: unknown[] } {
  const keys = Object.keys(args);
  for (const key of keys) if (!/^[a-z_][a-z0-9_]*$/.test(key)) throw new Error(`bad argument name ${key}`);
  return { list: keys.map((k, i) => `${k} => $${i + 1}`).join(', '), params: keys.map((k) => args[k]) };
}

async function callAs<T>(db: Db, caller: Caller, sql: (args: string) => string, args: Record<string, unknown>): Promise<T[]> {
  const { list, params } = namedArgs(args);
  return db.transaction(async (tx) => {
    await tx.query(
      "select set_config('search_path', 'public, extensions', true), set_config('role', $1, true), " +
        "set_config('request.jwt.claims', $2, true)",
      [caller.role, JSON.stringify(claimsOf(caller))],
    );
    const { rows } = await tx.query<{ j: T }>(sql(list), params);
    return rows.map((r) => r.j);
  });
}

/**
 * A `setof` function: the rows as objects. `order` is the ORDER BY a client puts on the result
 * (PostgREST `order=`, e.g. 'created_at desc, id'): the list RPCs leave the order to the client.
 */
export function rpcRows<T = Record<string, any>>(
  db: Db, caller: Caller, fn: string, args: Record<string, unknown> = {}, order?: string,
): Promise<T[]> {
  if (order !== undefined && !/^[a-z_]+( (asc|desc))?(, [a-z_]+( (asc|desc))?)*$/.test(order)) throw new Error(`bad order ${order}`);
  return callAs<T>(db, caller, (list) => `select to_jsonb(r) as j from public.${fn}(${list}) as r${order ? ` order by ${order}` : ''}`, args);
}

/** A function returning one row: the object, or null. */
export async function rpcOne<T = Record<string, any>>(db: Db, caller: Caller, fn: string, args: Record<string, unknown> = {}): Promise<T | null> {
  const rows = await callAs<T>(db, caller, (list) => `select to_jsonb(public.${fn}(${list})) as j`, args);
  return rows[0] ?? null;
}

/** A function returning a scalar (integer, boolean, uuid). */
export async function rpcValue<T = unknown>(db: Db, caller: Caller, fn: string, args: Record<string, unknown> = {}): Promise<T> {
  const rows = await callAs<T>(db, caller, (list) => `select public.${fn}(${list}) as j`, args);
  return rows[0];
}

/** Runs one statement as `caller` (to prove what the API roles cannot do directly). */
export async function sqlAs(db: Db, caller: Caller, sql: string): Promise<unknown[]> {
  return callAs(db, caller, () => `select to_jsonb(x) as j from (${sql}) as x`, {});
}

/**
 * An auth.users row, as the auth server would create at sign-up (setup runs as superuser), and
 * its caller, signed in by `signedInBy` (a password unless told).
 */
export async function createAuthUser(
  db: Db,
  email: string,
  signedInBy: SignInMethod = 'password',
): Promise<SignedInCaller> {
  const id = randomUUID();
  await db.query(
    "insert into auth.users (id, aud, role, email, created_at, updated_at) values ($1, 'authenticated', 'authenticated', $2, now(), now())",
    [id, email],
  );
  return { role: 'authenticated', sub: id, email, signedInBy };
}

/** The same user signed in another way (another session). */
export const signedInBy = (caller: SignedInCaller, method: SignInMethod): SignedInCaller => ({ ...caller, signedInBy: method });

/** A signed-in user with a profile of the given role (null = pending) and active flag. */
export async function createMember(db: Db, email: string, role: string | null, isActive = true) {
  const caller = await createAuthUser(db, email);
  const { rows } = await db.query<{ id: string }>(
    'insert into buzz_haven.users (auth_user_id, name, email, role, is_active) values ($1, $2, $3, $4, $5) returning id',
    [caller.sub, email.split('@')[0], email, role, isActive],
  );
  return { ...caller, profileId: rows[0].id };
}
