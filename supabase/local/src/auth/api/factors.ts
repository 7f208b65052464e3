/**
 * TOTP two-factor endpoints (GoTrue internal/api/mfa.go; supabase-js auth.mfa.*):
 * POST /factors (enroll), POST /factors/{id}/challenge, POST /factors/{id}/verify (raises the
 * session to aal2 and answers a new session), DELETE /factors/{id} (unenroll). TOTP factors; WebAuthn
 * factors enrol and unenrol when `[auth.mfa.web_authn] enroll_enabled` is on, and their challenge and
 * verify answer GoTrue's "MFA verification is disabled for WebAuthn" (verify_enabled off: no
 * attestation or assertion checking here). Phone factors: "MFA enroll is disabled for Phone".
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { insertRefreshToken } from '../models/session.js';
import { authenticate, sessionResponse, type Authenticated } from '../accessToken.js';
import { accountLimits } from '../accountLimits.js';
import type { AuthContext } from '../context.js';
import { AuthError, forbidden, unprocessable, validationFailed } from '../errors.js';
import { mailConfigOf } from '../mailer/send.js';
import { raiseToAal2, recordAmr, sessionAssurance } from '../models/amr.js';
import { CHALLENGE_EXPIRY_S, claimTotpStep, createChallenge, enrollTotp, enrollWebAuthn, findChallenge, findFactor, listFactors, totpStepOf } from '../models/factor.js';
import type { SessionRow } from '../models/session.js';
import { findUserById } from '../models/user.js';
import { enforceRateLimit, parseBody } from '../requests.js';

/** GoTrue's MaxEnrolledFactors default. */
const MAX_FACTORS = 10;

const EnrollBody = z.object({
  factor_type: z.string().optional().nullable(),
  friendly_name: z.string().max(200).optional().nullable(),
  issuer: z.string().max(200).optional().nullable(),
});
const VerifyBody = z.object({ challenge_id: z.string().optional().nullable(), code: z.string().optional().nullable() });

async function sessionOf(ctx: AuthContext, auth: Authenticated): Promise<SessionRow & { aal: string }> {
  if (!auth.sessionId) throw forbidden('session_not_found', 'A valid session is required');
  const { rows } = await ctx.db.query<SessionRow & { aal: string }>(
    'select id, user_id, created_at, not_after, aal::text as aal from auth.sessions where id = $1',
    [auth.sessionId],
  );
  if (!rows[0]) throw forbidden('session_not_found', 'Session from session_id claim in JWT does not exist');
  return rows[0];
}

const factorNotFound = () => new AuthError(404, 'mfa_factor_not_found', 'Factor not found');

