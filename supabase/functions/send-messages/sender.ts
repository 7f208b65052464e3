/**
 * One pass of the outbox sender, on web-standard fetch plus an SMTP transport (nodemailer's
 * `sendMail`), so the Edge Function (handler.ts) and the local loop (run.ts) share it: claim a
 * batch (claim_buzz_haven_outbox_messages; first the
 * workshop reminders and staff digests now due are queued, queue_buzz_haven_workshop_reminders,
 * queue_buzz_haven_staff_digests), render
 * each from the published documents, send, then mark sent or failed. The claim's lease covers the
 * batch: a sender killed at any point leaves rows 'sending' that are claimed again when the lease
 * runs out, and sent again with the same Message-ID (at least once; the mailbox dedupes).
 * An SMTP answer 5xx or a refused rendering is permanent (dead at once); anything else (4xx, a
 * refused connection, a timeout) is retried with backoff.
 */
import type { Locale } from '../_shared/content-schema/locales.ts';
import type { MessagesDocument } from '../_shared/content-schema/messages.ts';
import { documentsByLocale, localeOf, type PublishedDocument } from './languages.ts';
import { RefusedMessage, renderMessage, type OutboxRow, type RenderedMessage } from './render.ts';
import type { Business } from './values.ts';

export interface Transport {
  sendMail(mail: Record<string, unknown>): Promise<unknown>;
}

export interface SenderConfig {
  supabaseUrl: string;
  serviceRoleKey: string;
  transport: Transport;
  /** The From address, e.g. hello@buzzhaven.org (MAIL_FROM). */
  from: string;
  /** Where the admin lives, for links in staff alerts (SITE_URL). */
  siteUrl: string;
  batchSize?: number;
  leaseSeconds?: number;
  maxTries?: number;
  retryBaseSeconds?: number;
  fetch?: typeof fetch;
  log?: (line: string) => void;
}

export interface PassResult { claimed: number; sent: number; failed: number }

export function outboxClient(config: Pick<SenderConfig, 'supabaseUrl' | 'serviceRoleKey' | 'fetch'>) {
  const doFetch = config.fetch ?? fetch;
  const base = config.supabaseUrl.replace(/\/+$/, '');
  return async function rpc<T>(fn: string, args: Record<string, unknown> = {}): Promise<T> {
    const res = await doFetch(`${base}/rest/v1/rpc/${fn}`, {
      method: 'POST',
      headers: { apikey: config.serviceRoleKey, Authorization: `Bearer ${config.serviceRoleKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(args),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${fn}: HTTP ${res.status} ${text.slice(0, 300)}`);
    return (text ? JSON.parse(text) : null) as T;
  };
}

type Wording = { wording: MessagesDocument; business: Business };

/** The wording and business of each language, from the published documents (languages.ts). */
async function loadWording(rpc: ReturnType<typeof outboxClient>, siteUrl: string, supabaseUrl: string): Promise<(locale: Locale) => Wording> {
  const body = documentsByLocale(await rpc<PublishedDocument[]>('get_buzz_haven_published_content'));
  if (!body('messages', 'en')) throw new Error('The "messages" content document is not published');
  return (locale) => ({
    wording: body('messages', locale) as MessagesDocument,
    business: { site: body('site', locale) ?? {}, swarm: body('catalog/swarm', locale) ?? {},
      tiers: body('catalog/adopt-tiers', locale)?.tiers ?? [], offerings: body('catalog/workshop-offerings', locale)?.offerings ?? [], siteUrl,
      functionsUrl: `${supabaseUrl.replace(/\/+$/, '')}/functions/v1`, locale },
  });
}

/** 5xx SMTP answers (and refusals of our own) will not change on a retry. */
function isPermanent(error: unknown): boolean {
  if (error instanceof RefusedMessage) return true;
  const code = (error as { responseCode?: unknown }).responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

export async function sendDueMessages(config: SenderConfig): Promise<PassResult> {
  const rpc = outboxClient(config);
  const log = config.log ?? (() => undefined);
  // Reminders and staff digests are caused by time, not by a request: each pass queues those now
  // due (once each).
  await rpc('queue_buzz_haven_workshop_reminders');
  await rpc('queue_buzz_haven_staff_digests');
  // Workshop places held for a card payment and not paid in time free up, and the waitlist moves
  // up with its e-mail, sent in this same pass.
  await rpc('expire_buzz_haven_workshop_holds');
  const rows = await rpc<OutboxRow[]>('claim_buzz_haven_outbox_messages', {
    p_limit: config.batchSize ?? 20, p_lease_seconds: config.leaseSeconds ?? 120,
  });
  const result: PassResult = { claimed: rows.length, sent: 0, failed: 0 };
  if (rows.length === 0) return result;
  const fail = async (row: OutboxRow, error: unknown) => {
    const message = (error as Error).message || String(error);
    const marked = await rpc<{ state: string }>('mark_buzz_haven_outbox_message_failed', {
      p_id: row.id, p_try: row.tries, p_error: message, p_permanent: isPermanent(error),
      p_max_tries: config.maxTries ?? 8, p_retry_base_seconds: config.retryBaseSeconds ?? 30,
    });
    log(`send-messages: ${row.kind} to ${row.recipient} failed (try ${row.tries}, now ${marked?.state}): ${message}`);
    result.failed += 1;
  };
  let loaded: Awaited<ReturnType<typeof loadWording>>;
  try {
    loaded = await loadWording(rpc, config.siteUrl, config.supabaseUrl);
  } catch (error) {
    // An unpublished or unreadable document: every claimed row says why and backs off.
    for (const row of rows) await fail(row, error);
    return result;
  }
  for (const row of rows) {
    let mail: RenderedMessage | undefined;
    try {
      // in the language of the request the message answers
      const { wording, business } = loaded(localeOf(row.locale));
      mail = renderMessage(row, wording, business);
      await config.transport.sendMail({
        from: { name: wording.fromName, address: config.from },
        to: mail.to.name ? mail.to : mail.to.address,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        messageId: mail.messageId,
        headers: { ...mail.headers, 'X-Buzz-Haven-Kind': row.kind },
        attachments: mail.attachments,
        // One recipient, never the From header's or a header's own.
        envelope: { from: config.from, to: mail.to.address },
        disableFileAccess: true,
        disableUrlAccess: true,
      });
      await rpc('mark_buzz_haven_outbox_message_sent', { p_id: row.id, p_subject: mail.subject, p_text: mail.text, p_html: mail.html });
      result.sent += 1;
    } catch (error) {
      await fail(row, error);
    }
  }
  return result;
}
