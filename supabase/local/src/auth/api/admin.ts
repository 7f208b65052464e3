/**
 * The admin user API (GoTrue internal/api/admin.go; supabase-js auth.admin.*), service role only
 * (invite.ts requireServiceRole: 401 no_authorization, 403 bad_jwt or not_admin):
 * - GET /admin/users?page=&per_page=&filter= (listUsers): newest first, `{users, aud}` with the
 *   `X-Total-Count` and `Link` (rel="next", rel="last") headers GoTrue sends;
 * - POST /admin/users (createUser): email, password or password_hash, email_confirm,
 *   user_metadata, app_metadata, role, id, ban_duration; no password = no password sign-in;
 * - GET/PUT/DELETE /admin/users/{id} (getUserById, updateUserById, deleteUser): an update merges
 *   the metadata (a null value deletes a key), a new password ends every session and clears the
 *   user's e-mailed tokens, `ban_duration` is a Go duration ("24h", "none" lifts a ban); a delete
 *   removes the row, or with `should_soft_delete` keeps it anonymised (GoTrue SoftDeleteUser);
 * - GET /admin/users/{id}/factors, PUT/DELETE /admin/users/{id}/factors/{factor_id}
 *   (auth.admin.mfa.listFactors, deleteFactor): sessions that relied on a deleted factor fall
 *   back to aal1.
 * Phone users are not offered (no SMS provider): a `phone` answers 400 phone_provider_disabled.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createHash, randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { Queryable } from '../../db/types.js';
import type { AuthContext } from '../context.js';
import { AuthError, badRequest, unprocessable, validationFailed } from '../errors.js';
import { factorJson, findFactor, listFactors } from '../models/factor.js';
import { endSessions } from '../models/session.js';
import { ensureEmailIdentity, findUserByEmail, findUserById, USER_COLUMNS, usersJson, userJson, type UserRow } from '../models/user.js';
import { parseGoDuration } from '../goDuration.js';
import { mergeMetadata } from '../metadata.js';
import { assertPasswordStrength, hashPassword } from '../passwords.js';
import { normalizeEmail, parseBody } from '../requests.js';
import { requireServiceRole } from './invite.js';
import { pageOf, setPaginationHeaders } from './pagination.js';

const Metadata = z.record(z.string(), z.unknown()).optional().nullable();

const AdminUserBody = z.object({
  id: z.string().optional().nullable(),
  aud: z.string().optional().nullable(),
  role: z.string().optional().nullable(),
  email: z.string().optional().nullable(),
  phone: z.string().optional().nullable(),
  password: z.string().optional().nullable(),
  password_hash: z.string().optional().nullable(),
  email_confirm: z.boolean().optional().nullable(),
  phone_confirm: z.boolean().optional().nullable(),
  user_metadata: Metadata,
  app_metadata: Metadata,
  ban_duration: z.string().optional().nullable(),
});

const DeleteBody = z.object({ should_soft_delete: z.boolean().optional().nullable() });
const FactorUpdateBody = z.object({ friendly_name: z.string().max(200).optional().nullable(), phone: z.string().optional().nullable() });

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const emailExists = () => unprocessable('email_exists', 'A user with this email address has already been registered');
const phoneDisabled = () => badRequest('phone_provider_disabled', 'Phone logins are disabled');

/** GoTrue's requestAud: the X-JWT-AUD header, else the default audience. */
export function requestAud(req: FastifyRequest): string {
  const header = req.headers['x-jwt-aud'];
  const value = Array.isArray(header) ? header[0] : header;
  return value?.trim() || 'authenticated';
}

/** `ban_duration` -> the new banned_until (null lifts a ban), or undefined when not given. */
function bannedUntil(banDuration: string | null | undefined): Date | null | undefined {
  if (!banDuration) return undefined;
  if (banDuration === 'none') return null;
  const ms = parseGoDuration(banDuration);
  if (ms === null) throw validationFailed(`invalid format for ban duration: time: invalid duration ${JSON.stringify(banDuration)}`);
  return ms === 0 ? null : new Date(Date.now() + ms);
}

