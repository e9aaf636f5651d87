import type { Database } from '../../db/client.ts';
import type { KeyRevocationFeed } from '../../lib/key-revocation-feed.ts';

/** The channel `api-keys.repository.ts` NOTIFYs with a key's id when it revokes it (in the revoking transaction). */
export const AGENT_KEY_REVOKED_CHANNEL = 'agent_key_revoked';

/**
 * Tells this instance of every agent key revoked on any instance (LISTEN/NOTIFY, as the conversation
 * changes of docs/decisions/016-polls-from-memory.md travel), so that what a key holds open here (MCP
 * sessions) ends at once (docs/decisions/082-mcp-sessions-per-key.md).
 */
export class AgentKeyRevocations implements KeyRevocationFeed {
  private readonly subscribers = new Set<(keyId: string) => void>();

  /**
   * Starts listening. A notification missed while the listener reconnects is not replayed: the key's
   * next call is refused all the same (every call checks the key).
   * @throws when the database refuses LISTEN.
   */
  async start(database: Pick<Database, 'listen'>): Promise<void> {
    await database.listen(AGENT_KEY_REVOKED_CHANNEL, {
      onNotify: (keyId) => {
        for (const subscriber of this.subscribers) subscriber(keyId);
      },
      onConnection: () => undefined,
    });
  }

  /** Calls `subscriber` with the id of every key revoked from now on. @returns the unsubscribe function. */
  subscribe(subscriber: (keyId: string) => void): () => void {
    this.subscribers.add(subscriber);
    return () => this.subscribers.delete(subscriber);
  }
}
