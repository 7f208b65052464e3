/**
 * Access tokens: JWTs with GoTrue's claims, signed by ../jwt/keys.ts (HS256 with the secret, or the
 * signing key set's signing key with its `kid`) (GoTrue internal/api/token.go
 * generateAccessToken), the Session JSON that carries them, and their verification for the
 * endpoints that need a signed-in user (GET/PUT /user, /logout).
 */
import { errors as joseErrors } from 'jose';
import type { FastifyRequest } from 'fastify';
import { AuthError, badRequest, forbidden } from './errors.js';
import type { AuthContext } from './context.js';
import type { Queryable } from '../db/types.js';
import { sessionAssurance, type Assurance } from './models/amr.js';
import type { SessionRow } from './models/session.js';
import { findUserById, isBanned, userJson, type UserRow } from './models/user.js';

export async function signAccessToken(
  ctx: AuthContext,
  user: UserRow,
  session: SessionRow,
  assurance?: Assurance,
): Promise<{ token: string; iat: number; exp: number }> {
  const iat = Math.floor(Date.now() / 1000);
  const exp = iat + ctx.config.auth.jwtExpiry;
  const signedInAt = Math.floor(new Date(session.created_at).getTime() / 1000);
  // Key order as GoTrue emits them; aud is a string, amr is not extended by refreshes.
  const claims = {
    iss: ctx.issuer,
    sub: user.id,
    aud: 'authenticated',
    exp,
    iat,
    email: user.email ?? '',
    phone: user.phone ?? '',
    app_metadata: user.raw_app_meta_data ?? {},
    user_metadata: user.raw_user_meta_data ?? {},
    role: user.role || 'authenticated',
    aal: assurance?.aal ?? 'aal1',
    amr: assurance?.amr ?? [{ method: 'password', timestamp: signedInAt }],
    session_id: session.id,
    is_anonymous: user.is_anonymous ?? false,
  };
  const token = await ctx.keys.sign(claims);
  return { token, iat, exp };
}

export interface Authenticated {
  user: UserRow;
  sessionId: string | null;
  claims: Record<string, unknown>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** GoTrue's requireAuthentication + maybeLoadUserOrSession, with its error codes and statuses. */
export async function authenticate(ctx: AuthContext, req: FastifyRequest): Promise<Authenticated> {
  const header = req.headers.authorization ?? '';
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match) throw new AuthError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
  let claims: Record<string, unknown>;
  try {
    claims = await ctx.keys.verify(match[1]!);
  } catch (err) {
    const why =
      err instanceof joseErrors.JWTExpired
        ? 'token has invalid claims: token is expired'
        : err instanceof joseErrors.JWSSignatureVerificationFailed
          ? 'token signature is invalid: signature is invalid'
          : err instanceof joseErrors.JWKSNoMatchingKey
            ? `token is unverifiable: error while executing keyfunc: ${err.message}`
            : 'token is malformed';
    throw forbidden('bad_jwt', `invalid JWT: unable to parse or verify signature, ${why}`);
  }
  if (claims.aud !== undefined && claims.aud !== 'authenticated' && !(Array.isArray(claims.aud) && claims.aud.includes('authenticated'))) {
    throw badRequest('validation_failed', "Token audience doesn't match request audience");
  }
  const sub = claims.sub;
  if (typeof sub !== 'string' || sub === '') throw forbidden('bad_jwt', 'invalid claim: missing sub claim');
  if (!UUID.test(sub)) throw badRequest('bad_jwt', 'invalid claim: sub claim must be a UUID');
  const user = await findUserById(ctx.db, sub);
  if (!user) throw forbidden('user_not_found', 'User from sub claim in JWT does not exist');
  if (isBanned(user)) throw forbidden('user_banned', 'User is banned');
  const sessionId = typeof claims.session_id === 'string' && UUID.test(claims.session_id) ? claims.session_id : null;
  if (sessionId && sessionId !== '00000000-0000-0000-0000-000000000000') {
    const { rows } = await ctx.db.query('select 1 from auth.sessions where id = $1 and user_id = $2', [sessionId, sub]);
    if (rows.length === 0) throw forbidden('session_not_found', 'Session from session_id claim in JWT does not exist');
  }
  return { user, sessionId, claims };
}

/** The Session JSON the client stores (GoTrue internal/tokens/service.go AccessTokenResponse). */
export async function sessionResponse(
  ctx: AuthContext,
  db: Queryable,
  user: UserRow,
  session: SessionRow,
  refreshToken: string,
): Promise<Record<string, unknown>> {
  const { token, exp } = await signAccessToken(ctx, user, session, await sessionAssurance(db, session.id, session.created_at));
  return {
    access_token: token,
    token_type: 'bearer',
    expires_in: ctx.config.auth.jwtExpiry,
    expires_at: exp,
    refresh_token: refreshToken,
    user: await userJson(db, user),
  };
}
