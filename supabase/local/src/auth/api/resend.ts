/**
 * POST /auth/v1/resend (GoTrue internal/api/resend.go; supabase-js auth.resend): sends the
 * sign-up confirmation (`type: 'signup'`, to a user who has not confirmed, e.g. one an admin
 * created or invited) or the e-mail change confirmation (`type: 'email_change'`, to the pending
 * address) again, with a fresh token. An unknown address, a confirmed user or no pending change
 * get the same `{}` and nothing is sent. Limits as for /otp: the per-IP e-mail limit and
 * `[auth.email] max_frequency` per user and kind (429 over_email_send_rate_limit).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AuthContext } from '../context.js';
import { badRequest, validationFailed } from '../errors.js';
import { mailConfigOf, sendAuthMail, sendConfirmation } from '../mailer/send.js';
import { assertUserMailAllowed } from '../models/emailToken.js';
import { pkceParams } from '../models/flowState.js';
import { findUserByEmail } from '../models/user.js';
import { enforceEmailLimit, normalizeEmail, parseBody, redirectParam } from '../requests.js';

const ResendBody = z.object({
  type: z.string().optional().nullable(),
  email: z.string().optional().nullable(),
  phone: z.string().optional().nullable(),
  code_challenge: z.string().optional().nullable(),
  code_challenge_method: z.string().optional().nullable(),
});

export function resendRoutes(app: FastifyInstance, ctx: AuthContext): void {
  app.post('/resend', async (req) => {
    const body = parseBody(ResendBody, req.body);
    const type = body.type ?? '';
    let pkce: { challenge: string; method: string } | null = null;
    if (type === 'signup' || type === 'email_change') {
      pkce = pkceParams(body.code_challenge, body.code_challenge_method);
    } else if (type !== 'sms' && type !== 'phone_change') {
      throw validationFailed('Missing one of these types: signup, email_change, sms, phone_change');
    }
    if (!body.email && type === 'signup') throw validationFailed('Type provided requires an email address');
    if (!body.phone && type === 'sms') throw validationFailed('Type provided requires a phone number');
    if (body.email && body.phone) throw validationFailed('Only an email address or phone number should be provided.');
    // No SMS provider: phone confirmations are GoTrue's "disabled" answer.
    if (body.phone || type === 'sms' || type === 'phone_change') throw badRequest('phone_provider_disabled', 'Phone logins are disabled');
    if (!body.email) throw validationFailed('Missing email address or phone number');
    const email = normalizeEmail(body.email);
    enforceEmailLimit(ctx.limits.emailSent, req);

    await ctx.db.transaction(async (tx) => {
      const user = await findUserByEmail(tx, email);
      if (!user) return;
      const redirectTo = redirectParam(req);
      if (type === 'signup') {
        if (user.email_confirmed_at) return;
        await sendConfirmation(ctx, tx, user, { redirectTo, pkce });
        return;
      }
      if (!user.email_change) return;
      await assertUserMailAllowed(tx, user.id, 'email_change', mailConfigOf(ctx).maxFrequency);
      await sendAuthMail(ctx, tx, { kind: 'email_change', user, to: user.email_change, redirectTo, pkce });
    });
    return {};
  });
}
