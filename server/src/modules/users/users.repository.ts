import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { displayName } from '@unstuck/contract';
import type { Db } from '../../db/client.ts';
import { users, type IdentityClaims } from '../../db/schema.ts';
import type { Caller } from '../../lib/caller.ts';
import { accountGone } from './users.errors.ts';

/**
 * Locks the caller's users row until the transaction ends, so that two sends of one caller are
 * counted one after the other. Guests get their row here on their first message (docs/product.md "Entities" "Guest
 * uids start with guest-"); signed-in users' rows are created only by sign-in, never from a
 * token's claims, so a deleted account is not brought back. One statement either way:
 * a guest's upsert takes the lock as it inserts or touches the row.
 * @param tx a transaction.
 * @returns the id of the account a guest session was handed over to, or null; `created` true when
 *   this call created the guest's row (so the guest has sent nothing yet).
 * @throws AppError 401 when a signed-in caller's account no longer exists.
 */
export async function lockCallerRow(tx: Db, caller: Caller): Promise<{ mergedIntoUserId: string | null; created: boolean }> {
  const [row] =
    caller.kind === 'guest'
      ? await tx
          .insert(users)
          .values({ id: caller.id, role: 'guest', isGuest: true, lastLogin: null })
          .onConflictDoUpdate({ target: users.id, set: { isGuest: sql`${users.isGuest}` } })
          // xmax is 0 on a row version this statement inserted, the transaction's id on one it updated.
          .returning({ mergedIntoUserId: users.mergedIntoUserId, created: sql<boolean>`xmax = 0` })
      : await tx
          .select({ mergedIntoUserId: users.mergedIntoUserId, created: sql<boolean>`false` })
          .from(users)
          .where(eq(users.id, caller.id))
          .for('update');
  if (!row) throw accountGone();
  return { mergedIntoUserId: row.mergedIntoUserId, created: row.created === true };
}

/** A condition for SQL statements of other modules: no users row has this id yet (e.g. a guest's first request). */
export const isUnknownUser = (id: string): SQL => sql`not exists (select 1 from ${users} where ${users.id} = ${id})`;

/** A users row. */
export type UserRow = typeof users.$inferSelect;

/** The profile fields a provider's claims give a user (docs/product.md "Entities" name rule). */
function profileFrom(claims: IdentityClaims) {
  return {
    email: claims.email,
    emailVerified: claims.email_verified,
    name: displayName(claims.name, claims.email),
    picture: claims.picture,
  };
}

/**
 * Creates or updates the user signed in as (issuer, subject) (OpenID Core §2: the pair identifies
 * a person for good), with the name rule of docs/product.md "Entities" and `lastLogin` now. The provider's id and
 * claims are kept for an admin's refresh.
 * @returns the stored row; a new user gets a random UUID and role `user`.
 */
export async function upsertIdentityUser(
  db: Db,
  identity: { issuer: string; subject: string; email: string | null; emailVerified: boolean; name: string | null; picture: string | null },
  providerId: string,
  now: Date,
): Promise<UserRow> {
  const identityClaims: IdentityClaims = {
    email: identity.email,
    email_verified: identity.emailVerified,
    name: identity.name,
    picture: identity.picture,
    received_at: now.toISOString(),
  };
  const profile = { ...profileFrom(identityClaims), identityProvider: providerId, identityClaims, lastLogin: now };
  // A profile the person edited keeps their name and email (PUT /api/v1/users/profile).
  const keepEdited = <T>(column: AnyPgColumn, fresh: T) => sql`case when ${users.profileEditedAt} is null then ${fresh} else ${column} end`;
  const [row] = await db
    .insert(users)
    .values({ id: randomUUID(), role: 'user', identityIssuer: identity.issuer, identitySubject: identity.subject, ...profile })
    .onConflictDoUpdate({
      target: [users.identityIssuer, users.identitySubject],
      set: {
        ...profile,
        name: keepEdited(users.name, profile.name),
        email: keepEdited(users.email, profile.email),
        emailVerified: keepEdited(users.emailVerified, profile.emailVerified),
      },
    })
    .returning();
  if (!row) throw new Error('the user could not be stored');
  return row;
}

/** @returns the users row, or null. */
export async function findUser(db: Db, id: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row ?? null;
}

/** @returns the stored users among `ids`, in no particular order (one query; none for no ids). */
export async function findUsers(db: Db, ids: readonly string[]): Promise<UserRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(users)
    .where(inArray(users.id, [...ids]));
}

/** Guests whose data went to an account keep a row only so their id is recognised: not people to list. */
const listedUser = sql`not (${users.isGuest} and ${users.mergedIntoUserId} is not null)`;

