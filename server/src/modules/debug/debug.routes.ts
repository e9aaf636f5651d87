import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  conversationParamsSchema,
  conversationSummaryListSchema,
  debugSessionResponseSchema,
  errorResponseSchema,
  messageListSchema,
  pingResponseSchema,
} from '@unstuck/contract';
import type { AppDeps } from '../../app-deps.ts';
import { notAuthenticated } from './debug.errors.ts';
import { identifyCaller, requireCaller } from '../auth/caller.ts';
import { readConversation } from '../chat/chat.service.ts';
import { findUser } from '../users/users.service.ts';
import { listConversationSummaries } from '../chat/chat.service.ts';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema };

/**
 * The debug probes and redirects of docs/product.md "Screens" "Debug and test pages" and "Calls". Registered only when
 * DEBUG_PAGES is on; otherwise these paths are unknown paths.
 */
export function registerDebugRoutes(app: FastifyInstance, deps: AppDeps) {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get('/api/ping', { schema: { response: { 200: pingResponseSchema } } }, async () => ({
    status: 'ok' as const,
    time: deps.clock.now().toISOString(),
  }));

  // The redirect-flow test page reads status and message from its query (docs/product.md "Screens").
  typed.get('/api/test-redirect', async (_request, reply) =>
    reply.redirect(`/redirect-test?${new URLSearchParams({ status: 'success', message: 'Redirect test successful' }).toString()}`, 302),
  );

  typed.get('/api/session', { schema: { response: { 200: debugSessionResponseSchema, ...errors } } }, async (request) => {
    const caller = await identifyCaller(request, deps.tokens);
    const user = caller?.kind === 'user' ? await findUser(deps.db, caller.id) : null;
    if (!user) throw notAuthenticated();
    return {
      user: {
        id: user.id,
        name: user.name,
        email: user.email,
        handle: user.handle,
        userCategory: user.userCategory,
        skills: user.skills,
        location: user.location,
      },
    };
  });

  // Direct login through a provider (the /debug page's link), by the normal sign-in route.
  typed.get('/api/login/:provider', { schema: { params: z.object({ provider: z.string().min(1).max(40) }) } }, async (request, reply) => {
    const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
    return reply.redirect(`/api/auth/login/${encodeURIComponent(request.params.provider)}${query}`, 302);
  });

  typed.get('/api/conversations', { schema: { response: { 200: conversationSummaryListSchema, ...errors } } }, async (request) => {
    const caller = requireCaller(await identifyCaller(request, deps.tokens));
    return listConversationSummaries(deps.db, caller.id);
  });

  typed.get(
    '/api/conversations/:conversationId/messages',
    { schema: { params: conversationParamsSchema, response: { 200: messageListSchema, ...errors } } },
    async (request) => readConversation(deps, requireCaller(await identifyCaller(request, deps.tokens)), request.params.conversationId),
  );
}
