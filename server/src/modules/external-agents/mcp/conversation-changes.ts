import type { AppDeps } from '../../../app-deps.ts';
import { findConversationParticipants } from '../../chat/chat.service.ts';

/** What one MCP session hears of conversation changes ({@link McpConversationChanges}). */
export interface ConversationChangeListener {
  /** The session's agent: a change is `addressed` when the conversation's participants include it. */
  agentId: string;
  /** True while the session needs `addressed` (it subscribes to the waiting list): only then is anything read. */
  wantsAddressees(): boolean;
  /** A conversation changed; `addressed` is false when it is not the agent's, is gone, or was not read. */
  changed(conversationId: string, addressed: boolean): void;
  /** Anything may have changed: the database listener reconnected. */
  changedAll(): void;
}

/**
 * The conversation changes of every MCP session on this instance, from the conversation cache's feed
 * (LISTEN/NOTIFY, so changes made on any instance): the changes heard within `windowMs` cost one
 * database read of their participants together, fanned out in memory to every session, instead of
 * one read per change and session (docs/decisions/082-mcp-sessions-per-key.md).
 */
export class McpConversationChanges {
  private readonly listeners = new Set<ConversationChangeListener>();
  private readonly pending = new Set<string>();
  private timer: NodeJS.Timeout | undefined;
  private stopFeed: (() => void) | undefined;

  /**
   * @param windowMs how long changes gather before they are read and told (milliseconds): one change
   *   is heard twice on the instance that made it (its own signal, then the NOTIFY).
   */
  constructor(
    private readonly deps: Pick<AppDeps, 'db' | 'conversationCache'>,
    private readonly windowMs: number,
  ) {}

  /** Starts telling `listener` of changes. @returns the function that stops it. */
  subscribe(listener: ConversationChangeListener): () => void {
    this.listeners.add(listener);
    this.stopFeed ??= this.deps.conversationCache.subscribe((conversationId) => this.heard(conversationId));
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size > 0) return;
      this.stopFeed?.();
      this.stopFeed = undefined;
      clearTimeout(this.timer);
      this.timer = undefined;
      this.pending.clear();
    };
  }

  private heard(conversationId: string | null): void {
    if (conversationId === null) {
      for (const listener of this.listeners) listener.changedAll();
      return;
    }
    this.pending.add(conversationId);
    this.timer ??= setTimeout(() => void this.flush(), this.windowMs);
  }

  private async flush(): Promise<void> {
    this.timer = undefined;
    const changed = [...this.pending];
    this.pending.clear();
    let participants = new Map<string, string[]>();
    if ([...this.listeners].some((listener) => listener.wantsAddressees())) {
      try {
        participants = await findConversationParticipants(this.deps.db, changed);
      } catch {
        // The database is unreachable: waiting lists are not told (their readers could not read them either).
      }
    }
    for (const listener of this.listeners) {
      for (const conversationId of changed) {
        listener.changed(conversationId, participants.get(conversationId)?.includes(listener.agentId) ?? false);
      }
    }
  }
}
