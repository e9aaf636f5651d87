import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { healthResponseSchema } from '@unstuck/contract';
import type { AppDeps } from '../../app-deps.ts';
import { pingDatabase } from '../../db/client.ts';

/** `GET /api/health`: 200 when the database answers and sign-in is ready, else 503. */
export function registerHealthRoutes(app: FastifyInstance, deps: AppDeps) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get('/api/health', { schema: { response: { 200: healthResponseSchema, 503: healthResponseSchema } } }, async (_request, reply) => {
      const database = (await pingDatabase(deps.db)) ? 'ok' : 'error';
      const identity = deps.identity.embedded && !deps.identity.embedded.running ? 'starting' : 'ok';
      const ok = database === 'ok' && identity === 'ok';
      return reply.code(ok ? 200 : 503).send({ status: ok ? 'ok' : 'error', database, identity });
    });
}
