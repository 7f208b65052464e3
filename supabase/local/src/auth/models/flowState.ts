/**
 * PKCE flow state (GoTrue internal/models/flow_state.go, internal/api/pkce.go): an e-mail link
 * sent with a code_challenge pays out `?code=<auth_code>` instead of tokens, and
 * `POST /token?grant_type=pkce {auth_code, code_verifier}` exchanges it for a session once.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { Queryable } from '../../db/types.js';
import { validationFailed } from '../errors.js';

export interface FlowStateRow {
  id: string;
  user_id: string | null;
  auth_code: string;
  code_challenge_method: string;
  code_challenge: string;
  authentication_method: string;
  created_at: Date | string;
  auth_code_issued_at: Date | string | null;
}

/** GoTrue's FlowStateExpiryDuration default: 300 s. */
export const FLOW_STATE_EXPIRY_S = 300;

/** GoTrue's validatePKCEParams: both or neither, 43-128 URL-safe characters, s256 or plain. */
export function pkceParams(challenge: string | null | undefined, method: string | null | undefined): { challenge: string; method: string } | null {
  const c = challenge ?? '';
  const m = (method ?? '').toLowerCase();
  if ((c === '') !== (m === '')) throw validationFailed('PKCE flow requires code_challenge_method and code_challenge');
  if (c === '') return null;
  if (c.length < 43 || c.length > 128) throw validationFailed('code challenge has to be between 43 and 128 characters');
  if (!/^[a-zA-Z._~0-9-]+$/.test(c)) {
    throw validationFailed('code challenge can only contain alphanumeric characters, hyphens, periods, underscores and tildes');
  }
  if (m !== 's256' && m !== 'plain') throw validationFailed(`code challenge method not supported: ${method}`);
  return { challenge: c, method: m };
}

export async function createFlowState(
  tx: Queryable,
  userId: string,
  method: string,
  pkce: { challenge: string; method: string },
): Promise<void> {
  // GoTrue keeps the newest flow of a method per user; older ones stop paying out.
  await tx.query('delete from auth.flow_state where user_id = $1 and authentication_method = $2', [userId, method]);
  await tx.query(
    `insert into auth.flow_state (id, user_id, auth_code, code_challenge_method, code_challenge,
       provider_type, authentication_method)
     values ($1, $2, $3, $4, $5, 'email', $6)`,
    [randomUUID(), userId, randomUUID(), pkce.method, pkce.challenge, method],
  );
}

/** The auth code of the user's flow for `method`, stamped as issued now (GoTrue issueAuthCode). */
export async function issueAuthCode(tx: Queryable, userId: string, method: string): Promise<string | undefined> {
  const { rows } = await tx.query<{ auth_code: string }>(
    `update auth.flow_state set auth_code_issued_at = now(), updated_at = now()
      where id = (select id from auth.flow_state where user_id = $1 and authentication_method = $2
                   order by created_at desc limit 1)
      returning auth_code`,
    [userId, method],
  );
  return rows[0]?.auth_code;
}

export async function takeFlowState(tx: Queryable, authCode: string): Promise<FlowStateRow | undefined> {
  const { rows } = await tx.query<FlowStateRow>(
    `delete from auth.flow_state where auth_code = $1
      returning id, user_id, auth_code, code_challenge_method, code_challenge, authentication_method,
                created_at, auth_code_issued_at`,
    [authCode],
  );
  return rows[0];
}

/** RFC 7636: s256 compares base64url(sha256(verifier)); plain compares the verifier itself. */
export function verifierMatches(flow: FlowStateRow, verifier: string): boolean {
  const expected =
    flow.code_challenge_method === 's256' ? createHash('sha256').update(verifier).digest('base64url') : verifier;
  return expected === flow.code_challenge;
}
