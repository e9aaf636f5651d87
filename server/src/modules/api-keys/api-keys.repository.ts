import { and, desc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { apiKeys } from '../../db/schema.ts';
import { AGENT_KEY_REVOKED_CHANNEL } from './key-revocations.ts';

/** An api_keys row. */
export type ApiKeyRow = typeof apiKeys.$inferSelect;

/** Stores a new key by its hash. @returns the row. */
export async function insertApiKey(
  db: Db,
  input: { agentId: string; agentName: string; keyHash: string; createdBy: string; now: Date },
): Promise<ApiKeyRow> {
  const [row] = await db
    .insert(apiKeys)
    .values({
      agentId: input.agentId,
      agentName: input.agentName,
      keyHash: input.keyHash,
      createdBy: input.createdBy,
      createdAt: input.now,
    })
    .returning();
  return row!;
}

/** @returns every key, newest first. */
export function listApiKeys(db: Db): Promise<ApiKeyRow[]> {
  return db.select().from(apiKeys).orderBy(desc(apiKeys.createdAt));
}

/**
 * Revokes a key; revoking a revoked key keeps its first revocation time. Every instance hears of it
 * once the transaction commits (AGENT_KEY_REVOKED_CHANNEL). @returns the row, or null when unknown.
 */
export async function revokeApiKey(db: Db, id: string, now: Date): Promise<ApiKeyRow | null> {
  const [row] = await db
    .update(apiKeys)
    .set({ active: false, revokedAt: sql`coalesce(${apiKeys.revokedAt}, ${now.toISOString()}::timestamptz)` })
    .where(eq(apiKeys.id, id))
    .returning();
  if (row) await notifyRevoked(db, [row.id]);
  return row ?? null;
}

/** NOTIFYs each key's id on AGENT_KEY_REVOKED_CHANNEL: delivered at the commit, or never when it rolls back. */
async function notifyRevoked(db: Db, ids: string[]): Promise<void> {
  for (const id of ids) await db.execute(sql`select pg_notify(${AGENT_KEY_REVOKED_CHANNEL}, ${id})`);
}

/**
 * Counts one use of an active key and notes when: one statement, so concurrent uses all count and
 * a key revoked a moment earlier is refused.
 * @returns the row after the update, or null when no active key has this hash.
 */
export async function recordApiKeyUse(db: Db, keyHash: string, now: Date): Promise<ApiKeyRow | null> {
  const [row] = await db
    .update(apiKeys)
    .set({ lastAccessAt: now, accessCount: sql`${apiKeys.accessCount} + 1` })
    .where(and(eq(apiKeys.keyHash, keyHash), eq(apiKeys.active, true), or(isNull(apiKeys.expiresAt), gt(apiKeys.expiresAt, now))))
    .returning();
  return row ?? null;
}

/**
 * Gives the agent's current key (active, no expiry) an expiry: it keeps working beside its successor
 * until then (decision 077). @returns the keys changed.
 */
export function expireCurrentApiKeys(db: Db, agentId: string, expiresAt: Date): Promise<ApiKeyRow[]> {
  return db
    .update(apiKeys)
    .set({ expiresAt })
    .where(and(eq(apiKeys.agentId, agentId), eq(apiKeys.active, true), isNull(apiKeys.expiresAt)))
    .returning();
}

/** Revokes the rotated-out keys whose grace period is over (revoked at their expiry), notified as {@link revokeApiKey} does. */
export async function revokeExpiredApiKeys(db: Db, now: Date): Promise<void> {
  const revoked = await db
    .update(apiKeys)
    .set({ active: false, revokedAt: apiKeys.expiresAt })
    .where(and(eq(apiKeys.active, true), lte(apiKeys.expiresAt, now)))
    .returning({ id: apiKeys.id });
  await notifyRevoked(
    db,
    revoked.map((row) => row.id),
  );
}

/** True for the error PostgreSQL raises when an insert breaks a unique index (SQLSTATE 23505), as drizzle wraps it or not. */
export function isUniqueViolation(error: unknown): boolean {
  for (let current = error; current instanceof Error; current = current.cause) {
    if ((current as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
