import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { outboxEmailParamsSchema, outboxEmailSchema, outboxQuerySchema, outboxResponseSchema } from '@unstuck/contract';
import type { AppDeps } from '../../app-deps.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { AppError } from '../../lib/errors.ts';
import { checkUnsubscribeLink, listOutbox, readOutboxEmail, unsubscribe } from './email.service.ts';
import { unsubscribePage, type UnsubscribePageState } from './unsubscribe-page.tsx';

const unsubscribeParams = z.object({ unsubscribeId: z.string().max(100) });

/** The unsubscribe page's own style sheet needs a nonce; nothing on it may be cached or framed elsewhere. */
const pageConfig = { securityHeaders: { cspNonces: true, options: {} } };

/**
 * Email: the admins' Outbox (`GET /api/admin/outbox`, `GET /api/admin/outbox/{id}`) and the one-click
 * unsubscribe link of every email (`/unsubscribe/{id}`, RFC 8058): GET shows a confirmation page, POST
 * (a mail provider's one-click `List-Unsubscribe=One-Click`, or the page's button) unsubscribes,
 * without a sign-in: the random id is the key, and it opens nothing else.
 * @param admitAdmins the auth module's `onRequest` hook that lets only admins through (given by app.ts:
 *   the email module imports no other module, docs/decisions/096-email-notice-registry.md).
 */
export async function registerEmailRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  admitAdmins: (request: FastifyRequest) => Promise<void>,
): Promise<void> {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const onRequest = admitAdmins;

  typed.get(
    '/api/admin/outbox',
    { onRequest, schema: { querystring: outboxQuerySchema, response: { 200: outboxResponseSchema, ...errorResponses(400, 401, 403) } } },
    async (request) => listOutbox(deps, request.query),
  );

  typed.get(
    '/api/admin/outbox/:id',
    { onRequest, schema: { params: outboxEmailParamsSchema, response: { 200: outboxEmailSchema, ...errorResponses(400, 401, 403, 404) } } },
    async (request, reply) => reply.header('cache-control', 'no-store').send(await readOutboxEmail(deps, request.params.id)),
  );

  const sendPage = (reply: FastifyReply, state: UnsubscribePageState) =>
    reply
      .code(state === 'invalid' ? 404 : 200)
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(unsubscribePage(state, deps.config.PRODUCT_NAME, reply.cspNonce.style));
  /** An unknown link answers the page's "not valid" state; any other failure is the app's. */
  const pageFor = async (reply: FastifyReply, action: () => Promise<void>, state: UnsubscribePageState) => {
    try {
      await action();
    } catch (error) {
      if (error instanceof AppError && error.statusCode === 404) return sendPage(reply, 'invalid');
      throw error;
    }
    return sendPage(reply, state);
  };

  typed.get('/unsubscribe/:unsubscribeId', { config: pageConfig, schema: { params: unsubscribeParams } }, async (request, reply) =>
    pageFor(reply, () => checkUnsubscribeLink(deps.db, request.params.unsubscribeId), 'confirm'),
  );

  await app.register(async (scope) => {
    // The one-click POST is a form (RFC 8058 §3.1: `List-Unsubscribe=One-Click`, urlencoded or
    // multipart); its content does not matter, the address does. Only this route reads such bodies.
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, body, done) =>
      done(null, body),
    );
    scope
      .withTypeProvider<ZodTypeProvider>()
      .post('/unsubscribe/:unsubscribeId', { config: pageConfig, schema: { params: unsubscribeParams } }, async (request, reply) =>
        pageFor(reply, () => unsubscribe(deps, request.params.unsubscribeId), 'done'),
      );
  });
}
