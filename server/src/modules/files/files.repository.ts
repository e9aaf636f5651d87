import { and, asc, eq, getTableColumns, inArray, isNull, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { conversations, files } from '../../db/schema.ts';

/** A files row. */
export type FileRow = typeof files.$inferSelect;

/** Records a file whose bytes are in storage under `row.storageKey`. */
export async function insertFile(db: Db, row: typeof files.$inferInsert): Promise<void> {
  await db.insert(files).values(row);
}

/**
 * Gives a conversation those of `ids` that `ownerId` uploaded and that belong to none yet.
 * @returns their rows.
 */
export async function attachUnsentFiles(db: Db, ownerId: string, conversationId: string, ids: string[]): Promise<FileRow[]> {
  if (ids.length === 0) return [];
  return db
    .update(files)
    .set({ conversationId })
    .where(and(inArray(files.id, ids), eq(files.ownerId, ownerId), isNull(files.conversationId)))
    .returning();
}

/**
 * A file's row with the owner of the conversation it belongs to (null while it belongs to none), the
 * two people who may read it by id.
 * @returns null when unknown.
 */
export async function findFile(db: Db, id: string): Promise<(FileRow & { conversationOwnerId: string | null }) | null> {
  const [row] = await db
    .select({ ...getTableColumns(files), conversationOwnerId: conversations.ownerId })
    .from(files)
    .leftJoin(conversations, eq(conversations.id, files.conversationId))
    .where(eq(files.id, id));
  return row ?? null;
}

/** @returns the rows of a conversation's files, in upload order. */
export function listConversationFiles(db: Db, conversationId: string): Promise<FileRow[]> {
  return db.select().from(files).where(eq(files.conversationId, conversationId)).orderBy(asc(files.createdAt), asc(files.id));
}

/**
 * Deletes the records of the files these people uploaded or that belong to these conversations
 * (docs/product.md "Screens": deleting a user removes their files). The bytes stay until {@link removeStoredBytes}
 * runs after the transaction commits, so a rolled-back deletion loses nothing.
 * @returns the storage keys of the deleted records.
 */
export async function takeFileRecords(db: Db, scope: { ownerIds: string[]; conversationIds: string[] }): Promise<string[]> {
  const where = [
    scope.ownerIds.length > 0 ? inArray(files.ownerId, scope.ownerIds) : undefined,
    scope.conversationIds.length > 0 ? inArray(files.conversationId, scope.conversationIds) : undefined,
  ].filter((condition) => condition !== undefined);
  if (where.length === 0) return [];
  const rows = await db
    .delete(files)
    .where(or(...where))
    .returning({ storageKey: files.storageKey });
  return rows.map((row) => row.storageKey);
}

/** Makes `toOwnerId` the uploader of every file `fromOwnerId` uploaded (a guest session handed over at sign-in). */
export async function moveFilesToOwner(db: Db, fromOwnerId: string, toOwnerId: string): Promise<void> {
  await db.update(files).set({ ownerId: toOwnerId }).where(eq(files.ownerId, fromOwnerId));
}
