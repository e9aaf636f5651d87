import { createHash } from 'node:crypto';
import type { Database } from '../../db/client.ts';
import type { CachedConversation, ConversationViewCache } from '../../lib/conversation-view-cache.ts';

/**
 * The channel the database trigger of migration `conversation_change_notify` NOTIFYs with a
 * conversation id whenever one of its messages, or the conversation row itself, changes.
 */
export const CONVERSATION_CHANGED_CHANNEL = 'conversation_changed';

/**
 * Per-conversation answers of the chat's read call, kept in memory so that an unchanged
 * conversation is answered without a database query (docs/decisions/016-polls-from-memory.md).
 * Invalidated by the `conversation_changed` notifications every write causes (a trigger, so every
 * writer is covered, on this instance and on others). While the listener is down nothing is cached.
 */
export class ConversationCache implements ConversationViewCache {
  private readonly entries = new Map<string, CachedConversation>();
  /** Bumped by every invalidation; a read started before it must not store its stale answer. */
  private readonly generations = new Map<string, number>();
  private epoch = 0;
  private listening = false;
  private readonly subscribers = new Set<(conversationId: string | null) => void>();

  /**
   * @param maxEntries the most conversations kept; the least recently stored go first.
   * @param linkBucketMs FILE_URL_TTL_SECONDS in ms: signed file links change at multiples of it, so an
   *   answer is kept only until the next multiple (its links then still have at least one TTL left).
   * @param now the clock the file links are signed with (Unix ms).
   */
  constructor(
    private readonly maxEntries: number,
    private readonly linkBucketMs: number,
    private readonly now: () => number,
  ) {}

  /**
   * Starts listening for changes.
   * @throws when the database refuses LISTEN.
   */
  async start(database: Pick<Database, 'listen'>): Promise<void> {
    await database.listen(CONVERSATION_CHANGED_CHANNEL, {
      onNotify: (conversationId) => this.invalidate(conversationId),
      onConnection: (up) => {
        // Down or back: what changed meanwhile is unknown.
        this.listening = up;
        this.clear();
        if (up) for (const subscriber of this.subscribers) subscriber(null);
      },
    });
  }

  /** @returns the cached view, or undefined. */
  get(conversationId: string): CachedConversation | undefined {
    const entry = this.listening ? this.entries.get(conversationId) : undefined;
    return entry && entry.freshUntil > this.now() ? entry : undefined;
  }

  /** @returns a ticket to give to {@link store} after reading the database. */
  ticket(conversationId: string): { epoch: number; generation: number } {
    return { epoch: this.epoch, generation: this.generations.get(conversationId) ?? 0 };
  }

  /** Keeps what a read found, unless the conversation changed since its {@link ticket}. */
  store(conversationId: string, ticket: { epoch: number; generation: number }, ownerId: string, body: string): CachedConversation {
    const freshUntil = (Math.floor(this.now() / this.linkBucketMs) + 1) * this.linkBucketMs;
    const entry = { ownerId, body, freshUntil, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
    const current = this.ticket(conversationId);
    if (!this.listening || current.epoch !== ticket.epoch || current.generation !== ticket.generation) return entry;
    this.entries.delete(conversationId);
    this.entries.set(conversationId, entry);
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
    return entry;
  }

  /** Forgets a conversation's view and tells the event streams it changed. */
  invalidate(conversationId: string): void {
    this.entries.delete(conversationId);
    this.generations.set(conversationId, (this.generations.get(conversationId) ?? 0) + 1);
    // Kept bounded: a new epoch voids the tickets of reads under way, which only skips their storing.
    if (this.generations.size > 2 * this.maxEntries) this.clearGenerations();
    for (const subscriber of this.subscribers) subscriber(conversationId);
  }

  /**
   * Calls `subscriber` with the id of every conversation that changes, or null when any may have
   * (the listener reconnected). @returns the unsubscribe function.
   */
  subscribe(subscriber: (conversationId: string | null) => void): () => void {
    this.subscribers.add(subscriber);
    return () => this.subscribers.delete(subscriber);
  }

  private clear(): void {
    this.entries.clear();
    this.clearGenerations();
  }

  private clearGenerations(): void {
    this.generations.clear();
    this.epoch += 1;
  }
}
