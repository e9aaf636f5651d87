import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { publicConfigSchema } from '@unstuck/contract';
import type { AppDeps } from '../../app-deps.ts';

/**
 * `GET /api/config`: the only configuration that reaches the browser (CONVENTIONS.md).
 * `GET /api/openapi.json`: the OpenAPI 3.1 document of the `/api` routes (`registerOpenApi`).
 */
export function registerSiteRoutes(app: FastifyInstance, deps: AppDeps) {
  app.get('/api/openapi.json', async () => app.swagger());
  app.withTypeProvider<ZodTypeProvider>().get('/api/config', { schema: { response: { 200: publicConfigSchema } } }, async () => ({
    productName: deps.config.PRODUCT_NAME,
    aiName: deps.config.AI_NAME,
  }));
}
