/**
 * The SMTP transport of the sender, from settings named like the Supabase CLI's `[auth.email.smtp]`
 * (supabase/config.toml): SMTP_HOST, SMTP_PORT, SMTP_USER, SMTP_PASS, SMTP_SECURE ('true' for
 * implicit TLS; port 465 implies it). Without SMTP_HOST it is the embedded backend's local SMTP
 * sink (127.0.0.1:54325, the CLI's Inbucket port), which needs neither TLS nor a login.
 * Hosted Edge Functions cannot open ports 25 and 587: use 465 there.
 */
import nodemailer from 'nodemailer';
import type { Transport } from './sender.ts';

export type Env = (name: string) => string | undefined;

export function smtpTransport(env: Env): Transport {
  const host = env('SMTP_HOST') || '127.0.0.1';
  const port = Number(env('SMTP_PORT') || 54325);
  if (!Number.isInteger(port) || port <= 0 || port > 65535) throw new Error(`SMTP_PORT must be a port number, got "${env('SMTP_PORT')}"`);
  const user = env('SMTP_USER');
  return nodemailer.createTransport({
    // One connection kept open across messages (a new SMTP handshake per message is most of its time).
    pool: true,
    maxConnections: 1,
    host,
    port,
    secure: env('SMTP_SECURE') === 'true' || port === 465,
    auth: user ? { user, pass: env('SMTP_PASS') ?? '' } : undefined,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
}

/** The sender's settings shared by the Edge Function and the local loop. */
export function senderSettings(env: Env) {
  const number = (name: string, fallback: number) => {
    const raw = env(name);
    const n = raw ? Number(raw) : fallback;
    if (!Number.isFinite(n) || n < 0) throw new Error(`${name} must be a non-negative number, got "${raw}"`);
    return n;
  };
  return {
    from: env('MAIL_FROM') || 'hello@buzzhaven.org',
    siteUrl: env('SITE_URL') || 'http://localhost:8000',
    batchSize: number('MESSAGES_BATCH_SIZE', 20),
    leaseSeconds: number('MESSAGES_LEASE_SECONDS', 120),
    maxTries: number('MESSAGES_MAX_TRIES', 8),
    retryBaseSeconds: number('MESSAGES_RETRY_BASE_SECONDS', 30),
  };
}
