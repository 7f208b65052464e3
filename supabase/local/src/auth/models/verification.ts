/**
 * What a verified e-mail link does to the user (GoTrue internal/api/verify.go signupVerify,
 * recoverVerify, emailChangeVerify): confirm the address (once), apply a pending e-mail change, and
 * (implicit flow and verifyOtp) start a session whose amr is `otp`.
 */
import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../../db/types.js';
import { sessionResponse } from '../accessToken.js';
import type { AuthContext } from '../context.js';
import { requestMeta } from '../requests.js';
import type { EmailTokenKind } from './emailToken.js';
import { startSession } from './session.js';
import { ensureEmailIdentity, findUserById } from './user.js';

export async function confirmVerifiedUser(
  tx: Queryable,
  userId: string,
  kind: EmailTokenKind,
  signIn?: { ctx: AuthContext; req: FastifyRequest },
): Promise<Record<string, unknown> | undefined> {
  if (kind === 'email_change') {
    await tx.query(
      `update auth.users set email = email_change, email_change = '', email_change_confirm_status = 0,
         email_change_token_current = '', email_change_token_new = '',
         email_confirmed_at = coalesce(email_confirmed_at, now()), updated_at = now()
        where id = $1 and coalesce(email_change, '') <> ''`,
      [userId],
    );
  } else {
    // GoTrue's User.Confirm: a first confirmation also marks user_metadata.email_verified.
    await tx.query(
      `update auth.users set email_confirmed_at = now(),
         raw_user_meta_data = coalesce(raw_user_meta_data, '{}'::jsonb) || '{"email_verified": true}'::jsonb,
         updated_at = now()
        where id = $1 and email_confirmed_at is null`,
      [userId],
    );
  }
  const user = (await findUserById(tx, userId))!;
  await ensureEmailIdentity(tx, user);
  await tx.query(
    `update auth.identities
        set identity_data = identity_data || jsonb_build_object('email', $2::text, 'email_verified', true), updated_at = now()
      where user_id = $1 and provider = 'email'`,
    [userId, user.email],
  );
  if (!signIn) return undefined;
  await tx.query('update auth.users set last_sign_in_at = now() where id = $1', [userId]);
  const { session, refreshToken } = await startSession(tx, user, requestMeta(signIn.req), 'otp');
  return sessionResponse(signIn.ctx, tx, (await findUserById(tx, userId))!, session, refreshToken);
}
