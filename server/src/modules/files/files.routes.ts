import { Readable } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { create as contentDisposition } from 'content-disposition';
import { z } from 'zod';
import { errorResponseSchema, fileUploadJsonSchema, fileUploadResponseSchema, LIMITS, type FileUploadResponse } from '@unstuck/contract';
import type { AppDeps } from '../../app-deps.ts';
import type { files } from '../../db/schema.ts';
import { countClientUse, countUploadBytes } from '../../lib/client-limits.ts';
import { badRequest } from '../../lib/errors.ts';
import { firstIssue } from '../../lib/zod-detail.ts';
import { guestSessionSpent } from '../auth/auth.errors.ts';
import { identifyCaller, requireCaller } from '../auth/caller.ts';
import { conversationNotFound } from '../chat/chat.errors.ts';
import { findOwnedConversation } from '../chat/chat.repository.ts';
import { checkAttachedCode, queueCodeAnalysis } from '../code-sharing/code-analysis.ts';
import { findTaskOfConversation } from '../tasks/tasks.repository.ts';
import { findUser, lockCallerRow } from '../users/users.repository.ts';
import { discardReceived, isFileParticipant, readFile, recordFile } from './files.service.ts';
import { readMultipart } from './multipart-body.ts';
import { fileLinkRefused, fileNotFound, fileTooLarge, invalidDataUrl, missingFilePart } from './files.errors.ts';
import { receiveFile, type ReceivedFile } from './received-file.ts';

// Types a browser shows without running anything (issue #6 item 10). Everything else, SVG and
// HTML included, is downloaded as bytes.
const VIEWABLE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/avif', 'application/pdf', 'text/plain']);

/**
 * Answers with a stored file's bytes. Viewable types (images but SVG, PDF, plain text) are shown
 * inline with their type; anything else goes out as `application/octet-stream` with
 * `Content-Disposition: attachment`. Always `nosniff`, and a `sandbox` CSP so that even a page
 * opened from a file has no origin to act in (PDF aside: Chromium's viewer does not run sandboxed).
 * Every path that serves attachments goes through here.
 * @param cacheControl how long browsers may keep it (`no-store` where access can end).
 */
export function sendStoredFile(reply: FastifyReply, record: typeof files.$inferSelect, data: Buffer, cacheControl: string) {
  const viewable = VIEWABLE_TYPES.has(record.contentType);
  const type = !viewable
    ? 'application/octet-stream'
    : record.contentType === 'text/plain'
      ? 'text/plain; charset=utf-8'
      : record.contentType;
  return reply
    .header('content-type', type)
    .header('content-disposition', contentDisposition(record.fileName, { type: viewable ? 'inline' : 'attachment' }))
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', record.contentType === 'application/pdf' ? "default-src 'none'; object-src 'self'" : 'sandbox')
    .header('cache-control', cacheControl)
    .send(data);
}

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

const fileParamsSchema = z.object({ fileId: z.string().uuid('fileId must be a UUID') });
const signedLinkQuerySchema = z.object({ expires: z.string().max(20).optional(), signature: z.string().max(100).optional() });

// A 10 MB file as base64 plus the other JSON fields.
const JSON_UPLOAD_BODY_LIMIT = Math.ceil((LIMITS.attachmentBytes * 4) / 3) + 64 * 1024;

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };

/**
 * `GET /api/v2/files/{fileId}`: a stored file, for the holder of a signed link from a view they may
 * see, or (by Bearer or guest header) its uploader and its conversation's owner.
 * `POST /code-sharing/api/files/upload`: spec §7's upload, multipart or JSON.
 */
export function registerFileRoutes(app: FastifyInstance, deps: AppDeps) {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    '/api/v2/files/:fileId',
    { schema: { params: fileParamsSchema, querystring: signedLinkQuerySchema } },
    async (request, reply) => {
      const id = request.params.fileId.toLowerCase();
      const { expires, signature } = request.query;
      const secondsLeft = deps.fileUrls.check(id, expires, signature);
      if (secondsLeft !== null) {
        const found = await readFile(deps, id);
        if (!found) throw fileNotFound();
        return sendStoredFile(reply, found.record, found.data, `private, max-age=${secondsLeft}`);
      }
      const caller = await identifyCaller(request, deps.tokens);
      if (!caller) {
        throw fileLinkRefused(Boolean(signature));
      }
      const found = await readFile(deps, id);
      // Unknown and not-yours look alike: a file's existence is not told to others.
      if (!found || !(await isFileParticipant(deps.db, found.record, caller.id))) throw fileNotFound();
      return sendStoredFile(reply, found.record, found.data, 'private, no-cache');
    },
  );

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
      config: { receivesFiles: true },
      // The JSON form's body limit answers in the same words as the size check.
      errorHandler: (error: FastifyError) => {
        throw error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? fileTooLarge() : error;
      },
    },
    async (request): Promise<FileUploadResponse> => {
      const caller = requireCaller(await identifyCaller(request, deps.tokens));
      // An upload makes a new guest session's row as a first message does: the same per-address count.
      if (caller.kind === 'guest' && !(await findUser(deps.db, caller.id))) await countClientUse(deps, request.ip, 'guestSessions');
      const { file, conversationId } = request.isMultipart()
        ? await receiveMultipartUpload(request, deps)
        : await receiveJsonUpload(request.body, request.ip, deps);
      let stored;
      try {
        // A ZIP of code is checked and then analysed as a chat attachment is (decision 028); one
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
