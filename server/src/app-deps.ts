import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import type { Clock } from './lib/clock.ts';
import type { AccessEndings } from './lib/access-endings.ts';
import type { ConversationViewCache } from './lib/conversation-view-cache.ts';
import type { DraftFeed } from './lib/draft-feed.ts';
import type { EmailEvent } from './lib/email-event.ts';
import type { FileUrlSigner } from './lib/file-url-signer.ts';
import type { KeyRevocationFeed } from './lib/key-revocation-feed.ts';
import type { FileStorage } from './lib/file-storage.ts';
import type { TaskConversations } from './lib/task-conversations.ts';
import type { TaskPaymentViews } from './lib/task-payments.ts';
import type { TokenService } from './lib/token-service.ts';

// What every module may be given. Imports no module: the ports modules publish to each other are
// declared in lib/ and filled by deps.ts, and what only one module needs it declares itself
// (docs/decisions/079-no-hidden-cycles.md).

/** Queues a conversation for agent-1 (durable: survives a restart). */
export interface AgentQueue {
  /**
   * Queues the conversation's turn and wakes this instance's workers. With `tx`, the job is
   * inserted in that transaction instead (stored with what the transaction stores, or not at all)
   * and nobody is woken yet: call {@link AgentQueue.wake} once it committed.
   */
  enqueue(conversationId: string, tx?: Db): Promise<void>;
  /** Wakes this instance's idle workers to fetch now (other instances hear of new jobs through the database). */
  wake(): void;
}

/**
 * Queues the emails of an event (modules/email): the one way any feature sends email. The event's job
 * works out the recipients and makes each email once; sending is retried while the SMTP server is
 * down, and never fails the request that queued it (docs/decisions/023-email.md).
 */
export interface EmailQueue {
  /**
   * Queues the event. With `tx`, its job is stored in that transaction (with the change that causes
   * it, or not at all): call {@link EmailQueue.wake} once it committed. `delaySeconds` runs the job
   * that much later (an email that is only due if something is still unread by then: the job checks).
   */
  enqueue(event: EmailEvent, tx?: Db, options?: { delaySeconds?: number }): Promise<void>;
  /** Wakes this instance's idle email workers to fetch now. */
  wake(): void;
}

/** One code analysis to run (docs/decisions/025-code-analysis-jobs.md): a ZIP file of the task, or its local repository's newest head. */
export type CodeAnalysisJob = { taskId: string; fileId: string } | { taskId: string; repositoryId: string };

/** Queues code analyses (durable, run in worker threads by the code-sharing module's workers). */
export interface CodeAnalysisQueue {
  /**
   * Queues the analysis. With `tx`, its job is stored in that transaction: call
   * {@link CodeAnalysisQueue.wake} once it committed.
   * @returns false when an equal job already waits (a repository's waiting job reads the newest head when it runs).
   */
  enqueue(job: CodeAnalysisJob, tx?: Db): Promise<boolean>;
  /** Wakes this instance's idle analysis workers. */
  wake(): void;
}

/** What the HTTP application gives its modules, built by `createDeps` (deps.ts). */
export interface AppDeps {
  config: Config;
  /** The process's logger (`createLogger`): requests log through its children. */
  logger: FastifyBaseLogger;
  db: Db;
  clock: Clock;
  tokens: TokenService;
  storage: FileStorage;
  /** Signs the expiring links to stored files that views hand out. */
  fileUrls: FileUrlSigner;
  agentQueue: AgentQueue;
  emails: EmailQueue;
  codeAnalysis: CodeAnalysisQueue;
  /** The chat's read answers kept in memory, invalidated through LISTEN/NOTIFY (decision 016). */
  conversationCache: ConversationViewCache;
  /** Agent keys revoked on any instance, for what a key holds open here (decision 082). */
  agentKeyRevocations: KeyRevocationFeed;
  /** The agent's drafts of its next messages, for the event streams (decision 018). */
  conversationDrafts: DraftFeed;
  /**
   * The chat's event lines and unread counts, as the tasks module needs them: chat depends on tasks, so
   * tasks gets these through here (docs/decisions/029-server-module-boundaries.md).
   */
  taskConversations: TaskConversations;
  /** The payment plans of tasks, as the tasks module shows them (payments depends on tasks). */
  taskPayments: TaskPaymentViews;
  /** Ends a person's access to conversations on every instance at once (decision 081). */
  accessEndings: AccessEndings;
}
