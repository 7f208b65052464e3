/**
 * auth.oauth_clients rows (GoTrue internal/models/oauth_client.go and the secret helpers of
 * internal/api/oauthserver/service.go): `id` is the public client_id; the secret is 32 random
 * bytes (base64url) shown once, stored as its sha256 (base64url); redirect URIs and grant types are
 * comma-separated text; a delete sets deleted_at, and a deleted client is never found again.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../../db/types.js';

export interface OAuthClientRow {
  id: string;
  client_secret_hash: string | null;
  registration_type: 'dynamic' | 'manual';
  client_type: 'public' | 'confidential';
  token_endpoint_auth_method: string;
  redirect_uris: string;
  grant_types: string;
  client_name: string | null;
  client_uri: string | null;
  logo_uri: string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

const COLUMNS = `id, client_secret_hash, registration_type::text as registration_type, client_type::text as client_type,
  token_endpoint_auth_method, redirect_uris, grant_types, client_name, client_uri, logo_uri, created_at, updated_at`;

export const generateClientSecret = (): string => randomBytes(32).toString('base64url');
export const hashClientSecret = (secret: string): string => createHash('sha256').update(secret).digest('base64url');

const list = (text: string): string[] => (text === '' ? [] : text.split(','));

/** GoTrue's OAuthServerClientResponse: empty strings and lists left out, response_types always ["code"]. */
export function oauthClientJson(row: OAuthClientRow, clientSecret?: string): Record<string, unknown> {
  const json: Record<string, unknown> = { client_id: row.id };
  if (clientSecret) json.client_secret = clientSecret;
  json.client_type = row.client_type;
  const redirectUris = list(row.redirect_uris);
  if (redirectUris.length) json.redirect_uris = redirectUris;
  if (row.token_endpoint_auth_method) json.token_endpoint_auth_method = row.token_endpoint_auth_method;
  const grantTypes = list(row.grant_types);
  if (grantTypes.length) json.grant_types = grantTypes;
  json.response_types = ['code'];
  if (row.client_name) json.client_name = row.client_name;
  if (row.client_uri) json.client_uri = row.client_uri;
  if (row.logo_uri) json.logo_uri = row.logo_uri;
  json.registration_type = row.registration_type;
  json.created_at = new Date(row.created_at).toISOString();
  json.updated_at = new Date(row.updated_at).toISOString();
  return json;
}

export async function findOAuthClient(db: Queryable, id: string): Promise<OAuthClientRow | null> {
  const { rows } = await db.query<OAuthClientRow>(`select ${COLUMNS} from auth.oauth_clients where id = $1 and deleted_at is null`, [id]);
  return rows[0] ?? null;
}

export async function countOAuthClients(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ n: number }>('select count(*)::int as n from auth.oauth_clients where deleted_at is null');
  return rows[0]!.n;
}

/** Newest first, as GoTrue's OAuthServerClientList. */
export async function listOAuthClients(db: Queryable, limit: number, offset: number): Promise<OAuthClientRow[]> {
  const { rows } = await db.query<OAuthClientRow>(
    `select ${COLUMNS} from auth.oauth_clients where deleted_at is null order by created_at desc, id limit $1 offset $2`,
    [limit, offset],
  );
  return rows;
}

export interface NewOAuthClient {
  id: string;
  secretHash: string | null;
  registrationType: 'dynamic' | 'manual';
  clientType: 'public' | 'confidential';
  tokenEndpointAuthMethod: string;
  redirectUris: string[];
  grantTypes: string[];
  clientName: string | null;
  clientUri: string | null;
  logoUri: string | null;
}

export async function insertOAuthClient(db: Queryable, c: NewOAuthClient): Promise<OAuthClientRow> {
  const { rows } = await db.query<OAuthClientRow>(
    `insert into auth.oauth_clients (id, client_secret_hash, registration_type, client_type, token_endpoint_auth_method,
       redirect_uris, grant_types, client_name, client_uri, logo_uri)
     values ($1, $2, $3::auth.oauth_registration_type, $4::auth.oauth_client_type, $5, $6, $7, $8, $9, $10)
     returning ${COLUMNS}`,
    [c.id, c.secretHash, c.registrationType, c.clientType, c.tokenEndpointAuthMethod, c.redirectUris.join(','), c.grantTypes.join(','), c.clientName, c.clientUri, c.logoUri],
  );
  return rows[0]!;
}

export interface OAuthClientChanges {
  redirectUris?: string[];
  grantTypes?: string[];
  clientName?: string | null;
  clientUri?: string | null;
  logoUri?: string | null;
  tokenEndpointAuthMethod?: string;
  secretHash?: string;
}

/** Changes only what is given (undefined = unchanged). */
export async function updateOAuthClient(db: Queryable, id: string, ch: OAuthClientChanges): Promise<OAuthClientRow> {
  const { rows } = await db.query<OAuthClientRow>(
    `update auth.oauth_clients set
       redirect_uris = case when $2 then $3 else redirect_uris end,
       grant_types = case when $4 then $5 else grant_types end,
       client_name = case when $6 then $7 else client_name end,
       client_uri = case when $8 then $9 else client_uri end,
       logo_uri = case when $10 then $11 else logo_uri end,
       token_endpoint_auth_method = coalesce($12, token_endpoint_auth_method),
       client_secret_hash = coalesce($13, client_secret_hash),
       updated_at = now()
     where id = $1 and deleted_at is null
     returning ${COLUMNS}`,
    [
      id,
      ch.redirectUris !== undefined, ch.redirectUris?.join(',') ?? null,
      ch.grantTypes !== undefined, ch.grantTypes?.join(',') ?? null,
      ch.clientName !== undefined, ch.clientName ?? null,
      ch.clientUri !== undefined, ch.clientUri ?? null,
      ch.logoUri !== undefined, ch.logoUri ?? null,
      ch.tokenEndpointAuthMethod ?? null,
      ch.secretHash ?? null,
    ],
  );
  return rows[0]!;
}

export async function softDeleteOAuthClient(db: Queryable, id: string): Promise<void> {
  await db.query('update auth.oauth_clients set deleted_at = now(), updated_at = now() where id = $1 and deleted_at is null', [id]);
}
