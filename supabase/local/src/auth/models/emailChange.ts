/**
 * An e-mail change by the signed-in user (GoTrue internal/api/user.go, mail.go sendEmailChange,
 * verify.go emailChangeVerify): the new address is only pending (`email_change`) until a link or
 * code mailed to it is verified, so nobody moves their account onto an address they cannot read
 * (which would hand them the data kept under that address, such as an adopter's /my-hive). With
 * `[auth.email] double_confirm_changes` the current address is mailed a link as well.
 * Stricter than GoTrue in one case: with autoconfirm GoTrue applies the change on either link,
 * the current address's included; here the new address's link is always needed.
 */
import type { Queryable } from '../../db/types.js';
import type { AuthContext } from '../context.js';
import { mailConfigOf, sendAuthMail } from '../mailer/send.js';
import { assertUserMailAllowed, type TokenOwner } from './emailToken.js';
import { findUserById, type UserRow } from './user.js';

/** GoTrue's singleConfirmationAccepted: one of two links verified, the change still pending. */
export const SINGLE_CONFIRMATION = 'Confirmation link accepted. Please proceed to confirm link sent to the other email';

export async function requestEmailChange(
  ctx: AuthContext,
  tx: Queryable,
  user: UserRow,
  newEmail: string,
  redirectTo: string | undefined,
): Promise<void> {
  await assertUserMailAllowed(tx, user.id, 'email_change', mailConfigOf(ctx).maxFrequency);
  await tx.query(
    `update auth.users set email_change = $2, email_change_confirm_status = 0,
       email_change_token_current = '', email_change_token_new = '' where id = $1`,
    [user.id, newEmail],
  );
  const pending = (await findUserById(tx, user.id))!;
  await sendAuthMail(ctx, tx, { kind: 'email_change', user: pending, to: newEmail, redirectTo });
  if (ctx.config.auth.doubleConfirmChanges && user.email) {
    await sendAuthMail(ctx, tx, { kind: 'email_change_current', user: pending, to: user.email, redirectTo });
  }
}

/**
 * After one of a change's tokens was verified (and used up): whether the change still waits for
 * the other one. The current address's link never applies a change alone while the new address's
 * is pending; the new address's waits for the current one's when both are required (GoTrue:
 * double_confirm_changes with confirmations on). Waiting marks email_change_confirm_status 1.
 */
export async function awaitsOtherConfirmation(ctx: AuthContext, tx: Queryable, owner: TokenOwner): Promise<boolean> {
  const { rows } = await tx.query<{ current: string | null; next: string | null }>(
    'select email_change_token_current as current, email_change_token_new as next from auth.users where id = $1',
    [owner.id],
  );
  const pendingNew = Boolean(rows[0]?.next);
  const pendingCurrent = Boolean(rows[0]?.current);
  const bothRequired = ctx.config.auth.doubleConfirmChanges && !ctx.config.auth.mailerAutoconfirm;
  const waiting = owner.kind === 'email_change_current' ? pendingNew : bothRequired && pendingCurrent;
  if (waiting) await tx.query('update auth.users set email_change_confirm_status = 1 where id = $1', [owner.id]);
  return waiting;
}
