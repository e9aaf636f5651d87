import type { FastifyInstance } from 'fastify';
import type { EmailQueue } from './app-deps.ts';
import { buildApp } from './app.ts';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { createDeps } from './deps.ts';
import type { Clock } from './lib/clock.ts';
import { createLogger } from './lib/logging.ts';
import { signInStartupNotice } from './modules/auth/identity-providers.ts';
import { startInboundSmtp } from './modules/inbound-email/inbound-smtp.ts';
import type { TokenService } from './lib/token-service.ts';

/** A running server and how to stop it. */
export interface RunningServer {
  app: FastifyInstance;
  database: Database;
  tokens: TokenService;
  /** `http://host:port` it listens on. */
  url: string;
  /** The email queue the app sends through (tests queue an event twice with it). */
  emails: EmailQueue;
  /** Stops taking requests, lets running requests finish for up to SHUTDOWN_GRACE_MS (then cuts them), lets running agent turns and email sends finish, closes the database. */
  close(): Promise<void>;
}

/**
 * Builds the dependencies and the app (`createDeps`, `buildApp`), listens on HOST:PORT (PORT 0 picks a
 * free port) and starts the embedded identity provider, whose issuer is the address just bound, and the
 * email workers, whose links use PUBLIC_URL or that address.
 * @param options.clock the time source (tests move it to expire share links); the system clock by default.
 * @param options.database an open database instead of the configured one (`createDeps`).
 * @throws what `createDeps` throws, or when the address cannot be bound.
 */
export async function startServer(config: Config, options: { clock?: Clock; database?: Database } = {}): Promise<RunningServer> {
  const runtime = await createDeps(config, createLogger(config), options);
  const { deps } = runtime;
  const app = await buildApp(deps);
  let url: string;
  let inboundSmtp: { port: number; close(): Promise<void> } | null = null;
  try {
    const address = await app.listen({ host: config.HOST, port: config.PORT });
    url = address.replace('0.0.0.0', '127.0.0.1').replace('[::]', '127.0.0.1');
    await deps.identity.embedded?.start(url, app.log);
    await runtime.startEmailWorkers(config.PUBLIC_URL ? new URL(config.PUBLIC_URL).origin : url.replace('127.0.0.1', 'localhost'));
    if (config.INBOUND_SMTP_PORT && config.INBOUND_EMAIL_DOMAIN) {
      inboundSmtp = await startInboundSmtp({ ...deps, log: app.log }, config.HOST, config.INBOUND_SMTP_PORT);
      app.log.info(`replies by email: SMTP on port ${inboundSmtp.port} for ${config.INBOUND_EMAIL_DOMAIN}`);
    }
  } catch (error) {
    await inboundSmtp?.close();
    await app.close();
    await runtime.close();
    throw error;
  }
  const notice = signInStartupNotice(config);
  if (notice) app.log[notice.level](notice.message);
  app.log.info(`agent-1 brain: ${runtime.brainName}; database: ${runtime.database.kind}`);
  app.log.info(emailNotice(config));
  app.log.info(`${config.PRODUCT_NAME} is ready: open ${config.PUBLIC_URL ?? url.replace('127.0.0.1', 'localhost')}${reachNote(config)}`);
  return {
    app,
    database: runtime.database,
    tokens: deps.tokens,
    url,
    emails: runtime.emails,
    async close() {
      // Requests still running after the grace (a client trickling a body, a stuck socket) are cut, so
      // a stop ends before the orchestrator's kill (Docker waits 10 s); everything acknowledged is stored.
      const cut = setTimeout(() => app.server.closeAllConnections(), config.SHUTDOWN_GRACE_MS);
      await inboundSmtp?.close();
      try {
        await app.close();
      } finally {
        clearTimeout(cut);
      }
      await runtime.close();
    },
  };
}

/** Says where emails go: the SMTP server (its host only: the URL may hold a password), or the outbox. */
function emailNotice(config: Config): string {
  if (!config.SMTP_URL) return 'emails: kept in the outbox (admin area, Outbox tab); set SMTP_URL to send them';
  return `emails: sent through ${new URL(config.SMTP_URL).host} from ${config.MAIL_FROM.address}`;
}

/**
 * Outside production, says whether other machines can reach the server: by default it listens on
 * loopback only, since development signs anyone in without a password.
 */
function reachNote(config: Config): string {
  if (config.NODE_ENV === 'production') return '';
  const host = config.HOST;
  const loopback = host === 'localhost' || host === '::1' || host.startsWith('127.');
  return loopback
    ? ` (listening on ${host} only, so no other machine can reach it; set HOST=0.0.0.0 to allow that)`
    : ` (listening on ${host}: other machines can reach it)`;
}
