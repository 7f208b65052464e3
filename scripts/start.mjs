#!/usr/bin/env node
/**
 * `npm start`: starts the embedded Supabase-compatible backend on :54321, builds what is not built
 * yet (the site reads its content from that backend), serves the site with the admin on :8000 and
 * runs the publisher (scripts/publisher.mjs: rebuilds the site when staff publish) and the outbox
 * sender (supabase/functions/send-messages/run.ts: e-mail into the local mailbox). `npm run dev`
 * runs the backend with the Gatsby and Vite dev servers instead. Flags: --rebuild, --fresh (new
 * database), --data-dir DIR.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { root, run, startService, stopService } from './lib.mjs';

const args = process.argv.slice(2);
const dev = args.includes('--dev');
// The local mailbox (password resets, invitations) is for local development: the backend serves
// it on loopback only, to the link it prints ("Local mailbox: ...") or the service_role key.
const backendArgs = ['--mailbox'];
if (args.includes('--fresh')) backendArgs.push('--fresh');
const dataDirAt = args.indexOf('--data-dir');
if (dataDirAt >= 0) backendArgs.push('--data-dir', args[dataDirAt + 1]);

const services = [];
let mailboxLink = 'off';
const stopAll = () => services.forEach(stopService);
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stopAll();
    process.exit(0);
  });
}

try {
  // The backend first: the site build reads the content, products and workshop dates from it.
  const backend = await startService('backend', 'node', ['--import', 'tsx', 'supabase/local/src/main.ts', ...backendArgs], {
    ready: /ready at http/,
  });
  services.push(backend);
  mailboxLink = backend.startupLines.map((line) => /Local mailbox: (\S+)/.exec(line)?.[1]).find(Boolean) ?? 'off';
  if (!dev && (args.includes('--rebuild') || args.includes('--fresh') || !existsSync(join(root, 'dist/index.html')))) {
    console.log('Building the site and the admin (a few minutes the first time)...');
    if ((await run('node', ['scripts/build.mjs'])) !== 0) throw new Error('build failed');
  }
  if (dev) {
    services.push(await startService('site', 'npm', ['run', 'develop', '-w', '@buzz-haven/site'], { ready: /localhost:8001/ }));
    services.push(await startService('admin', 'npm', ['run', 'dev', '-w', '@buzz-haven/admin'], { ready: /Local:/ }));
  } else {
    services.push(await startService('web', 'node', ['scripts/serve.mjs', '--port', '8000'], { ready: /served at/ }));
    // Publishing in the admin queues a build; the publisher rebuilds and swaps dist/ on success.
    services.push(await startService('publisher', 'node', ['scripts/publisher.mjs'], { ready: /publisher: waiting/ }));
  }
  // The outbox sender: queued e-mail (order, registration, swarm report...) over SMTP into the
  // backend's local SMTP sink, so it shows at the mailbox (supabase/functions/send-messages/run.ts).
  services.push(await startService('sender', 'node', ['--import', 'tsx', 'supabase/functions/send-messages/run.ts'], { ready: /send-messages: waiting/ }));
} catch (err) {
  console.error(err.message);
  stopAll();
  process.exit(1);
}

// Where the backend keeps its data (supabase/local/src/main.ts: DATABASE_URL, else --data-dir, else .data/).
const dataPlace = process.env.DATABASE_URL ? 'on the PostgreSQL server of DATABASE_URL'
  : `on PGlite, data in ${dataDirAt >= 0 ? args[dataDirAt + 1] : '.data/'}`;
const site = dev ? 'http://localhost:8001' : 'http://localhost:8000';
const admin = dev ? 'http://localhost:5173/admin/' : 'http://localhost:8000/admin';
console.log(`
Buzz Haven is running:
  Public site      ${site}
  Admin            ${admin}   (sign in at ${dev ? 'http://localhost:5173/auth' : 'http://localhost:8000/auth'})
  Supabase API     http://127.0.0.1:54321   (embedded backend ${dataPlace})
  Demo sign-in     owner@example.com / buzzhaven-owner
  Local mailbox    ${mailboxLink}   (password resets, invitations and the outbox's e-mail land here)
Press Ctrl+C to stop.`);
// If one service dies, stop the others rather than leave a half-working stack.
for (const service of services) {
  service.on('exit', (code) => {
    console.error(`A service stopped (exit code ${code}); stopping the rest.`);
    stopAll();
    process.exit(code || 1);
  });
}
