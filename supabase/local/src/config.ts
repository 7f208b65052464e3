/**
 * Server settings: supabase/config.toml (the Supabase CLI's file, so `supabase start` and the
 * embedded backend read the same values), then environment overrides. Defaults are the CLI's.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'smol-toml';
import { LOCAL_JWT_SECRET } from './keys.js';
import { readSigningKeys, type SigningKeyJwk } from './jwt/signingKeys.js';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
export const CONFIG_TOML = resolve(REPO_ROOT, 'supabase/config.toml');

export interface AuthConfig {
  siteUrl: string;
  jwtExpiry: number;
  enableSignup: boolean;
  /**
   * GoTrue's MAILER_AUTOCONFIRM: the negation of `[auth.email] enable_confirmations` (env
   * SUPABASE_AUTH_EMAIL_ENABLE_CONFIRMATIONS=true|false). On, an e-mail sign-up is confirmed and
   * signed in at once; off, it answers the user without a session and mails a confirmation link.
   */
  mailerAutoconfirm: boolean;
  /**
   * `[auth.email] double_confirm_changes` (GoTrue's MAILER_SECURE_EMAIL_CHANGE_ENABLED): an e-mail
   * change is also confirmed from the current address.
   */
  doubleConfirmChanges: boolean;
  enableRefreshTokenRotation: boolean;
  refreshTokenReuseInterval: number;
  minimumPasswordLength: number;
  passwordRequirements: string;
  /** `[auth] enable_anonymous_sign_ins` (env SUPABASE_AUTH_ENABLE_ANONYMOUS_SIGN_INS=true|false). */
  enableAnonymousSignIns: boolean;
  /**
   * `[auth.oauth_server] enabled`: Supabase Auth as an OAuth 2.1 server; here its admin client
   * registry (/admin/oauth/clients). Env SUPABASE_AUTH_OAUTH_SERVER_ENABLED=true|false. Off by default, as the CLI.
   */
  oauthServerEnabled: boolean;
  /**
   * `[auth.mfa.web_authn] enroll_enabled` (env SUPABASE_AUTH_MFA_WEB_AUTHN_ENROLL_ENABLED): WebAuthn
   * factors can be enrolled (and unenrolled); their challenge and verify steps are not offered
   * (verify_enabled stays off). Off by default, as the CLI.
   */
  mfaWebAuthnEnrollEnabled: boolean;
  /**
   * Requests per 5 minutes per IP; emailSent: e-mails (here: /recover requests) per hour per IP;
   * anonymousUsers: anonymous sign-ins per hour per IP.
   */
  rateLimit: { signInSignUps: number; tokenRefresh: number; emailSent: number; anonymousUsers: number };
}

export interface ApiConfig {
  schemas: string[];
  extraSearchPath: string[];
  maxRows: number;
  /** Proxies (addresses or CIDR blocks) whose client-address headers are believed: env BUZZ_TRUSTED_PROXIES. */
  trustedProxies: string[];
}

export interface Config {
  jwtSecret: string;
  /**
   * `[auth] signing_keys_path` (relative to supabase/, as the CLI reads it) or env
   * SUPABASE_AUTH_SIGNING_KEYS_PATH (relative to the working directory): the asymmetric key set
   * access tokens are signed with (jwt/signingKeys.ts). Empty: HS256 with jwtSecret, the default.
   */
  signingKeys: SigningKeyJwk[];
  auth: AuthConfig;
  api: ApiConfig;
}

type Table = Record<string, unknown>;

function table(v: unknown): Table {
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Table) : {};
}

function num(env: string, fromToml: unknown, fallback: number): number {
  const raw = process.env[env];
  if (raw !== undefined && raw !== '') {
    const n = Number(raw);
    if (!Number.isFinite(n) || n < 0) throw new Error(`${env} must be a non-negative number, got "${raw}"`);
    return n;
  }
  return typeof fromToml === 'number' ? fromToml : fallback;
}

function bool(fromToml: unknown, fallback: boolean): boolean {
  return typeof fromToml === 'boolean' ? fromToml : fallback;
}

function envBool(env: string, fromToml: unknown, fallback: boolean): boolean {
  const raw = process.env[env];
  if (raw === undefined || raw === '') return bool(fromToml, fallback);
  if (raw !== 'true' && raw !== 'false') throw new Error(`${env} must be true or false, got "${raw}"`);
  return raw === 'true';
}

