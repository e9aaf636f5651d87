import type { TaskEvent } from '@unstuck/contract';
import type { Db } from '../db/client.ts';

// The tasks module's port to its tasks' conversations (docs/decisions/029-server-module-boundaries.md).
// Event lines and unread counts are messages, which the chat module owns; chat depends on tasks (a send
// creates its task, is routed by it and resumes a waiting one), so tasks may not import chat. Tasks says
// here what it needs, and the composition root (deps.ts) gives it the chat service's functions through
// AppDeps `taskConversations`. It lives in lib/ so that app-deps.ts imports no module
// (docs/decisions/079-no-hidden-cycles.md).

/** What the tasks module needs of a task's conversation: writing event lines and reading them for the job card. */
export interface TaskConversations {
  /**
   * Stores an event line (a task's status change, docs/decisions/069-task-status-event-lines.md) in the
   * conversation, `read` when its customer caused it, and moves the conversation's last-message time.
   * Called with the status change's transaction, so a change never lacks its line.
   */
  insertEventLine(
    tx: Db,
    line: { conversationId: string; recipientId: string; content: string; event: TaskEvent; read: boolean; now: Date },
  ): Promise<void>;
  /** @returns the latest event line of each conversation (content and time); conversations without any are left out. */
  findLatestEventLines(db: Db, conversationIds: string[]): Promise<Map<string, { content: string; createdAt: Date }>>;
  /** @returns per conversation of `ownerId`, how many messages of others the owner has not read; conversations without any are left out. */
  countUnreadForOwner(db: Db, conversationIds: string[], ownerId: string): Promise<Map<string, number>>;
}
