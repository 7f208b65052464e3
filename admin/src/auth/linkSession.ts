/**
 * Reads what an e-mailed link brought back to the 'Set a new password' page, in every form GoTrue
 * and supabase-js use: the session in the fragment (implicit flow, `#access_token=...&type=`),
 * an error in the fragment (`#error_code=otp_expired&error_description=...`), `?code=` (PKCE) or
 * `?token_hash=&type=` (templates that link to the site directly, verified with verifyOtp).
 */
import type { EmailOtpType } from '@supabase/supabase-js';
import { supabase } from '../providers/supabase';

export type LinkOutcome =
  | { kind: 'session'; type: string }
  | { kind: 'error'; code: string; message: string }
  | { kind: 'none' };

const EXPIRED = 'This link is invalid, has expired or was already used. Ask for a new one.';

export async function sessionFromLink(hash: string, search: string): Promise<LinkOutcome> {
  const fragment = new URLSearchParams(hash.replace(/^#/, ''));
  const query = new URLSearchParams(search);
  const errorCode = fragment.get('error_code') ?? query.get('error_code');
  if (errorCode) {
    const message = errorCode === 'otp_expired' ? EXPIRED : (fragment.get('error_description') ?? query.get('error_description') ?? EXPIRED);
    return { kind: 'error', code: errorCode, message };
  }
  const accessToken = fragment.get('access_token');
  const refreshToken = fragment.get('refresh_token');
  if (accessToken && refreshToken) {
    const { error } = await supabase.auth.setSession({ access_token: accessToken, refresh_token: refreshToken });
    if (error) return { kind: 'error', code: error.code ?? 'session', message: EXPIRED };
    return { kind: 'session', type: fragment.get('type') ?? 'recovery' };
  }
  const tokenHash = query.get('token_hash');
  const type = query.get('type');
  if (tokenHash && type) {
    const { error } = await supabase.auth.verifyOtp({ token_hash: tokenHash, type: type as EmailOtpType });
    if (error) return { kind: 'error', code: error.code ?? 'otp_expired', message: EXPIRED };
    return { kind: 'session', type };
  }
  const code = query.get('code');
  if (code) {
    const { data, error } = await supabase.auth.exchangeCodeForSession(code);
    if (error) return { kind: 'error', code: error.code ?? 'flow_state_not_found', message: EXPIRED };
    return { kind: 'session', type: (data as { redirectType?: string | null }).redirectType ?? 'recovery' };
  }
  return { kind: 'none' };
}
