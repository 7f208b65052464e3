/**
 * The OAuth 2.1 server's client registry, admin side (GoTrue internal/api/oauthserver/handlers.go
 * and service.go; supabase-js auth.admin.oauth.*), service role only, and only when
 * `[auth.oauth_server] enabled` (else 404 feature_disabled "OAuth server is disabled", GoTrue's
 * requireOAuthServerEnabled):
 * - GET /admin/oauth/clients?page=&per_page= (listClients): newest first, `{clients}`, with the
 *   pagination headers of /admin/users;
 * - POST /admin/oauth/clients (createClient): registration_type "manual"; 201 with the
 *   client_secret, shown only here and on regenerate (confidential clients);
 * - GET/PUT/DELETE /admin/oauth/clients/{client_id} (getClient, updateClient, deleteClient: 204,
 *   a soft delete);
 * - POST /admin/oauth/clients/{client_id}/regenerate_secret (regenerateClientSecret).
 * The authorize / token / consent flow of the OAuth server itself is not offered.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { AuthContext } from '../context.js';
import { AuthError, badRequest, validationFailed } from '../errors.js';
import {
  countOAuthClients, findOAuthClient, generateClientSecret, hashClientSecret, insertOAuthClient, listOAuthClients,
  oauthClientJson, softDeleteOAuthClient, updateOAuthClient, type OAuthClientRow,
} from '../models/oauthClient.js';
import { requireServiceRole } from './invite.js';
import { pageOf, setPaginationHeaders } from './pagination.js';

const AUTH_METHODS = ['none', 'client_secret_basic', 'client_secret_post'];
const GRANT_TYPES = ['authorization_code', 'refresh_token'];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DANGEROUS_SCHEMES = ['javascript', 'data', 'file', 'vbscript', 'about', 'blob'];

/** Go's JSON decoding: a wrong type is "Invalid JSON body"; null is as if left out. */
function decode<T extends z.ZodType>(schema: T, body: unknown): z.infer<T> {
  const result = schema.safeParse(body ?? {});
  if (!result.success) throw badRequest('bad_json', 'Invalid JSON body');
  return result.data;
}
const str = z.string().nullish();
const strList = z.array(z.string()).nullish();
const RegisterBody = z.object({
  redirect_uris: strList,
  client_type: str,
  token_endpoint_auth_method: str,
  grant_types: strList,
  client_name: str,
  client_uri: str,
  logo_uri: str,
});
const UpdateBody = z.object({
  redirect_uris: strList,
  grant_types: strList,
  client_name: str,
  client_uri: str,
  logo_uri: str,
  token_endpoint_auth_method: str,
});

/** GoTrue's validateRedirectURI: scheme and host, no dangerous scheme, http only for loopback, no fragment. */
function redirectUriProblem(uri: string): string | null {
  if (uri === '') return 'redirect URI cannot be empty';
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return 'must have scheme and host';
  }
  const scheme = url.protocol.slice(0, -1);
  if (DANGEROUS_SCHEMES.includes(scheme.toLowerCase())) return `scheme '${scheme}' is not allowed for security reasons`;
  if (!url.host) return 'must have scheme and host';
  if (scheme === 'http' && !['localhost', '127.0.0.1', '[::1]'].includes(url.hostname)) return 'HTTP scheme only allowed for localhost';
  if (url.hash) return 'fragment not allowed in redirect URI';
  return null;
}

function checkRedirectUris(uris: string[] | null | undefined, required: boolean): void {
  if (required && !uris?.length) throw validationFailed('redirect_uris is required');
  if (!uris?.length) throw validationFailed('redirect_uris cannot be empty');
  if (uris.length > 10) throw validationFailed('redirect_uris cannot exceed 10 items');
  for (const uri of uris) {
    const problem = redirectUriProblem(uri);
    if (problem) throw validationFailed(`invalid redirect_uri '${uri}': ${problem}`);
  }
}

function checkGrantTypes(types: string[]): void {
  if (!types.length) throw validationFailed('grant_types cannot be empty');
  if (types.some((t) => !GRANT_TYPES.includes(t))) throw validationFailed("grant_types must only contain 'authorization_code' and/or 'refresh_token'");
}

function checkUri(name: 'client_uri' | 'logo_uri', value: string | null | undefined): void {
  if (!value) return;
  if (value.length > 2048) throw validationFailed(`${name} cannot exceed 2048 characters`);
  // Go's url.ParseRequestURI: an absolute URI or an absolute path.
  if (!value.startsWith('/') && !URL.canParse(value)) throw validationFailed(`${name} must be a valid URL`);
}

function checkClientName(name: string | null | undefined): void {
  if (name && name.length > 1024) throw validationFailed('client_name cannot exceed 1024 characters');
}

const clientTypeOfMethod = (method: string) => (method === 'none' ? 'public' : 'confidential');
const methodsOfClientType = (type: string) => (type === 'public' ? ['none'] : ['client_secret_basic', 'client_secret_post']);

