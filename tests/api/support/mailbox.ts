/**
 * Reads the embedded backend's local mailbox (GET /mailbox/api/messages), as a developer's script
 * would: with the service_role key (supabase/local/src/auth/mailer/mailboxAccess.ts). The test
 * backends start with `--mailbox` (support/server.ts).
 */
import { SERVICE_ROLE_KEY } from './clients';

export interface Mail {
  id: number;
  recipient: string;
  subject: string;
  html: string;
  kind: string;
  link: string | null;
  created_at: string;
}

/** GET of a mailbox path (`/mailbox`, `/mailbox/api/messages?...`) with the service_role key. */
export function mailboxGet(url: string, path: string): Promise<Response> {
  return fetch(`${url}${path}`, { headers: { apikey: SERVICE_ROLE_KEY } });
}

export async function mailTo(url: string, email: string): Promise<Mail[]> {
  const res = await mailboxGet(url, `/mailbox/api/messages?to=${encodeURIComponent(email)}`);
  if (!res.ok) throw new Error(`mailbox answered ${res.status}`);
  return ((await res.json()) as { messages: Mail[] }).messages;
}

/** The newest message to `email`; fails when there is none. */
export async function latestMail(url: string, email: string): Promise<Mail> {
  const [mail] = await mailTo(url, email);
  if (!mail) throw new Error(`no mail to ${email}`);
  return mail;
}

/** The 6-digit code of a recovery mail (the template shows it after "enter this code:"). */
export function otpOf(mail: Mail): string {
  const match = /code: (\d{6})/.exec(mail.html);
  if (!match) throw new Error('no code in the mail');
  return match[1]!;
}

/** Opens an e-mailed link without following the redirect: the 303 Location. */
export async function openLink(link: string): Promise<URL> {
  const res = await fetch(link, { redirect: 'manual' });
  if (res.status !== 303) throw new Error(`link answered ${res.status}`);
  return new URL(res.headers.get('location')!);
}

/** The fragment of a redirect as key/values. */
export const fragment = (url: URL) => Object.fromEntries(new URLSearchParams(url.hash.slice(1)));
