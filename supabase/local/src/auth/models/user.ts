/**
 * auth.users rows and GoTrue's User JSON (GoTrue internal/models/user.go): empty timestamps are omitted,
 * `email`/`phone` are "" when null, identities always an array, a pending e-mail change is `new_email`.
 */
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../db/types.js';
import { factorJson, listFactors, listFactorsOf } from './factor.js';

export interface UserRow {
  id: string;
  aud: string | null;
  role: string | null;
  email: string | null;
  encrypted_password: string | null;
  email_confirmed_at: Date | string | null;
  phone: string | null;
  phone_confirmed_at: Date | string | null;
  last_sign_in_at: Date | string | null;
  raw_app_meta_data: Record<string, unknown> | null;
  raw_user_meta_data: Record<string, unknown> | null;
  created_at: Date | string | null;
  updated_at: Date | string | null;
  banned_until: Date | string | null;
  deleted_at: Date | string | null;
  is_anonymous: boolean | null;
  invited_at: Date | string | null;
  confirmation_sent_at: Date | string | null;
  recovery_sent_at: Date | string | null;
  email_change: string | null;
  email_change_sent_at: Date | string | null;
  reauthentication_sent_at: Date | string | null;
}

interface IdentityRow {
  id: string;
  provider_id: string;
  user_id: string;
  identity_data: Record<string, unknown>;
  provider: string;
  last_sign_in_at: Date | string | null;
  created_at: Date | string | null;
  updated_at: Date | string | null;
  email: string | null;
}

export const USER_COLUMNS = `id, aud, role, email, encrypted_password, email_confirmed_at, phone,
  phone_confirmed_at, last_sign_in_at, raw_app_meta_data, raw_user_meta_data, created_at,
  updated_at, banned_until, deleted_at, is_anonymous, invited_at, confirmation_sent_at,
  recovery_sent_at, email_change, email_change_sent_at, reauthentication_sent_at`;

export async function findUserById(db: Queryable, id: string): Promise<UserRow | undefined> {
  const { rows } = await db.query<UserRow>(`select ${USER_COLUMNS} from auth.users where id = $1`, [id]);
  return rows[0];
}

export async function findUserByEmail(db: Queryable, email: string): Promise<UserRow | undefined> {
  const { rows } = await db.query<UserRow>(
    `select ${USER_COLUMNS} from auth.users
      where lower(email) = lower($1) and aud = 'authenticated' and deleted_at is null
      order by created_at limit 1`,
    [email],
  );
  return rows[0];
}

export function iso(value: Date | string | null | undefined): string | undefined {
  if (value === null || value === undefined) return undefined;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? String(value) : date.toISOString();
}

function withoutUndefined(obj: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(obj).filter(([, v]) => v !== undefined));
}

export function isBanned(user: UserRow): boolean {
  if (!user.banned_until) return false;
  return new Date(user.banned_until).getTime() > Date.now();
}

const IDENTITY_COLUMNS = `id, provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at, email`;

function identityJson(i: IdentityRow): Record<string, unknown> {
  return withoutUndefined({
    identity_id: i.id,
    id: i.provider_id,
    user_id: i.user_id,
    identity_data: i.identity_data,
    provider: i.provider,
    last_sign_in_at: iso(i.last_sign_in_at),
    created_at: iso(i.created_at),
    updated_at: iso(i.updated_at),
    email: i.email ?? undefined,
  });
}

/** GoTrue's key order (the User struct's fields); `factors` only when there are any. */
function serialize(user: UserRow, identities: IdentityRow[], factors: Record<string, unknown>[]): Record<string, unknown> {
  const confirmed = [user.email_confirmed_at, user.phone_confirmed_at]
    .filter((v): v is Date | string => v !== null && v !== undefined)
    .map((v) => new Date(v).getTime())
    .sort((a, b) => a - b)[0];
  return withoutUndefined({
    id: user.id,
    aud: user.aud ?? '',
    role: user.role ?? '',
    email: user.email ?? '',
    email_confirmed_at: iso(user.email_confirmed_at),
    invited_at: iso(user.invited_at),
    phone: user.phone ?? '',
    phone_confirmed_at: iso(user.phone_confirmed_at),
    confirmation_sent_at: iso(user.confirmation_sent_at),
    confirmed_at: confirmed === undefined ? undefined : new Date(confirmed).toISOString(),
    recovery_sent_at: iso(user.recovery_sent_at),
    new_email: user.email_change || undefined,
    email_change_sent_at: iso(user.email_change_sent_at),
    reauthentication_sent_at: iso(user.reauthentication_sent_at),
    last_sign_in_at: iso(user.last_sign_in_at),
    app_metadata: user.raw_app_meta_data ?? {},
    user_metadata: user.raw_user_meta_data ?? {},
    factors: factors.length > 0 ? factors : undefined,
    identities: identities.map(identityJson),
    created_at: iso(user.created_at),
    updated_at: iso(user.updated_at),
    banned_until: iso(user.banned_until),
    deleted_at: iso(user.deleted_at),
    is_anonymous: user.is_anonymous ?? false,
  });
}

