import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import type { Caller } from '../auth/caller.ts';

/**
 * Makes sure the caller has a users row (guests get one on their first message, spec §3 "Guest
 * uids start with guest-"), and locks it until the transaction ends so that two sends of one
 * caller are counted one after the other.
 * @param tx a transaction.
 */
export async function lockCallerRow(tx: Db, caller: Caller, now: Date): Promise<void> {
  const values =
    caller.kind === 'guest'
      ? { id: caller.id, role: 'guest' as const, isGuest: true, lastLogin: null }
      : {
          id: caller.id,
          email: caller.token.email,
          name: caller.token.name,
          picture: caller.token.picture,
          role: caller.token.role,
          isGuest: false,
          lastLogin: now,
        };
  await tx.insert(users).values(values).onConflictDoNothing();
  await tx.execute(sql`select id from ${users} where ${users.id} = ${caller.id} for update`);
}
