/**
 * POST /auth/v1/otp (GoTrue internal/api/otp.go; supabase-js signInWithOtp with an e-mail) and the
 * older POST /auth/v1/magiclink (magic_link.go): mails a sign-in link and a 6-digit code.
 * - An unknown address becomes a new user first (`create_user: false` answers 422 otp_disabled
 *   instead; `[auth] enable_signup = false` 422 signup_disabled); `data` becomes the new user's
 *   user_metadata. With autoconfirm (`[auth.email] enable_confirmations = false`) the user is
 *   confirmed at once and mailed the sign-in link; with confirmations on, an unconfirmed address
 *   gets the sign-up confirmation instead, whose link or code (verify type signup or email)
 *   confirms it and signs in with amr `otp` as well.
 * - The token lives in the recovery column, as GoTrue keeps it: the link is `type=magiclink`, the
 *   code verifies with `type: 'email'` (or 'magiclink'); both work once, within
 *   `[auth.email] otp_expiry`, and start a session whose amr is `otp` (verify.ts).
 * - With `code_challenge` the link pays out `?code=` for exchangeCodeForSession (PKCE).
 * - Limits: the per-IP e-mail limit (requests.ts enforceEmailLimit) and, per user,
 *   `[auth.email] max_frequency` between two links (429 over_email_send_rate_limit, GoTrue's text).
 * Phone OTP is not offered: 400 phone_provider_disabled, GoTrue's answer without an SMS provider.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Queryable } from '../../db/types.js';
import type { AuthContext } from '../context.js';
import { badRequest, unprocessable, validationFailed } from '../errors.js';
import { mailConfigOf, sendAuthMail, sendConfirmation } from '../mailer/send.js';
import { assertUserMailAllowed } from '../models/emailToken.js';
import { pkceParams } from '../models/flowState.js';
import { findUserByEmail, insertEmailUser, type UserRow } from '../models/user.js';
import { enforceEmailLimit, normalizeEmail, parseBody, redirectParam } from '../requests.js';

const Metadata = z.record(z.string(), z.unknown()).optional().nullable();

const OtpBody = z.object({
  email: z.string().optional().nullable(),
  phone: z.string().optional().nullable(),
  create_user: z.boolean().optional().nullable(),
  data: Metadata,
  channel: z.string().optional().nullable(),
  code_challenge: z.string().optional().nullable(),
  code_challenge_method: z.string().optional().nullable(),
});

const MagicLinkBody = z.object({
  email: z.string().optional().nullable(),
  data: Metadata,
  code_challenge: z.string().optional().nullable(),
  code_challenge_method: z.string().optional().nullable(),
});

interface MagicLinkRequest {
  email: string;
  data: Record<string, unknown>;
  createUser: boolean;
  pkce: { challenge: string; method: string } | null;
}

/**
 * A new e-mail user without a password. Another request creating the same address at once: that
 * request's user is the user.
 */
async function createOtpUser(ctx: AuthContext, tx: Queryable, email: string, data: Record<string, unknown>): Promise<UserRow> {
  const confirmed = ctx.config.auth.mailerAutoconfirm;
  const user =
    (await insertEmailUser(tx, { email, passwordHash: null, data, confirmed, signedIn: false })) ??
    (await findUserByEmail(tx, email));
  if (!user) throw unprocessable('email_exists', 'A user with this email address has already been registered');
  return user;
}

async function sendMagicLink(ctx: AuthContext, req: FastifyRequest, request: MagicLinkRequest): Promise<Record<string, never>> {
  const existing = await findUserByEmail(ctx.db, request.email);
  if (!existing && !request.createUser) throw unprocessable('otp_disabled', 'Signups not allowed for otp');
  if (!existing && !ctx.config.auth.enableSignup) throw unprocessable('signup_disabled', 'Signups not allowed for this instance');
  enforceEmailLimit(ctx.limits.emailSent, req);
  await ctx.db.transaction(async (tx) => {
    let user = await findUserByEmail(tx, request.email);
    if (!user) user = await createOtpUser(ctx, tx, request.email, request.data);
    const redirectTo = redirectParam(req);
    if (!ctx.config.auth.mailerAutoconfirm && !user.email_confirmed_at) {
      // GoTrue sends an unconfirmed address the sign-up confirmation: it signs in just the same.
      await sendConfirmation(ctx, tx, user, { redirectTo, pkce: request.pkce });
      return;
    }
    // A magic link is a recovery with another template: it shares the recovery timer (GoTrue).
    await assertUserMailAllowed(tx, user.id, 'recovery', mailConfigOf(ctx).maxFrequency);
    await sendAuthMail(ctx, tx, {
      kind: 'recovery',
      template: 'magic_link',
      linkType: 'magiclink',
      user,
      to: user.email ?? request.email,
      redirectTo,
      pkce: request.pkce,
    });
  });
  return {};
}

export function otpRoutes(app: FastifyInstance, ctx: AuthContext): void {
  app.post('/otp', async (req) => {
    const body = parseBody(OtpBody, req.body);
    const rawEmail = body.email ?? '';
    const phone = body.phone ?? '';
    if (rawEmail && phone) throw validationFailed('Only an email address or phone number should be provided');
    if (rawEmail && body.channel) throw validationFailed('Channel should only be specified with Phone OTP');
    const pkce = pkceParams(body.code_challenge, body.code_challenge_method);
    if (phone) throw badRequest('phone_provider_disabled', 'Unsupported phone provider');
    if (!rawEmail) throw validationFailed('One of email or phone must be set');
    const email = normalizeEmail(rawEmail);
    return sendMagicLink(ctx, req, { email, data: body.data ?? {}, createUser: body.create_user ?? true, pkce });
  });

  app.post('/magiclink', async (req) => {
    const body = parseBody(MagicLinkBody, req.body);
    if (!body.email) throw unprocessable('validation_failed', 'Password recovery requires an email');
    const email = normalizeEmail(body.email);
    const pkce = pkceParams(body.code_challenge, body.code_challenge_method);
    return sendMagicLink(ctx, req, { email, data: body.data ?? {}, createUser: true, pkce });
  });
}