/** The user as GoTrue serializes it, identities and (when there are any) MFA factors included. */
export async function userJson(db: Queryable, user: UserRow): Promise<Record<string, unknown>> {
  const { rows } = await db.query<IdentityRow>(
    `select ${IDENTITY_COLUMNS} from auth.identities where user_id = $1 order by created_at`,
    [user.id],
  );
  const factors = (await listFactors(db, user.id)).map(factorJson);
  return serialize(user, rows, factors);
}

/** Many users at once (the admin list): identities and factors in one query each. */
export async function usersJson(db: Queryable, users: UserRow[]): Promise<Record<string, unknown>[]> {
  if (users.length === 0) return [];
  const ids = users.map((u) => u.id);
  const identities = await db.query<IdentityRow>(
    `select ${IDENTITY_COLUMNS} from auth.identities where user_id = any($1::uuid[]) order by created_at`,
    [ids],
  );
  const factors = await listFactorsOf(db, ids);
  return users.map((u) =>
    serialize(
      u,
      identities.rows.filter((i) => i.user_id === u.id),
      factors.filter((f) => f.user_id === u.id).map(factorJson),
    ),
  );
}

/** Creates the email identity GoTrue keeps per user (also for users the seed inserted). */
export async function ensureEmailIdentity(db: Queryable, user: UserRow): Promise<void> {
  if (!user.email) return;
  await db.query(
    `insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at)
     values ($1, $2, $3::jsonb, 'email', now())
     on conflict (provider_id, provider) do update set last_sign_in_at = now(), updated_at = now()`,
    [
      user.id,
      user.id,
      JSON.stringify({
        sub: user.id,
        email: user.email,
        email_verified: user.email_confirmed_at !== null,
        phone_verified: false,
      }),
    ],
  );
}

export interface NewEmailUser {
  email: string;
  /** bcrypt hash; null for a user who signs in by e-mailed links only. */
  passwordHash: string | null;
  data: Record<string, unknown>;
  /** Autoconfirm: the address counts as confirmed at once. */
  confirmed: boolean;
  /** The request signs the user in (last_sign_in_at). */
  signedIn: boolean;
}

/**
 * A new e-mail user with its e-mail identity (GoTrue's signupNewUser). GoTrue overwrites
 * user_metadata keys with the identity's data: email_verified is whether it is confirmed.
 * Undefined when another request created the address first (the unique e-mail index decides).
 */
export async function insertEmailUser(tx: Queryable, user: NewEmailUser): Promise<UserRow | undefined> {
  const id = randomUUID();
  const meta = { ...user.data, sub: id, email: user.email, email_verified: user.confirmed, phone_verified: false };
  const { rows } = await tx.query<{ id: string }>(
    `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
       raw_app_meta_data, raw_user_meta_data, last_sign_in_at, created_at, updated_at, is_anonymous)
     values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', $2, $3,
       case when $4::boolean then now() end, $5::jsonb, $6::jsonb, case when $7::boolean then now() end,
       now(), now(), false)
     on conflict (email) where (is_sso_user = false) do nothing returning id`,
    [
      id,
      user.email,
      user.passwordHash,
      user.confirmed,
      JSON.stringify({ provider: 'email', providers: ['email'] }),
      JSON.stringify(meta),
      user.signedIn,
    ],
  );
  if (!rows[0]) return undefined;
  const created = (await findUserById(tx, id))!;
  await ensureEmailIdentity(tx, created);
  return created;
}
