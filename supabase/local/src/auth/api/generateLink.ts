/**
 * POST /auth/v1/admin/generate_link (GoTrue internal/api/mail.go adminGenerateLink; supabase-js
 * auth.admin.generateLink), service role only: makes the token an e-mail would carry and answers
 * it instead of sending anything, as `{...user, action_link, email_otp, hashed_token,
 * verification_type, redirect_to}` (supabase-js splits it into `user` and `properties`).
 * Types: signup (creates an unconfirmed user with `password` and `data`), invite (creates one
 * without a password, `invited_at` set), magiclink (an unknown address becomes a signup link, as
 * in GoTrue), recovery, email_change_current and email_change_new (`new_email` becomes the pending
 * address; the link is `type=email_change`). The link and the code verify like the mailed ones
 * (verify.ts): once, within `[auth.email] otp_expiry`.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { randomBytes, randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { Queryable } from '../../db/types.js';
import type { AuthContext } from '../context.js';
import { AuthError, unprocessable, validationFailed } from '../errors.js';
import { safeRedirect } from '../mailer/mailConfig.js';
import { actionLink, mailConfigOf } from '../mailer/send.js';
import { generateOtp, tokenHash } from '../models/emailToken.js';
import { ensureEmailIdentity, findUserByEmail, findUserById, userJson, type UserRow } from '../models/user.js';
import { assertPasswordStrength, hashPassword } from '../passwords.js';
import { normalizeEmail, parseBody, redirectParam } from '../requests.js';
import { mergeMetadata } from '../metadata.js';
import { requireServiceRole } from './invite.js';

const GenerateLinkBody = z.object({
  type: z.string().optional().nullable(),
  email: z.string().optional().nullable(),
  new_email: z.string().optional().nullable(),
  password: z.string().optional().nullable(),
  data: z.record(z.string(), z.unknown()).optional().nullable(),
  redirect_to: z.string().optional().nullable(),
});

const TYPES = ['signup', 'invite', 'magiclink', 'recovery', 'email_change_current', 'email_change_new'];
const emailExists = () => unprocessable('email_exists', 'A user with this email address has already been registered');

/** A new unconfirmed e-mail user (signup with a password, invite without one). */
async function insertUser(
  tx: Queryable,
  email: string,
  data: Record<string, unknown>,
  passwordHash: string | null,
  invited: boolean,
): Promise<UserRow> {
  const id = randomUUID();
  // GoTrue's SignupParams.ToUserModel: the metadata is `data` itself (the identity keeps the claims).
  const meta = data;
  await tx.query(
    `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, invited_at,
       raw_app_meta_data, raw_user_meta_data, created_at, updated_at, is_anonymous)
     values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', $2, $3,
       case when $4 then now() end, $5::jsonb, $6::jsonb, now(), now(), false)`,
    [id, email, passwordHash, invited, JSON.stringify({ provider: 'email', providers: ['email'] }), JSON.stringify(meta)],
  );
  const user = (await findUserById(tx, id))!;
  await ensureEmailIdentity(tx, user);
  return user;
}

export function generateLinkRoutes(app: FastifyInstance, ctx: AuthContext): void {
  const admin = { onRequest: async (req: FastifyRequest) => requireServiceRole(ctx, req) };

  app.post('/admin/generate_link', admin, async (req) => {
    const body = parseBody(GenerateLinkBody, req.body);
    if (!body.email) throw validationFailed('An email address is required');
    const email = normalizeEmail(body.email);
    const config = mailConfigOf(ctx);
    const requested = body.redirect_to ?? redirectParam(req);
    const redirectTo = safeRedirect(config, requested);
    let type = body.type ?? '';
    if (!TYPES.includes(type)) throw validationFailed(`Invalid email action link type requested: ${type}`);

    let password = body.password ?? '';
    const existing = await findUserByEmail(ctx.db, email);
    if (!existing) {
      if (type === 'magiclink') {
        type = 'signup';
        password = randomBytes(32).toString('base64url');
      } else if (type === 'recovery' || type.startsWith('email_change')) {
        throw new AuthError(404, 'user_not_found', 'User with this email not found');
      }
    }
    let passwordHash: string | null = null;
    if (type === 'signup' && !existing) {
      if (!ctx.config.auth.enableSignup) throw unprocessable('signup_disabled', 'Signups not allowed for this instance');
      if (!password) throw validationFailed('Signup requires a valid password');
      assertPasswordStrength(ctx.config.auth, password);
      passwordHash = await hashPassword(password);
    }
    const newEmail = type.startsWith('email_change') ? normalizeEmail(body.new_email ?? '') : undefined;

    const otp = generateOtp();
    const hashed = tokenHash(email, otp);
    const data = body.data ?? {};
    return ctx.db.transaction(async (tx) => {
      let user = existing ? (await findUserById(tx, existing.id))! : undefined;
      let linkToken = hashed;
      if (type === 'magiclink' || type === 'recovery') {
        await tx.query('update auth.users set recovery_token = $2, recovery_sent_at = now() where id = $1', [user!.id, hashed]);
      } else if (type === 'invite' || type === 'signup') {
        if (user?.email_confirmed_at) throw emailExists();
        if (!user) user = await insertUser(tx, email, data, passwordHash, type === 'invite');
        else if (type === 'signup' && body.data) {
          await tx.query('update auth.users set raw_user_meta_data = $2::jsonb where id = $1', [
            user.id,
            JSON.stringify(mergeMetadata(user.raw_user_meta_data, body.data)),
          ]);
        }
        await tx.query(
          `update auth.users set confirmation_token = $2, confirmation_sent_at = now(),
             invited_at = case when $3 then now() else invited_at end where id = $1`,
          [user.id, hashed, type === 'invite'],
        );
      } else {
        const other = await findUserByEmail(tx, newEmail!);
        if (other && other.id !== user!.id) throw emailExists();
        // The new address's token is computed over that address, the current one's over the current.
        const column = type === 'email_change_current' ? 'email_change_token_current' : 'email_change_token_new';
        if (type === 'email_change_new') linkToken = tokenHash(newEmail!, otp);
        await tx.query(
          `update auth.users set email_change = $2, email_change_sent_at = now(), email_change_confirm_status = 0,
             ${column} = $3 where id = $1`,
          [user!.id, newEmail, linkToken],
        );
      }
      await tx.query('update auth.users set updated_at = now() where id = $1', [user!.id]);
      const linkType = type.startsWith('email_change') ? 'email_change' : type;
      return {
        ...(await userJson(tx, (await findUserById(tx, user!.id))!)),
        action_link: actionLink(ctx, linkToken, linkType, redirectTo),
        email_otp: otp,
        hashed_token: hashed,
        verification_type: type,
        redirect_to: redirectTo,
      };
    });
  });
}
