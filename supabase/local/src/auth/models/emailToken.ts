/**
 * One-time e-mail tokens as GoTrue keeps them on auth.users (internal/models/user.go,
 * internal/crypto): the mail carries a 6-digit code and the token hash `sha224(email + code)`; the
 * user row stores the hash (prefixed `pkce_` when the request carried a code challenge) with the
 * time it was sent, in the column of its kind. Verifying clears the column: each link works once.
 */
import { createHash, randomInt } from 'node:crypto';
import type { Queryable } from '../../db/types.js';
import { AuthError } from '../errors.js';
import type { UserRow } from './user.js';

/**
 * The token columns: recovery (also magic links), invite (confirmation_token: invitations and
 * sign-up confirmations), email_change (the new address), email_change_current (the current
 * address, secure e-mail change), reauthentication (the nonce for a password change).
 */
export type EmailTokenKind = 'recovery' | 'invite' | 'email_change' | 'email_change_current' | 'reauthentication';

export const PKCE_PREFIX = 'pkce_';

/** GoTrue's crypto.GenerateTokenHash. */
export function tokenHash(email: string, otp: string): string {
  return createHash('sha224').update(email + otp).digest('hex');
}

/** GoTrue's crypto.GenerateOtp: `otp_length` random digits. */
export function generateOtp(length = 6): string {
  return Array.from({ length }, () => String(randomInt(10))).join('');
}

/** Column pairs per kind (token, sent at). */
const COLUMNS: Record<EmailTokenKind, { token: string; sentAt: string }> = {
  recovery: { token: 'recovery_token', sentAt: 'recovery_sent_at' },
  invite: { token: 'confirmation_token', sentAt: 'confirmation_sent_at' },
  email_change: { token: 'email_change_token_new', sentAt: 'email_change_sent_at' },
  email_change_current: { token: 'email_change_token_current', sentAt: 'email_change_sent_at' },
  reauthentication: { token: 'reauthentication_token', sentAt: 'reauthentication_sent_at' },
};

export interface IssuedToken {
  otp: string;
  hash: string;
  /** What the link's `token=` carries: the hash, with `pkce_` for a PKCE flow. */
  linkToken: string;
}

/**
 * Stores a fresh token of `kind` for the user. `email` is the address the mail goes to (the new
 * address for an e-mail change), which the hash is computed over.
 */
export async function issueEmailToken(
  tx: Queryable,
  user: UserRow,
  kind: EmailTokenKind,
  email: string,
  pkce: boolean,
): Promise<IssuedToken> {
  const otp = generateOtp();
  const hash = tokenHash(email, otp);
  const linkToken = pkce ? PKCE_PREFIX + hash : hash;
  const { token, sentAt } = COLUMNS[kind];
  await tx.query(`update auth.users set ${token} = $2, ${sentAt} = now(), updated_at = now() where id = $1`, [
    user.id,
    linkToken,
  ]);
  return { otp, hash, linkToken };
}

export interface TokenOwner {
  id: string;
  email: string | null;
  sent_at: Date | string | null;
  stored: string;
  banned_until: Date | string | null;
  /** Which of the searched kinds held the token. */
  kind: EmailTokenKind;
}

/** The user whose token of one of `kinds` is `hash` (with or without the pkce_ prefix). */
export async function findByTokenHash(db: Queryable, kinds: EmailTokenKind[], hash: string): Promise<TokenOwner | undefined> {
  if (!hash) return undefined;
  const bare = hash.startsWith(PKCE_PREFIX) ? hash.slice(PKCE_PREFIX.length) : hash;
  for (const kind of kinds) {
    const { token, sentAt } = COLUMNS[kind];
    const { rows } = await db.query<Omit<TokenOwner, 'kind'>>(
      `select id, email, ${sentAt} as sent_at, ${token} as stored, banned_until from auth.users
        where ${token} in ($1, $2) and deleted_at is null limit 1 for update`,
      [bare, PKCE_PREFIX + bare],
    );
    if (rows[0]) return { ...rows[0], kind };
  }
  return undefined;
}

/**
 * The token of one of `kinds` of the user with this address, for the e-mail + code form. The new
 * address's token is looked up by the pending address (GoTrue's FindUserForEmailChange).
 */
export async function findByEmailAndOtp(
  db: Queryable,
  kinds: EmailTokenKind[],
  email: string,
  otp: string,
): Promise<TokenOwner | undefined> {
  const hash = tokenHash(email, otp);
  for (const kind of kinds) {
    const { token, sentAt } = COLUMNS[kind];
    const emailColumn = kind === 'email_change' ? 'email_change' : 'email';
    const { rows } = await db.query<Omit<TokenOwner, 'kind'>>(
      `select id, email, ${sentAt} as sent_at, ${token} as stored, banned_until from auth.users
        where lower(${emailColumn}) = lower($1) and ${token} in ($2, $3) and deleted_at is null
        limit 1 for update`,
      [email, hash, PKCE_PREFIX + hash],
    );
    if (rows[0]) return { ...rows[0], kind };
  }
  return undefined;
}

export function isExpired(sentAt: Date | string | null, otpExpirySeconds: number): boolean {
  return !sentAt || Date.now() > new Date(sentAt).getTime() + otpExpirySeconds * 1000;
}

/**
 * Single use: the token column is emptied whatever the outcome of the verification. An e-mail
 * change's other token stays until the change is applied (emailChange.ts).
 */
export async function consumeEmailToken(tx: Queryable, userId: string, kind: EmailTokenKind): Promise<void> {
  await tx.query(`update auth.users set ${COLUMNS[kind].token} = '' where id = $1`, [userId]);
}

/**
 * GoTrue's validateSentWithinFrequencyLimit (internal/api/mail.go): another e-mail of a kind to one
 * user within `[auth.email] max_frequency` is refused with 429 over_email_send_rate_limit.
 */
export function assertSentLongEnoughAgo(sentAt: Date | string | null, maxFrequencySeconds: number): void {
  if (!sentAt) return;
  const leftMs = new Date(sentAt).getTime() + maxFrequencySeconds * 1000 - Date.now();
  if (leftMs > 0) {
    throw new AuthError(429, 'over_email_send_rate_limit', `For security purposes, you can only request this after ${Math.floor(leftMs / 1000)} seconds.`);
  }
}

/** The check above for the user's last e-mail of `kind`, its row locked until the mail is stored. */
export async function assertUserMailAllowed(tx: Queryable, userId: string, kind: EmailTokenKind, maxFrequencySeconds: number): Promise<void> {
  const { rows } = await tx.query<{ sent_at: Date | string | null }>(
    `select ${COLUMNS[kind].sentAt} as sent_at from auth.users where id = $1 for update`,
    [userId],
  );
  assertSentLongEnoughAgo(rows[0]?.sent_at ?? null, maxFrequencySeconds);
}
