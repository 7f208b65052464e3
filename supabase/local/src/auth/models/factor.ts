/**
 * TOTP factors and their challenges (GoTrue internal/models/factor.go, challenge.go): rows of
 * auth.mfa_factors (status unverified until the first correct code) and auth.mfa_challenges.
 * Codes are RFC 6238 (SHA-1, 6 digits, 30 s) through the otpauth library, one step of clock skew
 * allowed either way, like GoTrue's totp.ValidateCustom. Stricter than GoTrue, which accepts a
 * code again as long as it is in the window: each factor remembers the last time step it accepted
 * (auth.mfa_factors.last_totp_step, local only) and refuses that step and older ones, so a code
 * seen over a shoulder or phished cannot raise a second session to aal2 (RFC 6238 section 5.2).
 */
import { randomUUID } from 'node:crypto';
import * as OTPAuth from 'otpauth';
import QRCode from 'qrcode';
import type { Queryable } from '../../db/types.js';

export interface FactorRow {
  id: string;
  user_id: string;
  friendly_name: string | null;
  factor_type: string;
  status: 'verified' | 'unverified';
  created_at: Date | string;
  updated_at: Date | string;
  secret: string | null;
  last_challenged_at: Date | string | null;
}

const COLUMNS = 'id, user_id, friendly_name, factor_type::text as factor_type, status::text as status, created_at, updated_at, secret, last_challenged_at';

export async function listFactors(db: Queryable, userId: string): Promise<FactorRow[]> {
  const { rows } = await db.query<FactorRow>(`select ${COLUMNS} from auth.mfa_factors where user_id = $1 order by created_at`, [userId]);
  return rows;
}

export async function listFactorsOf(db: Queryable, userIds: string[]): Promise<FactorRow[]> {
  const { rows } = await db.query<FactorRow>(
    `select ${COLUMNS} from auth.mfa_factors where user_id = any($1::uuid[]) order by created_at`,
    [userIds],
  );
  return rows;
}

export async function findFactor(db: Queryable, userId: string, id: string): Promise<FactorRow | undefined> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
  const { rows } = await db.query<FactorRow>(`select ${COLUMNS} from auth.mfa_factors where id = $1 and user_id = $2`, [id, userId]);
  return rows[0];
}

/** The factor as GoTrue serializes it (in GET /user `factors` and the enroll answer). */
export function factorJson(f: FactorRow): Record<string, unknown> {
  const iso = (v: Date | string | null) => (v ? new Date(v).toISOString() : undefined);
  return Object.fromEntries(
    Object.entries({
      id: f.id,
      friendly_name: f.friendly_name ?? undefined,
      factor_type: f.factor_type,
      status: f.status,
      created_at: iso(f.created_at),
      updated_at: iso(f.updated_at),
      last_challenged_at: iso(f.last_challenged_at),
    }).filter(([, v]) => v !== undefined),
  );
}

function totpOf(secret: string, issuer: string, account: string): OTPAuth.TOTP {
  return new OTPAuth.TOTP({ issuer, label: account, algorithm: 'SHA1', digits: 6, period: 30, secret: OTPAuth.Secret.fromBase32(secret) });
}

/** A new unverified TOTP factor with its secret, otpauth:// URI and QR code (SVG markup). */
export async function enrollTotp(
  tx: Queryable,
  userId: string,
  account: string,
  issuer: string,
  friendlyName: string | null,
): Promise<{ factor: FactorRow; secret: string; uri: string; qrSvg: string }> {
  const secret = new OTPAuth.Secret({ size: 20 }).base32;
  const uri = totpOf(secret, issuer, account).toString();
  const { rows } = await tx.query<FactorRow>(
    `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret)
     values ($1, $2, $3, 'totp', 'unverified', now(), now(), $4) returning ${COLUMNS}`,
    [randomUUID(), userId, friendlyName, secret],
  );
  const qrSvg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { factor: rows[0]!, secret, uri, qrSvg };
}

/** A new unverified WebAuthn factor (GoTrue NewWebAuthnFactor): its credential comes with a verify, not offered here. */
export async function enrollWebAuthn(tx: Queryable, userId: string, friendlyName: string | null): Promise<FactorRow> {
  const { rows } = await tx.query<FactorRow>(
    `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at)
     values ($1, $2, $3, 'webauthn', 'unverified', now(), now()) returning ${COLUMNS}`,
    [randomUUID(), userId, friendlyName],
  );
  return rows[0]!;
}

const PERIOD_MS = 30_000;

/** The time step the code belongs to (now's, or one either side), or null for a wrong code. */
export function totpStepOf(factor: FactorRow, code: string, now = Date.now()): number | null {
  if (!factor.secret || !/^\d{6}$/.test(code)) return null;
  const delta = totpOf(factor.secret, 'x', 'x').validate({ token: code, timestamp: now, window: 1 });
  return delta === null ? null : Math.floor(now / PERIOD_MS) + delta;
}

/**
 * Records `step` as the factor's last accepted one unless that step or a later one was accepted
 * before; false then (a replay). One conditional update, so two requests with one code cannot
 * both win.
 */
export async function claimTotpStep(tx: Queryable, factorId: string, step: number): Promise<boolean> {
  const { rows } = await tx.query(
    `update auth.mfa_factors set last_totp_step = $2
      where id = $1 and (last_totp_step is null or last_totp_step < $2) returning id`,
    [factorId, step],
  );
  return rows.length === 1;
}

/** GoTrue's MFA challenge expiry default (`GOTRUE_MFA_CHALLENGE_EXPIRY_DURATION`): 300 s. */
export const CHALLENGE_EXPIRY_S = 300;

export async function createChallenge(tx: Queryable, factorId: string, ip: string): Promise<{ id: string; expiresAt: number }> {
  const id = randomUUID();
  const { rows } = await tx.query<{ created_at: Date | string }>(
    `insert into auth.mfa_challenges (id, factor_id, created_at, ip_address) values ($1, $2, now(), $3::inet)
     returning created_at`,
    [id, factorId, ip],
  );
  await tx.query('update auth.mfa_factors set last_challenged_at = now(), updated_at = now() where id = $1', [factorId]);
  return { id, expiresAt: Math.floor(new Date(rows[0]!.created_at).getTime() / 1000) + CHALLENGE_EXPIRY_S };
}

export interface ChallengeRow {
  id: string;
  factor_id: string;
  created_at: Date | string;
  verified_at: Date | string | null;
}

export async function findChallenge(tx: Queryable, factorId: string, id: string): Promise<ChallengeRow | undefined> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
  const { rows } = await tx.query<ChallengeRow>(
    'select id, factor_id, created_at, verified_at from auth.mfa_challenges where id = $1 and factor_id = $2 for update',
    [id, factorId],
  );
  return rows[0];
}
