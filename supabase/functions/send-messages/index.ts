// Supabase Edge Function entry (Deno): `supabase functions deploy send-messages --no-verify-jwt`
// (the handler checks the service role key itself). SMTP settings as secrets:
// `supabase secrets set SMTP_HOST=... SMTP_PORT=465 SMTP_USER=... SMTP_PASS=... MAIL_FROM=... SITE_URL=...`.
// Scheduled by pg_cron + pg_net (see docs/deployment.md). deno.json maps the npm imports.
import { createSendMessagesHandler } from './handler.ts';
import { senderSettings, smtpTransport } from './smtp.ts';

const env = (name: string) => Deno.env.get(name);

Deno.serve(
  createSendMessagesHandler({
    supabaseUrl: Deno.env.get('SUPABASE_URL')!,
    serviceRoleKey: Deno.env.get('SUPABASE_SERVICE_ROLE_KEY')!,
    transport: smtpTransport(env),
    ...senderSettings(env),
    log: (line) => console.log(line),
  }),
);
