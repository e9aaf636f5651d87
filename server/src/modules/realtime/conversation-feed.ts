import type { ConversationCache } from './conversation-cache.ts';

/** One follower of a conversation: who it is (for the shared read) and where its snapshots go. */
interface Follower<F, S> {
  who: F;
  /** Reads numbered up to this one started before the follower joined: their snapshots may predate its own first read. */
  joinedAfter: number;
  deliver(snapshot: S): void;
  fail(error: unknown): void;
}

/** The followers of one conversation and the state of its shared read. */
interface Followed<F, S> {
  followers: Set<Follower<F, S>>;
  running: boolean;
  again: boolean;
}

/** Shared reads of the conversations followed on this instance ({@link createConversationFeeds}). */
export interface ConversationFeeds<F, S> {
  /**
   * Follows a conversation: after every change of it (and once right away, so that what changed while
   * the follower was being set up is not missed) `deliver` gets the snapshot of one read shared by every
   * follower of the conversation on this instance; `fail` gets that read's error instead.
   * @param who what the shared read needs to know of this follower (e.g. who to check access for).
   * @returns the function that stops following (calling it again does nothing).
   */
  follow(conversationId: string, who: F, deliver: (snapshot: S) => void, fail: (error: unknown) => void): () => void;
}

/**
 * One database read per change per instance, whatever the number of event streams open on a conversation
 * (docs/decisions/054-server-sent-events.md, "The realtime module"): a change the cache hears of
 * (the `conversation_changed` notification, or null when the listener reconnected and anything may have
 * changed) starts one `read` of the conversation for all its followers. One read at a time per
 * conversation; changes arriving during it cause one more read after it.
 * @param read reads the conversation once for the given followers (each as its `who`); what it throws goes
 *   to their `fail`.
 */
export function createConversationFeeds<F, S>(
  cache: Pick<ConversationCache, 'subscribe'>,
  read: (conversationId: string, followers: readonly F[]) => Promise<S>,
): ConversationFeeds<F, S> {
  const followed = new Map<string, Followed<F, S>>();
  let reads = 0;
  // Subscribed only while something is followed, so an app that closed leaves nothing behind.
  let unsubscribe: (() => void) | null = null;

  const refresh = (conversationId: string) => {
    const entry = followed.get(conversationId);
    if (!entry) return;
    if (entry.running) {
      entry.again = true;
      return;
    }
    entry.running = true;
    void (async () => {
      do {
        entry.again = false;
        const number = ++reads;
        const readers = [...entry.followers].filter((follower) => follower.joinedAfter < number);
        if (readers.length === 0) continue;
        let snapshot: S;
        try {
          snapshot = await read(
            conversationId,
            readers.map((follower) => follower.who),
          );
        } catch (error) {
          for (const follower of readers) if (entry.followers.has(follower)) follower.fail(error);
          continue;
        }
        for (const follower of readers) if (entry.followers.has(follower)) follower.deliver(snapshot);
      } while (entry.again && entry.followers.size > 0);
      entry.running = false;
    })();
  };

  const onChange = (changed: string | null) => {
    if (changed !== null) refresh(changed);
    else for (const conversationId of followed.keys()) refresh(conversationId);
  };

  return {
    follow(conversationId, who, deliver, fail) {
      const entry = followed.get(conversationId) ?? { followers: new Set(), running: false, again: false };
      followed.set(conversationId, entry);
      const follower: Follower<F, S> = { who, joinedAfter: reads, deliver, fail };
      entry.followers.add(follower);
      unsubscribe ??= cache.subscribe(onChange);
      refresh(conversationId);
      return () => {
        entry.followers.delete(follower);
        if (entry.followers.size === 0 && followed.get(conversationId) === entry) followed.delete(conversationId);
        if (followed.size === 0 && unsubscribe) {
          unsubscribe();
          unsubscribe = null;
        }
      };
    },
  };
}
