import type { FastifyInstance, FastifyReply } from 'fastify';
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
import { readMessageBody } from '../../lib/multipart-body.ts';
import { firstIssue } from '../../lib/zod-detail.ts';
import { identifyCaller, requireCaller } from '../auth/caller.ts';
import { isUnknownUser } from '../users/users.service.ts';
import { findMessageByIdempotencyKey } from './chat.repository.ts';
import { listConversations, readConversationView, requestFingerprint, sendMessage } from './chat.service.ts';
import { registerConversationEventRoutes } from './conversation-events.ts';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };

/** The chat calls of docs/product.md "Calls": send a message to agent-1 and read a conversation. */
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
          503: errorResponseSchema,
        },
      },
      config: { receivesFiles: true },
    },
    async (request) => {
      const caller = requireCaller(await identifyCaller(request, deps.tokens));
      const key = request.headers['idempotency-key'];
      const parsedKey = key === undefined ? null : idempotencyKeySchema.safeParse(key);
      if (parsedKey && !parsedKey.success) throw badRequest(firstIssue(parsedKey.error));
      // Per-address limits: a guest id is free to make up, an address is not. One
      // statement counts the message and, for a guest id the database does not know yet, the session.
      // A retry with a used Idempotency-Key counts as any send does (docs/decisions/060-retries-count.md).
      await countClientUses(deps, request.ip, [
        ...(caller.kind === 'guest' ? [{ limit: 'guestSessions' as const, when: isUnknownUser(caller.id) }] : []),
        { limit: 'messages' },
      ]);
      // The retry of a send already stored is answered without storing anything: its files are only
      // hashed for the fingerprint, not written. A concurrent first send with the same key is sorted
      // out by sendMessage, which then drops what this one stored.
      const retry = parsedKey !== null && (await findMessageByIdempotencyKey(deps.db, caller.id, parsedKey.data)) !== null;
      const { fields, files } = await readMessageBody(
        request,
        {
          maxFiles: MAX_FILES_PER_MESSAGE,
          storage: retry ? null : deps.storage,
          onFile: (file) => countUploadBytes(deps, request.ip, file.size),
        },
        sendMessageFieldsSchema,
      );
      const idempotency = parsedKey ? { key: parsedKey.data, requestHash: requestFingerprint(fields, files) } : null;
      const sent = await sendMessage(deps, caller, fields, files, idempotency);
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
      // Polled every few seconds: the token's session check may be up to 5 s old (decision 016).
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
