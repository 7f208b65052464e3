/**
 * Password policy and hashing. bcryptjs verifies both its own `$2b$` hashes and the `$2a$` hashes
 * pgcrypto writes in seed.sql, so every check goes through here (never through SQL `crypt()`).
 */
import bcrypt from 'bcryptjs';
import type { AuthConfig } from '../config.js';
import { AuthError, validationFailed } from './errors.js';

/** GoTrue's cost (Go's bcrypt.DefaultCost). */
const BCRYPT_COST = 10;
/** bcrypt ignores everything past 72 bytes; GoTrue refuses such passwords instead. */
const MAX_PASSWORD_BYTES = 72;

const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const DIGITS = '0123456789';
const SYMBOLS = "!@#$%^&*()_+-=[]{};'\\:\"|<>?,./`~";

/** config.toml `password_requirements` -> the character sets GoTrue requires one of each from. */
const REQUIRED_SETS: Record<string, string[]> = {
  letters_digits: [LOWER + UPPER, DIGITS],
  lower_upper_letters_digits: [LOWER, UPPER, DIGITS],
  lower_upper_letters_digits_symbols: [LOWER, UPPER, DIGITS, SYMBOLS],
};

/** Throws GoTrue's 422 weak_password (with reasons) or 400 for over-long passwords. */
export function assertPasswordStrength(auth: AuthConfig, password: string): void {
  if (Buffer.byteLength(password, 'utf8') > MAX_PASSWORD_BYTES) {
    throw validationFailed(`Password cannot be longer than ${MAX_PASSWORD_BYTES} characters`);
  }
  const reasons: string[] = [];
  const messages: string[] = [];
  if ([...password].length < auth.minimumPasswordLength) {
    reasons.push('length');
    messages.push(`Password should be at least ${auth.minimumPasswordLength} characters.`);
  }
  const sets = REQUIRED_SETS[auth.passwordRequirements] ?? [];
  if (sets.some((set) => ![...password].some((ch) => set.includes(ch)))) {
    reasons.push('characters');
    messages.push(`Password should contain at least one character of each: ${sets.join(', ')}.`);
  }
  if (reasons.length > 0) {
    throw new AuthError(422, 'weak_password', messages.join(' '), { weak_password: { reasons } });
  }
}

export function hashPassword(password: string): Promise<string> {
  return bcrypt.hash(password, BCRYPT_COST);
}

/**
 * A cost-10 bcrypt hash of a random secret nobody knows. Compared against when there is no stored
 * hash (unknown e-mail, account without a password), so a failed sign-in costs the same bcrypt
 * work either way and its timing does not tell whether the address has an account.
 */
const DUMMY_HASH = '$2b$10$izAZvDD44mGW64BDO.l99uJKq1jjnCs5FRciNpJAXrq32/1UCSZ0O';

export async function verifyPassword(password: string, hash: string | null | undefined): Promise<boolean> {
  try {
    const matches = await bcrypt.compare(password, hash || DUMMY_HASH);
    return matches && Boolean(hash);
  } catch {
    return false; // a malformed stored hash is a failed sign-in, not a server error
  }
}
