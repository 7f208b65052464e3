/**
 * auth.users rows and GoTrue's User JSON (GoTrue internal/models/user.go): empty timestamps are omitted,
 * `email`/`phone` are "" when null, identities always an array.
 */
import type { Queryable } from '../../db/types.js';
import { factorJson, listFactors } from './factor.js';

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

const USER_COLUMNS = `id, aud, role, email, encrypted_password, email_confirmed_at, phone,
  phone_confirmed_at, last_sign_in_at, raw_app_meta_data, raw_user_meta_data, created_at,
  updated_at, banned_until, deleted_at, is_anonymous`;

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

/** The user as GoTrue serializes it, identities and (when there are any) MFA factors included. */
export async function userJson(db: Queryable, user: UserRow): Promise<Record<string, unknown>> {
  const { rows } = await db.query<IdentityRow>(
    `select id, provider_id, user_id, identity_data, provider, last_sign_in_at, created_at,
            updated_at, email
       from auth.identities where user_id = $1 order by created_at`,
    [user.id],
  );
  const factors = (await listFactors(db, user.id)).map(factorJson);
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
    phone: user.phone ?? '',
    phone_confirmed_at: iso(user.phone_confirmed_at),
    confirmed_at: confirmed === undefined ? undefined : new Date(confirmed).toISOString(),
    last_sign_in_at: iso(user.last_sign_in_at),
    app_metadata: user.raw_app_meta_data ?? {},
    user_metadata: user.raw_user_meta_data ?? {},
    identities: rows.map((i) =>
      withoutUndefined({
        identity_id: i.id,
        id: i.provider_id,
        user_id: i.user_id,
        identity_data: i.identity_data,
        provider: i.provider,
        last_sign_in_at: iso(i.last_sign_in_at),
        created_at: iso(i.created_at),
        updated_at: iso(i.updated_at),
        email: i.email ?? undefined,
      }),
    ),
    created_at: iso(user.created_at),
    updated_at: iso(user.updated_at),
    factors: factors.length > 0 ? factors : undefined,
    banned_until: iso(user.banned_until),
    is_anonymous: user.is_anonymous ?? false,
  });
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
