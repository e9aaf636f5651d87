import { randomUUID } from 'node:crypto';
import { and, eq, lt, lte, notExists, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { authSessions, revokedTokens, type TokenSuccessor } from '../../db/schema.ts';

/**
 * Starts a sign-in session for an existing user (docs/decisions/010-sign-in-sessions.md),
 * pruning sessions whose newest token expired.
 * @param expiresAt when the session's first token expires.
 * @returns the session id (`sid` claim, a random UUID).
 * @throws the database's foreign-key error when the user does not exist.
 */
export async function createAuthSession(db: Db, userId: string, expiresAt: Date, now: Date): Promise<string> {
  const id = randomUUID();
  await db.delete(authSessions).where(lt(authSessions.expiresAt, now));
  await db.insert(authSessions).values({ id, userId, expiresAt });
  return id;
}

/** Moves a session's expiry to its newest token's (never backwards). */
export async function extendAuthSession(db: Db, sessionId: string, expiresAt: Date): Promise<void> {
  await db
    .update(authSessions)
    .set({ expiresAt: sql`greatest(${authSessions.expiresAt}, ${expiresAt.toISOString()}::timestamptz)` })
    .where(eq(authSessions.id, sessionId));
}

/** Ends a session: every token carrying its id is refused from the next request on (logout). */
export async function endAuthSession(db: Db, sessionId: string): Promise<void> {
  await db.delete(authSessions).where(eq(authSessions.id, sessionId));
}

/**
 * Whether a token may still be used: its session exists for its user (one primary-key lookup; a
 * deleted user's sessions went with the row), and its id was not retired before `now`.
 */
export async function isTokenLive(db: Db, token: { sid: string; uid: string; jti: string }, now: Date): Promise<boolean> {
  const retired = db
    .select({ jti: revokedTokens.jti })
    .from(revokedTokens)
    .where(and(eq(revokedTokens.jti, token.jti), lte(revokedTokens.refusedFrom, now)));
  const [row] = await db
    .select({ id: authSessions.id })
    .from(authSessions)
    .where(and(eq(authSessions.id, token.sid), eq(authSessions.userId, token.uid), notExists(retired)));
  return row !== undefined;
}

/**
 * Retires a token replaced by a refresh: refused from `refusedFrom` on, and `successor` recorded as
 * the token that replaced it. The first refresh of a token wins: when the token was already retired
 * (two tabs refreshing it at once, or a retry), its first successor is kept and returned. The row is
 * kept until the token would have expired anyway; older rows are pruned here.
 * @returns the successor on record (`successor` itself when this call retired the token), or null
 *   for a token retired without one (before successors were recorded).
 */
export async function retireToken(
  db: Db,
  token: { jti: string; uid: string; expiresAt: Date },
  retirement: { refusedFrom: Date; successor: TokenSuccessor },
  now: Date,
): Promise<TokenSuccessor | null> {
  await db.delete(revokedTokens).where(lt(revokedTokens.expiresAt, now));
  // A concurrent insert of the same jti waits for the first to commit; the loser then reads its row.
  const [inserted] = await db
    .insert(revokedTokens)
    .values({
      jti: token.jti,
      userId: token.uid,
      refusedFrom: retirement.refusedFrom,
      expiresAt: token.expiresAt,
      successor: retirement.successor,
    })
    .onConflictDoNothing()
    .returning({ successor: revokedTokens.successor });
  if (inserted) return inserted.successor;
  const [existing] = await db.select({ successor: revokedTokens.successor }).from(revokedTokens).where(eq(revokedTokens.jti, token.jti));
  return existing?.successor ?? null;
}
