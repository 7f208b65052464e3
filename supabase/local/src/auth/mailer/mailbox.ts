/**
 * The local mailbox: where the embedded auth server delivers every e-mail (the Supabase CLI
 * delivers to Inbucket/Mailpit instead). Messages live in auth.local_mailbox, so they survive a
 * restart with the data directory; the link is also printed in the server log.
 */
import type { Queryable } from '../../db/types.js';
import type { MailKind } from './mailConfig.js';

export interface MailAttachment {
  filename: string;
  content_type: string;
  content: string;
}

export interface MailMessage {
  id: number;
  recipient: string;
  subject: string;
  html: string;
  /** An auth e-mail's kind, or what the SMTP sink received (its X-Buzz-Haven-Kind header, else 'smtp'). */
  kind: MailKind | string;
  link: string | null;
  created_at: string;
  /** Set for mail received over SMTP. */
  text_body: string | null;
  attachments: MailAttachment[];
  message_id: string | null;
}

export interface ReceivedMail {
  kind: string;
  to: string;
  subject: string;
  html: string;
  text: string | null;
  attachments: MailAttachment[];
  messageId: string | null;
}

export interface OutgoingMail {
  kind: MailKind;
  to: string;
  subject: string;
  html: string;
  /** null for a mail that carries only a code (reauthentication). */
  link: string | null;
}

/** Keeps the newest messages only: a long-running local stack must not grow without bound. */
const KEEP = 500;

export async function deliver(db: Queryable, mail: OutgoingMail): Promise<void> {
  await db.query(
    `insert into auth.local_mailbox (recipient, subject, html, kind, link) values ($1, $2, $3, $4, $5)`,
    [mail.to, mail.subject, mail.html, mail.kind, mail.link],
  );
  await trim(db);
  console.log(`mail to ${mail.to}: ${mail.subject}${mail.link ? `\n  ${mail.link}` : ''}`);
}

const trim = (db: Queryable) =>
  db.query(`delete from auth.local_mailbox where id <= (select max(id) - $1 from auth.local_mailbox)`, [KEEP]);

/** Stores mail the SMTP sink accepted; false when this Message-ID already reached this recipient. */
export async function receive(db: Queryable, mail: ReceivedMail): Promise<boolean> {
  const { rows } = await db.query(
    `insert into auth.local_mailbox (recipient, subject, html, kind, link, text_body, attachments, message_id)
     values ($1, $2, $3, $4, null, $5, $6::jsonb, $7)
     on conflict (message_id, lower(recipient)) do nothing returning id`,
    [mail.to, mail.subject, mail.html, mail.kind, mail.text, JSON.stringify(mail.attachments), mail.messageId],
  );
  if (rows.length === 0) return false;
  await trim(db);
  console.log(`mail to ${mail.to}: ${mail.subject}`);
  return true;
}

/** Newest first; `to` filters by recipient (case-insensitive). */
export async function listMail(db: Queryable, to?: string, limit = 100): Promise<MailMessage[]> {
  const { rows } = await db.query<MailMessage & { created_at: Date | string }>(
    `select id::int as id, recipient, subject, html, kind, link, created_at, text_body, attachments, message_id
      from auth.local_mailbox where $1::text is null or lower(recipient) = lower($1)
      order by id desc limit $2`,
    [to ?? null, limit],
  );
  return rows.map((r) => ({ ...r, created_at: new Date(r.created_at).toISOString() }));
}

export async function findMail(db: Queryable, id: number): Promise<MailMessage | undefined> {
  const { rows } = await db.query<MailMessage>(
    `select id::int as id, recipient, subject, html, kind, link, created_at, text_body, attachments, message_id
     from auth.local_mailbox where id = $1`,
    [id],
  );
  return rows[0];
}
