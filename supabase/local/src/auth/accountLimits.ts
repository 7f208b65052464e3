/**
 * Per-IP limits of the account endpoints, from config.toml `[auth.rate_limit]`
 * `token_verifications` (per 5 minutes, like GoTrue's RateLimitVerify): one bucket for e-mail
 * links and codes (/verify), one for second-factor codes (/factors/{id}/verify).
 */
import { existsSync, readFileSync } from 'node:fs';
import { parse } from 'smol-toml';
import { CONFIG_TOML } from '../config.js';
import type { AuthContext } from './context.js';
import { RateLimiter } from './rateLimit.js';

export interface AccountLimits {
  verify: RateLimiter;
  factorVerify: RateLimiter;
}

const limits = new WeakMap<AuthContext, AccountLimits>();

function tokenVerifications(): number {
  const env = process.env.SUPABASE_AUTH_RATE_LIMIT_TOKEN_VERIFICATIONS;
  if (env !== undefined && env !== '' && Number.isFinite(Number(env))) return Number(env);
  const toml = existsSync(CONFIG_TOML) ? parse(readFileSync(CONFIG_TOML, 'utf8')) : {};
  const rate = (toml.auth as { rate_limit?: { token_verifications?: unknown } } | undefined)?.rate_limit;
  return typeof rate?.token_verifications === 'number' ? rate.token_verifications : 30;
}

export function accountLimits(ctx: AuthContext): AccountLimits {
  let found = limits.get(ctx);
  if (!found) {
    const perWindow = tokenVerifications();
    found = { verify: new RateLimiter(perWindow), factorVerify: new RateLimiter(perWindow) };
    limits.set(ctx, found);
  }
  return found;
}
