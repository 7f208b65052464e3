/**
 * Sends one auth e-mail the way GoTrue's mailer does (internal/mailer/templatemailer): a fresh
 * one-time token on the user, a PKCE flow state when the request carried a code challenge, and
 * the link `<issuer>/verify?token=<hash>&type=<type>&redirect_to=<allowed redirect>`. Locally
 * the message is delivered to the mailbox (mailbox.ts).
 */
import type { Queryable } from '../../db/types.js';
import type { AuthContext } from '../context.js';
import { createFlowState } from '../models/flowState.js';
import { issueEmailToken, type EmailTokenKind } from '../models/emailToken.js';
import type { UserRow } from '../models/user.js';
import { deliver } from './mailbox.js';
import { loadMailConfig, safeRedirect, type MailConfig } from './mailConfig.js';
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
  kind: EmailTokenKind;
  user: UserRow;
  /** The address the mail goes to (the new one for an e-mail change). */
  to: string;
  redirectTo?: string | null;
  pkce?: { challenge: string; method: string } | null;
  data?: Record<string, unknown>;
}

/** GoTrue names the flow of a recovery/invite/email change by its type (models.AuthenticationMethod). */
const FLOW_METHOD: Record<EmailTokenKind, string> = { recovery: 'recovery', invite: 'invite', email_change: 'email_change' };

export async function sendAuthMail(ctx: AuthContext, tx: Queryable, mail: AuthMail): Promise<void> {
  const config = mailConfigOf(ctx);
  const { otp, hash, linkToken } = await issueEmailToken(tx, mail.user, mail.kind, mail.to, Boolean(mail.pkce));
  if (mail.pkce) await createFlowState(tx, mail.user.id, FLOW_METHOD[mail.kind], mail.pkce);
  const redirectTo = safeRedirect(config, mail.redirectTo);
  const link = new URL(`${ctx.issuer}/verify`);
  link.searchParams.set('token', linkToken);
  link.searchParams.set('type', mail.kind);
  link.searchParams.set('redirect_to', redirectTo);
  const { subject, html } = renderMail(config, mail.kind, {
    ConfirmationURL: link.toString(),
    Token: otp,
    TokenHash: hash,
    SiteURL: config.siteUrl,
    Email: mail.user.email ?? mail.to,
    NewEmail: mail.kind === 'email_change' ? mail.to : undefined,
    RedirectTo: redirectTo,
    Data: mail.data ?? (mail.user.raw_user_meta_data ?? {}),
  });
  await deliver(tx, { kind: mail.kind, to: mail.to, subject, html, link: link.toString() });
}
