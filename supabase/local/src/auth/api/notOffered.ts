/**
 * What the embedded backend does not offer, answered the way GoTrue answers when the feature is
 * switched off (as in the CLI's local defaults), not with a 404 or `unsupported_grant_type`, so a
 * client sees the same error code locally and on a hosted project without the feature:
 * - SSO/SAML (`/sso`, `/sso/saml/*`; supabase-js signInWithSSO): 404 saml_provider_disabled
 *   (GoTrue internal/api/middleware.go requireSAMLEnabled);
 * - manual identity linking (`GET /user/identities/authorize`, `DELETE /user/identities/{id}`;
 *   linkIdentity, unlinkIdentity): after the usual authentication, 404 manual_linking_disabled
 *   (requireManualLinkingEnabled);
 * - passkeys (`/passkeys/*`): 404 passkey_disabled (requirePasskeyEnabled);
 * - the OAuth 2.1 server's flow (`/oauth/*`, and `/admin/oauth/*` beyond the client registry of
 *   oauthClients.ts, which answers the same while `[auth.oauth_server]` is off) and custom
 *   providers (`/admin/custom-providers/*`): 404 feature_disabled (requireOAuthServerEnabled,
 *   requireCustomOAuthEnabled), the admin paths after the service-role check;
 * - OAuth providers (`GET /authorize?provider=`): 400 validation_failed "Unsupported provider"
 *   (external.go);
 * - `grant_type=id_token` (signInWithIdToken, token_oidc.go) and `grant_type=web3`
 *   (signInWithWeb3, web3.go): idTokenGrant and web3Grant below, called from token.ts.
 * Anonymous sign-ins (POST /signup without e-mail or phone) answer 422 anonymous_provider_disabled
 * in signup.ts unless `[auth] enable_anonymous_sign_ins` is on (off in config.toml).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { authenticate } from '../accessToken.js';
import type { AuthContext } from '../context.js';
import { AuthError, badRequest, unprocessable, validationFailed } from '../errors.js';
import { parseBody } from '../requests.js';
import { requireServiceRole } from './invite.js';

const samlDisabled = () => new AuthError(404, 'saml_provider_disabled', 'SAML 2.0 is disabled');
const linkingDisabled = () => new AuthError(404, 'manual_linking_disabled', 'Manual linking is disabled');
const passkeysDisabled = () => new AuthError(404, 'passkey_disabled', 'Passkeys are disabled');
const oauthServerDisabled = () => new AuthError(404, 'feature_disabled', 'OAuth server is disabled');
const customProvidersDisabled = () => new AuthError(404, 'feature_disabled', 'Custom OAuth providers are disabled');

/** GoTrue's OAuth providers (external.go Provider); none is configured here. */
const OAUTH_PROVIDERS = new Set([
  'apple', 'azure', 'bitbucket', 'discord', 'facebook', 'figma', 'fly', 'github', 'gitlab', 'google',
  'kakao', 'keycloak', 'linkedin', 'linkedin_oidc', 'notion', 'snapchat', 'spotify', 'slack',
  'slack_oidc', 'twitch', 'twitter', 'x', 'vercel_marketplace', 'workos', 'zoom',
]);

/** The fixed issuers of the id_token providers (internal/api/provider/*.go). */
const ID_TOKEN_ISSUERS: Record<string, string> = {
  google: 'https://accounts.google.com',
  facebook: 'https://www.facebook.com',
  kakao: 'https://kauth.kakao.com',
  snapchat: 'https://accounts.snapchat.com/accounts/oauth2/token',
  vercel_marketplace: 'https://marketplace.vercel.com',
  keycloak: '',
};

const APPLE_ISSUERS = ['https://appleid.apple.com', 'https://account.apple.com'];
const AZURE_ISSUER = /^https:\/\/(login\.microsoftonline\.com|sts\.windows\.net)\//;

const IdTokenBody = z.object({
  provider: z.string().optional().nullable(),
  id_token: z.string().optional().nullable(),
  client_id: z.string().optional().nullable(),
  issuer: z.string().optional().nullable(),
});

/** The unverified `iss` of a JWT, as GoTrue's Detect*IDTokenIssuer reads it. */
function issuerOf(token: string): string | undefined {
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { iss?: unknown };
    return typeof payload.iss === 'string' ? payload.iss : undefined;
  } catch {
    return undefined;
  }
}

