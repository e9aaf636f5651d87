import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps, EmailQueue } from './app-deps.ts';
import type { Config } from './config.ts';
import { openDatabase, type Database } from './db/client.ts';
import { systemClock, type Clock } from './lib/clock.ts';
import { startJobQueue } from './lib/job-queue.ts';
import { AccessEndings } from './lib/access-endings.ts';
import { answerConversation } from './modules/agent/agent.service.ts';
import { findWaitingConversations, startAgentQueue } from './modules/agent/agent.queue.ts';
import { brainFromConfig } from './modules/agent/brain-from-config.ts';
import { AgentKeyRevocations } from './modules/api-keys/key-revocations.ts';
import { createIdentityRegistry, type SignInProviders } from './modules/auth/identity-registry.ts';
import { createRelyingParty } from './modules/auth/relying-party.ts';
import { createTokenService, loadOrCreateSecret } from './modules/auth/tokens.ts';
import { countUnreadForOwner, findLatestEventLines, insertEventLine } from './modules/chat/chat.service.ts';
import { chatEmailNotices } from './modules/chat/emails/notices.ts';
import { ConversationCache, ConversationDrafts } from './modules/realtime/realtime.service.ts';
import { createAnalysisPool } from './modules/code-sharing/code-analysis-pool.ts';
import { runCodeAnalysisJob } from './modules/code-sharing/code-analysis.ts';
import { startCodeAnalysisQueue } from './modules/code-sharing/code-analysis.queue.ts';
import { localGitOf } from './modules/code-sharing/code-sharing.service.ts';
import { createNoticeRegistry } from './modules/email/email-notice.ts';
import { createEmailQueue } from './modules/email/email.queue.ts';
import { transportFromConfig } from './modules/email/email.transport.ts';
import { revokeReplyTokens } from './modules/email/reply-tokens.ts';
import { expertEmailNotices } from './modules/expert/emails/notices.ts';
import { createFileUrlSigner } from './modules/files/file-urls.ts';
import { proposalEmailNotices } from './modules/proposals/emails/notices.ts';
import { shareEmailNotices } from './modules/shares/emails/notices.ts';
import { mayReadTaskConversation } from './modules/tasks/conversation-readers.ts';
import { expectedExpertResponse } from './modules/tasks/expert-response.ts';
import { paymentEmailNotices } from './modules/payments/emails/notices.ts';
import { viewPayments } from './modules/payments/payments.service.ts';
import { storageFromConfig } from './lib/file-storage.ts';

/** Conversations whose read answer is kept in memory (decision 016): a few KB each. */
const CONVERSATION_CACHE_ENTRIES = 10_000;

/** Everything the HTTP application needs: what its modules share, and the auth module's sign-in services. */
export type ServerDeps = AppDeps & SignInProviders;

/** The application's dependencies, built and running, and how to stop them. */
export interface Runtime {
  deps: ServerDeps;
  database: Database;
  /** agent-1's brain, for the start-up line. */
  brainName: string;
  /** The email queue the app sends through (tests queue events with it directly). */
  emails: EmailQueue;
  /**
   * Starts this process's email workers. Emails' links need the address people reach the app at
   * (`origin`: PUBLIC_URL, else the server's own address), known once the server listens; events
   * queued before wait in the queue.
   */
  startEmailWorkers(origin: string): Promise<void>;
  /** Stops the background workers (running jobs may finish for up to 10 s) and closes the database. */
  close(): Promise<void>;
}

/**
 * Builds everything the HTTP application needs from the configuration: opens the database (migrations
 * applied), starts the job queue with agent-1's workers (unless `AGENT_WORKER=false` or external agent
 * mode), queues the conversations still owed an answer, starts the code analysis workers, and creates the email queues (their workers
 * start with `startEmailWorkers`). Listens on nothing: `startServer` does, and
 * tests can drive `buildApp(runtime.deps)` through `inject`.
 * @param options.clock the time source (tests move it to expire share links); the system clock by default.
 * @param options.database an open database to use instead of the configured one (tests: in-memory
 *   PGlite); it is closed with the runtime.
 * @throws when the database cannot be opened or migrated, or the job queue cannot start.
 */