export function oauthClientRoutes(app: FastifyInstance, ctx: AuthContext): void {
  const admin = {
    onRequest: async (req: FastifyRequest) => {
      await requireServiceRole(ctx, req);
      if (!ctx.config.auth.oauthServerEnabled) throw new AuthError(404, 'feature_disabled', 'OAuth server is disabled');
    },
  };

  /** GoTrue's LoadOAuthServerClient. */
  async function loadClient(req: FastifyRequest): Promise<OAuthClientRow> {
    const id = (req.params as { client_id: string }).client_id;
    if (!UUID.test(id)) throw validationFailed('invalid client_id format');
    const client = await findOAuthClient(ctx.db, id);
    if (!client) throw new AuthError(404, 'oauth_client_not_found', 'OAuth client not found');
    return client;
  }

  app.get('/admin/oauth/clients', admin, async (req, reply) => {
    const q = req.query as Record<string, string | undefined>;
    const page = pageOf(q);
    const total = await countOAuthClients(ctx.db);
    const rows = await listOAuthClients(ctx.db, page.perPage, page.offset);
    setPaginationHeaders(reply, '/admin/oauth/clients', q, page, total);
    return { clients: rows.map((row) => oauthClientJson(row)) };
  });

  app.post('/admin/oauth/clients', admin, async (req, reply) => {
    const body = decode(RegisterBody, req.body);
    // GoTrue wraps register's validation errors once more ("400: <message>").
    try {
      checkRedirectUris(body.redirect_uris, true);
      if (body.grant_types?.length) checkGrantTypes(body.grant_types);
      checkClientName(body.client_name);
      checkUri('client_uri', body.client_uri);
      checkUri('logo_uri', body.logo_uri);
      if (body.client_type && body.client_type !== 'public' && body.client_type !== 'confidential') {
        throw validationFailed("client_type must be 'public' or 'confidential'");
      }
      if (body.token_endpoint_auth_method && !AUTH_METHODS.includes(body.token_endpoint_auth_method)) {
        throw validationFailed(`token_endpoint_auth_method must be one of: [${AUTH_METHODS.join(' ')}]`);
      }
      if (body.client_type && body.token_endpoint_auth_method && clientTypeOfMethod(body.token_endpoint_auth_method) !== body.client_type) {
        const expected = clientTypeOfMethod(body.token_endpoint_auth_method);
        throw validationFailed(`client_type '${body.client_type}' is inconsistent with token_endpoint_auth_method '${body.token_endpoint_auth_method}' (expected client_type '${expected}')`);
      }
    } catch (err) {
      if (err instanceof AuthError) throw validationFailed(`${err.status}: ${err.message}`);
      throw err;
    }
    const clientType = (body.client_type || (body.token_endpoint_auth_method ? clientTypeOfMethod(body.token_endpoint_auth_method) : 'confidential')) as 'public' | 'confidential';
    const secret = clientType === 'confidential' ? generateClientSecret() : undefined;
    const row = await insertOAuthClient(ctx.db, {
      id: randomUUID(),
      secretHash: secret ? hashClientSecret(secret) : null,
      registrationType: 'manual',
      clientType,
      tokenEndpointAuthMethod: body.token_endpoint_auth_method || (clientType === 'public' ? 'none' : 'client_secret_basic'),
      redirectUris: body.redirect_uris!,
      grantTypes: body.grant_types?.length ? body.grant_types : GRANT_TYPES,
      clientName: body.client_name || null,
      clientUri: body.client_uri || null,
      logoUri: body.logo_uri || null,
    });
    return reply.code(201).send(oauthClientJson(row, secret));
  });

  app.get('/admin/oauth/clients/:client_id', admin, async (req) => oauthClientJson(await loadClient(req)));

  app.put('/admin/oauth/clients/:client_id', admin, async (req) => {
    const client = await loadClient(req);
    const body = decode(UpdateBody, req.body);
    const given = (v: unknown) => v !== undefined && v !== null;
    if (!Object.values(body).some(given)) throw validationFailed('No fields provided for update');
    if (given(body.redirect_uris)) checkRedirectUris(body.redirect_uris, false);
    if (given(body.grant_types)) checkGrantTypes(body.grant_types!);
    checkClientName(body.client_name);
    checkUri('client_uri', body.client_uri);
    checkUri('logo_uri', body.logo_uri);
    const method = body.token_endpoint_auth_method;
    if (given(method)) {
      if (!AUTH_METHODS.includes(method!)) throw validationFailed(`invalid token_endpoint_auth_method: must be one of [${AUTH_METHODS.join(' ')}]`);
      const valid = methodsOfClientType(client.client_type);
      if (!valid.includes(method!)) {
        throw validationFailed(`token_endpoint_auth_method '${method}' is not valid for client_type '${client.client_type}'; valid methods: [${valid.join(' ')}]`);
      }
    }
    const row = await updateOAuthClient(ctx.db, client.id, {
      redirectUris: body.redirect_uris ?? undefined,
      grantTypes: body.grant_types ?? undefined,
      clientName: given(body.client_name) ? body.client_name || null : undefined,
      clientUri: given(body.client_uri) ? body.client_uri || null : undefined,
      logoUri: given(body.logo_uri) ? body.logo_uri || null : undefined,
      tokenEndpointAuthMethod: method ?? undefined,
    });
    return oauthClientJson(row);
  });

  app.delete('/admin/oauth/clients/:client_id', admin, async (req, reply) => {
    const client = await loadClient(req);
    await softDeleteOAuthClient(ctx.db, client.id);
    return reply.code(204).send();
  });

  app.post('/admin/oauth/clients/:client_id/regenerate_secret', admin, async (req) => {
    const client = await loadClient(req);
    if (client.client_type !== 'confidential') throw validationFailed('Cannot regenerate secret for public client');
    const secret = generateClientSecret();
    const row = await updateOAuthClient(ctx.db, client.id, { secretHash: hashClientSecret(secret) });
    return oauthClientJson(row, secret);
  });
}