const providerDisabled = (issuer: string) => badRequest('provider_disabled', `Provider (issuer ${JSON.stringify(issuer)}) is not enabled`);

/**
 * POST /token?grant_type=id_token: GoTrue's request checks (OAuth-style 400s), then the provider's
 * "not enabled" answer; an issuer outside the known providers is not allowed.
 */
export function idTokenGrant(req: FastifyRequest, reply: FastifyReply): FastifyReply {
  const body = parseBody(IdTokenBody, req.body);
  const oauthError = (description: string) => reply.code(400).send({ error: 'invalid request', error_description: description });
  if (!body.id_token) return oauthError('id_token required');
  const provider = (body.provider ?? '').toLowerCase();
  if (!provider && (!body.client_id || !body.issuer)) return oauthError('provider or client_id and issuer required');
  if (provider === 'apple' || APPLE_ISSUERS.includes(body.issuer ?? '')) {
    const detected = issuerOf(body.id_token);
    if (detected === undefined) throw validationFailed('Unable to detect issuer in ID token for Apple provider');
    if (!APPLE_ISSUERS.includes(detected)) throw validationFailed('Detected ID token issuer is not an Apple ID token issuer');
    throw providerDisabled(detected);
  }
  if (provider === 'azure' || AZURE_ISSUER.test(body.issuer ?? '')) {
    const detected = issuerOf(body.id_token);
    if (detected === undefined) throw validationFailed('Unable to detect issuer in ID token for Azure provider');
    if (!AZURE_ISSUER.test(detected)) throw validationFailed('Detected ID token issuer is not an Azure ID token issuer');
    throw providerDisabled(detected);
  }
  const known = Object.entries(ID_TOKEN_ISSUERS).find(([name, issuer]) => name === provider || (issuer !== '' && issuer === body.issuer));
  if (known) throw providerDisabled(known[1]);
  if (provider.startsWith('custom:')) throw validationFailed('Custom OAuth providers are disabled');
  throw validationFailed(`Custom OIDC provider ${JSON.stringify(body.provider ?? '')} not allowed`);
}

/** POST /token?grant_type=web3: no Solana or Ethereum provider is enabled (GoTrue web3.go). */
export function web3Grant(): never {
  throw unprocessable('web3_provider_disabled', 'Web3 provider is disabled');
}

export function notOfferedRoutes(app: FastifyInstance, ctx: AuthContext): void {
  app.post('/sso', async () => {
    throw samlDisabled();
  });
  app.get('/sso/saml/metadata', async () => {
    throw samlDisabled();
  });
  app.post('/sso/saml/acs', async () => {
    throw samlDisabled();
  });

  app.get('/user/identities/authorize', async (req) => {
    await authenticate(ctx, req);
    throw linkingDisabled();
  });
  app.delete('/user/identities/:id', async (req) => {
    await authenticate(ctx, req);
    throw linkingDisabled();
  });

  app.all('/passkeys', async () => {
    throw passkeysDisabled();
  });
  app.all('/passkeys/*', async () => {
    throw passkeysDisabled();
  });

  const admin = { onRequest: async (req: FastifyRequest) => requireServiceRole(ctx, req) };
  for (const path of ['/oauth', '/oauth/*']) {
    app.all(path, async () => {
      throw oauthServerDisabled();
    });
  }
  for (const path of ['/admin/oauth', '/admin/oauth/*']) {
    app.all(path, admin, async () => {
      throw oauthServerDisabled();
    });
  }
  for (const path of ['/admin/custom-providers', '/admin/custom-providers/*']) {
    app.all(path, admin, async () => {
      throw customProvidersDisabled();
    });
  }

  app.get('/authorize', async (req) => {
    const provider = String((req.query as Record<string, unknown>).provider ?? '').toLowerCase();
    const why = OAUTH_PROVIDERS.has(provider) || provider.startsWith('custom:')
      ? provider.startsWith('custom:') ? 'custom OAuth providers are disabled' : 'provider is not enabled'
      : `Provider ${provider} could not be found`;
    throw validationFailed(`Unsupported provider: ${why}`);
  });
}
