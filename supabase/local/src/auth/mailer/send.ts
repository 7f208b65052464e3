/**
 * Sends one auth e-mail the way GoTrue's mailer does (internal/mailer/templatemailer): a fresh
 * one-time token on the user, a PKCE flow state when the request carried a code challenge, and
 * the link `<issuer>/verify?token=<hash>&type=<type>&redirect_to=<allowed redirect>`. Locally
 * the message is delivered to the mailbox (mailbox.ts).
 */
import type { Queryable } from '../../db/types.js';
import type { AuthContext } from '../context.js';
import { createFlowState } from '../models/flowState.js';
import { assertUserMailAllowed, issueEmailToken, type EmailTokenKind } from '../models/emailToken.js';
import type { UserRow } from '../models/user.js';
import { deliver } from './mailbox.js';
import { loadMailConfig, safeRedirect, type MailConfig, type MailKind } from './mailConfig.js';
import { renderMail } from './templates.js';

const configs = new WeakMap<AuthContext, MailConfig>();

/** The mail settings of this server, read from config.toml once. */
export function mailConfigOf(ctx: AuthContext): MailConfig {
  let config = configs.get(ctx);
  if (!config) {
    config = loadMailConfig();
    configs.set(ctx, config);
  }
  return config;
}

export interface AuthMail {
  /** The token column the mail's token is stored in. */
  kind: EmailTokenKind;
  user: UserRow;
  /** The address the mail goes to (the new one for an e-mail change). */
  to: string;
  redirectTo?: string | null;
  pkce?: { challenge: string; method: string } | null;
  data?: Record<string, unknown>;
  /** The template, when not the kind's own (magic_link and confirmation share a column). */
  template?: MailKind;
  /** The link's `type=` (verify type), when not the kind's own: magiclink, signup. */
  linkType?: string;
}

/** The template, link type and PKCE authentication method of each token column by default. */
const DEFAULTS: Record<EmailTokenKind, { template: MailKind; linkType: string }> = {
  recovery: { template: 'recovery', linkType: 'recovery' },
  invite: { template: 'invite', linkType: 'invite' },
  email_change: { template: 'email_change', linkType: 'email_change' },
  email_change_current: { template: 'email_change', linkType: 'email_change' },
  reauthentication: { template: 'reauthentication', linkType: '' },
};

/**
 * GoTrue's models.AuthenticationMethod of a verify type: the PKCE flow state of a mail is stored
 * under it, and the session the code pays out carries it as its amr method.
 */
export function flowMethodOf(linkType: string): string {
  return linkType === 'signup' ? 'email/signup' : linkType;
}

/** `<issuer>/verify?token=&type=&redirect_to=` (GoTrue's GetEmailActionLink). */
export function actionLink(ctx: AuthContext, token: string, type: string, redirectTo: string): string {
  const link = new URL(`${ctx.issuer}/verify`);
  link.searchParams.set('token', token);
  link.searchParams.set('type', type);
  link.searchParams.set('redirect_to', redirectTo);
  return link.toString();
}

export async function sendAuthMail(ctx: AuthContext, tx: Queryable, mail: AuthMail): Promise<void> {
  const config = mailConfigOf(ctx);
  const template = mail.template ?? DEFAULTS[mail.kind].template;
  const linkType = mail.linkType ?? DEFAULTS[mail.kind].linkType;
  const { otp, hash, linkToken } = await issueEmailToken(tx, mail.user, mail.kind, mail.to, Boolean(mail.pkce));
  if (mail.pkce) await createFlowState(tx, mail.user.id, flowMethodOf(linkType), mail.pkce);
  const redirectTo = safeRedirect(config, mail.redirectTo);
  // A reauthentication mail carries only its code.
  const link = linkType ? actionLink(ctx, linkToken, linkType, redirectTo) : null;
  const { subject, html } = renderMail(config, template, {
    ConfirmationURL: link ?? '',
    Token: otp,
    TokenHash: hash,
    SiteURL: config.siteUrl,
    Email: mail.user.email ?? mail.to,
    NewEmail: mail.kind === 'email_change' ? mail.to : mail.kind === 'email_change_current' ? (mail.user.email_change ?? undefined) : undefined,
    RedirectTo: redirectTo,
    Data: mail.data ?? (mail.user.raw_user_meta_data ?? {}),
  });
  await deliver(tx, { kind: template, to: mail.to, subject, html, link });
}

/**
 * The sign-up confirmation (GoTrue's sendConfirmation): the confirmation link and code to an
 * unconfirmed user, at most once per `[auth.email] max_frequency` (429 otherwise). Verifying it
 * (type signup, or email for the code) confirms the address and signs in with amr `otp`.
 */
export async function sendConfirmation(
  ctx: AuthContext,
  tx: Queryable,
  user: UserRow,
  options: { redirectTo?: string | null; pkce?: { challenge: string; method: string } | null },
): Promise<void> {
  await assertUserMailAllowed(tx, user.id, 'invite', mailConfigOf(ctx).maxFrequency);
  await sendAuthMail(ctx, tx, {
    kind: 'invite',
    template: 'confirmation',
    linkType: 'signup',
    user,
    to: user.email ?? '',
    redirectTo: options.redirectTo,
    pkce: options.pkce,
  });
}
