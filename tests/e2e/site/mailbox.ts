/**
 * The local mailbox of the end-to-end backend (--mailbox) and the sender that fills it, for the
 * specs that follow a visitor's e-mails (messages-journey.spec.ts, messages-spanish.spec.ts).
 */
import type { APIRequestContext } from '@playwright/test';
import { LOCAL_SERVICE_ROLE_KEY } from '../../../supabase/local/src/keys';
import { expect } from './pages-fixtures';

const API = 'http://127.0.0.1:54321';

export interface Mail {
  id: number;
  subject: string;
  kind: string;
  text_body: string | null;
  attachments: { filename: string; content_type: string; content: string }[];
}

/** Delivers what the outbox holds now: POST /functions/v1/send-messages with the service role. */
export async function runSender(request: APIRequestContext) {
  const response = await request.post(`${API}/functions/v1/send-messages`, {
    headers: { apikey: LOCAL_SERVICE_ROLE_KEY, Authorization: `Bearer ${LOCAL_SERVICE_ROLE_KEY}` },
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as { sent: number; failed: number };
}

/** The mailbox's messages to `email`, newest first (GET /mailbox/api/messages, service role). */
export async function mailTo(request: APIRequestContext, email: string): Promise<Mail[]> {
  const response = await request.get(`${API}/mailbox/api/messages?to=${encodeURIComponent(email)}`, {
    headers: { apikey: LOCAL_SERVICE_ROLE_KEY },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { messages: Mail[] }).messages;
}

/** The one message to `email` whose subject is `subject` (fails on none or several). */
export async function onlyMail(request: APIRequestContext, email: string, subject: string | RegExp) {
  const mails = (await mailTo(request, email)).filter((m) => (typeof subject === 'string' ? m.subject === subject : subject.test(m.subject)));
  expect(mails.map((m) => m.subject)).toHaveLength(1);
  return mails[0]!;
}
