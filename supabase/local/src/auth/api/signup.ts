/**
 * POST /auth/v1/signup (GoTrue internal/api/signup.go). With autoconfirm (`[auth.email]
 * enable_confirmations = false`, the CLI's local default): 200 with a session whose amr is
 * `password`. With confirmations on: 200 with the user and no session, and the confirmation link
 * and code mailed (verify type signup confirms and signs in); a second sign-up of an unconfirmed
 * address mails it again and changes nothing else (not the password); a confirmed address answers
 * an obfuscated user and sends nothing, so the answer does not say whether the address is taken.
 * Without e-mail or phone it is an anonymous sign-in (GoTrue internal/api/anonymous.go
 * SignupAnonymously), when `[auth] enable_anonymous_sign_ins` allows it.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { AuthContext } from '../context.js';
import { badRequest, unprocessable, validationFailed } from '../errors.js';
import { sendConfirmation } from '../mailer/send.js';
import { assertPasswordStrength, hashPassword } from '../passwords.js';
import { Credentials, enforceEmailLimit, enforceRateLimit, normalizeEmail, parseBody, redirectParam, requestMeta } from '../requests.js';
import { sessionResponse } from '../accessToken.js';
import { pkceParams } from '../models/flowState.js';
import { startSession } from '../models/session.js';
import { findUserByEmail, findUserById, insertEmailUser, userJson, type UserRow } from '../models/user.js';

const alreadyExists = () => unprocessable('user_already_exists', 'User already registered');

const SignupBody = Credentials.extend({
  code_challenge: z.string().optional().nullable(),
  code_challenge_method: z.string().optional().nullable(),
});

export function signupRoutes(app: FastifyInstance, ctx: AuthContext): void {
  app.post('/signup', async (req) => {
    enforceRateLimit(ctx.limits.signInSignUps, req);
    const body = parseBody(SignupBody, req.body);
    if (!ctx.config.auth.enableSignup) throw unprocessable('signup_disabled', 'Signups not allowed for this instance');
    const rawEmail = body.email ?? '';
    const phone = body.phone ?? '';
    if (!rawEmail && !phone) return signupAnonymously(ctx, req, body.data ?? {});
    if (!body.password) throw validationFailed('Signup requires a valid password');
    assertPasswordStrength(ctx.config.auth, body.password);
    if (rawEmail && phone) throw validationFailed('Only an email address or phone number should be provided on signup.');
    if (phone) throw badRequest('phone_provider_disabled', 'Phone signups are disabled');
    const email = normalizeEmail(rawEmail);
    const pkce = pkceParams(body.code_challenge, body.code_challenge_method);
    const existing = await findUserByEmail(ctx.db, email);
    if (!ctx.config.auth.mailerAutoconfirm) return signupToConfirm(ctx, req, { email, password: body.password, data: body.data ?? {}, pkce }, existing);
    if (existing) throw alreadyExists();

    const passwordHash = await hashPassword(body.password);
    return ctx.db.transaction(async (tx) => {
      const user = await insertEmailUser(tx, { email, passwordHash, data: body.data ?? {}, confirmed: true, signedIn: true });
      if (!user) throw alreadyExists();
      const { session, refreshToken } = await startSession(tx, user, requestMeta(req));
      return sessionResponse(ctx, tx, user, session, refreshToken);
    });
  });
}

interface SignupRequest {
  email: string;
  password: string;
  data: Record<string, unknown>;
  pkce: { challenge: string; method: string } | null;
}

/** Sign-up with confirmations on: the user (or its stand-in) and a confirmation mail, no session. */
async function signupToConfirm(ctx: AuthContext, req: FastifyRequest, request: SignupRequest, existing: UserRow | undefined) {
  if (existing?.email_confirmed_at) return obfuscatedUser(request);
  enforceEmailLimit(ctx.limits.emailSent, req);
  // Hashed outside the transaction; unused when the address is already waiting for confirmation.
  const passwordHash = existing ? null : await hashPassword(request.password);
  return ctx.db.transaction(async (tx) => {
    const user =
      existing ??
      (await insertEmailUser(tx, { email: request.email, passwordHash, data: request.data, confirmed: false, signedIn: false })) ??
      (await findUserByEmail(tx, request.email))!;
    await sendConfirmation(ctx, tx, user, { redirectTo: redirectParam(req), pkce: request.pkce });
    const json = await userJson(tx, (await findUserById(tx, user.id))!);
    // An invitation's metadata is not shown to whoever signs up with its address (GoTrue).
    return user.invited_at ? { ...json, user_metadata: {}, identities: [] } : json;
  });
}

/** GoTrue's sanitizeUser: a confirmed address answers a made-up, unconfirmed user. */
function obfuscatedUser(request: SignupRequest): Record<string, unknown> {
  const now = new Date().toISOString();
  return {
    id: randomUUID(),
    aud: 'authenticated',
    role: '',
    email: request.email,
    phone: '',
    confirmation_sent_at: now,
    app_metadata: { provider: 'email', providers: ['email'] },
    user_metadata: request.data,
    identities: [],
    created_at: now,
    updated_at: now,
    is_anonymous: false,
  };
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
