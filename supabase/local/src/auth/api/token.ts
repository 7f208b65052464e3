/**
 * POST /auth/v1/token?grant_type=password|refresh_token|pkce; id_token and web3 get GoTrue's
 * "not enabled" answers (notOffered.ts).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AuthContext } from '../context.js';
import { AuthError, badRequest, unprocessable, validationFailed } from '../errors.js';
import { assertPasswordStrength, verifyPassword } from '../passwords.js';
import { Credentials, enforceRateLimit, parseBody, requestMeta } from '../requests.js';
import { sessionResponse } from '../accessToken.js';
import { startSession } from '../models/session.js';
import { ensureEmailIdentity, findUserByEmail, findUserById, isBanned } from '../models/user.js';
import { accountLimits } from '../accountLimits.js';
import { idTokenGrant, web3Grant } from './notOffered.js';
import { pkceGrant } from './pkce.js';
import { refreshGrant } from './tokenRefresh.js';

const invalidCredentials = () => badRequest('invalid_credentials', 'Invalid login credentials');

const RefreshBody = z.object({ refresh_token: z.string().optional().nullable() });

/** A still-accepted password that no longer meets the policy is reported, not refused. */
function weakPasswordNotice(ctx: AuthContext, password: string): Record<string, unknown> {
  try {
    assertPasswordStrength(ctx.config.auth, password);
    return {};
  } catch (err) {
    if (err instanceof AuthError && err.code === 'weak_password') {
      return { weak_password: { message: err.message, ...(err.extra.weak_password as object) } };
    }
    return {};
  }
}

export function tokenRoutes(app: FastifyInstance, ctx: AuthContext): void {
  app.post('/token', async (req, reply) => {
    const grant = (req.query as Record<string, string | undefined>).grant_type;
    if (grant === 'id_token') {
      enforceRateLimit(ctx.limits.signInSignUps, req);
      return idTokenGrant(req, reply);
    }
    if (grant === 'web3') {
      enforceRateLimit(ctx.limits.signInSignUps, req);
      return web3Grant();
    }
    if (grant === 'refresh_token') {
      enforceRateLimit(ctx.limits.tokenRefresh, req);
      const body = parseBody(RefreshBody, req.body);
      return refreshGrant(ctx, body.refresh_token ?? '');
    }
    if (grant === 'pkce') {
      enforceRateLimit(accountLimits(ctx).verify, req);
      return pkceGrant(ctx, req);
    }
    if (grant !== 'password') throw badRequest('invalid_credentials', 'unsupported_grant_type');

    enforceRateLimit(ctx.limits.signInSignUps, req);
    const body = parseBody(Credentials, req.body);
    const email = (body.email ?? '').trim();
    const phone = body.phone ?? '';
    if (!email && !phone) throw validationFailed('missing email or phone');
    if (email && phone) throw validationFailed('Only an email address or phone number should be provided on login.');
    if (phone) throw unprocessable('phone_provider_disabled', 'Phone logins are disabled');
    const password = body.password ?? '';
    const found = await findUserByEmail(ctx.db, email);
    // The same bcrypt work for an unknown address as for a wrong password (passwords.ts).
    const matches = await verifyPassword(password, found?.encrypted_password);
    if (!found || !matches) throw invalidCredentials();
    if (!found.email_confirmed_at) throw badRequest('email_not_confirmed', 'Email not confirmed');
    if (isBanned(found)) throw badRequest('user_banned', 'User is banned');

    const response = await ctx.db.transaction(async (tx) => {
      await tx.query('update auth.users set last_sign_in_at = now(), updated_at = now() where id = $1', [found.id]);
      const user = (await findUserById(tx, found.id))!;
      await ensureEmailIdentity(tx, user);
      const { session, refreshToken } = await startSession(tx, user, requestMeta(req));
      return sessionResponse(ctx, tx, user, session, refreshToken);
    });
    return { ...response, ...weakPasswordNotice(ctx, password) };
  });
}
