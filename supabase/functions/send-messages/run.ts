/**
 * The local outbox sender (run by `npm start`, like scripts/publisher.mjs for site builds): sends
 * due messages every --interval ms through SMTP (default: the embedded backend's local sink on
 * 127.0.0.1:54325, so every message lands at /mailbox).
 *   node --import tsx supabase/functions/send-messages/run.ts [--once] [--interval 1000]
 * SUPABASE_URL, SUPABASE_SERVICE_ROLE_KEY (defaults: the local backend and the CLI's key), the SMTP
 * and MESSAGES_* settings of smtp.ts. Prints `send-messages: waiting` once running.
 */
import { parseArgs } from 'node:util';
import { LOCAL_SERVICE_ROLE_KEY } from '../../local/src/keys.ts';
import { sendDueMessages } from './sender.ts';
import { senderSettings, smtpTransport } from './smtp.ts';

const { values } = parseArgs({ options: { once: { type: 'boolean', default: false }, interval: { type: 'string', default: '1000' } } });
const env = (name: string) => process.env[name];
const interval = Number(values.interval);
const config = {
  supabaseUrl: env('SUPABASE_URL') || 'http://127.0.0.1:54321',
  serviceRoleKey: env('SUPABASE_SERVICE_ROLE_KEY') || LOCAL_SERVICE_ROLE_KEY,
  transport: smtpTransport(env),
  ...senderSettings(env),
  log: (line: string) => console.log(line),
};

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => { stopping = true; });

console.log(`send-messages: waiting (SMTP ${env('SMTP_HOST') || '127.0.0.1'}:${env('SMTP_PORT') || 54325})`);
while (!stopping) {
  try {
    const pass = await sendDueMessages(config);
    if (pass.claimed > 0) console.log(`send-messages: sent ${pass.sent}, failed ${pass.failed}`);
    if (pass.claimed > 0 && !values.once) continue; // more may be due
  } catch (error) {
    // The backend restarting or not up yet: try again at the next tick.
    console.error(`send-messages: ${(error as Error).message}`);
  }
  if (values.once) break;
  await new Promise((done) => setTimeout(done, interval));
}
process.exit(0);
