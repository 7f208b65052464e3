/**
 * grant_type=refresh_token (GoTrue internal/api/token_refresh.go, internal/tokens/service.go):
 * every refresh revokes the presented token and issues a child. A revoked token is answered with
 * the session's current token (never a new child: the family stays one chain) when it is the
 * current token's parent (the client lost the answer) or when its reuse interval has not ended
 * (concurrent refreshes), as GoTrue's refresh token algorithm v2 does. Any other revoked token
 * revokes the whole family, and a family with no active token accepts nothing any more.
 * Stricter than GoTrue's v1 algorithm, whose in-interval reuse starts a second branch (so the
 * replayed token becomes the parent of an active one and is accepted again later) and whose
 * family revocation stamps updated_at, reopening the reuse interval of the newest token.
 */
import { sessionResponse } from '../accessToken.js';
import type { AuthContext } from '../context.js';
import { badRequest, validationFailed } from '../errors.js';
import { insertRefreshToken, type RefreshTokenRow, type SessionRow } from '../models/session.js';
import { findUserById, isBanned } from '../models/user.js';

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
      const active = (
        await tx.query<RefreshTokenRow>(
          `select token, parent from auth.refresh_tokens
            where session_id = $1 and revoked = false order by id desc limit 1`,
          [session.id],
        )
      ).rows[0];
      const reuseUntil = new Date(token.updated_at).getTime() + auth.refreshTokenReuseInterval * 1000;
      // The lost answer of the last refresh, or a concurrent one: the current token.
      if (active && (active.parent === token.token || Date.now() <= reuseUntil)) {
        issued = active.token;
      } else {
        if (active && auth.enableRefreshTokenRotation) {
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
