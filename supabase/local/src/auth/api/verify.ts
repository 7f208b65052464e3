/**
 * GET and POST /auth/v1/verify (GoTrue internal/api/verify.go) for the e-mail links and codes:
 * recovery and magiclink (the recovery token), invite and signup (the confirmation token), email
 * (either: signInWithOtp's code, verified as signup or magiclink like GoTrue), email_change.
 * - GET `?token=<hash>&type=&redirect_to=`: the link in the mail. 303 to redirect_to with the
 *   session in the fragment (implicit flow) or `?code=` (PKCE, token prefixed `pkce_`); a bad or
 *   expired link redirects with `#error=access_denied&error_code=otp_expired&error_description=`.
 * - POST `{type, token_hash}` or `{type, email, token}` (supabase-js verifyOtp): 200 with a session,
 *   or 403 otp_expired.
 * Tokens are single use and expire after `[auth.email] otp_expiry` seconds (GoTrue mailer_otp_exp).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Queryable } from '../../db/types.js';
import { accountLimits } from '../accountLimits.js';
import type { AuthContext } from '../context.js';
import { AuthError, forbidden, validationFailed } from '../errors.js';
import { flowMethodOf, mailConfigOf } from '../mailer/send.js';
import { safeRedirect } from '../mailer/mailConfig.js';
import { awaitsOtherConfirmation, SINGLE_CONFIRMATION } from '../models/emailChange.js';
import { consumeEmailToken, findByEmailAndOtp, findByTokenHash, isExpired, PKCE_PREFIX, type EmailTokenKind, type TokenOwner } from '../models/emailToken.js';
import { issueAuthCode } from '../models/flowState.js';
import { confirmVerifiedUser } from '../models/verification.js';
import { enforceRateLimit, normalizeEmail, parseBody } from '../requests.js';

const VerifyBody = z.object({
  type: z.string().optional().nullable(),
  token: z.string().optional().nullable(),
  token_hash: z.string().optional().nullable(),
  email: z.string().optional().nullable(),
  phone: z.string().optional().nullable(),
  redirect_to: z.string().optional().nullable(),
});

/** verifyOtp types -> the token columns they are looked up in (GoTrue verifyTokenHash). */
const KINDS: Record<string, EmailTokenKind[]> = {
  recovery: ['recovery'],
  magiclink: ['recovery'],
  invite: ['invite'],
  signup: ['invite'],
  email: ['invite', 'recovery'],
  email_change: ['email_change', 'email_change_current'],
};

/** The type a verification counts as once the token is found (`email` becomes signup or magiclink). */
function resolvedType(type: string, found: EmailTokenKind): string {
  if (type !== 'email') return type;
  return found === 'recovery' ? 'magiclink' : 'signup';
}

const linkExpired = () => forbidden('otp_expired', 'Email link is invalid or has expired');
const codeExpired = () => forbidden('otp_expired', 'Token has expired or is invalid');

function kindsOf(type: string | null | undefined): EmailTokenKind[] {
  if (!type) throw validationFailed('Verify requires a verification type');
  const kinds = KINDS[type];
  if (!kinds) throw validationFailed('Unsupported verification type');
  return kinds;
}

