import type { FastifyRequest } from 'fastify';
import { LIMITS } from '@unstuck/contract';
import type { z } from 'zod';
import { AppError, badRequest } from './errors.ts';
import type { FileStorage } from './file-storage.ts';
import { rejectNulCharacters } from './nul-characters.ts';
import { discardReceived, receiveFile, type ReceivedFile } from './received-file.ts';
import { fileTooLarge, tooManyFiles, unexpectedFileField, unreadableMessageBody, unreadableMultipart } from './upload-errors.ts';
import { firstIssue } from './zod-detail.ts';

/** What {@link readMultipart} does with the files of a body. */
export interface MultipartFiles {
  /** At most this many parts named `file`. */
  maxFiles: number;
  /** Where their bytes go as they arrive; null: only inspected (hashed, typed) and dropped. */
  storage: FileStorage | null;
  /** Runs once each file is whole, before the next part is read (e.g. counts it against an allowance). */
  onFile?: (file: ReceivedFile) => Promise<void>;
}

/**
 * Reads a multipart body: text fields, and up to `maxFiles` parts named `file`, each streamed to
 * storage as it arrives ({@link receiveFile}: hashed and typed on the way, never gathered whole in memory).
 * On any failure the files received so far are removed from storage and the rest of the body is
 * drained unread, so a refused request leaves nothing behind and the client still gets its answer.
 * @throws AppError 400 for another file field, too many files, a NUL character or a malformed or
 *   cut-short body, 413 `file_too_large` for a file over LIMITS.attachmentBytes; what `onFile` throws; a storage failure as is.
 */
export async function readMultipart(
  request: FastifyRequest,
  options: MultipartFiles,
): Promise<{ fields: Record<string, string>; files: ReceivedFile[] }> {
  const { maxFiles, storage } = options;
  const fields: Record<string, string> = {};
  const files: ReceivedFile[] = [];
  // One byte over the limit reaches the inspector, which refuses it with 413 (busboy would only cut it short).
  const parts = request.parts({ limits: { fileSize: LIMITS.attachmentBytes + 1, files: maxFiles, fields: 10 } });
  const nextPart = () =>
    parts.next().catch((error: unknown) => {
      throw formError(error, maxFiles);
    });
  try {
    for (let next = await nextPart(); !next.done; next = await nextPart()) {
      const part = next.value;
      if (part.type !== 'file') {
        fields[part.fieldname] = String(part.value);
        continue;
      }
      if (part.fieldname !== 'file') throw unexpectedFileField(part.fieldname);
      rejectNulCharacters(part.filename, 'file name');
      const file = await receiveFile(storage, part.file, part.filename);
      files.push(file);
      await options.onFile?.(file);
    }
    rejectNulCharacters(fields, 'form');
  } catch (error) {
    request.raw.unpipe();
    request.raw.resume();
    await discardReceived(storage, files);
    throw error;
  }
  return { fields, files };
}

/** The form parser's failures as the client's errors, in the person's words. */
function formError(error: unknown, maxFiles: number): Error {
  const { code, part } = error as { code?: string; part?: { filename?: string } };
  if (code === 'FST_FILES_LIMIT') return tooManyFiles(maxFiles);
  if (code === 'FST_REQ_FILE_TOO_LARGE') return fileTooLarge(part?.filename);
  if (error instanceof AppError || (error as { statusCode?: number }).statusCode) return error as Error;
  // busboy's own errors ("Boundary not found", "Unexpected end of form"): a malformed or cut-short body.
  return unreadableMultipart((error as Error).message);
}

/**
 * Reads a message with files, as the customer's send (`POST /api/v2/messages`) and the expert's reply
 * (`POST /api/expert/tasks/{id}/messages`) take it: a multipart form (text fields plus `file` parts,
 * streamed as {@link readMultipart} does) or a JSON object with the same fields and no files; the
 * fields are then checked against `schema`. When they fail it, the files received are removed from storage.
 * @throws AppError 400 for a body that is neither, a field `schema` refuses or too many files, 413
 *   `file_too_large` for a file over LIMITS.attachmentBytes, and what `files.onFile` throws.
 */
export async function readMessageBody<Schema extends z.ZodType>(
  request: FastifyRequest,
  files: MultipartFiles,
  schema: Schema,
): Promise<{ fields: z.output<Schema>; files: ReceivedFile[] }> {
  let body: { fields: unknown; files: ReceivedFile[] };
  if (request.isMultipart()) body = await readMultipart(request, files);
  else {
    const json = request.body;
    if (json === undefined || json === null || typeof json !== 'object' || Array.isArray(json)) throw unreadableMessageBody();
    body = { fields: json, files: [] };
  }
  const parsed = schema.safeParse(body.fields);
  if (!parsed.success) {
    await discardReceived(files.storage, body.files);
    throw badRequest(firstIssue(parsed.error));
  }
  return { fields: parsed.data, files: body.files };
}
