import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { authRequests, signInCodes } from '../../db/schema.ts';

/** A sign-in attempt between the redirect to the provider and its callback. */
export type AuthRequest = typeof authRequests.$inferSelect;

/** Stores a new sign-in attempt, pruning those that expired. */
export async function saveAuthRequest(db: Db, request: typeof authRequests.$inferInsert, now: Date): Promise<void> {
  await db.delete(authRequests).where(lt(authRequests.expiresAt, now));
  await db.insert(authRequests).values(request);
}

/**
 * Takes a sign-in attempt by its `state`: deleted as it is read, so a state works once.
 * @returns the attempt, or null when unknown, used or expired.
 */
export async function takeAuthRequest(db: Db, state: string, now: Date): Promise<AuthRequest | null> {
  const [row] = await db.delete(authRequests).where(eq(authRequests.state, state)).returning();
  return row && row.expiresAt > now ? row : null;
}

// A leaked database row must not be a usable code or cookie: only hashes are stored.
const hashCode = (code: string) => createHash('sha256').update(code).digest('base64url');

/** A fresh secret for a browser-binding cookie (256 random bits, base64url). */
export const newBrowserKey = () => randomBytes(32).toString('base64url');

/**
 * Creates the one-time code that hands a finished sign-in to the browser.
 * @param browserKey the secret of the browser-binding cookie sent with the code: only a request
 *   carrying it may exchange the code.
 * @param ttlSeconds how long it may be exchanged (60 s).
 * @returns the code (256 random bits, base64url).
 */
export async function createSignInCode(db: Db, userId: string, browserKey: string, now: Date, ttlSeconds: number): Promise<string> {
  const code = randomBytes(32).toString('base64url');
  await db.delete(signInCodes).where(lt(signInCodes.expiresAt, now));
  await db.insert(signInCodes).values({
    codeHash: hashCode(code),
    userId,
    browserHash: hashCode(browserKey),
    expiresAt: new Date(now.getTime() + ttlSeconds * 1000),
  });
  return code;
}

/**
 * Takes a one-time code: deleted as it is read, so it works once, even when another browser
 * presented it (an attacker's code sent to a victim is used up, not left for a retry).
 * @param browserKey the browser-binding cookie of the request, if any.
 * @returns the user id it was issued for, or null when unknown, used, expired or from another browser.
 */
export async function takeSignInCode(db: Db, code: string, browserKey: string | undefined, now: Date): Promise<string | null> {
  const [row] = await db
    .delete(signInCodes)
    .where(and(eq(signInCodes.codeHash, hashCode(code)), gt(signInCodes.expiresAt, now)))
    .returning({ userId: signInCodes.userId, browserHash: signInCodes.browserHash });
  const sameBrowser = row?.browserHash != null && browserKey !== undefined && row.browserHash === hashCode(browserKey);
  return sameBrowser ? row.userId : null;
}
