/**
 * /my-hive's calls: the e-mail sign-in link (GoTrue's POST /auth/v1/otp, as supabase-js's
 * signInWithOtp sends it), the session the link's redirect carries in the URL fragment, and the
 * RPCs answering the signed-in person's hives (get_buzz_haven_my_hives) and their visit-report
 * choice (set_buzz_haven_my_visit_reports). Plain fetch, as the public
 * forms do: no supabase-js on the public site.
 */
import { SUPABASE_ANON_KEY, SUPABASE_URL } from '../../forms/config';

export const SESSION_KEY = 'buzz-haven-my-hive-session';

export interface Session {
  accessToken: string;
  /** seconds since the epoch */
  expiresAt: number;
}

export interface MyHive {
  id: string;
  name: string;
  /** The Spanish pages' name; null: the English shows (src/lib/rowLanguage.ts). */
  name_es?: string | null;
  status: string;
  relations: ('adopter' | 'host')[];
  wrap: { title: string; artist: string | null; photo_url: string | null; installed_on: string } | null;
  highlights: { id: string; date: string; note: string; photo_url: string | null }[];
  batches: { code: string; product: string; product_es?: string | null; season: string | null; harvested_on: string | null }[];
  adoptions: { tier: string; plan: string; status: 'new' | 'active' | 'paused' | 'ended'; monthly_price: number; gift: boolean }[];
}

export interface MyHives {
  email: string;
  hives: MyHive[];
  workshops: { id: string; title: string; start_time: string; location: string | null }[];
}

export class MyHiveError extends Error {
  constructor(readonly kind: 'signed-out' | 'rate-limited' | 'failed', message = kind) {
    super(message);
  }
}

/**
 * What the sign-in link's redirect left in the fragment: a session (#access_token=...), an error
 * (#error=access_denied&error_code=otp_expired...: used twice or expired), or nothing.
 */
export function readFragment(hash: string, now = Date.now()): { session?: Session; linkError?: string } {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const token = params.get('access_token');
  if (token) {
    const expiresAt = Number(params.get('expires_at')) || Math.floor(now / 1000) + (Number(params.get('expires_in')) || 3600);
    return { session: { accessToken: token, expiresAt } };
  }
  const error = params.get('error_code') ?? params.get('error');
  return error ? { linkError: error } : {};
}

const headers = (token = SUPABASE_ANON_KEY) => ({
  apikey: SUPABASE_ANON_KEY,
  Authorization: `Bearer ${token}`,
  'Content-Type': 'application/json',
});

/** E-mails a sign-in link that comes back to `redirectTo` (this page). */
export async function requestSignInLink(email: string, redirectTo: string): Promise<void> {
  const response = await fetch(`${SUPABASE_URL}/auth/v1/otp?redirect_to=${encodeURIComponent(redirectTo)}`, {
    method: 'POST',
    headers: headers(),
    body: JSON.stringify({ email, create_user: true }),
  }).catch(() => null);
  if (response?.status === 429) throw new MyHiveError('rate-limited');
  if (!response?.ok) throw new MyHiveError('failed');
}

export async function loadMyHives(session: Session): Promise<MyHives> {
  const response = await fetch(`${SUPABASE_URL}/rest/v1/rpc/get_buzz_haven_my_hives`, {
    method: 'POST',
    headers: headers(session.accessToken),
    body: '{}',
  }).catch(() => null);
  if (response?.status === 401 || response?.status === 403) throw new MyHiveError('signed-out');
  if (!response?.ok) throw new MyHiveError('failed');
  return (await response.json()) as MyHives;
}

/**
 * Whether the signed-in person receives visit reports (set_buzz_haven_my_visit_reports):
 * `receive` undefined only reads it. Answers the setting in force.
 */
export async function visitReports(session: Session, receive?: boolean): Promise<boolean> {
  const response = await fetch(`${SUPABASE_URL}/rest/v1/rpc/set_buzz_haven_my_visit_reports`, {
    method: 'POST',
    headers: headers(session.accessToken),
    body: JSON.stringify(receive === undefined ? {} : { p_receive: receive }),
  }).catch(() => null);
  if (response?.status === 401 || response?.status === 403) throw new MyHiveError('signed-out');
  if (!response?.ok) throw new MyHiveError('failed');
  return (await response.json()) as boolean;
}

export async function signOut(session: Session): Promise<void> {
  await fetch(`${SUPABASE_URL}/auth/v1/logout`, { method: 'POST', headers: headers(session.accessToken) }).catch(() => null);
}