function strings(fromToml: unknown, fallback: string[]): string[] {
  return Array.isArray(fromToml) ? fromToml.map(String) : fallback;
}

function signingKeys(fromToml: unknown, configPath: string): SigningKeyJwk[] {
  const fromEnv = process.env.SUPABASE_AUTH_SIGNING_KEYS_PATH;
  if (fromEnv) return readSigningKeys(resolve(fromEnv), `SUPABASE_AUTH_SIGNING_KEYS_PATH ${fromEnv}`);
  if (typeof fromToml !== 'string' || fromToml === '') return [];
  return readSigningKeys(resolve(dirname(configPath), fromToml), `[auth] signing_keys_path ${fromToml}`);
}

/** Reads config.toml (missing file = CLI defaults) and applies SUPABASE_* env overrides. */
export function loadConfig(path = CONFIG_TOML): Config {
  const toml = existsSync(path) ? parse(readFileSync(path, 'utf8')) : {};
  const auth = table(toml.auth);
  const email = table(auth.email);
  const rate = table(auth.rate_limit);
  const api = table(toml.api);
  return {
    jwtSecret: process.env.SUPABASE_AUTH_JWT_SECRET || LOCAL_JWT_SECRET,
    signingKeys: signingKeys(auth.signing_keys_path, path),
    auth: {
      siteUrl: typeof auth.site_url === 'string' ? auth.site_url : 'http://127.0.0.1:3000',
      jwtExpiry: num('SUPABASE_AUTH_JWT_EXPIRY', auth.jwt_expiry, 3600),
      enableSignup: bool(auth.enable_signup, true) && bool(email.enable_signup, true),
      mailerAutoconfirm: !envBool('SUPABASE_AUTH_EMAIL_ENABLE_CONFIRMATIONS', email.enable_confirmations, false),
      doubleConfirmChanges: bool(email.double_confirm_changes, true),
      enableRefreshTokenRotation: bool(auth.enable_refresh_token_rotation, true),
      refreshTokenReuseInterval: num(
        'SUPABASE_AUTH_REFRESH_TOKEN_REUSE_INTERVAL',
        auth.refresh_token_reuse_interval,
        10,
      ),
      minimumPasswordLength: num('SUPABASE_AUTH_MINIMUM_PASSWORD_LENGTH', auth.minimum_password_length, 6),
      passwordRequirements: typeof auth.password_requirements === 'string' ? auth.password_requirements : '',
      enableAnonymousSignIns: envBool('SUPABASE_AUTH_ENABLE_ANONYMOUS_SIGN_INS', auth.enable_anonymous_sign_ins, false),
      mfaWebAuthnEnrollEnabled: envBool(
        'SUPABASE_AUTH_MFA_WEB_AUTHN_ENROLL_ENABLED',
        table(table(auth.mfa).web_authn).enroll_enabled,
        false,
      ),
      oauthServerEnabled: envBool('SUPABASE_AUTH_OAUTH_SERVER_ENABLED', table(auth.oauth_server).enabled, false),
      rateLimit: {
        signInSignUps: num('SUPABASE_AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS', rate.sign_in_sign_ups, 30),
        tokenRefresh: num('SUPABASE_AUTH_RATE_LIMIT_TOKEN_REFRESH', rate.token_refresh, 150),
        emailSent: num('SUPABASE_AUTH_RATE_LIMIT_EMAIL_SENT', rate.email_sent, 2),
        anonymousUsers: num('SUPABASE_AUTH_RATE_LIMIT_ANONYMOUS_USERS', rate.anonymous_users, 30),
      },
    },
    api: {
      // SUPABASE_API_SCHEMAS (comma separated) replaces [api] schemas, e.g. to expose a test schema.
      schemas: process.env.SUPABASE_API_SCHEMAS
        ? process.env.SUPABASE_API_SCHEMAS.split(',').map((s) => s.trim()).filter(Boolean)
        : strings(api.schemas, ['public', 'graphql_public']),
      extraSearchPath: strings(api.extra_search_path, ['public', 'extensions']),
      maxRows: num('SUPABASE_API_MAX_ROWS', api.max_rows, 1000),
      trustedProxies: (process.env.BUZZ_TRUSTED_PROXIES ?? '').split(',').map((s) => s.trim()).filter(Boolean),
    },
  };
}
