import { sql } from 'drizzle-orm';
import type { Database, Db } from '../db/client.ts';

/** The NOTIFY channel that carries ended access to every instance (docs/decisions/081-access-ends-everywhere.md). */
export const ACCESS_ENDED_CHANNEL = 'access_ended';

/** Whose access to what ended: a person's (a user id) to one conversation, or to every conversation (`conversationId` null). */
export interface AccessEnding {
  userId: string;
  conversationId: string | null;
}

/** Revokes, in the transaction that ends the access, what a person holds for a conversation (or for all: null). */
export type AccessRevoker = (tx: Db, ending: AccessEnding) => Promise<void>;

/**
 * The one mechanism by which a person's access to a conversation ends everywhere at once
 * (docs/decisions/081-access-ends-everywhere.md): the change that ends it (an expert flag removed, a
 * user deleted, a task handed to someone else) calls {@link end} in its transaction. There the
 * registered revokers ({@link revokeWith}: stored credentials such as reply-by-email tokens) run, and a
 * NOTIFY on ACCESS_ENDED_CHANNEL is queued; PostgreSQL delivers it at commit to every instance (PGlite
 * to this one), whose {@link subscribe}rs (open event streams, sessions) end what they hold. Nothing is
 * told when the transaction rolls back.
 */
export class AccessEndings {
  private readonly subscribers = new Set<(ending: AccessEnding) => void>();
  private readonly revokers: AccessRevoker[] = [];

  /**
   * LISTENs on ACCESS_ENDED_CHANNEL. While the listener is down endings are missed; what they end is
   * still refused by every later access check, and the event streams re-check who may follow at the
   * conversation change each ending comes with (its event line) or, when the change listener itself
   * reconnects, at once for every conversation.
   * @throws when the database refuses LISTEN.
   */
  async start(database: Pick<Database, 'listen'>): Promise<void> {
    await database.listen(ACCESS_ENDED_CHANNEL, {
      onNotify: (payload) => {
        const ending = JSON.parse(payload) as AccessEnding;
        for (const subscriber of this.subscribers) subscriber(ending);
      },
      onConnection: () => undefined,
    });
  }

  /**
   * Adds what is revoked in the transaction of every ending (called in the order added). Reply-by-email
   * tokens are revoked here: `accessEndings.revokeWith(revokeReplyTokens)` in deps.ts.
   */
  revokeWith(revoker: AccessRevoker): void {
    this.revokers.push(revoker);
  }

  /**
   * Ends these accesses: runs the revokers in `tx` and tells every instance once `tx` commits.
   * Call only for access that really ended (a person who may still read the conversation, e.g. an
   * admin, is not ended).
   * @throws what a revoker or the NOTIFY throws (the transaction then rolls back).
   */
  async end(tx: Db, endings: readonly AccessEnding[]): Promise<void> {
    for (const ending of endings) {
      for (const revoke of this.revokers) await revoke(tx, ending);
      // A user id and a conversation id: far under PostgreSQL's 8,000-byte payload limit.
      await tx.execute(sql`select pg_notify(${ACCESS_ENDED_CHANNEL}, ${JSON.stringify(ending)})`);
    }
  }

  /** Calls `subscriber` with every ending, on every instance, after its transaction committed. @returns the unsubscribe function. */
  subscribe(subscriber: (ending: AccessEnding) => void): () => void {
    this.subscribers.add(subscriber);
    return () => this.subscribers.delete(subscriber);
  }
}
