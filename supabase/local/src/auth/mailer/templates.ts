/**
 * E-mail bodies: the template of `[auth.email.template.<kind>]` (supabase/templates/*.html) or
 * GoTrue's default (internal/mailer/templatemailer/templatemailer.go; the magic link's default
 * here also shows the code, for signInWithOtp's e-mail + code form), with Go-template variables
 * `{{ .ConfirmationURL }}`, `{{ .Token }}`, `{{ .TokenHash }}`, `{{ .SiteURL }}`, `{{ .Email }}`,
 * `{{ .NewEmail }}`, `{{ .RedirectTo }}` and `{{ .Data.<key> }}`, HTML-escaped like html/template.
 */
import { existsSync, readFileSync } from 'node:fs';
import type { MailConfig, MailKind } from './mailConfig.js';

const DEFAULT_SUBJECTS: Record<MailKind, string> = {
  invite: "You've been invited",
  confirmation: 'Confirm your email address',
  reauthentication: '{{ .Token }} is your verification code',
  recovery: 'Reset your password',
  email_change: 'Confirm your new email address',
  magic_link: 'Your sign-in link',
};

const DEFAULT_BODIES: Record<MailKind, string> = {
  invite: `<h2>You've been invited</h2>

<p>You've been invited to create an account. Follow the link below to accept.</p>
<p><a href="{{ .ConfirmationURL }}">Accept invitation</a></p>`,
  recovery: `<h2>Reset your password</h2>

<p>We received a request to reset your password. Follow the link below to choose a new one.</p>
<p><a href="{{ .ConfirmationURL }}">Reset password</a></p>
<p>If you didn't request this, you can safely ignore this email.</p>`,
  email_change: `<h2>Confirm your new email address</h2>

<p>Follow the link below to confirm {{ .NewEmail }} as your new email address.</p>
<p><a href="{{ .ConfirmationURL }}">Confirm new email address</a></p>
<p>If you didn't request this change, you can safely ignore this email.</p>`,
  magic_link: `<h2>Your sign-in link</h2>

<p>Follow the link below to sign in. This link expires shortly and can only be used once.</p>
<p><a href="{{ .ConfirmationURL }}">Sign in</a></p>
<p>Or enter this code: {{ .Token }}</p>`,
  confirmation: `<h2>Confirm your email address</h2>

<p>Follow the link below to confirm this email address and finish signing up.</p>
<p><a href="{{ .ConfirmationURL }}">Confirm email address</a></p>
<p>Or enter this code: {{ .Token }}</p>`,
  reauthentication: `<h2>Your verification code</h2>

<p>Use the code below to verify your identity. It expires shortly.</p>
<p>{{ .Token }}</p>`,
};

export interface TemplateData {
  ConfirmationURL: string;
  Token: string;
  TokenHash: string;
  SiteURL: string;
  Email: string;
  NewEmail?: string;
  RedirectTo: string;
  Data?: Record<string, unknown>;
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&#34;', "'": '&#39;' })[c]!);
}

function fill(template: string, data: TemplateData, escape: boolean): string {
  return template.replace(/\{\{\s*\.([A-Za-z]+)(?:\.([A-Za-z0-9_]+))?\s*\}\}/g, (_m, name: string, key?: string) => {
    const raw = name === 'Data' && key ? data.Data?.[key] : (data as unknown as Record<string, unknown>)[name];
    const text = raw === undefined || raw === null ? '' : String(raw);
    return escape ? escapeHtml(text) : text;
  });
}

/** The subject and HTML body of one e-mail. A missing template file falls back to the default. */
export function renderMail(config: MailConfig, kind: MailKind, data: TemplateData): { subject: string; html: string } {
  const entry = config.templates[kind] ?? {};
  const body = entry.contentPath && existsSync(entry.contentPath) ? readFileSync(entry.contentPath, 'utf8') : DEFAULT_BODIES[kind];
  return { subject: fill(entry.subject ?? DEFAULT_SUBJECTS[kind], data, false), html: fill(body, data, true) };
}
