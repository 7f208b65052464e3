/**
 * GET /auth/v1/reauthenticate (GoTrue internal/api/reauthenticate.go; supabase-js
 * auth.reauthenticate): mails the signed-in user a 6-digit nonce (no link), stored as
 * `sha224(email + nonce)` in auth.users.reauthentication_token. PUT /user with `{password, nonce}`
 * checks it (verifyNonce): once, within `[auth.email] otp_expiry`, else 422
 * reauthentication_not_valid. Limits as for /otp.
 */
import type { FastifyInstance } from 'fastify';
import { authenticate } from '../accessToken.js';
import type { AuthContext } from '../context.js';
import { unprocessable, validationFailed } from '../errors.js';
import { mailConfigOf, sendAuthMail } from '../mailer/send.js';
import type { Queryable } from '../../db/types.js';
import { assertSentLongEnoughAgo, isExpired, tokenHash } from '../models/emailToken.js';
import type { UserRow } from '../models/user.js';
import { enforceEmailLimit } from '../requests.js';

export const invalidNonce = () => unprocessable('reauthentication_not_valid', 'Nonce has expired or is invalid');

/** GoTrue's verifyReauthentication + ConfirmReauthentication: the nonce is used up when it matches. */
export async function verifyNonce(ctx: AuthContext, tx: Queryable, user: UserRow, nonce: string): Promise<void> {
  const { rows } = await tx.query<{ token: string | null; sent_at: Date | string | null }>(
    'select reauthentication_token as token, reauthentication_sent_at as sent_at from auth.users where id = $1 for update',
    [user.id],
  );
  const row = rows[0];
  if (!row?.token || !row.sent_at || !user.email) throw invalidNonce();
  if (isExpired(row.sent_at, mailConfigOf(ctx).otpExpiry) || tokenHash(user.email, nonce) !== row.token) throw invalidNonce();
  await tx.query(`update auth.users set reauthentication_token = '', reauthentication_sent_at = null where id = $1`, [user.id]);
}

export function reauthenticateRoutes(app: FastifyInstance, ctx: AuthContext): void {
  app.get('/reauthenticate', async (req) => {
    const { user } = await authenticate(ctx, req);
    // No SMS provider: only e-mail addresses receive a nonce.
    if (!user.email) throw validationFailed('Reauthentication requires the user to have an email or a phone number');
    if (!user.email_confirmed_at) throw unprocessable('email_not_confirmed', 'Please verify your email first.');
    enforceEmailLimit(ctx.limits.emailSent, req);
    await ctx.db.transaction(async (tx) => {
      assertSentLongEnoughAgo(user.reauthentication_sent_at, mailConfigOf(ctx).maxFrequency);
      await sendAuthMail(ctx, tx, { kind: 'reauthentication', user, to: user.email! });
    });
    return {};
  });
}
