/**
 * The request role, as PostgREST derives it: a verified Bearer JWT's `role` claim (HS256 with the
 * secret, or a key of the signing key set: ../jwt/keys.ts), or `anon` without a token. Verified
 * tokens are cached until they expire (the anon key is on every public request), so verification
 * is not paid per request.
 */
import { errors as joseErrors } from 'jose';
import type { JwtKeys } from '../jwt/keys.js';
import { RestError } from './errors.js';

export interface RequestIdentity {
  role: string;
  /** The claims with `role` always present, for `request.jwt.claims`. */
  claimsJson: string;
}

const ANON: RequestIdentity = { role: 'anon', claimsJson: JSON.stringify({ role: 'anon' }) };
/** PostgREST's leeway on exp/nbf/iat. */
const CLOCK_SKEW_S = 30;
const CACHE_MAX = 1000;

function jwtError(code: 'PGRST301' | 'PGRST303', message: string): RestError {
  return new RestError(401, code, message, null, null, {
    'www-authenticate': `Bearer error="invalid_token", error_description="${message}"`,
  });
}

export class JwtRoles {
  private readonly cache = new Map<string, { identity: RequestIdentity; exp: number }>();

  constructor(private readonly keys: JwtKeys) {}

  async identify(token: string | undefined): Promise<RequestIdentity> {
    if (token === undefined || token === '') return ANON;
    const cached = this.cache.get(token);
    const now = Date.now() / 1000;
    if (cached && cached.exp + CLOCK_SKEW_S > now) return cached.identity;
    if (cached) this.cache.delete(token);

    const parts = token.split('.').length;
    if (parts !== 3) throw jwtError('PGRST301', `Expected 3 parts in JWT; got ${parts}`);
    let claims: Record<string, unknown>;
    try {
      claims = await this.keys.verify(token, { clockTolerance: CLOCK_SKEW_S });
    } catch (err) {
      if (err instanceof joseErrors.JWTExpired) throw jwtError('PGRST303', 'JWT expired');
      if (err instanceof joseErrors.JWTClaimValidationFailed) throw jwtError('PGRST303', err.message);
      throw jwtError('PGRST301', 'JWT cryptographic operation failed');
    }
    const role = typeof claims.role === 'string' && claims.role !== '' ? claims.role : 'anon';
    const identity = { role, claimsJson: JSON.stringify({ ...claims, role }) };
    const exp = typeof claims.exp === 'number' ? claims.exp : Number.POSITIVE_INFINITY;
    if (this.cache.size >= CACHE_MAX) this.cache.delete(this.cache.keys().next().value!);
    this.cache.set(token, { identity, exp });
    return identity;
  }
}
