/**
 * CLI of the embedded backend:
 *   npx tsx supabase/local/src/main.ts [--port 54321] [--host 127.0.0.1] [--data-dir .data] [--fresh]
 *     [--mailbox | --force-mailbox] [--smtp-port 54325]
 * DATABASE_URL=postgres://… uses that server instead of PGlite. Prints a line containing
 * `ready at http://127.0.0.1:<port>` once requests are accepted.
 * --mailbox serves the local mailbox (/mailbox, for local development) while the host is loopback;
 * --force-mailbox on any host. It prints `Local mailbox: <url>/mailbox?key=…` to open it in a browser.
 * With the mailbox, a local SMTP sink on loopback (--smtp-port, 0 = a free one) stores what it
 * receives in the same mailbox and prints `Local SMTP: 127.0.0.1:<port>`.
 */
import { readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { REPO_ROOT } from './config.js';
import { LOCK_FILE_NAME } from './db/lock.js';
import { LOCAL_ANON_KEY, LOCAL_SERVICE_ROLE_KEY } from './keys.js';
import { createServer } from './server.js';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '54321' },
    host: { type: 'string', default: '127.0.0.1' },
    'data-dir': { type: 'string', default: resolve(REPO_ROOT, '.data') },
    fresh: { type: 'boolean', default: false },
    mailbox: { type: 'boolean', default: false },
    'force-mailbox': { type: 'boolean', default: false },
    'smtp-port': { type: 'string', default: '54325' },
  },
});

const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`--port must be a port number, got "${values.port}"`);
  process.exit(2);
}
const smtpPort = Number(values['smtp-port']);
if (!Number.isInteger(smtpPort) || smtpPort < 0 || smtpPort > 65535) {
  console.error(`--smtp-port must be a port number, got "${values['smtp-port']}"`);
  process.exit(2);
}
const databaseUrl = process.env.DATABASE_URL || undefined;
const dataDir = resolve(values['data-dir']!);

/** The pid holding the data directory's lock, when that process is still alive. */
function lockHolder(dir: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(join(dir, LOCK_FILE_NAME), 'utf8'), 10);
    process.kill(pid, 0);
    return pid;
  } catch {
    return undefined;
  }
}

if (values.fresh && !databaseUrl) {
  // Never wipe the data of a backend that is running on it.
  const holder = lockHolder(dataDir);
  if (holder !== undefined) {
    console.error(`--fresh refused: ${dataDir} is in use by a running backend (pid ${holder}).`);
    process.exit(1);
  }
  rmSync(dataDir, { recursive: true, force: true });
}

const started = Date.now();
const mailbox = values['force-mailbox'] ? 'any-host' : values.mailbox ? 'loopback' : 'off';
const server = await createServer({ port, host: values.host, dataDir, databaseUrl, mailbox, smtpPort }).catch((err: Error) => {
  console.error(`Embedded Supabase could not start: ${err.message}`);
  process.exit(1);
});

// Before the ready line: whoever waits for it may stop the backend at once, and a signal that
// arrives before its handler exists ends the process without closing the database.
let stopping = false;
async function stop(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: stopping the embedded backend`);
  try {
    await server.close();
    process.exit(0);
  } catch (err) {
    console.error('Error while stopping:', err);
    process.exit(1);
  }
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));

console.log(
  `Database: ${databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${dataDir}`}` +
    (server.applied.length ? `; applied ${server.applied.join(', ')}` : '; up to date'),
);
console.log(`anon key: ${LOCAL_ANON_KEY}`);
console.log(`service_role key: ${LOCAL_SERVICE_ROLE_KEY}`);
console.log('Demo owner: owner@example.com / buzzhaven-owner');
if (server.mailboxLink) console.log(`Local mailbox: ${server.mailboxLink}`);
else if (mailbox !== 'off') console.log(`Local mailbox: off, ${values.host} is not a loopback address (--force-mailbox serves it anyway)`);
if (server.smtpPort !== null) console.log(`Local SMTP: 127.0.0.1:${server.smtpPort} (into the mailbox)`);
console.log(`Embedded Supabase ready at ${server.url} (${Date.now() - started} ms)`);


