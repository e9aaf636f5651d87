import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  conversationParamsSchema,
  errorResponseSchema,
  LIMITS,
  messageListSchema,
  sendMessageFieldsSchema,
  sendMessageResponseSchema,
} from '@unstuck/contract';
import type { AppDeps } from '../../app-deps.ts';
import { countClientUse, countUploadBytes } from '../../lib/client-limits.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { firstIssue } from '../../lib/zod-detail.ts';
import { identifyCaller, requireCaller } from '../auth/caller.ts';
import type { IncomingFile } from '../files/files.service.ts';
import { findUser } from '../users/users.repository.ts';
import { readConversation, sendMessage } from './chat.service.ts';

const tooLarge = () => new AppError(413, 'File is larger than 10 MB');

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };

/** The chat calls of spec §7: send a message to agent-1 and read a conversation. */
export function registerChatRoutes(app: FastifyInstance, deps: AppDeps) {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.post(
    '/api/v2/messages',
    { schema: { response: { 200: sendMessageResponseSchema, ...errors, 413: errorResponseSchema, 429: errorResponseSchema } } },
    async (request) => {
      const caller = requireCaller(await identifyCaller(request, deps.tokens));
      // Per-address limits (issue #6 item 4): a guest id is free to make up, an address is not.
      if (caller.kind === 'guest' && !(await findUser(deps.db, caller.id))) await countClientUse(deps, request.ip, 'guestSessions');
      await countClientUse(deps, request.ip, 'messages');
      const { fields, file } = await readMessageBody(request);
      if (file) await countUploadBytes(deps, request.ip, file.data.length);
      const parsed = sendMessageFieldsSchema.safeParse(fields);
      if (!parsed.success) throw badRequest(firstIssue(parsed.error));
      return sendMessage(deps, caller, parsed.data, file);
    },
  );

  typed.get(
    '/api/v2/conversations/:conversationId/messages',
    { schema: { params: conversationParamsSchema, response: { 200: messageListSchema, ...errors } } },
    async (request) => {
      const caller = requireCaller(await identifyCaller(request, deps.tokens));
      return readConversation(deps, caller, request.params.conversationId);
    },
  );
}

/**
 * Reads the multipart form of spec §7 (fields plus an optional `file`), or a JSON body with the
 * same fields. The file is read whole: it is at most LIMITS.attachmentBytes.
 * @throws AppError 400 for a second file or a non-object body, 413 for a file over the limit.
 */
async function readMessageBody(request: FastifyRequest): Promise<{ fields: Record<string, string>; file: IncomingFile | null }> {
  if (!request.isMultipart()) {
    const body = request.body;
    if (body === undefined || body === null || typeof body !== 'object' || Array.isArray(body)) {
      throw badRequest('Send the message as multipart/form-data or a JSON object');
    }
    return { fields: body as Record<string, string>, file: null };
  }
  const fields: Record<string, string> = {};
  let file: IncomingFile | null = null;
  for await (const part of request.parts({ limits: { fileSize: LIMITS.attachmentBytes, files: 1, fields: 10 } })) {
    if (part.type === 'file') {
      if (part.fieldname !== 'file') throw badRequest(`Unexpected file field "${part.fieldname}"; use "file"`);
      // Over the limit, the stream is cut off: toBuffer() throws or, if the cut came last, the file
      // reads as truncated. Both mean the same to the person.
      const data = await part.toBuffer().catch((error: Error & { code?: string }) => {
        throw error.code === 'FST_REQ_FILE_TOO_LARGE' ? tooLarge() : error;
      });
      if (part.file.truncated) throw tooLarge();
      file = { fileName: part.filename, declaredType: part.mimetype, data };
    } else {
      fields[part.fieldname] = String(part.value);
    }
  }
  return { fields, file };
}
