import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminIdParamsSchema,
  apiKeyListResponseSchema,
  createApiKeyRequestSchema,
  createApiKeyResponseSchema,
  revokeApiKeyResponseSchema,
} from '@unstuck/contract';
import type { AppDeps } from '../../app-deps.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { admitAdmins, staffOf } from '../auth/staff.ts';
import { createApiKey, listAgentApiKeys, revokeAgentApiKey } from './api-keys.service.ts';

/** The agent API key calls of docs/product.md "Calls" (admins only): list, create (the key shown once), revoke. */
export function registerApiKeyRoutes(app: FastifyInstance, deps: AppDeps) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const onRequest = admitAdmins(deps);

  typed.get(
    '/api/admin/agents/apikeys',
    { onRequest, schema: { response: { 200: apiKeyListResponseSchema, ...errorResponses(401, 403) } } },
    async () => ({
      api_keys: await listAgentApiKeys(deps),
    }),
  );

  typed.post(
    '/api/admin/agents/apikeys',
    {
      onRequest,
      schema: { body: createApiKeyRequestSchema, response: { 201: createApiKeyResponseSchema, ...errorResponses(400, 401, 403, 409) } },
    },
    async (request, reply) => {
      const created = await createApiKey(deps, staffOf(request), request.body);
      // The key is a secret shown once: no cache may keep the answer.
      return reply.code(201).header('cache-control', 'no-store').send(created);
    },
  );

  typed.delete(
    '/api/admin/agents/apikeys/:id',
    {
      onRequest,
      schema: { params: adminIdParamsSchema, response: { 200: revokeApiKeyResponseSchema, ...errorResponses(400, 401, 403, 404) } },
    },
    async (request) => ({ revoked: true as const, key: await revokeAgentApiKey(deps, staffOf(request), request.params.id) }),
  );
}
