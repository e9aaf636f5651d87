import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { displayName } from '@unstuck/contract';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import type { Caller } from '../auth/caller.ts';

/**
 * Makes sure the caller has a users row (guests get one on their first message, spec §3 "Guest
 * uids start with guest-"), and locks it until the transaction ends so that two sends of one
 * caller are counted one after the other.
 * @param tx a transaction.
 * @returns the id of the account a guest session was handed over to, or null.
 */
export async function lockCallerRow(tx: Db, caller: Caller, now: Date): Promise<{ mergedIntoUserId: string | null }> {
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
  const [row] = await tx.select({ mergedIntoUserId: users.mergedIntoUserId }).from(users).where(eq(users.id, caller.id)).for('update');
  return { mergedIntoUserId: row?.mergedIntoUserId ?? null };
}

/** A users row. */
export type UserRow = typeof users.$inferSelect;

/**
 * Creates or updates the user signed in as (issuer, subject) (OpenID Core §2: the pair identifies
 * a person for good), with the name rule of spec §3 and `lastLogin` now.
 * @returns the stored row; a new user gets a random UUID and role `user`.
 */
export async function upsertIdentityUser(
  db: Db,
  identity: { issuer: string; subject: string; email: string | null; emailVerified: boolean; name: string | null; picture: string | null },
  now: Date,
): Promise<UserRow> {
  const profile = {
    email: identity.email,
    emailVerified: identity.emailVerified,
    name: displayName(identity.name, identity.email),
    picture: identity.picture,
    lastLogin: now,
  };
  const [row] = await db
    .insert(users)
    .values({ id: randomUUID(), role: 'user', identityIssuer: identity.issuer, identitySubject: identity.subject, ...profile })
    .onConflictDoUpdate({ target: [users.identityIssuer, users.identitySubject], set: profile })
    .returning();
  if (!row) throw new Error('the user could not be stored');
  return row;
}

/** @returns the users row, or null. */
export async function findUser(db: Db, id: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row ?? null;
}
