import type { MessageDraft } from '@unstuck/contract';

// The realtime module's drafts of agent-1's next messages as the event streams read them (AppDeps
// `conversationDrafts`; made by realtime/conversation-drafts.ts, decision 018). Declared here so that
// app-deps.ts imports no module (docs/decisions/079-no-hidden-cycles.md).

/** The drafts of the conversations' next messages, as they grow. */
export interface DraftFeed {
  /** @returns the conversation's current draft, or undefined. */
  current(conversationId: string): MessageDraft | undefined;
  /**
   * Calls `subscriber` with every change of a draft (`content: ''` when it is gone without a message).
   * @returns the unsubscribe function.
   */
  subscribe(subscriber: (conversationId: string, draft: MessageDraft) => void): () => void;
}
