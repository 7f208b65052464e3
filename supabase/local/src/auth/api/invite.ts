/**
 * POST /auth/v1/invite (GoTrue internal/api/invite.go; supabase-js auth.admin.inviteUserByEmail):
 * service role only. Creates the user (no password, `invited_at` set, user_metadata = `data`) or
 * re-invites one who has not accepted yet, and mails the invite link; a confirmed address answers
 * 422 email_exists. 200 with the user.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { gatewayBearer } from '../../keys.js';
import type { AuthContext } from '../context.js';
import { AuthError, forbidden, unprocessable, validationFailed } from '../errors.js';
import { sendAuthMail } from '../mailer/send.js';
import { ensureEmailIdentity, findUserByEmail, findUserById, userJson } from '../models/user.js';
import { normalizeEmail, parseBody } from '../requests.js';

const InviteBody = z.object({
  email: z.string().optional().nullable(),
  data: z.record(z.string(), z.unknown()).optional().nullable(),
});

/** GoTrue's requireAdmin: a valid JWT whose role is one of GOTRUE_JWT_ADMIN_ROLES (service_role). */
export async function requireServiceRole(ctx: AuthContext, req: FastifyRequest): Promise<void> {
  const token = gatewayBearer(req.headers);
  if (!token) throw new AuthError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
  let role: unknown;
  try {
    ({ role } = await ctx.keys.verify(token));
  } catch {
    throw forbidden('bad_jwt', 'invalid JWT: unable to parse or verify signature, token is malformed');
  }
  if (role !== 'service_role' && role !== 'supabase_admin') throw forbidden('not_admin', 'User not allowed');
}

export function inviteRoutes(app: FastifyInstance, ctx: AuthContext): void {
  app.post('/invite', async (req) => {
    await requireServiceRole(ctx, req);
    const body = parseBody(InviteBody, req.body);
    if (!body.email) throw validationFailed('An email address is required');
    const email = normalizeEmail(body.email);
    const redirectTo = (req.query as Record<string, string | undefined>).redirect_to;
    return ctx.db.transaction(async (tx) => {
      let user = await findUserByEmail(tx, email);
      if (user?.email_confirmed_at) {
        throw unprocessable('email_exists', 'A user with this email address has already been registered');
      }
      if (!user) {
        const id = randomUUID();
        const meta = { ...(body.data ?? {}), sub: id, email, email_verified: false, phone_verified: false };
        await tx.query(
          `insert into auth.users (instance_id, id, aud, role, email, invited_at, raw_app_meta_data,
             raw_user_meta_data, created_at, updated_at, is_anonymous)
           values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', $2,
             now(), $3::jsonb, $4::jsonb, now(), now(), false)`,
          [id, email, JSON.stringify({ provider: 'email', providers: ['email'] }), JSON.stringify(meta)],
        );
        user = (await findUserById(tx, id))!;
        await ensureEmailIdentity(tx, user);
      } else {
        await tx.query('update auth.users set invited_at = now(), updated_at = now() where id = $1', [user.id]);
      }
      await sendAuthMail(ctx, tx, { kind: 'invite', user, to: email, redirectTo, data: body.data ?? undefined });
      return userJson(tx, (await findUserById(tx, user.id))!);
    });
  });
}
