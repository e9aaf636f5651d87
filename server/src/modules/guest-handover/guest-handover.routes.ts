import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponseSchema, guestAssociationResponseSchema, guestSessionIdSchema } from '@unstuck/contract';
import type { AppDeps } from '../../app-deps.ts';
import { handoverNeedsGuestId, handoverNeedsSignIn, invalidGuestSessionId } from '../auth/auth.errors.ts';
import { identifyCaller } from '../auth/caller.ts';
import { takeOverGuestSession } from './guest-handover.service.ts';

/**
 * `POST /api/v2/user/update-guest-associations` (docs/product.md "Calls"): only a caller holding both our Bearer
 * token and the guest session header may move that guest's data to their account.
 */
export function registerGuestHandoverRoutes(app: FastifyInstance, deps: AppDeps) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/v2/user/update-guest-associations',
    {
      schema: {
        response: {
          200: guestAssociationResponseSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          409: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const caller = await identifyCaller(request, deps.tokens);
      if (caller?.kind !== 'user') {
        throw handoverNeedsSignIn();
      }
      const header = request.headers['x-guest-session-id'];
      if (header === undefined) throw handoverNeedsGuestId();
      const guestId = guestSessionIdSchema.safeParse(header);
      if (!guestId.success) throw invalidGuestSessionId(guestId.error.issues[0]?.message);
      return takeOverGuestSession(deps, caller, guestId.data);
    },
  );
}
