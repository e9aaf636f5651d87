import { Readable } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema, fileUploadJsonSchema, fileUploadResponseSchema, LIMITS, type FileUploadResponse } from '@unstuck/contract';
import type { AppDeps } from '../../app-deps.ts';
import { countClientUse, countUploadBytes } from '../../lib/client-limits.ts';
import { badRequest } from '../../lib/errors.ts';
import { readMultipart } from '../../lib/multipart-body.ts';
import { discardReceived, receiveFile, type ReceivedFile } from '../../lib/received-file.ts';
import { fileTooLarge } from '../../lib/upload-errors.ts';
import { firstIssue } from '../../lib/zod-detail.ts';
import { guestSessionSpent } from '../auth/auth.errors.ts';
import { admitCallers, callerOf } from '../auth/caller.ts';
import { checkAttachedCode, queueCodeAnalysis } from '../code-sharing/code-analysis.ts';
import { recordFile } from '../files/files.service.ts';
import { invalidDataUrl, missingFilePart } from '../files/files.errors.ts';
import { findTaskOfConversation } from '../tasks/tasks.service.ts';
import { findUser, lockCallerRow } from '../users/users.service.ts';
import { conversationNotFound } from './chat.errors.ts';
import { findOwnedConversation } from './chat.repository.ts';

/**
 * The bytes of a data URL (`data:<type>;base64,<bytes>`), decoded by the platform's fetch (WHATWG
 * data: URL processing).
 * @throws AppError 413 over LIMITS.attachmentBytes (checked before decoding), 400 when malformed.
 */
async function decodeDataUrl(content: string, fileName: string): Promise<Buffer> {
  const comma = content.indexOf(',');
  const payload = comma === -1 ? 0 : content.length - comma - 1;
  const base64 = comma !== -1 && /;base64$/i.test(content.slice(0, comma));
  if ((base64 ? Math.floor((payload * 3) / 4) - 2 : payload / 3) > LIMITS.attachmentBytes) throw fileTooLarge(fileName);
  const answer = await fetch(content).catch(() => null);
  if (!answer?.ok) throw invalidDataUrl();
  const data = Buffer.from(await answer.arrayBuffer());
  if (data.length > LIMITS.attachmentBytes) throw fileTooLarge(fileName);
  return data;
}

const multipartUploadFieldsSchema = z.object({
  fileName: z.string().max(1000, 'fileName must be at most 1000 characters').optional(),
  conversationId: z.string().uuid('conversationId must be a UUID').optional(),
  messageId: z.string().max(200).optional(),
});

// A 10 MB file as base64 plus the other JSON fields.
const JSON_UPLOAD_BODY_LIMIT = Math.ceil((LIMITS.attachmentBytes * 4) / 3) + 64 * 1024;

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };

/**
 * `POST /code-sharing/api/files/upload`: docs/product.md "Calls" upload, multipart or JSON, of a file to send later
 * or into one of the caller's conversations. It lives with chat because a file sent into a
 * conversation is checked and analysed as a chat attachment is.
 */
export function registerUploadRoutes(app: FastifyInstance, deps: AppDeps) {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.post(
    '/code-sharing/api/files/upload',
    {
      bodyLimit: JSON_UPLOAD_BODY_LIMIT,
      schema: {
        response: {
          200: fileUploadResponseSchema,
          ...errors,
          413: errorResponseSchema,
          429: errorResponseSchema,
          503: errorResponseSchema,
        },
      },
      onRequest: admitCallers(deps),
      config: { receivesFiles: true },
      // The JSON form's body limit answers in the same words as the size check.
      errorHandler: (error: FastifyError) => {
        throw error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? fileTooLarge() : error;
      },
    },
    async (request): Promise<FileUploadResponse> => {
      const caller = callerOf(request);
      // An upload makes a new guest session's row as a first message does: the same per-address count.
      if (caller.kind === 'guest' && !(await findUser(deps.db, caller.id))) await countClientUse(deps, request.ip, 'guestSessions');
      const { file, conversationId } = request.isMultipart()
        ? await receiveMultipartUpload(request, deps)
        : await receiveJsonUpload(request.body, request.ip, deps);
      let stored;
      try {
        // A ZIP of code is checked and then analysed as a chat attachment is (decision 025); one
        // uploaded for a later message or job is analysed when that claims it.
        if (conversationId) await checkAttachedCode(deps, [file]);
        stored = await deps.db.transaction(async (tx) => {
          const { mergedIntoUserId } = await lockCallerRow(tx, caller);
          if (caller.kind === 'guest' && mergedIntoUserId) throw guestSessionSpent();
          if (conversationId && !(await findOwnedConversation(tx, conversationId, caller.id))) throw conversationNotFound();
          const recorded = await recordFile(tx, { ownerId: caller.id, conversationId: conversationId ?? null, file });
          const task = conversationId ? await findTaskOfConversation(tx, conversationId) : null;
          if (task) await queueCodeAnalysis(tx, deps.codeAnalysis, task.id, [{ id: recorded.id, contentType: file.contentType }]);
          return recorded;
        });
      } catch (error) {
        await discardReceived(deps.storage, [file]);
        throw error;
      }
      deps.codeAnalysis.wake();
      const url = deps.fileUrls.sign(stored.id);
      return {
        fileUrl: url,
        url,
        contentType: stored.attachment.content_type,
        fileName: stored.attachment.file_name,
        // The whole text only: a text longer than what the server keeps is a file to download.
        ...(stored.text && stored.text.start.length === stored.text.length ? { textContent: stored.text.start } : {}),
      };
    },
  );
}

/**
 * The multipart form of the upload: its one file streamed to storage and counted against the
 * address's hourly upload allowance (shared with chat attachments) once whole.
 * @throws AppError 400 for bad fields or no file part, 413, 429; nothing stays stored.
 */
async function receiveMultipartUpload(request: FastifyRequest, deps: AppDeps) {
  const countBytes = (received: ReceivedFile) => countUploadBytes(deps, request.ip, received.size);
  const { fields, files: parts } = await readMultipart(request, { maxFiles: 1, storage: deps.storage, onFile: countBytes });
  const parsed = multipartUploadFieldsSchema.safeParse(fields);
  const [part] = parts;
  if (!parsed.success || !part) {
    await discardReceived(deps.storage, parts);
    throw parsed.success ? missingFilePart() : badRequest(firstIssue(parsed.error));
  }
  return { file: { ...part, fileName: parsed.data.fileName || part.fileName }, conversationId: parsed.data.conversationId };
}

/**
 * The JSON form of the upload (a data URL, read whole by the body parser within its limit): decoded,
 * stored and counted against the address's hourly upload allowance.
 * @throws AppError 400 for a bad body, 413, 429; nothing stays stored.
 */
async function receiveJsonUpload(body: unknown, address: string, deps: AppDeps) {
  const parsed = fileUploadJsonSchema.safeParse(body);
  if (!parsed.success) throw badRequest(firstIssue(parsed.error));
  const data = await decodeDataUrl(parsed.data.content, parsed.data.fileName);
  const file = await receiveFile(deps.storage, Readable.from([data]), parsed.data.fileName);
  try {
    await countUploadBytes(deps, address, file.size);
  } catch (error) {
    await discardReceived(deps.storage, [file]);
    throw error;
  }
  return { file, conversationId: parsed.data.conversationId };
}
