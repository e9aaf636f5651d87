import type { FastifyInstance } from 'fastify';
import type { AgentQueue, EmailQueue } from './app-deps.ts';
import { buildApp } from './app.ts';
import type { Config } from './config.ts';
import { openDatabase, type Database } from './db/client.ts';
import { systemClock, type Clock } from './lib/clock.ts';
import { startJobQueue } from './lib/job-queue.ts';
import { answerConversation } from './modules/agent/agent.service.ts';
import { findWaitingConversations, startAgentQueue } from './modules/agent/agent.queue.ts';
import { brainFromConfig } from './modules/agent/brain-from-config.ts';
import { signInStartupNotice } from './modules/auth/identity-providers.ts';
import { createIdentityRegistry } from './modules/auth/identity-registry.ts';
import { createRelyingParty } from './modules/auth/relying-party.ts';
import { createTokenService, loadOrCreateSecret, type TokenService } from './modules/auth/tokens.ts';
import { ConversationCache } from './modules/chat/conversation-cache.ts';
import { ConversationDrafts } from './modules/chat/conversation-drafts.ts';
import { createEmailQueue } from './modules/email/email.queue.ts';
import { transportFromConfig } from './modules/email/email.transport.ts';
import { createFileUrlSigner } from './modules/files/file-urls.ts';
import { storageFromConfig } from './modules/files/storage.ts';

/** Conversations whose read answer is kept in memory (decision 018): a few KB each. */
const CONVERSATION_CACHE_ENTRIES = 10_000;

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
 * Opens the database (migrations applied), starts the job queue with agent-1's and the email
 * workers, builds the app and listens on HOST:PORT (PORT 0 picks a free port).
 * @param options.clock the time source (tests move it to expire share links); the system clock by default.
 */
export async function startServer(config: Config, options: { clock?: Clock } = {}): Promise<RunningServer> {
  const clock = options.clock ?? systemClock;
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  const secret = config.AUTH_SECRET ?? (await loadOrCreateSecret(database.db));
  const tokens = createTokenService(secret, config.AUTH_TOKEN_TTL_SECONDS, database.db);
  const identity = createIdentityRegistry(config, database.db);
  const storage = storageFromConfig(config);
  const brain = brainFromConfig(config);
  const conversationCache = new ConversationCache(CONVERSATION_CACHE_ENTRIES, config.FILE_URL_TTL_SECONDS * 1000, () =>
    clock.now().getTime(),
  );
  await conversationCache.start(database);
  const conversationDrafts = new ConversationDrafts();

  // The queues log through the app's logger, and the app enqueues through the queues.
  const queueRef: AgentQueue = {
    enqueue: async () => {
      throw new Error('agent queue not started');
    },
    wake: () => undefined,
  };
  const emailRef: EmailQueue = {
    enqueue: async () => {
      throw new Error('email queue not started');
    },
    wake: () => undefined,
  };
  const app = await buildApp({
    config,
    db: database.db,
    clock,
    tokens,
    identity,
    relyingParty: createRelyingParty(),
    storage,
    fileUrls: createFileUrlSigner(secret, config.FILE_URL_TTL_SECONDS, clock),
    agentQueue: { enqueue: (id, tx) => queueRef.enqueue(id, tx), wake: () => queueRef.wake() },
    emails: { enqueue: (event, tx, options) => emailRef.enqueue(event, tx, options), wake: () => emailRef.wake() },
    conversationCache,
    conversationDrafts,
  });
  await conversationDrafts.start(database, (error) => app.log.warn({ err: error }, 'agent draft not sent'));
  const agentDeps = { db: database.db, brain, clock, config, drafts: conversationDrafts };
  const boss = await startJobQueue(database, app.log);
  const queue = await startAgentQueue(boss, database, {
    expireInSeconds: config.AGENT_JOB_EXPIRE_SECONDS,
    heartbeatSeconds: config.AGENT_JOB_HEARTBEAT_SECONDS,
    concurrency: config.AGENT_CONCURRENCY,
    log: app.log,
    // In external mode agent-1's turns wait for an agent connected over MCP (issue #9).
    handler:
      config.AGENT_WORKER && config.AGENT_MODE === 'builtin'
        ? async (conversationId) => {
            try {
              await answerConversation(agentDeps, conversationId);
            } catch (error) {
              // The queue retries the turn; say why this attempt failed.
              app.log.warn({ err: error, conversationId }, 'agent-1 turn failed');
              throw error;
            }
          }
        : undefined,
  });
  queueRef.enqueue = (id, tx) => queue.enqueue(id, tx);
  queueRef.wake = () => queue.wake();
  await queue.enqueueMissing(await findWaitingConversations(database));
  const emailQueue = await createEmailQueue(boss, database);
  emailRef.enqueue = (event, tx, options) => emailQueue.enqueue(event, tx, options);
  emailRef.wake = () => emailQueue.wake();
  const transport = transportFromConfig(config);

  const address = await app.listen({ host: config.HOST, port: config.PORT });
  const url = address.replace('0.0.0.0', '127.0.0.1').replace('[::]', '127.0.0.1');
  const origin = config.PUBLIC_URL ? new URL(config.PUBLIC_URL).origin : url.replace('127.0.0.1', 'localhost');
  // Emails' links need the address people reach, known only now.
  await emailQueue.startWorkers({ db: database.db, config, clock, log: app.log, origin, transport });
  // The embedded provider's issuer is this server's own address, known only now.
  await identity.embedded?.start(url, app.log);
  const notice = signInStartupNotice(config);
  if (notice) app.log[notice.level](notice.message);
  app.log.info(`agent-1 brain: ${brain.name}; database: ${database.kind}`);
  app.log.info(emailNotice(config));
  app.log.info(`${config.PRODUCT_NAME} is ready: open ${config.PUBLIC_URL ?? url.replace('127.0.0.1', 'localhost')}${reachNote(config)}`);
  return {
    app,
    database,
    tokens,
    url,
    emails: emailQueue,
    async close() {
      // Requests still running after the grace (a client trickling a body, a stuck socket) are cut, so
      // a stop ends before the orchestrator's kill (Docker waits 10 s); everything acknowledged is stored.
      const cut = setTimeout(() => app.server.closeAllConnections(), config.SHUTDOWN_GRACE_MS);
      try {
        await app.close();
      } finally {
        clearTimeout(cut);
      }
      // Stops fetching and lets running agent turns and email sends finish.
      await boss.stop({ graceful: true, timeout: 10_000 });
      transport.close();
      await database.close();
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
 * loopback only, since development signs anyone in without a password (issue #6).
 */
function reachNote(config: Config): string {
  if (config.NODE_ENV === 'production') return '';
  const host = config.HOST;
  const loopback = host === 'localhost' || host === '::1' || host.startsWith('127.');
  return loopback
    ? ` (listening on ${host} only, so no other machine can reach it; set HOST=0.0.0.0 to allow that)`
    : ` (listening on ${host}: other machines can reach it)`;
}