/** @returns every user and guest an admin manages, the most recently signed-in first. */
export function listManagedUsers(db: Db): Promise<UserRow[]> {
  return db
    .select()
    .from(users)
    .where(listedUser)
    .orderBy(sql`${users.lastLogin} desc nulls last`, desc(users.createdAt));
}

/** @returns the ids of guests that still own their data (not handed over at sign-in). */
export async function listGuestIds(db: Db): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.isGuest, true), isNull(users.mergedIntoUserId)));
  return rows.map((row) => row.id);
}

/** Sets a signed-in user's expert flag (docs/product.md "Roles"). @returns the row, or null when no such signed-in user. */
export async function setExpertFlag(db: Db, id: string, isExpert: boolean): Promise<UserRow | null> {
  const [row] = await db
    .update(users)
    .set({ isExpert })
    .where(and(eq(users.id, id), eq(users.isGuest, false)))
    .returning();
  return row ?? null;
}

/** Puts the profile back to the provider's last claims. @returns the row. */
export async function applyIdentityClaims(db: Db, id: string, claims: IdentityClaims): Promise<UserRow | null> {
  const [row] = await db
    .update(users)
    .set({ ...profileFrom(claims), profileEditedAt: null })
    .where(eq(users.id, id))
    .returning();
  return row ?? null;
}

/** Deletes user rows; their conversations, tasks and files go by the foreign keys. @returns how many. */
export async function deleteUsers(db: Db, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await db.delete(users).where(inArray(users.id, ids)).returning({ id: users.id });
  return rows.length;
}

/** The profile fields a person edits themselves (docs/product.md "Entities" "Profile edit payload"). */
export interface ProfileFields {
  name: string;
  email: string;
  emailVerified: boolean;
  availability: string | null;
  skills: string[];
  accomplishments: string[];
}

/** Saves a signed-in user's own profile edit and notes when. @returns the row, or null when no such signed-in user. */
export async function updateProfile(db: Db, id: string, fields: ProfileFields, now: Date): Promise<UserRow | null> {
  const [row] = await db
    .update(users)
    .set({ ...fields, profileEditedAt: now })
    .where(and(eq(users.id, id), eq(users.isGuest, false)))
    .returning();
  return row ?? null;
}

/** @returns the participant id of each of `ids` that names a user (docs/decisions/021-participant-ids.md). */
export async function findParticipantIds(db: Db, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: users.id, participantId: users.participantId }).from(users).where(inArray(users.id, ids));
  return new Map(rows.map((row) => [row.id, row.participantId]));
}

/** @returns the id of the guest whose participant id this is, or null. */
export async function findGuestByParticipantId(db: Db, participantId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.participantId, participantId), eq(users.isGuest, true)));
  return row?.id ?? null;
}

/** @returns signed-in experts with an email address (the people new tasks are offered to), oldest account first. */
export function listExperts(db: Db): Promise<UserRow[]> {
  return db
    .select()
    .from(users)
    .where(and(eq(users.isExpert, true), eq(users.isGuest, false), isNotNull(users.email)))
    .orderBy(users.createdAt);
}

/**
 * Signed-in users with an email address who may be admins: role `admin`, or a verified email on
 * `adminEmails`. The caller applies the admin rule itself (auth's `isAdminAccount`).
 */
export function listAdminCandidates(db: Db, adminEmails: readonly string[]): Promise<UserRow[]> {
  const listed =
    adminEmails.length > 0 ? and(eq(users.emailVerified, true), inArray(sql`lower(${users.email})`, [...adminEmails])) : undefined;
  return db
    .select()
    .from(users)
    .where(and(eq(users.isGuest, false), isNotNull(users.email), listed ? or(eq(users.role, 'admin'), listed) : eq(users.role, 'admin')))
    .orderBy(users.createdAt);
}

/**
 * Claims a guest session's row for a hand-over (creating it when the guest never sent anything, so
 * that the id is taken all the same) and locks it until the transaction ends.
 * @param tx a transaction.
 * @returns the id of the account the session was already handed over to, or null.
 */
export async function lockGuestForHandover(tx: Db, guestId: string): Promise<string | null> {
  await tx.insert(users).values({ id: guestId, role: 'guest', isGuest: true }).onConflictDoNothing();
  const [guest] = await tx.select({ mergedInto: users.mergedIntoUserId }).from(users).where(eq(users.id, guestId)).for('update');
  return guest?.mergedInto ?? null;
}

/** Marks a guest session as handed over to `userId`, for good: nobody else can take it over after. */
export async function markGuestMerged(db: Db, guestId: string, userId: string): Promise<void> {
  await db.update(users).set({ mergedIntoUserId: userId }).where(eq(users.id, guestId));
}
