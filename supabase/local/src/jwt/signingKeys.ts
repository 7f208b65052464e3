/**
 * The signing key set: config.toml `[auth] signing_keys_path`, a JSON array of JWKs as
 * `supabase gen signing-key` writes it (supabase/cli pkg/config/config.go reads it; the CLI hands
 * it to GoTrue as GOTRUE_JWT_KEYS). Checked as GoTrue checks GOTRUE_JWT_KEYS (supabase/auth
 * internal/conf/jwk.go JwtKeysDecoder.Validate): every key has a `kid`, exactly one key has
 * `"sign"` in its `key_ops` (the one that signs access tokens), the others only verify.
 */
import { readFileSync } from 'node:fs';

/** The algorithms a key may have: the CLI's (RS256, ES256) and auth-js getClaims's, plus HS256 for `oct` keys. */
export const KEY_ALGORITHMS = { RSA: 'RS256', EC: 'ES256', oct: 'HS256' } as const;

export interface SigningKeyJwk {
  kty: 'RSA' | 'EC' | 'oct';
  kid: string;
  alg: 'RS256' | 'ES256' | 'HS256';
  key_ops?: string[];
  [field: string]: unknown;
}

/** Private (and symmetric) JWK members: never published. */
const PRIVATE_MEMBERS = ['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth', 'k'];

/** Validates a parsed key file; `source` names it in the errors. */
export function checkSigningKeys(value: unknown, source: string): SigningKeyJwk[] {
  if (!Array.isArray(value)) throw new Error(`${source}: expected a JSON array of JWKs`);
  const kids = new Set<string>();
  const keys = value.map((raw, i): SigningKeyJwk => {
    const where = `${source}: key ${i}`;
    if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw new Error(`${where} is not a JWK object`);
    const key = raw as Record<string, unknown>;
    const kty = key.kty;
    if (kty !== 'RSA' && kty !== 'EC' && kty !== 'oct') throw new Error(`${where}: kty must be RSA, EC or oct, got ${JSON.stringify(kty)}`);
    const alg = key.alg ?? (kty === 'oct' ? 'HS256' : undefined);
    if (alg !== KEY_ALGORITHMS[kty]) {
      throw new Error(`${where}: a ${kty} key needs alg ${KEY_ALGORITHMS[kty]}, got ${JSON.stringify(key.alg)}`);
    }
    if (kty === 'EC' && key.crv !== 'P-256') throw new Error(`${where}: an ES256 key needs crv P-256`);
    if (typeof key.kid !== 'string' || key.kid === '') throw new Error(`${where}: kid is missing`);
    if (kids.has(key.kid)) throw new Error(`${where}: kid ${key.kid} appears twice`);
    kids.add(key.kid);
    if (key.key_ops !== undefined && !(Array.isArray(key.key_ops) && key.key_ops.every((op) => typeof op === 'string'))) {
      throw new Error(`${where}: key_ops must be an array of strings`);
    }
    if (isSigning(key as SigningKeyJwk) && kty !== 'oct' && typeof key.d !== 'string') {
      throw new Error(`${where}: the signing key (key_ops "sign") has no private part`);
    }
    return { ...key, kty, alg, kid: key.kid } as SigningKeyJwk;
  });
  const signing = keys.filter(isSigning);
  if (signing.length === 0) throw new Error(`${source}: no signing key detected (one key needs "sign" in key_ops)`);
  if (signing.length > 1) throw new Error(`${source}: multiple signing keys detected, only 1 signing key is supported`);
  return keys;
}

export function isSigning(key: SigningKeyJwk): boolean {
  return Array.isArray(key.key_ops) && key.key_ops.includes('sign');
}

/** Reads and checks the key file; a missing or malformed file stops the server with its path in the message. */
export function readSigningKeys(path: string, source = path): SigningKeyJwk[] {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    throw new Error(`${source}: failed to read signing keys: ${(err as Error).message}`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (err) {
    throw new Error(`${source}: failed to decode signing keys: ${(err as Error).message}`);
  }
  return checkSigningKeys(parsed, source);
}

/**
 * The public JWK GoTrue publishes (internal/conf/jwk.go decodePublicKey): the key without its
 * private members, `use: "sig"`, `key_ops: ["verify"]`; symmetric keys have none (null).
 */
export function publicJwk(key: SigningKeyJwk): Record<string, unknown> | null {
  if (key.kty === 'oct') return null;
  const pub: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(key)) {
    if (!PRIVATE_MEMBERS.includes(name) && name !== 'ext') pub[name] = value;
  }
  return { ...pub, use: 'sig', key_ops: ['verify'] };
}
