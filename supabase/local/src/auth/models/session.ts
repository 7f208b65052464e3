/**
 * auth.sessions and auth.refresh_tokens rows, as GoTrue keeps them (internal/models/sessions.go,
 * refresh_token.go): a session per sign-in, its refresh tokens a family linked by `parent`.
 * Deleting a session deletes its refresh tokens (on delete cascade).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { Queryable } from '../../db/types.js';
import { recordAmr } from './amr.js';
import type { UserRow } from './user.js';

export interface SessionRow {
  id: string;
  user_id: string;
  created_at: Date | string;
  not_after: Date | string | null;
}

export interface RefreshTokenRow {
  id: string;
  token: string;
  user_id: string;
  revoked: boolean;
  updated_at: Date | string;
  parent: string | null;
  session_id: string | null;
}

/** Opaque and URL-safe, longer than GoTrue's 12-character legacy tokens. */
function newRefreshToken(): string {
  return randomBytes(18).toString('base64url');
}

export async function insertRefreshToken(
  tx: Queryable,
  userId: string,
  sessionId: string,
  parent: string | null,
): Promise<string> {
  const token = newRefreshToken();
  await tx.query(
    `insert into auth.refresh_tokens (instance_id, token, user_id, session_id, parent)
     values ('00000000-0000-0000-0000-000000000000', $1, $2, $3, $4)`,
    [token, userId, sessionId, parent],
  );
  return token;
}

/**
 * A new session for a successful sign-in: `method` is how the user proved who they are (GoTrue's
 * authentication methods: password, otp for an e-mailed link or code, recovery/invite for PKCE).
 */
export async function startSession(
  tx: Queryable,
  user: UserRow,
  meta: { userAgent?: string; ip?: string },
  method = 'password',
): Promise<{ session: SessionRow; refreshToken: string }> {
  const { rows } = await tx.query<SessionRow>(
    `insert into auth.sessions (id, user_id, aal, user_agent, ip, refreshed_at)
     values ($1, $2, 'aal1', $3, $4, now() at time zone 'utc')
     returning id, user_id, created_at, not_after`,
    [randomUUID(), user.id, meta.userAgent ?? null, meta.ip ?? null],
  );
  const session = rows[0]!;
  await recordAmr(tx, session.id, method);
  const refreshToken = await insertRefreshToken(tx, user.id, session.id, null);
  return { session, refreshToken };
}

/**
 * Signs the user out of every session but `keepSessionId` (all of them when null), as GoTrue's
 * models.LogoutAllExceptMe / models.Logout do after a password change or a scoped logout.
 */
export async function endSessions(tx: Queryable, userId: string, keepSessionId: string | null): Promise<void> {
  if (keepSessionId) {
    await tx.query('delete from auth.sessions where user_id = $1 and id <> $2', [userId, keepSessionId]);
  } else {
    await tx.query('delete from auth.sessions where user_id = $1', [userId]);
  }
}
