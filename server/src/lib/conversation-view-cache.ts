// The realtime module's cache of the chat's read answers as other modules use it (AppDeps
// `conversationCache`; made by realtime/conversation-cache.ts, decision 016). Declared here so that
// app-deps.ts imports no module (docs/decisions/079-no-hidden-cycles.md).

/** A conversation's client view as last read from the database. */
export interface CachedConversation {
  ownerId: string;
  /** The JSON answer of `GET /api/v2/conversations/{id}/messages`. */
  body: string;
  /** Unix ms after which the body's signed file links would be signed differently: read again. */
  freshUntil: number;
  /** Strong ETag of `body` (RFC 9110 §8.8.3): the same on every instance for the same messages. */
  etag: string;
}

/** Read answers kept per conversation until the database says it changed. */
export interface ConversationViewCache {
  /** @returns the cached view, or undefined. */
  get(conversationId: string): CachedConversation | undefined;
  /** @returns a ticket to give to `store` after reading the database. */
  ticket(conversationId: string): { epoch: number; generation: number };
  /** Keeps what a read found, unless the conversation changed since its ticket. @returns the view. */
  store(conversationId: string, ticket: { epoch: number; generation: number }, ownerId: string, body: string): CachedConversation;
  /** Forgets a conversation's view and tells the subscribers it changed. */
  invalidate(conversationId: string): void;
  /**
   * Calls `subscriber` with the id of every conversation that changes, or null when any may have.
   * @returns the unsubscribe function.
   */
  subscribe(subscriber: (conversationId: string | null) => void): () => void;
}
