import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  conversationParamsSchema,
  errorResponseSchema,
  idempotencyKeySchema,
  inboxResponseSchema,
  MAX_FILES_PER_MESSAGE,
  messageListSchema,
  sendMessageFieldsSchema,
  sendMessageResponseSchema,
} from '@unstuck/contract';
import type { AppDeps } from '../../app-deps.ts';
import { countClientUses, countUploadBytes } from '../../lib/client-limits.ts';
import { badRequest } from '../../lib/errors.ts';
import { firstIssue } from '../../lib/zod-detail.ts';
import { identifyCaller, requireCaller } from '../auth/caller.ts';
import { readMultipart } from '../files/files.routes.ts';
import type { IncomingFile } from '../files/files.service.ts';
import { isUnknownUser } from '../users/users.repository.ts';
import { unreadableMessageBody } from './chat.errors.ts';
import { findMessageByIdempotencyKey } from './chat.repository.ts';
import { listConversations, readConversationView, requestFingerprint, sendMessage } from './chat.service.ts';
import { registerConversationEventRoutes } from './conversation-events.ts';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };

/** The chat calls of spec §7: send a message to agent-1 and read a conversation. */
export function registerChatRoutes(app: FastifyInstance, deps: AppDeps) {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.post(
    '/api/v2/messages',
    {
      schema: {
        response: {
          200: sendMessageResponseSchema,
          ...errors,
          413: errorResponseSchema,
          422: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const caller = requireCaller(await identifyCaller(request, deps.tokens));
      const key = request.headers['idempotency-key'];
      const parsedKey = key === undefined ? null : idempotencyKeySchema.safeParse(key);
      if (parsedKey && !parsedKey.success) throw badRequest(firstIssue(parsedKey.error));
      // A retry of a send already stored is answered (or refused with 422) by sendMessage without
      // storing anything, so it does not count against the address's allowance: a client whose answer
      // was lost on the way gets it even when that send was the last one allowed.
      const retry = parsedKey !== null && (await findMessageByIdempotencyKey(deps.db, caller.id, parsedKey.data)) !== null;
      // Per-address limits (issue #6 item 4): a guest id is free to make up, an address is not. One
      // statement counts the message and, for a guest id the database does not know yet, the session.
      if (!retry) {
        await countClientUses(deps, request.ip, [
          ...(caller.kind === 'guest' ? [{ limit: 'guestSessions' as const, when: isUnknownUser(caller.id) }] : []),
          { limit: 'messages' },
        ]);
      }
      const { fields, files } = await readMessageBody(request);
      const bytes = files.reduce((sum, file) => sum + file.data.length, 0);
      if (bytes > 0 && !retry) await countUploadBytes(deps, request.ip, bytes);
      const parsed = sendMessageFieldsSchema.safeParse(fields);
      if (!parsed.success) throw badRequest(firstIssue(parsed.error));
      const idempotency = parsedKey ? { key: parsedKey.data, requestHash: requestFingerprint(parsed.data, files) } : null;
      const sent = await sendMessage(deps, caller, parsed.data, files, idempotency);
      // The sender polls next: do not wait for the database's notification to reach this instance.
      deps.conversationCache.invalidate(sent.conversation_id);
      return sent;
    },
  );

  typed.get('/api/v2/conversations', { schema: { response: { 200: inboxResponseSchema, ...errors } } }, async (request) => {
    const caller = requireCaller(await identifyCaller(request, deps.tokens));
    return listConversations(deps, caller);
  });

  typed.get(
    '/api/v2/conversations/:conversationId/messages',
    { schema: { params: conversationParamsSchema, response: { 200: messageListSchema, ...errors } } },
    async (request, typedReply) => {
      // Polled every few seconds: the token's session check may be up to 5 s old (decision 018).
      const caller = requireCaller(await identifyCaller(request, deps.tokens, { cached: true }));
      const view = await readConversationView(deps, caller, request.params.conversationId);
      // The body is JSON already (the contract's view, serialised once when read): sent as is.
      const reply = typedReply as unknown as FastifyReply;
      // Revalidated on every poll (RFC 9111 §5.2.2.4); a match answers 304 without a body (RFC 9110 §13.1.2).
      void reply.header('etag', view.etag).header('cache-control', 'private, no-cache');
      if (etagMatches(request.headers['if-none-match'], view.etag)) return reply.code(304).send();
      return reply
        .type('application/json; charset=utf-8')
        .serializer((body: string) => body)
        .send(view.body);
    },
  );

  registerConversationEventRoutes(app, deps);
}

/** True when an If-None-Match header lists `etag` or is `*` (RFC 9110 §13.1.2, weak comparison). */
function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((candidate) => {
    const tag = candidate.trim();
    return tag === '*' || tag.replace(/^W\//, '') === etag;
  });
}

/**
 * Reads the multipart form of spec §7 (fields plus `file` parts, several allowed), or a JSON body
 * with the same fields.
 * @throws AppError 400 for a non-object body or too many files, 413 `file_too_large` for a file over the limit.
 */
async function readMessageBody(request: FastifyRequest): Promise<{ fields: Record<string, string>; files: IncomingFile[] }> {
  if (!request.isMultipart()) {
    const body = request.body;
    if (body === undefined || body === null || typeof body !== 'object' || Array.isArray(body)) {
      throw unreadableMessageBody();
    }
    return { fields: body as Record<string, string>, files: [] };
  }
  return readMultipart(request, MAX_FILES_PER_MESSAGE);
}