export async function createDeps(
  config: Config,
  logger: FastifyBaseLogger,
  options: { clock?: Clock; database?: Database } = {},
): Promise<Runtime> {
  const clock = options.clock ?? systemClock;
  const database = options.database ?? (await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR }));
  const secret = config.AUTH_SECRET ?? (await loadOrCreateSecret(database.db));
  const conversationCache = new ConversationCache(CONVERSATION_CACHE_ENTRIES, config.FILE_URL_TTL_SECONDS * 1000, () =>
    clock.now().getTime(),
  );
  await conversationCache.start(database);
  const agentKeyRevocations = new AgentKeyRevocations();
  await agentKeyRevocations.start(database);
  const conversationDrafts = new ConversationDrafts();
  await conversationDrafts.start(database, (error) => logger.warn({ err: error }, 'agent draft not sent'));
  const accessEndings = new AccessEndings();
  await accessEndings.start(database);
  // Ended access takes the person's reply-by-email addresses for it too (decisions 081 and 087).
  accessEndings.revokeWith(async (tx, { userId, conversationId }) => {
    await revokeReplyTokens({ db: tx, clock }, userId, conversationId);
  });

  const jobs = await startJobQueue(database, logger);
  // agent-1 names the expected first reply that GET /api/config publishes (docs/product.md "Expected first reply").
  const agentDeps = {
    db: database.db,
    brain: brainFromConfig(config),
    clock,
    config,
    drafts: conversationDrafts,
    expertResponse: () => expectedExpertResponse({ db: database.db, clock, config }),
  };
  const agentQueue = await startAgentQueue(jobs, {
    expireInSeconds: config.AGENT_JOB_EXPIRE_SECONDS,
    heartbeatSeconds: config.AGENT_JOB_HEARTBEAT_SECONDS,
    concurrency: config.AGENT_CONCURRENCY,
    // In external mode agent-1's turns wait for an agent connected over MCP (README "Configuration").
    handler:
      config.AGENT_WORKER && config.AGENT_MODE === 'builtin'
        ? async (conversationId) => {
            try {
              await answerConversation(agentDeps, conversationId);
            } catch (error) {
              // The queue retries the turn; say why this attempt failed.
              logger.warn({ err: error, conversationId }, 'agent-1 turn failed');
              throw error;
            }
          }
        : undefined,
  });
  await agentQueue.enqueueMissing(await findWaitingConversations(database));
  // Code analysis runs in worker threads, one job per thread (docs/decisions/025-code-analysis-jobs.md).
  const analysisPool = createAnalysisPool(config);
  const storage = storageFromConfig(config);
  const analysisDeps = { db: database.db, config, storage, pool: analysisPool, git: localGitOf(config), agentQueue, log: logger };
  const codeAnalysis = await startCodeAnalysisQueue(jobs, {
    expireInSeconds: Math.ceil(config.CODE_ANALYSIS_TIMEOUT_SECONDS) + 60,
    concurrency: config.CODE_ANALYSIS_THREADS,
    handler: (job, context) => runCodeAnalysisJob(analysisDeps, job, context),
  });
  // Every email the app sends: each module's notices (docs/decisions/096-email-notice-registry.md).
  const emails = await createEmailQueue(
    jobs,
    createNoticeRegistry([
      ...proposalEmailNotices,
      ...shareEmailNotices,
      ...expertEmailNotices,
      ...chatEmailNotices,
      ...paymentEmailNotices,
    ]),
  );
  const transport = transportFromConfig(config);

  const deps: ServerDeps = {
    config,
    logger,
    db: database.db,
    clock,
    tokens: createTokenService(secret, config.AUTH_TOKEN_TTL_SECONDS, database.db),
    identity: createIdentityRegistry(config, database.db),
    relyingParty: createRelyingParty(),
    storage,
    fileUrls: createFileUrlSigner(secret, config.FILE_URL_TTL_SECONDS, clock),
    agentQueue,
    emails,
    codeAnalysis,
    conversationCache,
    agentKeyRevocations,
    conversationDrafts,
    // The tasks module's port to the conversation: chat's implementation (tasks does not import chat).
    taskConversations: { insertEventLine, findLatestEventLines, countUnreadForOwner },
    taskPayments: viewPayments,
    accessEndings,
  };
  return {
    deps,
    database,
    brainName: agentDeps.brain.name,
    emails,
    startEmailWorkers: (origin) =>
      emails.startWorkers({
        db: database.db,
        config,
        clock,
        log: logger,
        origin,
        transport,
        mayReadConversation: (conversationId, userId) => mayReadTaskConversation(database.db, config.ADMIN_EMAILS, conversationId, userId),
      }),
    async close() {
      await jobs.stop();
      await analysisPool.close();
      transport.close();
      await database.close();
    },
  };
}
