/** The auth endpoints without a signed-in user: recover, settings, health, jwks. */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AuthContext } from './context.js';
import { AuthError, validationFailed } from './errors.js';
import { normalizeEmail, parseBody } from './requests.js';

/** `[auth.email] max_frequency` of the CLI's config template. */
const EMAIL_MAX_FREQUENCY_S = 1;

const RecoverBody = z.object({ email: z.string().optional().nullable() });

export function miscRoutes(app: FastifyInstance, ctx: AuthContext): void {
  // No mail leaves this machine (the CLI would deliver to its Inbucket). Unknown addresses get the
  // same `{}` as known ones, so nobody can probe for accounts.
  app.post('/recover', async (req) => {
    const body = parseBody(RecoverBody, req.body);
    if (!body.email) throw validationFailed('Password recovery requires an email');
    const email = normalizeEmail(body.email);
    const { rows } = await ctx.db.query<{ too_soon: boolean }>(
      `update auth.users
          set recovery_sent_at = case when recovery_sent_at > now() - make_interval(secs => $2)
                                      then recovery_sent_at else now() end
        where lower(email) = $1 and deleted_at is null
        returning recovery_sent_at <> now() as too_soon`,
      [email, EMAIL_MAX_FREQUENCY_S],
    );
    if (rows[0]?.too_soon) {
      throw new AuthError(
        429,
        'over_email_send_rate_limit',
        `For security purposes, you can only request this after ${EMAIL_MAX_FREQUENCY_S} seconds.`,
      );
    }
    return {};
  });

  app.get('/settings', async () => ({
    external: {
      anonymous_users: false,
      apple: false,
      azure: false,
      bitbucket: false,
      discord: false,
      email: true,
      facebook: false,
      github: false,
      gitlab: false,
      google: false,
      phone: false,
      saml: false,
    },
    disable_signup: !ctx.config.auth.enableSignup,
    mailer_autoconfirm: true,
    phone_autoconfirm: false,
    sms_provider: '',
    saml_enabled: false,
    saml_private_key_next_configured: false,
    passkeys_enabled: false,
  }));

  app.get('/health', async () => ({
    version: 'buzz-haven-embedded',
    name: 'GoTrue',
    description: 'GoTrue is a user registration and authentication API',
  }));

  // HS256-only: the shared secret is never published, so the key set is empty (like GoTrue).
  app.get('/.well-known/jwks.json', async (_req, reply) => {
    reply.header('cache-control', 'public, max-age=600');
    return { keys: [] };
  });
}
