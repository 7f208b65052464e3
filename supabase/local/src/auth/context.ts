import type { Config } from '../config.js';
import type { Db } from '../db/types.js';
import type { RateLimiter } from './rateLimit.js';
import type { JwtKeys } from '../jwt/keys.js';

/** What every auth handler needs; built once per server. */
export interface AuthContext {
  db: Db;
  config: Config;
  /** `iss` of access tokens: `<api url>/auth/v1`, like the Supabase CLI. */
  issuer: string;
  /** Signs access tokens and verifies every Bearer token (jwt/keys.ts). */
  keys: JwtKeys;
  limits: { signInSignUps: RateLimiter; tokenRefresh: RateLimiter; emailSent: RateLimiter; anonymousUsers: RateLimiter };
}
