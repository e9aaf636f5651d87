import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponseSchema, proposalActionResponseSchema, proposalParamsSchema } from '@unstuck/contract';
import type { AppDeps } from '../../app-deps.ts';
import { admitUsers, userOf } from '../auth/caller.ts';
import { actOnProposal } from './proposals.service.ts';

/** `POST /api/v2/proposals/{messageId}/accept` and `/modify` (docs/product.md "Calls"; signed-in owner only). */
export function registerProposalRoutes(app: FastifyInstance, deps: AppDeps) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  for (const action of ['accept', 'modify'] as const) {
    typed.post(
      `/api/v2/proposals/:messageId/${action}`,
      {
        onRequest: admitUsers(deps),
        schema: {
          params: proposalParamsSchema,
          response: {
            200: proposalActionResponseSchema,
            400: errorResponseSchema,
            401: errorResponseSchema,
            404: errorResponseSchema,
            409: errorResponseSchema,
            429: errorResponseSchema,
          },
        },
      },
      async (request) => actOnProposal(deps, userOf(request), request.params.messageId, action),
    );
  }
}
