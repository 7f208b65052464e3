/**
 * `/mailbox`: the local mailbox for developers, like the CLI's Inbucket/Mailpit page.
 * `GET /mailbox` lists messages (HTML), `GET /mailbox/:id` shows one, and
 * `GET /mailbox/api/messages[?to=<email>]` answers JSON (tests and scripts read the links there),
 * `GET /mailbox/:id/attachments/:n` downloads an attachment (the .ics of a workshop e-mail).
 * Registered by the embedded backend only, and only with `--mailbox` (hosted Supabase sends real
 * e-mail instead); every request passes mailboxAccess.ts first (service_role key or the cookie).
 */
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/types.js';
import type { JwtKeys } from '../../jwt/keys.js';
import { escapeHtml } from './templates.js';
import { findMail, listMail, type MailMessage } from './mailbox.js';
import { mailboxGuard } from './mailboxAccess.js';

const page = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:900px;margin:2rem auto;padding:0 1rem;color:#222}
table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #ddd;padding:.5rem;text-align:left}
.mail{border:1px solid #ccc;padding:1rem;border-radius:6px}</style></head>
<body>${body}</body></html>`;

function row(m: MailMessage): string {
  return `<tr><td>${escapeHtml(new Date(m.created_at).toLocaleString('en-GB'))}</td><td>${escapeHtml(m.recipient)}</td>
<td><a href="/mailbox/${m.id}">${escapeHtml(m.subject)}</a></td>
<td>${m.link ? `<a href="${escapeHtml(m.link)}">Open link</a>` : ''}</td></tr>`;
}

/** `key`: this process's mailbox key (the printed link); `keys`: what verifies a service_role JWT. */
export function mailboxRoutes(db: Db, access: { key: string; keys: JwtKeys }) {
  return async (app: FastifyInstance): Promise<void> => {
    app.addHook('onRequest', mailboxGuard(access.key, access.keys));
    app.get('/api/messages', async (req) => {
      const to = (req.query as Record<string, string | undefined>).to;
      return { messages: await listMail(db, to || undefined) };
    });

    app.get('/', async (_req, reply) => {
      const messages = await listMail(db);
      const body = messages.length
        ? `<table><thead><tr><th>Sent</th><th>To</th><th>Subject</th><th>Link</th></tr></thead><tbody>${messages.map(row).join('')}</tbody></table>`
        : '<p>No e-mail yet. Password resets, invitations, e-mail changes and the outbox\'s e-mail land here.</p>';
      return reply.type('text/html; charset=utf-8').send(page('Mailbox', `<h1>Local mailbox</h1>${body}`));
    });

    app.get('/:id', async (req, reply) => {
      const id = Number((req.params as { id: string }).id);
      const mail = Number.isInteger(id) ? await findMail(db, id) : undefined;
      if (!mail) return reply.code(404).type('text/html; charset=utf-8').send(page('Not found', '<h1>No such message</h1><p><a href="/mailbox">Back to the mailbox</a></p>'));
      const files = mail.attachments.map((a, n) =>
        `<a href="/mailbox/${mail.id}/attachments/${n}">${escapeHtml(a.filename)}</a>`).join(', ');
      const head = `<p><a href="/mailbox">Back to the mailbox</a></p><h1>${escapeHtml(mail.subject)}</h1>
<p>To: ${escapeHtml(mail.recipient)}</p>${files ? `<p>Attachments: ${files}</p>` : ''}`;
      return reply.type('text/html; charset=utf-8').send(page(mail.subject, `${head}<div class="mail">${mail.html}</div>`));
    });

    // An attachment (the outbox's .ics), served as a download in its own type, never as a page.
    app.get('/:id/attachments/:n', async (req, reply) => {
      const { id, n } = req.params as { id: string; n: string };
      const mail = /^\d+$/.test(id) ? await findMail(db, Number(id)) : undefined;
      const file = mail?.attachments[Number(n)];
      if (!file || !/^\d+$/.test(n)) return reply.code(404).send({ message: 'No such attachment' });
      return reply
        .type(/^text\/calendar\b/.test(file.content_type) ? file.content_type : 'application/octet-stream')
        .header('content-disposition', `attachment; filename="${file.filename.replace(/[^\w.-]/g, '_')}"`)
        .header('x-content-type-options', 'nosniff')
        .send(file.content);
    });
  };
}
