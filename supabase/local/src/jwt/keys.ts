/**
 * The one JWT verifier and signer of every part of the backend (auth, REST, Storage, Functions,
 * the mailbox), as GoTrue keys its tokens (supabase/auth internal/api/auth.go parseJWTClaims,
 * internal/tokens/service.go SignJWT):
 * - verify: a token whose `kid` names a key of the signing key set is checked with that key (its
 *   public part, its algorithm); any other token must be HS256 with the JWT secret (the CLI's
 *   local keys, tokens signed before a key set was configured); anything else is refused
 *   ("unrecognized JWT kid").
 * - sign: with the key set's signing key (`key_ops` has "sign"; its alg, `kid` in the header),
 *   or HS256 with the secret when no key set is configured, as before.
 * - jwks: the public keys GoTrue serves at `/auth/v1/.well-known/jwks.json` (no symmetric key).
 */
import { SignJWT, errors as joseErrors, importJWK, jwtVerify, type CryptoKey, type JWK, type JWTPayload, type JWTVerifyOptions } from 'jose';
import { isSigning, publicJwk, type SigningKeyJwk } from './signingKeys.js';

type Key = CryptoKey | Uint8Array;

interface KeyEntry {
  alg: string;
  verifyKey: Key;
}

/** JWK members that are not key material: WebCrypto would check them against the usage asked for. */
const NOT_MATERIAL = ['kid', 'alg', 'use', 'key_ops', 'ext', 'x5c', 'x5t', 'x5u', 'x5t#S256'];

function material(jwk: Record<string, unknown>): JWK {
  return Object.fromEntries(Object.entries(jwk).filter(([name]) => !NOT_MATERIAL.includes(name))) as JWK;
}

export class JwtKeys {
  private constructor(
    /** The JWT secret's bytes (also Storage's signed-URL key). */
    readonly secret: Uint8Array,
    private readonly byKid: Map<string, KeyEntry>,
    private readonly signer: { alg: string; kid: string; key: Key } | null,
    private readonly published: Record<string, unknown>[],
  ) {}

  /** Imports the key set once; an unusable key stops the server with its kid in the message. */
  static async create(secret: string, signingKeys: SigningKeyJwk[] = []): Promise<JwtKeys> {
    const byKid = new Map<string, KeyEntry>();
    let signer: { alg: string; kid: string; key: Key } | null = null;
    const published: Record<string, unknown>[] = [];
    for (const jwk of signingKeys) {
      const pub = publicJwk(jwk);
      try {
        const verifyKey = await importJWK(material(pub ?? jwk), jwk.alg);
        byKid.set(jwk.kid, { alg: jwk.alg, verifyKey });
        if (isSigning(jwk)) signer = { alg: jwk.alg, kid: jwk.kid, key: await importJWK(material(jwk), jwk.alg) };
      } catch (err) {
        throw new Error(`signing key ${jwk.kid}: ${(err as Error).message}`);
      }
      if (pub) published.push(pub);
    }
    return new JwtKeys(new TextEncoder().encode(secret), byKid, signer, published);
  }

  /** The algorithm new access tokens are signed with. */
  get signingAlg(): string {
    return this.signer?.alg ?? 'HS256';
  }

  /** `kid` of the signing key, null for HS256 with the secret. */
  get signingKid(): string | null {
    return this.signer?.kid ?? null;
  }

  /** The JWKS document: the public parts of the asymmetric keys. */
  jwks(): { keys: Record<string, unknown>[] } {
    return { keys: this.published.map((k) => ({ ...k })) };
  }

  /** Signs `claims` as they are (no claims added): with the signing key, or HS256 with the secret. */
  async sign(claims: JWTPayload): Promise<string> {
    const jwt = new SignJWT(claims);
    if (!this.signer) return jwt.setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(this.secret);
    return jwt.setProtectedHeader({ alg: this.signer.alg, kid: this.signer.kid, typ: 'JWT' }).sign(this.signer.key);
  }

  /**
   * Verifies signature, `exp` and `nbf` (jose's errors: JWTExpired, JWSSignatureVerificationFailed,
   * JWKSNoMatchingKey for a key not in the set, ...). `options` adds jose's checks (clockTolerance).
   */
  async verify(token: string, options: Pick<JWTVerifyOptions, 'clockTolerance'> = {}): Promise<JWTPayload> {
    const { payload } = await jwtVerify(
      token,
      (header) => {
        const entry = header.kid !== undefined ? this.byKid.get(header.kid) : undefined;
        if (entry) {
          if (header.alg !== entry.alg) throw new joseErrors.JOSEAlgNotAllowed(`"alg" (Algorithm) ${header.alg} does not match key ${header.kid}`);
          return entry.verifyKey;
        }
        if (header.alg === 'HS256') return this.secret;
        throw new joseErrors.JWKSNoMatchingKey(`unrecognized JWT kid ${header.kid ?? '<nil>'} for algorithm ${header.alg}`);
      },
      { algorithms: ['HS256', 'RS256', 'ES256'], ...options },
    );
    return payload;
  }
}
