/**
 * GET /auth/v1/settings and /auth/v1/health (GoTrue internal/api/settings.go, health in
 * internal/api/api.go): what the server offers, for clients that ask before they call.
 */
import type { FastifyInstance } from 'fastify';
import type { AuthContext } from '../context.js';

export function settingsRoutes(app: FastifyInstance, ctx: AuthContext): void {
  app.get('/settings', async () => ({
    external: {
      anonymous_users: ctx.config.auth.enableAnonymousSignIns,
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
    mailer_autoconfirm: ctx.config.auth.mailerAutoconfirm,
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
}
