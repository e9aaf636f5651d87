import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { configResponseSchema } from '@unstuck/contract';
import type { AppDeps } from '../../app-deps.ts';
import { expectedExpertResponse } from '../tasks/expert-response.ts';
import { publicConfig } from './public-config.ts';

/** What search engines must not list: a share link is a credential, so neither its page nor its data and files. */
const NOT_INDEXED = /^\/(api\/)?task-share(\/|$)/;

/**
 * `GET /api/config`: the only configuration that reaches the browser (docs/conventions.md "Configuration"); the page
 * carries the same names (web-app.ts), this answer also the expected first reply of an expert
 * (tasks/expert-response.ts, computed at most every few minutes). `GET /api/openapi.json`: the OpenAPI 3.1 document of the `/api`
 * routes (`registerOpenApi`). Also `X-Robots-Tag: noindex` on share pages and their API; registered
 * before every route, so the hook covers them all.
 */
export function registerSiteRoutes(app: FastifyInstance, deps: AppDeps) {
  app.addHook('onRequest', (request, reply, done) => {
    if (NOT_INDEXED.test(request.url)) reply.header('x-robots-tag', 'noindex');
    done();
  });
  app.get('/api/openapi.json', async () => app.swagger());
  const names = publicConfig(deps.config);
  app.withTypeProvider<ZodTypeProvider>().get('/api/config', { schema: { response: { 200: configResponseSchema } } }, async () => ({
    ...names,
    expertResponse: await expectedExpertResponse(deps),
    payments: deps.config.PAYMENTS_PROVIDER
      ? {
          provider: deps.config.PAYMENTS_PROVIDER,
          instructions: deps.config.PAYMENT_INSTRUCTIONS,
          beforeWork: deps.config.PAYMENT_BEFORE_WORK,
        }
      : null,
  }));
}
