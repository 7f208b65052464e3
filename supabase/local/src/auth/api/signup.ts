/**
 * POST /auth/v1/signup with autoconfirm on (the CLI's local default): 200 with a session. Without
 * e-mail or phone it is an anonymous sign-in (GoTrue internal/api/anonymous.go SignupAnonymously),
 * when `[auth] enable_anonymous_sign_ins` allows it.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import type { AuthContext } from '../context.js';
import { badRequest, unprocessable, validationFailed } from '../errors.js';
import { assertPasswordStrength, hashPassword } from '../passwords.js';
import { Credentials, enforceRateLimit, normalizeEmail, parseBody, requestMeta } from '../requests.js';
import { sessionResponse } from '../accessToken.js';
import { startSession } from '../models/session.js';
import { ensureEmailIdentity, findUserByEmail, findUserById } from '../models/user.js';

const alreadyExists = () => unprocessable('user_already_exists', 'User already registered');

export function signupRoutes(app: FastifyInstance, ctx: AuthContext): void {
  app.post('/signup', async (req) => {
    enforceRateLimit(ctx.limits.signInSignUps, req);
    const body = parseBody(Credentials, req.body);
    if (!ctx.config.auth.enableSignup) throw unprocessable('signup_disabled', 'Signups not allowed for this instance');
    const rawEmail = body.email ?? '';
    const phone = body.phone ?? '';
    if (!rawEmail && !phone) return signupAnonymously(ctx, req, body.data ?? {});
    if (!body.password) throw validationFailed('Signup requires a valid password');
    assertPasswordStrength(ctx.config.auth, body.password);
    if (rawEmail && phone) throw validationFailed('Only an email address or phone number should be provided on signup.');
    if (phone) throw badRequest('phone_provider_disabled', 'Phone signups are disabled');
    const email = normalizeEmail(rawEmail);
    if (await findUserByEmail(ctx.db, email)) throw alreadyExists();

    const hash = await hashPassword(body.password);
    const id = randomUUID();
    // GoTrue overwrites user_metadata keys with the identity data; autoconfirm verifies the e-mail.
    const userMeta = { ...(body.data ?? {}), sub: id, email, email_verified: true, phone_verified: false };
    try {
      return await ctx.db.transaction(async (tx) => {
        await tx.query(
          `insert into auth.users (instance_id, id, aud, role, email, encrypted_password,
             email_confirmed_at, raw_app_meta_data, raw_user_meta_data, last_sign_in_at,
             created_at, updated_at, is_anonymous)
           values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated',
             $2, $3, now(), $4::jsonb, $5::jsonb, now(), now(), now(), false)`,
          [id, email, hash, JSON.stringify({ provider: 'email', providers: ['email'] }), JSON.stringify(userMeta)],
        );
        const user = (await findUserById(tx, id))!;
        await ensureEmailIdentity(tx, user);
        const { session, refreshToken } = await startSession(tx, user, requestMeta(req));
        return sessionResponse(ctx, tx, user, session, refreshToken);
      });
    } catch (err) {
      // Two sign-ups racing for one address: the unique e-mail index decides.
      if ((err as { code?: string }).code === '23505') throw alreadyExists();
      throw err;
    }
  });
}

/**
 * An anonymous user (GoTrue SignupAnonymously): no e-mail, phone or password, `is_anonymous`,
 * the request's `data` as its user metadata, no identity and no provider in its app metadata; its
 * session's amr is `anonymous` and its JWT has `is_anonymous: true`, role `authenticated`.
 * Counted by `[auth.rate_limit] anonymous_users` (per hour per IP).
 */
async function signupAnonymously(ctx: AuthContext, req: FastifyRequest, data: Record<string, unknown>) {
  if (!ctx.config.auth.enableAnonymousSignIns) throw unprocessable('anonymous_provider_disabled', 'Anonymous sign-ins are disabled');
  enforceRateLimit(ctx.limits.anonymousUsers, req);
  const meta = requestMeta(req);
  const id = randomUUID();
  return ctx.db.transaction(async (tx) => {
    await tx.query(
      `insert into auth.users (instance_id, id, aud, role, raw_app_meta_data, raw_user_meta_data,
         last_sign_in_at, created_at, updated_at, is_anonymous)
       values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated',
         '{}'::jsonb, $2::jsonb, now(), now(), now(), true)`,
      [id, JSON.stringify(data)],
    );
    const user = (await findUserById(tx, id))!;
    const { session, refreshToken } = await startSession(tx, user, meta, 'anonymous');
    return sessionResponse(ctx, tx, user, session, refreshToken);
  });
}
