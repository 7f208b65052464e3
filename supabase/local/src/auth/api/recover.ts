/**
 * POST /auth/v1/recover (GoTrue internal/api/recover.go). No mail leaves this machine (the CLI
 * would deliver to its Inbucket); `recovery_sent_at` records the request. A known and an unknown
 * address get the same `{}` and the same limits, so nobody can probe for accounts: the per-IP
 * e-mail limit (config.toml `[auth.rate_limit] email_sent`, per hour like GoTrue's
 * RateLimitEmailSent) answers GoTrue's 429 over_email_send_rate_limit (internal/api/mail.go) to both.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AuthContext } from '../context.js';
import { AuthError, validationFailed } from '../errors.js';
import { normalizeEmail, parseBody } from '../requests.js';

/** `[auth.email] max_frequency` of the CLI's config template: one e-mail per address per second. */
const EMAIL_MAX_FREQUENCY_S = 1;

const RecoverBody = z.object({ email: z.string().optional().nullable() });

export function recoverRoutes(app: FastifyInstance, ctx: AuthContext): void {
  app.post('/recover', async (req) => {
    const body = parseBody(RecoverBody, req.body);
    if (!body.email) throw validationFailed('Password recovery requires an email');
    const email = normalizeEmail(body.email);
    if (!ctx.limits.emailSent.take(req.ip)) {
      throw new AuthError(429, 'over_email_send_rate_limit', 'email rate limit exceeded');
    }
    // A repeat within max_frequency sends nothing new; it is not reported, as that would tell
    // that the address has an account.
    await ctx.db.query(
      `update auth.users set recovery_sent_at = now()
        where lower(email) = $1 and deleted_at is null
          and (recovery_sent_at is null or recovery_sent_at <= now() - make_interval(secs => $2))`,
      [email, EMAIL_MAX_FREQUENCY_S],
    );
    return {};
  });
}
