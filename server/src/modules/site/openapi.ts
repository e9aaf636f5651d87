import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.ts';

/**
 * Collects every `/api` route's zod schemas into an OpenAPI 3.1 document (`@fastify/swagger` with the
 * zod type provider's transform), served at `GET /api/openapi.json`. Must be registered before the
 * routes: it hears of them through Fastify's `onRoute` hook. The identity-provider, MCP, repository and
 * web-app paths are other protocols and are left out.
 */
export async function registerOpenApi(app: FastifyInstance, deps: AppDeps): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: `${deps.config.PRODUCT_NAME} API`,
        version: '2',
        description:
          'The REST API the web app uses. Callers identify themselves with `Authorization: Bearer <token>` (signed-in people and admins) or `x-guest-session-id: guest-…` (guests); error answers are `{ code, detail }` (`code` from a fixed list clients branch on, `detail` the text to show).',
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          guestSession: { type: 'apiKey', in: 'header', name: 'x-guest-session-id' },
        },
      },
    },
    transform: (route) => {
      if (!route.url.startsWith('/api/')) return { schema: { hide: true }, url: route.url };
      return jsonSchemaTransform(route);
    },
  });
}
