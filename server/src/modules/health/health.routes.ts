import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { healthResponseSchema } from '@unstuck/contract';
import type { AppDeps } from '../../app-deps.ts';
import { pingDatabase } from '../../db/client.ts';

/** `GET /api/health`: 200 when the database answers, 503 when it does not. */
export function registerHealthRoutes(app: FastifyInstance, deps: AppDeps) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/health',
    { schema: { response: { 200: healthResponseSchema, 503: healthResponseSchema } } },
    async (_request, reply) => {
      const ok = await pingDatabase(deps.db);
      return reply.code(ok ? 200 : 503).send({ status: ok ? 'ok' : 'error', database: ok ? 'ok' : 'error' });
    },
  );
}
