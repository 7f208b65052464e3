/**
 * The `/auth/v1` plugin (GoTrue subset). The endpoints live in `api/` (one file per endpoint, named
 * like GoTrue's internal/api/*.go), the rows they read and write in `models/`. Every error leaves
 * through one handler so bodies, status codes and the version header follow GoTrue's conventions.
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import type { AuthContext } from './context.js';
import { AuthError, sendAuthError } from './errors.js';
import { adminRoutes } from './api/admin.js';
import { factorRoutes } from './api/factors.js';
import { generateLinkRoutes } from './api/generateLink.js';
import { inviteRoutes } from './api/invite.js';
import { jwksRoutes } from './api/jwks.js';
import { logoutRoutes } from './api/logout.js';
import { notOfferedRoutes } from './api/notOffered.js';
import { oauthClientRoutes } from './api/oauthClients.js';
import { otpRoutes } from './api/otp.js';
import { reauthenticateRoutes } from './api/reauthenticate.js';
import { recoverRoutes } from './api/recover.js';
import { resendRoutes } from './api/resend.js';
import { settingsRoutes } from './api/settings.js';
import { signupRoutes } from './api/signup.js';
import { tokenRoutes } from './api/token.js';
import { userRoutes } from './api/user.js';
import { verifyRoutes } from './api/verify.js';

/** Maps request-level failures (body parsing, size) to GoTrue's errors. */
function toAuthError(err: FastifyError): AuthError {
  if (err instanceof AuthError) return err;
  if (err.statusCode === 413) return new AuthError(413, 'request_entity_too_large', 'Request body too large');
  if (err.code === 'BAD_JSON' || err.code === 'FST_ERR_CTP_INVALID_JSON_BODY') {
    return new AuthError(400, 'bad_json', `Could not parse request body as JSON: ${err.message}`);
  }
  // Data the database refuses outright (e.g. a NUL byte in a string) is the client's mistake.
  const sqlstate = (err as { code?: unknown }).code;
  if (typeof sqlstate === 'string' && /^22[0-9A-Z]{3}$/.test(sqlstate)) {
    return new AuthError(400, 'validation_failed', 'Invalid input: the request contains characters that cannot be stored');
  }
  if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
    return new AuthError(err.statusCode, 'validation_failed', err.message);
  }
  return new AuthError(500, 'unexpected_failure', 'Unexpected failure, please check server logs for more information');
}

export function authPlugin(ctx: AuthContext) {
  return async (app: FastifyInstance): Promise<void> => {
    app.setErrorHandler((err: FastifyError, req, reply) => {
      const authErr = toAuthError(err);
      if (authErr.status >= 500) console.error(`auth ${req.method} ${req.url}:`, err);
      return sendAuthError(req, reply, authErr);
    });
    app.setNotFoundHandler((req, reply) =>
      sendAuthError(req, reply, new AuthError(404, 'not_found', 'Not Found')),
    );
    signupRoutes(app, ctx);
    tokenRoutes(app, ctx);
    userRoutes(app, ctx);
    logoutRoutes(app, ctx);
    recoverRoutes(app, ctx);
    settingsRoutes(app, ctx);
    jwksRoutes(app, ctx);
    verifyRoutes(app, ctx);
    inviteRoutes(app, ctx);
    factorRoutes(app, ctx);
    otpRoutes(app, ctx);
    resendRoutes(app, ctx);
    reauthenticateRoutes(app, ctx);
    adminRoutes(app, ctx);
    oauthClientRoutes(app, ctx);
    generateLinkRoutes(app, ctx);
    notOfferedRoutes(app, ctx);
  };
}
