import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
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

/** Keeps the base name only, without control characters, at most 200 characters. */
function sanitizeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const cleaned = base
    .replace(/\p{Cc}/gu, '')
    .trim()
    .slice(0, 200);
  return cleaned || 'file';
}