export function verifyRoutes(app: FastifyInstance, ctx: AuthContext): void {
  app.get('/verify', async (req: FastifyRequest, reply: FastifyReply) => {
    const q = req.query as Record<string, string | undefined>;
    if (!q.type) throw validationFailed('Verify requires a verification type');
    if (!q.token) throw validationFailed('Verify requires a token or a token hash');
    const redirectTo = safeRedirect(mailConfigOf(ctx), q.redirect_to);
    const pkce = q.token.startsWith(PKCE_PREFIX);
    const target = new URL(redirectTo);
    try {
      enforceRateLimit(accountLimits(ctx).verify, req);
      const kinds = kindsOf(q.type);
      const result = await runVerification(ctx, q.type, (tx) => findByTokenHash(tx, kinds, q.token!), linkExpired, req, pkce);
      if (result.pending) {
        target.hash = `${new URLSearchParams({ message: SINGLE_CONFIRMATION }).toString()}&sb=`;
      } else if (result.authCode) {
        target.searchParams.set('code', result.authCode);
      } else if (result.session) {
        const s = result.session as Record<string, string | number>;
        const hash = new URLSearchParams({
          access_token: String(s.access_token),
          expires_at: String(s.expires_at),
          expires_in: String(s.expires_in),
          refresh_token: String(s.refresh_token),
          token_type: 'bearer',
          type: result.type,
        });
        target.hash = `${hash.toString()}&sb=`;
      }
    } catch (err) {
      if (!(err instanceof AuthError) || err.status >= 500) throw err;
      // GoTrue's prepErrorRedirectURL: the error in the fragment (and the query for PKCE).
      const oauth = err.status === 403 ? 'access_denied' : err.status === 429 ? 'too_many_requests' : 'invalid_request';
      const hash = new URLSearchParams({ error: oauth, error_code: err.code, error_description: err.message });
      if (pkce) for (const [k, v] of hash) target.searchParams.set(k, v);
      target.hash = `${hash.toString()}&sb=`;
    }
    return reply.code(303).redirect(target.toString(), 303);
  });

  app.post('/verify', async (req) => {
    enforceRateLimit(accountLimits(ctx).verify, req);
    const body = parseBody(VerifyBody, req.body);
    const type = body.type ?? '';
    if ((type === 'sms' || type === 'phone_change') && body.token && body.phone && !body.email) {
      // GoTrue checks the number, then finds no user with it: there are no phone users here.
      if (!/^[1-9][0-9]{1,14}$/.test(body.phone.replace(/^\+/, '').replaceAll(' ', ''))) {
        throw validationFailed('Invalid phone number format (E.164 required)');
      }
      throw codeExpired();
    }
    const kinds = kindsOf(type);
    const hasToken = Boolean(body.token);
    const hasHash = Boolean(body.token_hash);
    if (hasToken === hasHash) throw validationFailed('Verify requires either a token or a token hash');
    if (hasHash) {
      if (body.email || body.phone || body.redirect_to) throw validationFailed('Only the token_hash and type should be provided');
      return answerOf(await runVerification(ctx, type, (tx) => findByTokenHash(tx, kinds, body.token_hash!), linkExpired, req, false));
    }
    if (body.phone || !body.email) throw validationFailed('Only an email address or phone number should be provided on verify');
    let email: string;
    try {
      email = normalizeEmail(body.email);
    } catch {
      throw new AuthError(422, 'validation_failed', 'Invalid email format');
    }
    return answerOf(await runVerification(ctx, type, (tx) => findByEmailAndOtp(tx, kinds, email, body.token!), codeExpired, req, false));
  });
}

/** POST /verify's answer: the session, or GoTrue's note that the other address must confirm too. */
function answerOf(result: Verified): Record<string, unknown> | undefined {
  return result.pending ? { msg: SINGLE_CONFIRMATION, code: '200' } : result.session;
}

interface Verified {
  session?: Record<string, unknown>;
  authCode?: string;
  /** An e-mail change that waits for its other link. */
  pending?: boolean;
  type: string;
}

async function runVerification(
  ctx: AuthContext,
  type: string,
  find: (tx: Queryable) => Promise<TokenOwner | undefined>,
  expired: () => AuthError,
  req: FastifyRequest,
  pkce: boolean,
): Promise<Verified> {
  const outcome = await ctx.db.transaction(async (tx) => {
    const owner = await find(tx);
    if (!owner) return expired();
    if (owner.banned_until && new Date(owner.banned_until).getTime() > Date.now()) return forbidden('user_banned', 'User is banned');
    // Used up whatever happens next: an expired token is consumed (committed), then reported.
    await consumeEmailToken(tx, owner.id, owner.kind);
    if (isExpired(owner.sent_at, mailConfigOf(ctx).otpExpiry)) return expired();
    const verifiedAs = resolvedType(type, owner.kind);
    const effect = owner.kind === 'email_change_current' ? 'email_change' : owner.kind;
    if (effect === 'email_change' && (await awaitsOtherConfirmation(ctx, tx, owner))) return { pending: true, type: verifiedAs };
    if (pkce) {
      await confirmVerifiedUser(tx, owner.id, effect);
      const authCode = await issueAuthCode(tx, owner.id, flowMethodOf(verifiedAs));
      if (!authCode) return forbidden('flow_state_not_found', 'No valid flow state found for user.');
      return { authCode, type: verifiedAs };
    }
    return { session: await confirmVerifiedUser(tx, owner.id, effect, { ctx, req }), type: verifiedAs };
  });
  if (outcome instanceof Error) throw outcome;
  return outcome;
}
