/**
 * Sessions and rotating refresh tokens, as GoTrue keeps them (SUPABASE-COMPAT §1.4):
 * every refresh revokes the presented token and issues a child; replaying the parent of the active
 * token returns the active one (idempotent retries); any other revoked token is accepted only
 * within the reuse interval, after which the whole family (the session) is revoked.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { Queryable } from '../db/types.js';
import type { AuthContext } from './context.js';
import { badRequest, validationFailed } from './errors.js';
import { signAccessToken, type SessionRow } from './tokens.js';
import { findUserById, isBanned, userJson, type UserRow } from './users.js';

interface RefreshTokenRow {
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

async function insertRefreshToken(
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

/** A new session for a successful password sign-in or sign-up. */
export async function startSession(
  tx: Queryable,
  user: UserRow,
  meta: { userAgent?: string; ip?: string },
): Promise<{ session: SessionRow; refreshToken: string }> {
  const { rows } = await tx.query<SessionRow>(
    `insert into auth.sessions (id, user_id, aal, user_agent, ip, refreshed_at)
     values ($1, $2, 'aal1', $3, $4, now() at time zone 'utc')
     returning id, user_id, created_at, not_after`,
    [randomUUID(), user.id, meta.userAgent ?? null, meta.ip ?? null],
  );
  const session = rows[0]!;
  const refreshToken = await insertRefreshToken(tx, user.id, session.id, null);
  return { session, refreshToken };
}

/** The Session JSON the client stores (§1.2). */
export async function sessionResponse(
  ctx: AuthContext,
  db: Queryable,
  user: UserRow,
  session: SessionRow,
  refreshToken: string,
): Promise<Record<string, unknown>> {
  const { token, exp } = await signAccessToken(ctx, user, session);
  return {
    access_token: token,
    token_type: 'bearer',
    expires_in: ctx.config.auth.jwtExpiry,
    expires_at: exp,
    refresh_token: refreshToken,
    user: await userJson(db, user),
  };
}

/** grant_type=refresh_token, in one transaction. */
export async function refreshGrant(ctx: AuthContext, presented: string): Promise<Record<string, unknown>> {
  if (presented.length < 12) throw validationFailed('Refresh token is not valid');
  const { auth } = ctx.config;
  const outcome = await ctx.db.transaction(async (tx) => {
    const { rows } = await tx.query<RefreshTokenRow>(
      `select id, token, user_id, revoked, updated_at, parent, session_id
         from auth.refresh_tokens where token = $1 for update`,
      [presented],
    );
    const token = rows[0];
    if (!token) return badRequest('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
    const sessions = await tx.query<SessionRow>(
      'select id, user_id, created_at, not_after from auth.sessions where id = $1',
      [token.session_id],
    );
    const session = sessions.rows[0];
    if (!session) return badRequest('session_not_found', 'Invalid Refresh Token: No Valid Session Found');
    if (session.not_after && new Date(session.not_after).getTime() < Date.now()) {
      return badRequest('session_expired', 'Invalid Refresh Token: Session Expired');
    }
    const user = await findUserById(tx, token.user_id);
    if (!user) return badRequest('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
    if (isBanned(user)) return badRequest('user_banned', 'Invalid Refresh Token: User Banned');

    let issued: string | undefined;
    if (token.revoked) {
      const active = await tx.query<RefreshTokenRow>(
        `select token, parent from auth.refresh_tokens
          where session_id = $1 and revoked = false order by id desc limit 1`,
        [session.id],
      );
      if (active.rows[0]?.parent === token.token) {
        issued = active.rows[0].token; // a retry of a refresh whose answer the client lost
      } else {
        const reuseUntil = new Date(token.updated_at).getTime() + auth.refreshTokenReuseInterval * 1000;
        if (Date.now() > reuseUntil) {
          if (auth.enableRefreshTokenRotation) {
            // Possible theft: revoke the family. The revocation time of already revoked tokens stays.
            await tx.query(
              'update auth.refresh_tokens set revoked = true where session_id = $1 and revoked = false',
              [session.id],
            );
          }
          // Commit the family revocation, then answer with the error.
          return badRequest('refresh_token_already_used', 'Invalid Refresh Token: Already Used');
        }
      }
    }
    if (!issued) {
      if (auth.enableRefreshTokenRotation) {
        await tx.query(
          `update auth.refresh_tokens
              set revoked = true, updated_at = case when revoked then updated_at else now() end
            where id = $1`,
          [token.id],
        );
        issued = await insertRefreshToken(tx, user.id, session.id, token.token);
      } else {
        issued = token.token;
      }
    }
    await tx.query(
      `update auth.sessions set refreshed_at = now() at time zone 'utc', updated_at = now() where id = $1`,
      [session.id],
    );
    return sessionResponse(ctx, tx, user, session, issued);
  });
  if (outcome instanceof Error) throw outcome;
  return outcome;
}
