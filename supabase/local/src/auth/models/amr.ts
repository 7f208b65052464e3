/**
 * Authentication method references and assurance level of a session (GoTrue
 * internal/models/amr.go, sessions.go): each way the user proved who they are in this session
 * (password, otp, totp, recovery, invite) is a row of auth.mfa_amr_claims; a verified TOTP code
 * raises auth.sessions.aal to aal2. The access token's `amr` and `aal` claims are read from here.
 */
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../db/types.js';

export interface Assurance {
  aal: 'aal1' | 'aal2';
  amr: { method: string; timestamp: number }[];
}

export async function recordAmr(tx: Queryable, sessionId: string, method: string): Promise<void> {
  await tx.query(
    `insert into auth.mfa_amr_claims (id, session_id, created_at, updated_at, authentication_method)
     values ($1, $2, now(), now(), $3)
     on conflict (session_id, authentication_method) do update set updated_at = now()`,
    [randomUUID(), sessionId, method],
  );
}

/** The session's aal and amr; a session without claims signed in with a password (older rows). */
export async function sessionAssurance(db: Queryable, sessionId: string, createdAt: Date | string): Promise<Assurance> {
  const { rows } = await db.query<{ aal: string | null; method: string | null; at: Date | string | null }>(
    `select s.aal::text as aal, c.authentication_method as method, c.updated_at as at
       from auth.sessions as s left join auth.mfa_amr_claims as c on c.session_id = s.id
      where s.id = $1 order by c.updated_at desc nulls last`,
    [sessionId],
  );
  const aal = rows[0]?.aal === 'aal2' ? 'aal2' : 'aal1';
  const amr = rows
    .filter((r) => r.method)
    .map((r) => ({ method: r.method!, timestamp: Math.floor(new Date(r.at!).getTime() / 1000) }));
  if (amr.length === 0) amr.push({ method: 'password', timestamp: Math.floor(new Date(createdAt).getTime() / 1000) });
  return { aal, amr };
}

/** After a verified second factor (GoTrue's UpdateAALAndAssociatedFactor). */
export async function raiseToAal2(tx: Queryable, sessionId: string, factorId: string): Promise<void> {
  await tx.query(`update auth.sessions set aal = 'aal2', factor_id = $2, updated_at = now() where id = $1`, [sessionId, factorId]);
}