/** GoTrue's loadUser: 404 validation_failed for a malformed id, 404 user_not_found (soft-deleted users included). */
async function loadUser(db: Queryable, id: string): Promise<UserRow> {
  if (!UUID.test(id)) throw new AuthError(404, 'validation_failed', 'user_id must be an UUID');
  const user = await findUserById(db, id);
  if (!user) throw new AuthError(404, 'user_not_found', 'User not found');
  return user;
}

async function passwordHashOf(body: z.infer<typeof AdminUserBody>): Promise<string | null> {
  if (body.password && body.password_hash) throw validationFailed('Only a password or a password hash should be provided');
  if (body.password_hash) {
    if (!/^\$2[aby]\$\d{2}\$[./A-Za-z0-9]{53}$/.test(body.password_hash)) throw validationFailed('Invalid password hash format: a bcrypt hash is required');
    return body.password_hash;
  }
  if (!body.password) return null;
  if (Buffer.byteLength(body.password, 'utf8') > 72) throw validationFailed('Password cannot be longer than 72 characters');
  return hashPassword(body.password);
}

/** sha256(id + value), base64url: what a soft-deleted user's identifiers become (GoTrue obfuscateValue). */
const obfuscate = (id: string, value: string) => createHash('sha256').update(id + value).digest('base64url');

async function softDelete(tx: Queryable, user: UserRow): Promise<void> {
  if (user.deleted_at) return;
  await tx.query(
    `update auth.users set email = $2, phone = $3, email_change = $4, encrypted_password = null,
       confirmation_token = '', recovery_token = '', email_change_token_current = '', email_change_token_new = '',
       phone_change_token = '', reauthentication_token = '', raw_user_meta_data = '{}', raw_app_meta_data = '{}',
       deleted_at = now(), updated_at = now()
     where id = $1`,
    [user.id, obfuscate(user.id, user.email ?? ''), obfuscate(user.id, user.phone ?? '').slice(0, 15), obfuscate(user.id, user.email_change ?? '')],
  );
  const { rows } = await tx.query<{ id: string; provider: string; provider_id: string }>(
    'select id, provider, provider_id from auth.identities where user_id = $1',
    [user.id],
  );
  for (const identity of rows) {
    await tx.query(`update auth.identities set identity_data = '{}', provider_id = $2, updated_at = now() where id = $1`, [
      identity.id,
      obfuscate(user.id, `${identity.provider}:${identity.provider_id}`),
    ]);
  }
  await tx.query('delete from auth.mfa_factors where user_id = $1', [user.id]);
  await tx.query('delete from auth.flow_state where user_id = $1', [user.id]);
  await endSessions(tx, user.id, null);
}