export function factorRoutes(app: FastifyInstance, ctx: AuthContext): void {
  app.post('/factors', async (req) => {
    const auth = await authenticate(ctx, req);
    const session = await sessionOf(ctx, auth);
    const body = parseBody(EnrollBody, req.body);
    const webauthn = body.factor_type === 'webauthn' && ctx.config.auth.mfaWebAuthnEnrollEnabled;
    if (body.factor_type !== 'totp' && !webauthn) {
      if (body.factor_type === 'phone' || body.factor_type === 'webauthn') {
        throw unprocessable(`mfa_${body.factor_type}_enroll_not_enabled`, `MFA enroll is disabled for ${body.factor_type === 'phone' ? 'Phone' : 'WebAuthn'}`);
      }
      throw validationFailed('factor_type needs to be totp, phone, or webauthn');
    }
    const name = body.friendly_name?.trim() || null;
    const factors = await listFactors(ctx.db, auth.user.id);
    if (name && factors.some((f) => f.friendly_name === name)) {
      throw unprocessable('mfa_factor_name_conflict', `A factor with the friendly name "${name}" for this user already exists`);
    }
    if (factors.length >= MAX_FACTORS) {
      throw unprocessable('too_many_enrolled_mfa_factors', 'Maximum number of verified factors reached, unenroll to continue');
    }
    if (factors.some((f) => f.status === 'verified') && session.aal !== 'aal2') {
      throw forbidden('insufficient_aal', 'AAL2 required to enroll a new factor');
    }
    if (webauthn) {
      const factor = await enrollWebAuthn(ctx.db, auth.user.id, name);
      return { id: factor.id, type: 'webauthn', friendly_name: factor.friendly_name ?? '' };
    }
    const issuer = body.issuer?.trim() || new URL(mailConfigOf(ctx).siteUrl).hostname;
    const { factor, secret, uri, qrSvg } = await enrollTotp(ctx.db, auth.user.id, auth.user.email ?? '', issuer, name);
    return { id: factor.id, type: 'totp', friendly_name: factor.friendly_name ?? '', totp: { qr_code: qrSvg, secret, uri } };
  });

  app.post('/factors/:id/challenge', async (req: FastifyRequest) => {
    const auth = await authenticate(ctx, req);
    const factor = await findFactor(ctx.db, auth.user.id, (req.params as { id: string }).id);
    if (!factor) throw factorNotFound();
    if (factor.factor_type === 'webauthn') throw unprocessable('mfa_webauthn_verify_not_enabled', 'MFA verification is disabled for WebAuthn');
    const challenge = await ctx.db.transaction((tx) => createChallenge(tx, factor.id, req.ip));
    return { id: challenge.id, type: 'totp', expires_at: challenge.expiresAt };
  });

  app.post('/factors/:id/verify', async (req: FastifyRequest) => {
    enforceRateLimit(accountLimits(ctx).factorVerify, req);
    const auth = await authenticate(ctx, req);
    const session = await sessionOf(ctx, auth);
    const body = parseBody(VerifyBody, req.body);
    const factor = await findFactor(ctx.db, auth.user.id, (req.params as { id: string }).id);
    if (!factor) throw factorNotFound();
    // GoTrue answers a WebAuthn verify while verify_enabled is off with the enroll code (mfa.go VerifyFactor).
    if (factor.factor_type === 'webauthn') throw unprocessable('mfa_webauthn_enroll_not_enabled', 'MFA verification is disabled for WebAuthn');
    if (!body.code) throw validationFailed('Code needs to be non-empty');
    const outcome = await ctx.db.transaction(async (tx) => {
      const challenge = await findChallenge(tx, factor.id, body.challenge_id ?? '');
      if (!challenge || challenge.verified_at) {
        return unprocessable('mfa_factor_not_found', 'MFA factor with the provided challenge ID not found');
      }
      if (Date.now() > new Date(challenge.created_at).getTime() + CHALLENGE_EXPIRY_S * 1000) {
        await tx.query('delete from auth.mfa_challenges where id = $1', [challenge.id]);
        return unprocessable('mfa_challenge_expired', `MFA challenge ${challenge.id} has expired, verify against another challenge or create a new challenge.`);
      }
      // A code already used (its time step or a later one accepted before) reads as a wrong one.
      const step = totpStepOf(factor, body.code!);
      if (step === null || !(await claimTotpStep(tx, factor.id, step))) {
        return unprocessable('mfa_verification_failed', 'Invalid TOTP code entered');
      }
      await tx.query('update auth.mfa_challenges set verified_at = now() where id = $1', [challenge.id]);
      await tx.query(`update auth.mfa_factors set status = 'verified', updated_at = now() where id = $1`, [factor.id]);
      // GoTrue: the enrolment drops the other unverified TOTP factors and every aal1 session but this one.
      await tx.query(`delete from auth.mfa_factors where user_id = $1 and status = 'unverified' and factor_type = 'totp' and id <> $2`, [auth.user.id, factor.id]);
      await tx.query(`delete from auth.sessions where user_id = $1 and id <> $2 and coalesce(aal::text, 'aal1') = 'aal1'`, [auth.user.id, session.id]);
      await raiseToAal2(tx, session.id, factor.id);
      await recordAmr(tx, session.id, 'totp');
      // The new access token comes with a new refresh token of the same session; older ones stop working.
      const { rows } = await tx.query<{ token: string }>(
        'update auth.refresh_tokens set revoked = true, updated_at = now() where session_id = $1 and revoked = false returning token',
        [session.id],
      );
      const refreshToken = await insertRefreshToken(tx, auth.user.id, session.id, rows[0]?.token ?? null);
      return sessionResponse(ctx, tx, (await findUserById(tx, auth.user.id))!, session, refreshToken);
    });
    if (outcome instanceof Error) throw outcome;
    return outcome;
  });

  app.delete('/factors/:id', async (req: FastifyRequest) => {
    const auth = await authenticate(ctx, req);
    const session = await sessionOf(ctx, auth);
    const factor = await findFactor(ctx.db, auth.user.id, (req.params as { id: string }).id);
    if (!factor) throw factorNotFound();
    const { aal } = await sessionAssurance(ctx.db, session.id, session.created_at);
    if (factor.status === 'verified' && aal !== 'aal2') throw unprocessable('insufficient_aal', 'AAL2 required to unenroll verified factor');
    await ctx.db.transaction(async (tx) => {
      await tx.query('delete from auth.mfa_factors where id = $1', [factor.id]);
      // GoTrue's DowngradeSessionsToAAL1: sessions that relied on this factor fall back to aal1.
      await tx.query(`update auth.sessions set aal = 'aal1', factor_id = null where factor_id = $1`, [factor.id]);
    });
    return { id: factor.id };
  });
}
