/**
 * The local SMTP sink: what the Supabase CLI's Inbucket/Mailpit does on port 54325, the embedded
 * backend does with `smtp-server` when the mailbox is on (`--mailbox`): it accepts any message for
 * any recipient on a loopback address (never another interface: it has no login, and anything it
 * accepts is readable at /mailbox), parses it with `mailparser` and stores one mailbox row per
 * envelope recipient, deduplicated by Message-ID (mailbox.ts `receive`). No STARTTLS, no AUTH: a
 * plain local connection, as nodemailer makes to 127.0.0.1 without TLS settings.
 */
import { simpleParser, type AddressObject } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import type { Queryable } from '../../db/types.js';
import { receive, type MailAttachment } from './mailbox.js';

/** The CLI's Inbucket SMTP port. */
export const DEFAULT_SMTP_PORT = 54325;
/** Larger messages are refused with 552 (the outbox's own limits are far below). */
const MAX_SIZE = 10 * 1024 * 1024;

export interface SmtpSink {
  port: number;
  close(): Promise<void>;
}

const addressesOf = (field: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(field) ? field : field ? [field] : []).flatMap((a) => a.value.map((v) => v.address ?? '')).filter(Boolean);

export function startSmtpSink(db: Queryable, options: { port: number; host: string }): Promise<SmtpSink> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    size: MAX_SIZE,
    banner: 'Buzz Haven local mailbox',
    logger: false,
    // Stopping the backend must not wait for a sender's idle connection.
    closeTimeout: 1000,
    onData(stream, session, done) {
      simpleParser(stream)
        .then(async (parsed) => {
          if ((stream as unknown as { sizeExceeded?: boolean }).sizeExceeded) {
            throw Object.assign(new Error('Message too large'), { responseCode: 552 });
          }
          const recipients = session.envelope.rcptTo.map((r) => r.address);
          const attachments: MailAttachment[] = parsed.attachments.map((a) => ({
            filename: a.filename ?? 'attachment', content_type: a.contentType, content: a.content.toString('utf8'),
          }));
          const kind = String(parsed.headers.get('x-buzz-haven-kind') ?? 'smtp');
          for (const to of recipients.length ? recipients : addressesOf(parsed.to)) {
            await receive(db, {
              kind, to, subject: parsed.subject ?? '', html: parsed.html || '', text: parsed.text ?? null,
              attachments, messageId: parsed.messageId ?? null,
            });
          }
          done();
        })
        .catch((error: Error & { responseCode?: number }) => {
          if (!error.responseCode) console.error('local SMTP: could not store a message:', error);
          done(Object.assign(new Error(error.responseCode ? error.message : 'Could not store the message'), { responseCode: error.responseCode ?? 451 }));
        });
    },
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      server.on('error', (error) => console.error('local SMTP:', error.message));
      const { port } = server.server.address() as AddressInfo;
      resolve({ port, close: () => new Promise<void>((done) => server.close(() => done())) });
    });
  });
}
