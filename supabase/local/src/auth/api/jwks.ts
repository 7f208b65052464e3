/**
 * GET /auth/v1/.well-known/jwks.json (GoTrue internal/api/jwks.go). Tokens are HS256 only: the
 * shared secret is never published, so the key set is empty, as GoTrue's is without asymmetric keys.
 */
import type { FastifyInstance } from 'fastify';

export function jwksRoutes(app: FastifyInstance): void {
  app.get('/.well-known/jwks.json', async (_req, reply) => {
    reply.header('cache-control', 'public, max-age=600');
    return { keys: [] };
  });
}
