/**
 * POST /auth/v1/logout?scope=global|local|others (GoTrue internal/api/logout.go): ends the
 * user's sessions; their refresh tokens go with them (on delete cascade). 204 without a body.
 */
import type { FastifyInstance } from 'fastify';
import { authenticate } from '../accessToken.js';
import type { AuthContext } from '../context.js';
import { validationFailed } from '../errors.js';
import { endSessions } from '../models/session.js';

export function logoutRoutes(app: FastifyInstance, ctx: AuthContext): void {
  app.post('/logout', async (req, reply) => {
    const { user, sessionId } = await authenticate(ctx, req);
    const scope = (req.query as Record<string, string | undefined>).scope ?? 'global';
    if (!['global', 'local', 'others'].includes(scope)) throw validationFailed(`Unsupported logout scope "${scope}"`);
    if (scope === 'global' || !sessionId) {
      await endSessions(ctx.db, user.id, null);
    } else if (scope === 'local') {
      await ctx.db.query('delete from auth.sessions where id = $1', [sessionId]);
    } else {
      await endSessions(ctx.db, user.id, sessionId);
    }
    return reply.code(204).send();
  });
}
