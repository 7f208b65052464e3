/**
 * The outbox sender (supabase/functions/send-messages/run.ts) as a child process against a test
 * backend and its local SMTP sink (the port the backend printed: `Local SMTP: 127.0.0.1:<port>`),
 * and a flaky SMTP relay in front of the sink for fault tests.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import nodemailer from 'nodemailer';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { REPO_ROOT, type Backend } from './server';

export function smtpPortOf(backend: Backend): number {
  const match = /Local SMTP: 127\.0\.0\.1:(\d+)/.exec(backend.output());
  if (!match) throw new Error(`the backend printed no SMTP port:\n${backend.output()}`);
  return Number(match[1]);
}

export interface Sender {
  process: ChildProcess;
  output(): string;
  exited: Promise<number | null>;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** Starts the sender loop; `env` adds SMTP_* / MESSAGES_* settings. */
export function startSender(backend: Backend, env: Record<string, string> = {}, args: string[] = ['--interval', '200']): Sender {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, SUPABASE_URL: backend.url, SMTP_PORT: String(smtpPortOf(backend)), ...env };
  delete childEnv.NODE_OPTIONS;
  const child = spawn(process.execPath, ['--import', 'tsx', 'supabase/functions/send-messages/run.ts', ...args], {
    cwd: REPO_ROOT, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  void exited.then(() => process.off('exit', killOnExit));
  return {
    process: child,
    output: () => output,
    exited,
    async stop(signal: NodeJS.Signals = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

export interface FlakyRelay {
  port: number;
  /** Delivery attempts per Message-ID, refused ones included. */
  attempts: Map<string, number>;
  /** Message-IDs relayed to the sink, once per relay. */
  relayed: string[];
  close(): Promise<void>;
}

/**
 * An SMTP server that answers 451 to the first `refuse` attempts of each Message-ID, then relays
 * the message unchanged to the backend's sink; `beforeAccept` runs after a relay and before the
 * 250 answer (e.g. to kill the sender between its send and its mark).
 */
export function startFlakyRelay(sinkPort: number, refuse: number, beforeAccept: (messageId: string) => Promise<void> | void): Promise<FlakyRelay> {
  const attempts = new Map<string, number>();
  const relayed: string[] = [];
  const sink = nodemailer.createTransport({ host: '127.0.0.1', port: sinkPort, secure: false, ignoreTLS: true });
  const server = new SMTPServer({
    authOptional: true, disabledCommands: ['AUTH', 'STARTTLS'], logger: false, closeTimeout: 500,
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks);
        const id = /^Message-ID:\s*(<[^>]+>)/im.exec(raw.toString('utf8'))?.[1] ?? '(none)';
        const n = (attempts.get(id) ?? 0) + 1;
        attempts.set(id, n);
        if (n <= refuse) {
          done(Object.assign(new Error('Try again later'), { responseCode: 451 }));
          return;
        }
        const envelope = { from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '', to: session.envelope.rcptTo.map((r) => r.address) };
        sink.sendMail({ envelope, raw })
          .then(async () => {
            relayed.push(id);
            await beforeAccept(id);
            done();
          })
          .catch((error: Error) => done(Object.assign(error, { responseCode: 451 })));
      });
    },
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.server.address() as AddressInfo;
      resolve({ port, attempts, relayed, close: () => new Promise<void>((d) => server.close(() => d())) });
    });
  });
}