export function adminRoutes(app: FastifyInstance, ctx: AuthContext): void {
  // GoTrue's requireAdminCredentials runs before anything else on /admin.
  const admin = { onRequest: async (req: FastifyRequest) => requireServiceRole(ctx, req) };

  app.get('/admin/users', admin, async (req, reply) => {
    const q = req.query as Record<string, string | undefined>;
    const page = pageOf(q);
    const aud = requestAud(req);
    const filter = q.filter ? `%${q.filter}%` : null;
    const where = `aud = $1 and ($2::text is null or email like $2 or raw_user_meta_data->>'full_name' ilike $2)`;
    const count = await ctx.db.query<{ n: number }>(`select count(*)::int as n from auth.users where ${where}`, [aud, filter]);
    const { rows } = await ctx.db.query<UserRow>(
      `select ${USER_COLUMNS} from auth.users where ${where} order by created_at desc, id limit $3 offset $4`,
      [aud, filter, page.perPage, page.offset],
    );
    setPaginationHeaders(reply, '/admin/users', q, page, count.rows[0]!.n);
    return { users: await usersJson(ctx.db, rows), aud };
  });

  app.post('/admin/users', admin, async (req) => {
    const body = parseBody(AdminUserBody, req.body);
    if (!body.email && !body.phone) throw validationFailed('Cannot create a user without either an email or phone');
    if (body.phone) throw phoneDisabled();
    const email = normalizeEmail(body.email!);
    if (await findUserByEmail(ctx.db, email)) throw emailExists();
    const hash = await passwordHashOf(body);
    let id: string = randomUUID();
    if (body.id) {
      if (!UUID.test(body.id)) throw validationFailed('ID must conform to the uuid v4 format');
      if (/^0{8}-0{4}-0{4}-0{4}-0{12}$/.test(body.id)) throw validationFailed('ID cannot be a nil uuid');
      id = body.id.toLowerCase();
    }
    const banned = bannedUntil(body.ban_duration);
    const appMeta = mergeMetadata({ provider: 'email', providers: ['email'] }, body.app_metadata ?? {});
    const userMeta = { ...(body.user_metadata ?? {}), ...(body.email_confirm ? { email_verified: true } : {}) };
    try {
      return await ctx.db.transaction(async (tx) => {
        await tx.query(
          `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
             raw_app_meta_data, raw_user_meta_data, banned_until, created_at, updated_at, is_anonymous)
           values ('00000000-0000-0000-0000-000000000000', $1, $2, $3, $4, $5, case when $6 then now() end,
             $7::jsonb, $8::jsonb, $9, now(), now(), false)`,
          [id, body.aud || requestAud(req), body.role?.trim() || 'authenticated', email, hash, Boolean(body.email_confirm),
            JSON.stringify(appMeta), JSON.stringify(userMeta), banned ?? null],
        );
        const user = (await findUserById(tx, id))!;
        await ensureEmailIdentity(tx, user);
        return userJson(tx, user);
      });
    } catch (err) {
      // The same address or id created at once, or an id already taken.
      if ((err as { code?: string }).code === '23505') {
        if (await findUserById(ctx.db, id)) throw unprocessable('user_already_exists', 'A user with this ID already exists');
        throw emailExists();
      }
      throw err;
    }
  });

  app.get('/admin/users/:id', admin, async (req) => {
    const user = await loadUser(ctx.db, (req.params as { id: string }).id);
    return userJson(ctx.db, user);
  });

  app.put('/admin/users/:id', admin, async (req) => {
    const user = await loadUser(ctx.db, (req.params as { id: string }).id);
    const body = parseBody(AdminUserBody, req.body);
    if (body.phone) throw phoneDisabled();
    const email = body.email ? normalizeEmail(body.email) : undefined;
    if (email && email !== (user.email ?? '').toLowerCase()) {
      const other = await findUserByEmail(ctx.db, email);
      if (other && other.id !== user.id) throw emailExists();
    }
    const banned = bannedUntil(body.ban_duration);
    let hash: string | undefined;
    if (body.password !== undefined && body.password !== null) {
      assertPasswordStrength(ctx.config.auth, body.password);
      hash = await hashPassword(body.password);
    }
    return ctx.db.transaction(async (tx) => {
      if (body.role) await tx.query('update auth.users set role = $2 where id = $1', [user.id, body.role.trim()]);
      if (body.email_confirm) {
        await tx.query(
          `update auth.users set email_confirmed_at = now(), confirmation_token = '',
             raw_user_meta_data = coalesce(raw_user_meta_data, '{}'::jsonb) || '{"email_verified": true}'::jsonb
           where id = $1`,
          [user.id],
        );
      }
      if (hash) {
        // GoTrue's UpdatePassword without a session: every e-mailed token and every session ends.
        await tx.query(
          `update auth.users set encrypted_password = $2, confirmation_token = '', confirmation_sent_at = null,
             recovery_token = '', recovery_sent_at = null, email_change_token_current = '', email_change_token_new = '',
             email_change_sent_at = null, reauthentication_token = '', reauthentication_sent_at = null
           where id = $1`,
          [user.id, hash],
        );
        await endSessions(tx, user.id, null);
      }
      if (email) {
        await tx.query('update auth.users set email = $2 where id = $1', [user.id, email]);
        const fresh = (await findUserById(tx, user.id))!;
        await ensureEmailIdentity(tx, fresh);
        await tx.query(
          `update auth.identities
              set identity_data = identity_data || jsonb_build_object('email', $2::text, 'email_verified', $3::boolean), updated_at = now()
            where user_id = $1 and provider = 'email'`,
          [user.id, email, Boolean(body.email_confirm)],
        );
      }
      if (body.app_metadata) {
        await tx.query('update auth.users set raw_app_meta_data = $2::jsonb where id = $1', [
          user.id,
          JSON.stringify(mergeMetadata(user.raw_app_meta_data, body.app_metadata)),
        ]);
      }
      if (body.user_metadata) {
        const current = (await findUserById(tx, user.id))!.raw_user_meta_data;
        await tx.query('update auth.users set raw_user_meta_data = $2::jsonb where id = $1', [
          user.id,
          JSON.stringify(mergeMetadata(current, body.user_metadata)),
        ]);
      }
      if (banned !== undefined) await tx.query('update auth.users set banned_until = $2 where id = $1', [user.id, banned]);
      await tx.query('update auth.users set updated_at = now() where id = $1', [user.id]);
      return userJson(tx, (await findUserById(tx, user.id))!);
    }).catch((err: unknown) => {
      throw (err as { code?: string }).code === '23505' ? emailExists() : err;
    });
  });

  app.delete('/admin/users/:id', admin, async (req) => {
    const user = await loadUser(ctx.db, (req.params as { id: string }).id);
    const body = parseBody(DeleteBody, req.body ?? {});
    await ctx.db.transaction(async (tx) => {
      if (body.should_soft_delete) return softDelete(tx, user);
      await tx.query('delete from auth.flow_state where user_id = $1', [user.id]);
      await tx.query('delete from auth.users where id = $1', [user.id]);
    }).catch((err: unknown) => {
      // A row elsewhere that still references the user (GoTrue: 500 "Database error deleting user").
      if ((err as { code?: string }).code === '23503') throw new AuthError(500, 'unexpected_failure', 'Database error deleting user');
      throw err;
    });
    return {};
  });

  app.get('/admin/users/:id/factors', admin, async (req) => {
    const user = await loadUser(ctx.db, (req.params as { id: string }).id);
    return (await listFactors(ctx.db, user.id)).map(factorJson);
  });

  const loadFactor = async (req: FastifyRequest) => {
    const params = req.params as { id: string; factorId: string };
    const user = await loadUser(ctx.db, params.id);
    if (!UUID.test(params.factorId)) throw new AuthError(404, 'validation_failed', 'factor_id must be an UUID');
    const factor = await findFactor(ctx.db, user.id, params.factorId);
    if (!factor) throw new AuthError(404, 'mfa_factor_not_found', 'Factor not found');
    return factor;
  };

  app.delete('/admin/users/:id/factors/:factorId', admin, async (req) => {
    const factor = await loadFactor(req);
    await ctx.db.transaction(async (tx) => {
      await tx.query('delete from auth.mfa_factors where id = $1', [factor.id]);
      // GoTrue's DowngradeSessionsToAAL1.
      await tx.query(`update auth.sessions set aal = 'aal1', factor_id = null where factor_id = $1`, [factor.id]);
    });
    return factorJson(factor);
  });

  app.put('/admin/users/:id/factors/:factorId', admin, async (req) => {
    const factor = await loadFactor(req);
    const body = parseBody(FactorUpdateBody, req.body);
    const name = body.friendly_name?.trim();
    if (name) await ctx.db.query('update auth.mfa_factors set friendly_name = $2, updated_at = now() where id = $1', [factor.id, name]);
    return factorJson((await findFactor(ctx.db, factor.user_id, factor.id))!);
  });
}
