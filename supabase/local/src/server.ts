/**
 * The embedded Supabase-compatible backend: GoTrue's `/auth/v1` and PostgREST's `/rest/v1/rpc`
 * on one Fastify server over PGlite (or a real PostgreSQL server with DATABASE_URL).
 */
import Fastify, { type FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { loadConfig, type Config } from './config.js';
import { openDb } from './db/open.js';
import { migrate } from './db/migrate.js';
import { seedContent } from './db/seedContent.js';
import { seedStorage } from './db/seedStorage.js';
import type { Db } from './db/types.js';
import { authPlugin } from './auth/routes.js';
import { ONE_HOUR_MS, RateLimiter } from './auth/rateLimit.js';
import { BODY_LIMIT, registerBodyParsers } from './http/body.js';
import { registerCors } from './http/cors.js';
import { FunctionCatalog } from './rest/catalog.js';
import { JwtRoles } from './rest/jwt.js';
import { JwtKeys } from './jwt/keys.js';
import { restPlugin } from './rest/routes.js';
import { storageContext, storagePlugin } from './storage/index.js';
import { mailboxRoutes } from './auth/mailer/mailboxRoutes.js';
import { mailboxEnabled, newMailboxKey, type MailboxSetting } from './auth/mailer/mailboxAccess.js';
import { functionsPlugin } from './functions/routes.js';
import { DEFAULT_SMTP_PORT, startSmtpSink, type SmtpSink } from './auth/mailer/smtpSink.js';

export interface ServerOptions {
  /** 0 picks a free port. */
  port?: number;
  host?: string;
  /** PGlite data directory; ignored when databaseUrl is set. Undefined = in-memory PGlite. */
  dataDir?: string;
  databaseUrl?: string;
  config?: Config;
  /**
   * Apply supabase/seed.sql to a new database, then the starting content of content/ and the
   * seeded art designs' pictures in Storage (db/seedStorage.ts) (default true).
   */
  seed?: boolean;
  /** The local mailbox at /mailbox (auth/mailer/mailboxAccess.ts); default off. */
  mailbox?: MailboxSetting;
  /** With the mailbox on: the local SMTP sink's port (default 54325, 0 = any free port). */
  smtpPort?: number;
}

export interface RunningServer {
  app: FastifyInstance;
  db: Db;
  /** e.g. http://127.0.0.1:54321 */
  url: string;
  /** What migrate() applied on this start. */
  applied: string[];
  /** The link that opens the local mailbox in a browser; null when it is off. */
  mailboxLink: string | null;
  /** The local SMTP sink's port (into the mailbox); null when the mailbox is off or the port was taken. */
  smtpPort: number | null;
  close(): Promise<void>;
}

/** Opens and migrates the database, then listens. Resolves once requests are accepted. */
export async function createServer(options: ServerOptions = {}): Promise<RunningServer> {
  const config = options.config ?? loadConfig();
  const host = options.host ?? '127.0.0.1';
  const db = await openDb({ dataDir: options.dataDir, databaseUrl: options.databaseUrl });
  let app: FastifyInstance | undefined;
  try {
    const { applied } = await migrate(db, { seed: options.seed ?? true });
    if (options.seed ?? true) {
      const added = await seedContent(db);
      if (added > 0) applied.push(`content (${added} documents)`);
    }
    // maxParamLength: a long function name must reach the RPC handler (PGRST202), not the router.
    app = Fastify({
      bodyLimit: BODY_LIMIT,
      routerOptions: { maxParamLength: 2048 },
      logger: false,
      forceCloseConnections: true,
    });
    registerBodyParsers(app);
    await registerCors(app);
    const keys = await JwtKeys.create(config.jwtSecret, config.signingKeys);
    const storage = storageContext({ db, dataDir: options.dataDir, keys });
    if (options.seed ?? true) {
      // The seeded art designs' pictures (content/art/), on a new database and on any that lacks them.
      const stored = await seedStorage(storage);
      if (stored > 0) applied.push(`storage (${stored} seed files)`);
    }

    // The issuer needs the port, known only after listen: handlers read it lazily.
    const auth = {
      db,
      config,
      issuer: '',
      keys,
      limits: {
        signInSignUps: new RateLimiter(config.auth.rateLimit.signInSignUps),
        tokenRefresh: new RateLimiter(config.auth.rateLimit.tokenRefresh),
        emailSent: new RateLimiter(config.auth.rateLimit.emailSent, ONE_HOUR_MS),
        anonymousUsers: new RateLimiter(config.auth.rateLimit.anonymousUsers, ONE_HOUR_MS),
      },
    };
    await app.register(authPlugin(auth), { prefix: '/auth/v1' });
    await app.register(
      restPlugin({ db, config, catalog: new FunctionCatalog(db), roles: new JwtRoles(keys) }),
      { prefix: '/rest/v1' },
    );
    await app.register(storagePlugin(storage), { prefix: '/storage/v1' });
    // Edge Functions (supabase/functions) and the local mailbox (the CLI's Inbucket/Mailpit).
    let smtp: SmtpSink | null = null;
    await app.register(functionsPlugin({ keys, trustedProxies: config.api.trustedProxies, baseUrl: () => auth.issuer.replace(/\/auth\/v1$/, ''), smtpPort: () => smtp?.port ?? null }), { prefix: '/functions/v1' });
    const mailboxKey = mailboxEnabled(options.mailbox ?? 'off', host) ? newMailboxKey() : null;
    if (mailboxKey) await app.register(mailboxRoutes(db, { key: mailboxKey, keys }), { prefix: '/mailbox' });
    // Outside both APIs, answer like the CLI's gateway (Kong).
    app.setNotFoundHandler((_req, reply) => reply.code(404).send({ message: 'no Route matched with those values' }));
    app.setErrorHandler((err: { statusCode?: number; message: string }, _req, reply) => {
      const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 600 ? err.statusCode : 500;
      if (status >= 500) console.error('server error:', err);
      return reply.code(status).send({ message: status >= 500 ? 'An unexpected error occurred' : err.message });
    });

    await app.listen({ port: options.port ?? 54321, host });
    const { port } = app.server.address() as AddressInfo;
    const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
    auth.issuer = `${url}/auth/v1`;
    // Mail sent over SMTP (the outbox sender) lands in the same mailbox, on loopback only.
    if (mailboxKey) {
      smtp = await startSmtpSink(db, { port: options.smtpPort ?? DEFAULT_SMTP_PORT, host: '127.0.0.1' }).catch((err: Error) => {
        console.error(`Local SMTP: off, ${err.message}`);
        return null;
      });
    }
    const running = app;
    return {
      app: running,
      db,
      url,
      applied,
      mailboxLink: mailboxKey ? `${url}/mailbox?key=${mailboxKey}` : null,
      smtpPort: smtp?.port ?? null,
      async close() {
        await smtp?.close();
        await running.close();
        await db.close();
      },
    };
  } catch (err) {
    await app?.close().catch(() => undefined);
    await db.close().catch(() => undefined);
    throw err;
  }
}
