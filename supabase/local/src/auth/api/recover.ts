/**
 * POST /auth/v1/recover (GoTrue internal/api/recover.go; supabase-js resetPasswordForEmail):
 * mails a recovery link (mailer/send.ts: locally to the mailbox) with a one-time token, or with
 * `code_challenge` a PKCE link paying out `?code=`. A known and an unknown address get the same
 * `{}` and the same limits, so nobody can probe for accounts: the per-IP e-mail limit (config.toml
 * `[auth.rate_limit] email_sent`, per hour like GoTrue's RateLimitEmailSent) answers GoTrue's 429
 * over_email_send_rate_limit (internal/api/mail.go) to both, and a repeat within
 * `[auth.email] max_frequency` silently sends nothing.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AuthContext } from '../context.js';
import { validationFailed } from '../errors.js';
import { mailConfigOf, sendAuthMail } from '../mailer/send.js';
import { pkceParams } from '../models/flowState.js';
import { findUserByEmail } from '../models/user.js';
import { enforceEmailLimit, normalizeEmail, parseBody } from '../requests.js';

const RecoverBody = z.object({
  email: z.string().optional().nullable(),
  code_challenge: z.string().optional().nullable(),
  code_challenge_method: z.string().optional().nullable(),
});

export function recoverRoutes(app: FastifyInstance, ctx: AuthContext): void {
  app.post('/recover', async (req) => {
    const body = parseBody(RecoverBody, req.body);
    if (!body.email) throw validationFailed('Password recovery requires an email');
    const email = normalizeEmail(body.email);
    const pkce = pkceParams(body.code_challenge, body.code_challenge_method);
    enforceEmailLimit(ctx.limits.emailSent, req);
    const redirectTo = (req.query as Record<string, string | undefined>).redirect_to;
    await ctx.db.transaction(async (tx) => {
      const user = await findUserByEmail(tx, email);
      if (!user) return;
      const { rows } = await tx.query<{ recent: boolean }>(
        `select recovery_sent_at > now() - make_interval(secs => $2) as recent from auth.users where id = $1 for update`,
        [user.id, mailConfigOf(ctx).maxFrequency],
      );
      if (rows[0]?.recent) return;
      await sendAuthMail(ctx, tx, { kind: 'recovery', user, to: user.email ?? email, redirectTo, pkce });
    });
    return {};
  });
}
