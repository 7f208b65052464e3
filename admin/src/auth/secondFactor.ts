/**
 * Two-factor sign-in helpers over supabase-js auth.mfa (GoTrue's /factors API): what the
 * session still needs after the password, and the code check that raises it to aal2.
 */
import { supabase } from '../providers/supabase';
import { loadProfile } from '../providers/profile';

/**
 * After the password: 'code' when the user has a verified factor (the session is aal1, it must
 * become aal2); 'enrol' when an owner or admin has none yet (they are asked to set one up);
 * else 'done'.
 */
export async function nextSignInStep(): Promise<'code' | 'enrol' | 'done'> {
  if (await codeNeeded()) return 'code';
  const { data, error } = await supabase.auth.mfa.getAuthenticatorAssuranceLevel();
  if (error) throw error;
  if (data.nextLevel === 'aal2') return 'done';
  const { data: session } = await supabase.auth.getSession();
  const userId = session.session?.user.id;
  if (!userId) return 'done';
  const profile = await loadProfile(userId).catch(() => null);
  return profile?.is_active && (profile.role === 'owner' || profile.role === 'admin') ? 'enrol' : 'done';
}

/**
 * Whether this session must give a code before the server lets it act (GoTrue: a user with a
 * verified factor is aal1 until the code, and changing the password then needs aal2).
 */
export async function codeNeeded(): Promise<boolean> {
  const { data, error } = await supabase.auth.mfa.getAuthenticatorAssuranceLevel();
  if (error) throw error;
  return data.nextLevel === 'aal2' && data.currentLevel !== 'aal2';
}

/** The first verified TOTP factor of the signed-in user. */
export async function verifiedTotpFactor(): Promise<string | null> {
  const { data, error } = await supabase.auth.mfa.listFactors();
  if (error) throw error;
  return data.totp[0]?.id ?? null;
}

/** Challenges the factor and verifies the 6-digit code: the session becomes aal2. */
export async function verifyCode(factorId: string, code: string): Promise<void> {
  const { error } = await supabase.auth.mfa.challengeAndVerify({ factorId, code: code.replace(/\s+/g, '') });
  if (error) throw error;
}
