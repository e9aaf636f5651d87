import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, isNull, or } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import type { Attachment } from '@unstuck/contract';
import type { Db } from '../../db/client.ts';
import { files } from '../../db/schema.ts';
import type { FileStorage } from './storage.ts';

/** An upload as the HTTP layer received it. */
export interface IncomingFile {
  fileName: string;
  /** The type the client declared; replaced by the type the bytes show when they show one. */
  declaredType: string;
  data: Buffer;
}

/** Public URL of a stored file; the random id makes it unguessable (README "Deviations"). */
export const fileUrl = (id: string, fileName: string) => `/api/v2/files/${id}/${encodeURIComponent(fileName)}`;

/**
 * Stores an uploaded file and records it.
 * @returns the attachment as messages carry it (url, file_name, size in bytes, content_type).
 */
export async function storeFile(
  deps: { db: Db; storage: FileStorage },
  input: { ownerId: string; conversationId: string | null; file: IncomingFile },
): Promise<Attachment> {
  const id = randomUUID();
  const sniffed = await fileTypeFromBuffer(input.file.data);
  const contentType = sniffed?.mime ?? (input.file.declaredType || 'application/octet-stream');
  const fileName = sanitizeFileName(input.file.fileName);
  await deps.storage.put(id, input.file.data);
  await deps.db.insert(files).values({
    id,
    ownerId: input.ownerId,
    conversationId: input.conversationId,
    fileName,
    contentType,
    size: input.file.data.length,
    storageKey: id,
  });
  return { url: fileUrl(id, fileName), file_name: fileName, size: input.file.data.length, content_type: contentType };
}

/**
 * Reads a stored file by id.
 * @returns its record and bytes, or null when unknown.
 */
export async function readFile(deps: { db: Db; storage: FileStorage }, id: string) {
  const [record] = await deps.db.select().from(files).where(eq(files.id, id));
  if (!record) return null;
  const data = await deps.storage.get(record.storageKey);
  return data ? { record, data } : null;
}

/** @returns the records of a conversation's files, in upload order. */
export function listConversationFiles(db: Db, conversationId: string) {
  return db.select().from(files).where(eq(files.conversationId, conversationId)).orderBy(asc(files.createdAt), asc(files.id));
}

/** The file id in one of our file URLs ({@link fileUrl}), or null for any other URL. */
export function fileIdOfUrl(url: string): string | null {
  return /^\/api\/v2\/files\/([0-9a-f-]{36})\//i.exec(url)?.[1]?.toLowerCase() ?? null;
}

/**
 * Attaches files a person uploaded before sending (the job submission of spec §3 lists their URLs)
 * to a conversation.
 * @param urls file URLs as {@link fileUrl} made them.
 * @returns the attachments, in the order of `urls`, or null when one URL is not a file of `ownerId`
 *   that is still unattached.
 */
export async function claimFiles(db: Db, input: { ownerId: string; conversationId: string; urls: string[] }): Promise<Attachment[] | null> {
  const ids = input.urls.map(fileIdOfUrl);
  if (ids.some((id) => id === null)) return null;
  if (ids.length === 0) return [];
  const rows = await db
    .update(files)
    .set({ conversationId: input.conversationId })
    .where(and(inArray(files.id, ids as string[]), eq(files.ownerId, input.ownerId), isNull(files.conversationId)))
    .returning();
  if (rows.length !== new Set(ids).size) return null;
  return ids.map((id) => {
    const row = rows.find((candidate) => candidate.id === id)!;
    return { url: fileUrl(row.id, row.fileName), file_name: row.fileName, size: row.size, content_type: row.contentType };
  });
}

/**
 * Deletes the records of the files these people uploaded or that belong to these conversations
 * (spec §2: deleting a user removes their files). The bytes stay until {@link removeStoredBytes}
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

/**
 * Removes stored bytes whose records are gone. A failure is reported per key, not thrown: the
 * records are already deleted, so the bytes are unreachable either way.
 * @returns the keys that could not be removed, with the reason.
 */
export async function removeStoredBytes(storage: FileStorage, keys: string[]): Promise<Array<{ key: string; error: unknown }>> {
  const results = await Promise.allSettled(keys.map((key) => storage.delete(key)));
  return results.flatMap((result, index) => (result.status === 'rejected' ? [{ key: keys[index]!, error: result.reason as unknown }] : []));
}

/** Keeps the base name only, without control characters, at most 200 characters. */
function sanitizeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const cleaned = base
    .replace(/\p{Cc}/gu, '')
    .trim()
    .slice(0, 200);
  return cleaned || 'file';
}
