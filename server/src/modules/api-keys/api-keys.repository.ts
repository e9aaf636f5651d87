import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { apiKeys } from '../../db/schema.ts';

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

/** Revokes a key; revoking a revoked key keeps its first revocation time. @returns the row, or null when unknown. */
export async function revokeApiKey(db: Db, id: string, now: Date): Promise<ApiKeyRow | null> {
  const [row] = await db
    .update(apiKeys)
    .set({ active: false, revokedAt: sql`coalesce(${apiKeys.revokedAt}, ${now.toISOString()}::timestamptz)` })
    .where(eq(apiKeys.id, id))
    .returning();
  return row ?? null;
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
    .where(and(eq(apiKeys.keyHash, keyHash), eq(apiKeys.active, true)))
    .returning();
  return row ?? null;
}
