import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { healthResponseSchema, type HealthResponse } from '@unstuck/contract';
import type { AppDeps } from '../../app-deps.ts';
import { pingDatabase } from '../../db/client.ts';
import { logResponseAt } from '../../lib/logging.ts';
import type { SignInProviders } from '../auth/identity-registry.ts';

/** `GET /api/health`: see `healthResponseSchema` for what each status means. */
export function registerHealthRoutes(app: FastifyInstance, deps: AppDeps & Pick<SignInProviders, 'identity'>) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get('/api/health', { schema: { response: { 200: healthResponseSchema, 503: healthResponseSchema } } }, async (_request, reply) => {
      const database = (await pingDatabase(deps.db)) ? 'ok' : 'error';
      const identity = identityState(deps);
      const status: HealthResponse['status'] = database === 'error' ? 'error' : identity === 'starting' ? 'starting' : 'ok';
      // Orchestrators poll while the server starts: an expected 503 is not an error worth a log line.
      if (status === 'starting') logResponseAt(reply, 'debug');
      return reply.code(status === 'ok' ? 200 : 503).send({ status, database, identity });
    });
}

function identityState(deps: Pick<SignInProviders, 'identity'>): HealthResponse['identity'] {
  if (deps.identity.embedded && !deps.identity.embedded.running) return 'starting';
  return deps.identity.list().length > 0 ? 'ok' : 'unavailable';
}
