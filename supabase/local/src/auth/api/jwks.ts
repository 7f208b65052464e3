/**
 * GET /auth/v1/.well-known/jwks.json (GoTrue internal/api/jwks.go): the public keys of the signing
 * key set (`[auth] signing_keys_path`), with `use: "sig"` and `key_ops: ["verify"]`, never a
 * private part; the JWT secret and other symmetric keys are not published, so without a key set
 * the list is empty. supabase-js's getClaims verifies asymmetric tokens with it.
 */
import type { FastifyInstance } from 'fastify';
import type { AuthContext } from '../context.js';

export function jwksRoutes(app: FastifyInstance, ctx: AuthContext): void {
  app.get('/.well-known/jwks.json', async (_req, reply) => {
    reply.header('cache-control', 'public, max-age=600');
    return ctx.keys.jwks();
  });
}
