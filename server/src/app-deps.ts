import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import type { Clock } from './lib/clock.ts';
import type { KeyRevocationFeed } from './lib/key-revocation-feed.ts';
import type { IdentityRegistry } from './modules/auth/identity-registry.ts';
import type { RelyingParty } from './modules/auth/relying-party.ts';
import type { TokenService } from './modules/auth/tokens.ts';
import type { ConversationCache, ConversationDrafts } from './modules/realtime/realtime.service.ts';
import type { EmailEvent } from './modules/email/email.events.ts';
import type { FileUrlSigner } from './modules/files/file-urls.ts';
import type { FileStorage } from './lib/file-storage.ts';
import type { TaskConversations } from './modules/tasks/task-conversations.ts';

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

/** Everything the HTTP application needs, built by `createDeps` (deps.ts). */
export interface AppDeps {
  config: Config;
  /** The process's logger (`createLogger`): requests log through its children. */
  logger: FastifyBaseLogger;
  db: Db;
  clock: Clock;
  tokens: TokenService;
  /** The identity providers people sign in with (configured ones, or the embedded one). */
  identity: IdentityRegistry;
  /** Our OpenID Connect client side, shared by every provider. */
  relyingParty: RelyingParty;
  storage: FileStorage;
  /** Signs the expiring links to stored files that views hand out. */
  fileUrls: FileUrlSigner;
  agentQueue: AgentQueue;
  emails: EmailQueue;
  codeAnalysis: CodeAnalysisQueue;
  /** The chat's read answers kept in memory, invalidated through LISTEN/NOTIFY (decision 016). */
  conversationCache: ConversationCache;
  /** Agent keys revoked on any instance, for what a key holds open here (decision 081). */
  agentKeyRevocations: KeyRevocationFeed;
  /** The agent's drafts of its next messages, for the event streams (decision 018). */
  conversationDrafts: ConversationDrafts;
  /**
   * The chat's event lines and unread counts, as the tasks module needs them: chat depends on tasks, so
   * tasks gets these through here (docs/decisions/029-server-module-boundaries.md).
   */
  taskConversations: TaskConversations;
}
