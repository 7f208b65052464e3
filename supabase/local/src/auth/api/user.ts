/** GET/PUT /auth/v1/user (GoTrue internal/api/user.go): the signed-in user, read and updated. */
import { mergeMetadata } from '../metadata.js';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AuthContext } from '../context.js';
import { AuthError, forbidden, unprocessable, validationFailed } from '../errors.js';
import { assertPasswordStrength, hashPassword, verifyPassword } from '../passwords.js';
import { enforceEmailLimit, normalizeEmail, parseBody, redirectParam } from '../requests.js';
import { authenticate } from '../accessToken.js';
import { verifyNonce } from './reauthenticate.js';
import { requestEmailChange } from '../models/emailChange.js';
import { endSessions } from '../models/session.js';
import { findUserByEmail, findUserById, userJson } from '../models/user.js';

const UserUpdate = z.object({
  email: z.string().optional().nullable(),
  phone: z.string().optional().nullable(),
  password: z.string().optional().nullable(),
  data: z.record(z.string(), z.unknown()).optional().nullable(),
  app_metadata: z.record(z.string(), z.unknown()).optional().nullable(),
  nonce: z.string().optional().nullable(),
});

const emailTaken = () => unprocessable('email_exists', 'A user with this email address has already been registered');

/**
 * GoTrue's UserUpdate (internal/api/user.go): once the user has a verified factor, a password or
 * e-mail change needs an aal2 session (401 insufficient_aal), so a stolen password alone cannot
 * replace the password (or the address that receives reset links) of an owner or admin. This is
 * the stricter of GoTrue's two guards; its other one, secure_password_change (config.toml:
 * reauthenticate when the sign-in is older than 24 h), is off here as in the CLI's defaults. A
 * recovery link signs in at aal1, so a user with a factor enters a code before the new password.
 */
async function requireAal2IfMfa(ctx: AuthContext, userId: string, sessionId: string | null): Promise<void> {
  const { rows } = await ctx.db.query<{ mfa: boolean; aal: string | null }>(
    `select exists (select 1 from auth.mfa_factors where user_id = $1 and status = 'verified') as mfa,
            (select aal::text from auth.sessions where id = $2) as aal`,
    [userId, sessionId],
  );
  if (rows[0]?.mfa && rows[0].aal !== 'aal2') {
    throw new AuthError(401, 'insufficient_aal', 'AAL2 session is required to update email or password when MFA is enabled.');
  }
}

export function userRoutes(app: FastifyInstance, ctx: AuthContext): void {
  app.get('/user', async (req) => {
    const { user } = await authenticate(ctx, req);
    return userJson(ctx.db, user);
  });

  app.put('/user', async (req) => {
    const { user, sessionId } = await authenticate(ctx, req);
    const body = parseBody(UserUpdate, req.body);
    if (body.app_metadata) throw forbidden('not_admin', 'Updating app_metadata requires admin privileges');
    if (body.phone) throw unprocessable('phone_provider_disabled', 'Phone signups are disabled');
    const changesEmail = !!body.email && body.email.trim().toLowerCase() !== (user.email ?? '').toLowerCase();
    if (body.password || changesEmail) await requireAal2IfMfa(ctx, user.id, sessionId);

    let passwordHash: string | undefined;
    if (body.password !== undefined && body.password !== null) {
      if (body.password === '') throw validationFailed('Password update requires a valid password');
      assertPasswordStrength(ctx.config.auth, body.password);
      if (await verifyPassword(body.password, user.encrypted_password)) {
        throw unprocessable('same_password', 'New password should be different from the old password.');
      }
      passwordHash = await hashPassword(body.password);
    }
    let email: string | undefined;
    if (changesEmail) {
      email = normalizeEmail(body.email!);
      const other = await findUserByEmail(ctx.db, email);
      if (other && other.id !== user.id) {
        throw emailTaken();
      }
    }
    const meta = body.data ? mergeMetadata(user.raw_user_meta_data ?? {}, body.data) : undefined;

    // GoTrue applies a new address at once only for an anonymous user under autoconfirm; anyone
    // else confirms it from the mailbox first (models/emailChange.ts).
    const applyEmailNow = Boolean(user.is_anonymous) && ctx.config.auth.mailerAutoconfirm;
    if (email && !applyEmailNow) enforceEmailLimit(ctx.limits.emailSent, req);

    return ctx.db.transaction(async (tx) => {
      // A nonce from GET /reauthenticate is checked and used up (GoTrue checks it only when
      // secure_password_change asks for one; a nonce sent here is never ignored).
      if (passwordHash && body.nonce) await verifyNonce(ctx, tx, user, body.nonce);
      if (email && !applyEmailNow) await requestEmailChange(ctx, tx, user, email, redirectParam(req));
      await tx.query(
        `update auth.users set
           encrypted_password = coalesce($2, encrypted_password),
           email = coalesce($3, email),
           raw_user_meta_data = coalesce($4::jsonb, raw_user_meta_data),
           updated_at = now()
         where id = $1`,
        [user.id, passwordHash ?? null, applyEmailNow ? email : null, meta ? JSON.stringify(meta) : null],
      );
      if (passwordHash) {
        // Whoever knew the old password is signed out everywhere else; this session stays
        // (GoTrue internal/models/user.go UpdatePassword: LogoutAllExceptMe).
        await endSessions(tx, user.id, sessionId);
      }
      if (email && applyEmailNow) {
        // The e-mail identity follows the address.
        await tx.query(
          `update auth.identities
              set identity_data = identity_data || jsonb_build_object('email', $2::text), updated_at = now()
            where user_id = $1 and provider = 'email'`,
          [user.id, email],
        );
      }
      return userJson(tx, (await findUserById(tx, user.id))!);
    }).catch((err: unknown) => {
      // Two users claiming one address at once: the unique e-mail index decides.
      throw (err as { code?: string }).code === '23505' ? emailTaken() : err;
    });
  });
}
