/**
 * POST /auth/v1/token?grant_type=pkce `{auth_code, code_verifier}` (GoTrue internal/api/token.go
 * PKCE; supabase-js exchangeCodeForSession): the code from an e-mail link's `?code=` becomes a
 * session, once, within the flow state's lifetime, and only with the verifier of its challenge.
 */
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { sessionResponse } from '../accessToken.js';
import type { AuthContext } from '../context.js';
import { AuthError, badRequest, validationFailed } from '../errors.js';
import { FLOW_STATE_EXPIRY_S, takeFlowState, verifierMatches } from '../models/flowState.js';
import { startSession } from '../models/session.js';
import { findUserById, isBanned } from '../models/user.js';
import { parseBody, requestMeta } from '../requests.js';

const PkceBody = z.object({
  auth_code: z.string().optional().nullable(),
  code_verifier: z.string().optional().nullable(),
});

export async function pkceGrant(ctx: AuthContext, req: FastifyRequest): Promise<Record<string, unknown>> {
  const body = parseBody(PkceBody, req.body);
  if (!body.auth_code || !body.code_verifier) {
    throw validationFailed('invalid request: both auth code and code verifier should be non-empty');
  }
  const outcome = await ctx.db.transaction(async (tx) => {
    // Taken (deleted) in any case: a code is tried once.
    const flow = await takeFlowState(tx, body.auth_code!);
    if (!flow?.user_id) return new AuthError(404, 'flow_state_not_found', 'invalid flow state, no valid flow state found');
    const since = new Date(flow.auth_code_issued_at ?? flow.created_at).getTime();
    if (Date.now() > since + FLOW_STATE_EXPIRY_S * 1000) {
      return new AuthError(422, 'flow_state_expired', 'invalid flow state, flow state has expired');
    }
    if (!verifierMatches(flow, body.code_verifier!)) return badRequest('bad_code_verifier', 'code challenge does not match previously saved code verifier');
    const user = await findUserById(tx, flow.user_id);
    if (!user) return new AuthError(404, 'user_not_found', 'User not found');
    if (isBanned(user)) return badRequest('user_banned', 'User is banned');
    const { session, refreshToken } = await startSession(tx, user, requestMeta(req), flow.authentication_method);
    return sessionResponse(ctx, tx, user, session, refreshToken);
  });
  if (outcome instanceof Error) throw outcome;
  return outcome;
}
